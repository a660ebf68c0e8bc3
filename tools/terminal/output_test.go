package terminal

import (
	"strings"
	"testing"
)

func TestPlain(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain\n", "plain\n"},
		{"a\r\nb\r\n", "a\nb\n"},
		{"\x1b[1;31mred\x1b[0m\n", "red\n"},
		{"\x1b]0;window title\x07text\n", "text\n"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\n", "link\n"},
		{"\x1bPdevice\x1b\\after\n", "after\n"},
		{"\x1b(Bcharset\n", "charset\n"},
		{"\x1b=keypad\x1b>\n", "keypad\n"},
		{"10%\r50%\r100%\n", "100%\n"},
		{"progress\r\r\n", "progress\n"},
		{"abc\b\bX\n", "aX\n"},
		{"bell\a and nul\x00\n", "bell and nul\n"},
		{"tab\tkept\n", "tab\tkept\n"},
		{"no newline at end\r", "no newline at end"},
		{"héllo wörld\n", "héllo wörld\n"},
	}
	for _, tt := range tests {
		if got := Plain(tt.in); got != tt.want {
			t.Errorf("Plain(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Output arrives in arbitrary chunks; where a chunk ends must not change
// the result.
func TestStripperChunkBoundaries(t *testing.T) {
	in := []byte("a\x1b[31mb\x1b]0;t\x07c\r\nd\x1b(Be\rf\x1bP..\x1b\\g\n")
	want := Plain(string(in))
	for cut := range len(in) {
		var st stripper
		out := st.strip(nil, in[:cut])
		out = st.strip(out, in[cut:])
		out = st.flush(out)
		if got := Plain(string(out)); got != want {
			t.Errorf("cut at %d: got %q, want %q", cut, got, want)
		}
	}
}

func TestUnterminatedOSCBounded(t *testing.T) {
	in := "\x1b]" + strings.Repeat("x", maxSeq+10) + "\nvisible\n"
	if got := Plain(in); !strings.HasSuffix(got, "visible\n") {
		t.Errorf("an unterminated OSC swallowed the rest: %q", got)
	}
}

func TestCapped(t *testing.T) {
	c := newCapped(10) // head 4, tail 6
	for _, s := range []string{"ab", "cdef", "ghij", "klmnopq", "r"} {
		c.write([]byte(s))
	}
	text, omitted := c.text()
	if omitted != 8 || !strings.HasPrefix(text, "abcd\n") || !strings.HasSuffix(text, "\nmnopqr") {
		t.Errorf("text %q omitted %d, want abcd … mnopqr with 8 omitted", text, omitted)
	}

	c = newCapped(10)
	c.write([]byte("short"))
	if text, omitted := c.text(); text != "short" || omitted != 0 {
		t.Errorf("under the limit: %q %d", text, omitted)
	}

	c = newCapped(10)
	c.write([]byte("0123456789")) // exactly the limit: nothing lost
	if text, omitted := c.text(); text != "0123456789" || omitted != 0 {
		t.Errorf("at the limit: %q %d", text, omitted)
	}
}

func TestCappedKeepsWholeCharacters(t *testing.T) {
	c := newCapped(10)                       // head 4, tail 6
	c.write([]byte("aaaé" + "xxxxxx" + "é")) // é is 2 bytes; the head ends inside the first
	text, omitted := c.text()
	if !strings.HasPrefix(text, "aaa\n") || !strings.HasSuffix(text, "\nxxxxé") {
		t.Errorf("text %q: want whole characters only", text)
	}
	if omitted != 4 {
		t.Errorf("omitted %d, want 4", omitted)
	}

	c = newCapped(10)
	c.write([]byte("abcdé" + "xxxxx")) // the tail starts inside é
	text, omitted = c.text()
	if !strings.HasPrefix(text, "abcd\n") || !strings.HasSuffix(text, "\nxxxxx") || omitted != 2 {
		t.Errorf("text %q omitted %d: want abcd … xxxxx with 2 omitted", text, omitted)
	}
}

func TestCompleteUTF8(t *testing.T) {
	b := []byte("ab€")
	for cut := 0; cut <= len(b); cut++ {
		complete, rest := completeUTF8(b[:cut])
		if string(complete)+string(rest) != string(b[:cut]) {
			t.Fatalf("cut %d: pieces do not add up", cut)
		}
		if cut > 2 && cut < len(b) && (string(complete) != "ab" || len(rest) != cut-2) {
			t.Errorf("cut %d: complete %q rest %q", cut, complete, rest)
		}
	}
}

// However much output arrives, and however long its lines, what is held
// stays bounded.
func TestOutputMemoryBounded(t *testing.T) {
	out := newCapped(1000)
	ls := lineStage{out: out}
	var st stripper
	chunk := []byte(strings.Repeat("0123456789abcdef", 4096)) // 64 KB, no newline
	var plain []byte
	for range 200 { // 12.5 MB
		plain = st.strip(plain[:0], chunk)
		ls.write(plain)
		if len(ls.line) > maxLine || cap(out.head) > 2*out.headMax || len(out.tail) != out.tailMax {
			t.Fatalf("held line %d bytes, head cap %d, tail %d", len(ls.line), cap(out.head), len(out.tail))
		}
	}
	ls.flush()
	text, omitted := out.text()
	if len(text) > 1100 || omitted < 12_000_000 {
		t.Errorf("text %d bytes, omitted %d", len(text), omitted)
	}
}
