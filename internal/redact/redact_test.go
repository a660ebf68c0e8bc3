package redact

import (
	"strings"
	"testing"
)

func TestReplace(t *testing.T) {
	r := New("sk-test-1234567890", "sk-test-1234567890-long-ABCD", "", "sk-test-1234567890")
	got := r.Replace("a sk-test-1234567890 b sk-test-1234567890-long-ABCD c")
	if want := "a ****7890 b ****ABCD c"; got != want {
		t.Errorf("Replace = %q, want %q", got, want)
	}
	var none *Redactor
	if none.Replace("sk-x") != "sk-x" || New().Replace("plain") != "plain" {
		t.Error("an empty redactor changed text")
	}
}

func TestMask(t *testing.T) {
	for in, want := range map[string]string{"": "", "short": "****", "12345678": "****", "sk-abcdefgh1234": "****1234"} {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStreamSplitSecret feeds the secret cut at every byte and checks that
// it never leaves whole or as the start of one piece and the end of the
// next.
func TestStreamSplitSecret(t *testing.T) {
	const secret = "sk-live-0123456789abcdef"
	r := New(secret, "other-secret-value")
	text := "OPENAI_API_KEY=" + secret + "\nssss" + secret + "s\n"
	for size := 1; size <= len(text); size++ {
		var pieces []string
		s := r.Stream(func(p string) {
			if p == "" {
				t.Fatal("empty piece emitted")
			}
			pieces = append(pieces, p)
		})
		for i := 0; i < len(text); i += size {
			s.Write(text[i:min(i+size, len(text))])
		}
		s.Flush()
		got := strings.Join(pieces, "")
		if want := r.Replace(text); got != want {
			t.Fatalf("size %d: stream gave %q, want %q", size, got, want)
		}
		for _, p := range pieces {
			for k := 4; k <= len(secret); k++ {
				// Only the mask's last four characters of the secret may appear.
				if strings.Contains(p, secret[:k]) {
					t.Fatalf("size %d: piece %q holds %q", size, p, secret[:k])
				}
			}
		}
	}
}

func TestStreamPassesPlainTextAtOnce(t *testing.T) {
	r := New("sk-live-0123456789abcdef")
	var got []string
	s := r.Stream(func(p string) { got = append(got, p) })
	s.Write("building...\n")
	if len(got) != 1 || got[0] != "building...\n" {
		t.Fatalf("plain text held back: %q", got)
	}
	s.Write("key: sk-li")
	if len(got) != 2 || got[1] != "key: " {
		t.Fatalf("a possible secret start was emitted: %q", got)
	}
	s.Write("ght\n")
	if strings.Join(got, "") != "building...\nkey: sk-light\n" {
		t.Fatalf("held text lost: %q", got)
	}
}

func BenchmarkStream(b *testing.B) {
	secrets := []string{"sk-live-0123456789abcdef", "xoxb-1234567890-abcdefgh", "8f1c7d0e9a2b4c6d8e0f1a3b5c7d9e1f", "ghp_abcdefghijklmnop1234"}
	r := New(secrets...)
	chunk := strings.Repeat("ok  \tgithub.com/herm-dev/herm/agent\t1.234s\n", 100)
	s := r.Stream(func(string) {})
	b.SetBytes(int64(len(chunk)))
	for b.Loop() {
		s.Write(chunk)
	}
}
