package render

import (
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/themes"
)

const sample = "# Title\n\nSome *emphasis* and **bold** text with `code` and a [link](https://example.com). " +
	"This paragraph is long enough to wrap around the width limit.\n\n" +
	"- one\n- two\n  - nested\n- [x] done task\n- [ ] open task\n\n" +
	"1. first\n2. second\n\n> quoted text\n\n" +
	"```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n\n" +
	"| a | b |\n|---|--:|\n| 1 | 22 |\n| long cell here | x |\n\n---\n\nend"

func plain(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimRight(ansi.Strip(l), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

func TestMarkdownElements(t *testing.T) {
	r := New(themes.Dark())
	b := r.Markdown(sample, 40)
	got := plain(b.Lines)
	for _, want := range []string{
		"Title\n\nSome emphasis and bold text with code\nand a link (https://example.com). This\n",
		"• one\n• two\n  ◦ nested\n☑ done task\n☐ open task\n",
		"1. first\n2. second\n",
		"│ quoted text\n",
		"╭ go\n│ func main() {\n│     fmt.Println(\"hi\")\n│ }\n",
		"┌────────────────┬────┐\n│ a              │  b │\n├────────────────┼────┤\n│ 1              │ 22 │\n",
		strings.Repeat("─", 40) + "\n\nend\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rendering lacks %q:\n%s", want, got)
		}
	}
	if len(b.Code) != 1 || b.Code[0].Lang != "go" || !strings.Contains(b.Code[0].Text, "\tfmt.Println") {
		t.Fatalf("code refs %+v", b.Code)
	}
	if l := ansi.Strip(b.Lines[b.Code[0].Start]); l != "╭ go" {
		t.Errorf("code ref starts at %q", l)
	}
	if l := ansi.Strip(b.Lines[b.Code[0].End-1]); l != "│ }" {
		t.Errorf("code ref ends at %q", l)
	}
}

func TestEveryLineFitsItsWidth(t *testing.T) {
	r := New(themes.Light())
	doc := sample + "\n\nA veryveryveryveryveryveryveryveryverylongword and 中文字符的段落文字很长很长很长很长 and emoji 🎉🎉🎉🎉🎉 " +
		"`a very long inline code span that goes on and on`\n\n```\n" + strings.Repeat("x", 300) + "\n```\n\n" +
		"| c1 | c2 | c3 | c4 |\n|----|----|----|----|\n| " + strings.Repeat("wide ", 30) + " | b | c | d |\n"
	for _, w := range []int{12, 20, 33, 60, 200} {
		b := r.Markdown(doc, w)
		for i, l := range b.Lines {
			if got := ansi.StringWidth(l); got > w {
				t.Errorf("width %d: line %d is %d cells: %q", w, i, got, ansi.Strip(l))
			}
		}
	}
}

func TestEachLineClosesItsStyles(t *testing.T) {
	r := New(themes.Dark())
	for _, l := range r.Markdown(sample, 30).Lines {
		if strings.Contains(l, "\x1b[") && !strings.HasSuffix(l, reset) {
			t.Errorf("line leaves a style open: %q", l)
		}
	}
}

func TestCodeIsHighlightedByLanguage(t *testing.T) {
	r := New(themes.Dark())
	kw := Open(r.th.Token(chroma.Keyword))
	for _, tc := range []struct{ lang, code string }{
		{"go", "func main() { return }"},
		{"python", "def f():\n    return 1"},
		{"sh", "if true; then echo hi; fi"},
		{"js", "function f() { return 1 }"},
		{"rust", "fn main() { let x = 1; }"},
	} {
		lines := r.Code(tc.code, tc.lang, 80)
		if !strings.Contains(strings.Join(lines, "\n"), kw) {
			t.Errorf("%s: no keyword colour in %q", tc.lang, lines)
		}
	}
	// Unknown languages and plain text are shown as they are.
	for _, lang := range []string{"", "nonsense-lang", "text"} {
		lines := r.Code("a\tb", lang, 80)
		if len(lines) != 1 || ansi.Strip(lines[0]) != "a    b" {
			t.Errorf("%q: %q", lang, lines)
		}
	}
	for _, lang := range []string{"json", "yaml", "diff", "html", "dockerfile", "ts", "c++", "toml", "sql"} {
		if lexerFor(lang) == nil {
			t.Errorf("no lexer for %q", lang)
		}
	}
}

func TestCodeWrapsLongLines(t *testing.T) {
	r := New(themes.Dark())
	lines := r.Code(strings.Repeat("abc ", 30), "", 25)
	if len(lines) != 5 {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	for _, l := range lines {
		if Width(l) > 25 {
			t.Errorf("too wide: %q", l)
		}
	}
}

func TestStreamEndsLikeAFullRender(t *testing.T) {
	r := New(themes.Dark())
	for _, w := range []int{30, 80} {
		s := r.NewStream()
		var last Block
		for n := 1; n <= len(sample); n += 7 {
			last = s.Render(sample[:n], w)
		}
		last = s.Render(sample, w)
		if got, want := plain(last.Lines), plain(r.Markdown(sample, w).Lines); got != want {
			t.Errorf("width %d: stream\n%s\nfull\n%s", w, got, want)
		}
		if s.Stable() == 0 {
			t.Errorf("nothing became stable")
		}
	}
}

func TestStreamRendersOnlyTheTail(t *testing.T) {
	r := New(themes.Dark())
	s := r.NewStream()
	text := strings.Repeat("A paragraph of text.\n\n", 100)
	s.Render(text, 60)
	stable := s.Stable()
	if stable < len(text)-30 {
		t.Fatalf("stable %d of %d", stable, len(text))
	}
	s.Render(text+"more", 60)
	if s.Stable() != stable {
		t.Errorf("the tail became stable before its block ended")
	}
	// A new width renders everything again.
	b := s.Render(text+"more", 40)
	if !strings.HasSuffix(plain(b.Lines), "more\n") {
		t.Errorf("tail lost")
	}
}

func TestBoundary(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // the text after the boundary
	}{
		{"para one\n\npara two\n", "para two\n"},
		{"para one\n\npara tw", "para one\n\npara tw"}, // the new block's line is still arriving
		{"```\ncode\n\nmore code\n", "```\ncode\n\nmore code\n"},
		{"```\ncode\n\n```\n\nafter\n", "after\n"},
		{"~~~~\n```\n\nx\n~~~~\n\ny\n", "y\n"},
		{"- item\n\n  continued\n", "- item\n\n  continued\n"}, // an indented continuation stays
		{"a\n\n\n\nb\n\nc", "b\n\nc"},
	} {
		b := Boundary(tc.text, 0)
		if got := tc.text[b:]; got != tc.want {
			t.Errorf("Boundary(%q) leaves %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestDiff(t *testing.T) {
	r := New(themes.Dark())
	d := "--- a/x.go\n+++ b/x.go\n@@ -1,2 +1,2 @@\n-old line\n+new line\n same\n"
	lines := r.Diff(d, 30)
	if len(lines) != 6 {
		t.Fatalf("%d lines", len(lines))
	}
	if !strings.HasPrefix(lines[3], r.ink.diffDel) || !strings.HasPrefix(lines[4], r.ink.diffAdd) {
		t.Errorf("add/delete not coloured: %q %q", lines[3], lines[4])
	}
	if Width(lines[4]) != 30 {
		t.Errorf("added line not filled to the width: %d", Width(lines[4]))
	}
	if a, d := DiffStat(d); a != 1 || d != 1 {
		t.Errorf("stat %d %d", a, d)
	}
}

func TestPlainThemeHasNoColour(t *testing.T) {
	r := New(themes.Plain(true))
	for _, l := range r.Markdown(sample, 50).Lines {
		if strings.Contains(l, "38;") || strings.Contains(l, "48;") {
			t.Fatalf("colour in plain theme: %q", l)
		}
	}
}

func TestWrapKeepsNewlinesAndCutsLongWords(t *testing.T) {
	got := plain(Wrap("ab cd\nefghijklmnop", "", 5))
	if got != "ab cd\nefghi\njklmn\nop\n" {
		t.Errorf("%q", got)
	}
}

func BenchmarkMarkdownAnswer(b *testing.B) {
	r := New(themes.Dark())
	doc := strings.Repeat(sample+"\n\n", 4)
	b.ReportAllocs()
	for b.Loop() {
		r.Markdown(doc, 100)
	}
}

// BenchmarkStreamFrame is one streamed frame of a long answer: a few more
// tokens arrive, the tail is re-rendered.
func BenchmarkStreamFrame(b *testing.B) {
	r := New(themes.Dark())
	doc := strings.Repeat(sample+"\n\n", 20)
	s := r.NewStream()
	s.Render(doc, 100)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		s.Render(doc+strings.Repeat("word ", i%200), 100)
	}
}

func TestOpenFenceIsDrawnPlainUntilClosed(t *testing.T) {
	r := New(themes.Dark())
	s := r.NewStream()
	open := "Intro.\n\n```go\nfunc main() {\n\treturn\n"
	b := s.Render(open, 40)
	if got := plain(b.Lines); got != "Intro.\n\n╭ go\n│ func main() {\n│     return\n" {
		t.Fatalf("open block:\n%s", got)
	}
	if strings.Contains(strings.Join(b.Lines, ""), r.token(chroma.Keyword)) {
		t.Errorf("an open block was highlighted")
	}
	closed := s.Render(open+"}\n```\n\nAfter.\n", 40)
	if got := plain(closed.Lines); got != plain(r.Markdown(open+"}\n```\n\nAfter.\n", 40).Lines) {
		t.Errorf("closed block differs from a full render:\n%s", got)
	}
}
