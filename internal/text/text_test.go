package text

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// samples covers ASCII and non-ASCII text, every kind of white space at
// the start, the middle and the end, and invalid UTF-8.
var samples = []string{
	"", " ", "  ", "a", "ab", "a b", "a  b", " a", "a ", "\ta", "a\n", "a\nb", "a\r\nb",
	"one two three", "folded\n  description\n", "\u00a0nbsp", "em\u2003space", "é", "ééé",
	"日本語のテキスト", "mixed 日本 text é", "bad \xff byte", "\xff", "tab\there", "x\vy\fz",
}

func TestOneLineIsFieldsJoined(t *testing.T) {
	for _, s := range samples {
		if got, want := OneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestOneLineKeepsOneLineText(t *testing.T) {
	s := "a description that is one line already"
	if n := testing.AllocsPerRun(100, func() { _ = OneLine(s) }); n != 0 {
		t.Errorf("OneLine allocated %v times for a line that needs nothing", n)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 5, "hello"},
		{"hello", 6, "hello"},
		{"hello!", 5, "hell…"},
		{"hello", 1, "…"},
		{"hello", 0, ""},
		{"hello", -1, ""},
		{"", 3, ""},
		{"ééé", 3, "ééé"},       // 6 bytes, 3 runes: not cut
		{"éééé", 3, "éé…"},      // cut by runes, not bytes
		{"日本語のテキスト", 4, "日本語…"}, // runes, not cells
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
	// The callers' copies cut with []rune; Clip must agree with them on
	// valid text.
	for _, s := range samples {
		if !utf8.ValidString(s) {
			continue
		}
		for n := 1; n < 12; n++ {
			want := s
			if r := []rune(s); len(r) > n {
				want = string(r[:n-1]) + "…"
			}
			if got := Clip(s, n); got != want {
				t.Errorf("Clip(%q, %d) = %q, want %q", s, n, got, want)
			}
			if utf8.RuneCountInString(Clip(s, n)) > n {
				t.Errorf("Clip(%q, %d) is longer than %d", s, n, n)
			}
		}
	}
}

func TestHead(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 3, "hel"},
		{"hello", 5, "hello"},
		{"hello", 9, "hello"},
		{"hello", 0, ""},
		{"éèê", 2, "éè"},
		{"bad \xff byte", 5, "bad \xff"}, // an invalid byte counts as one, as utf8 counts it
	} {
		if got := Head(c.s, c.n); got != c.want {
			t.Errorf("Head(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestClipBytes(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a little longer", 8, "a little…"},
		{"ééé", 3, "é…"}, // never inside a rune
		{"ééé", 4, "éé…"},
		{"abc", 0, "…"},
	} {
		if got := ClipBytes(c.s, c.n); got != c.want {
			t.Errorf("ClipBytes(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
	long := ClipBytes(strings.Repeat("é", 500), 200)
	if !utf8.ValidString(long) || len(long) > 200+len(Ellipsis) {
		t.Errorf("ClipBytes of a long text: %d bytes, valid %v", len(long), utf8.ValidString(long))
	}
}

func TestFirstLine(t *testing.T) {
	for s, want := range map[string]string{
		"":             "",
		"one line":     "one line",
		"two\nlines":   "two …",
		"trailing\n":   "trailing …",
		"\nstarts bad": " …",
	} {
		if got := FirstLine(s); got != want {
			t.Errorf("FirstLine(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 files", 1: "1 file", 2: "2 files", 1000: "1000 files"} {
		if got := Plural(n, "file"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestNoun(t *testing.T) {
	for n, want := range map[int]string{0: "entries", 1: "entry", 2: "entries"} {
		if got := Noun(n, "entry", "entries"); got != want {
			t.Errorf("Noun(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCompact(t *testing.T) {
	for n, want := range map[int]string{0: "0", 950: "950", 999: "999", 1000: "1.0k", 12_345: "12.3k", 999_999: "1000.0k", 1_234_567: "1.2M", 250_000_000: "250.0M"} {
		if got := Compact(n); got != want {
			t.Errorf("Compact(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestError(t *testing.T) {
	if got := Error(nil); got != "" {
		t.Errorf("Error(nil) = %q", got)
	}
	if got := Error(errors.New("boom")); got != "boom" {
		t.Errorf("Error = %q", got)
	}
}
