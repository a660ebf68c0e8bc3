package gateway

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

var telegramLimit = TextLimit{Max: 4096, UTF16: true}

func TestSplitShortTextIsOnePart(t *testing.T) {
	if got := Split("hello", telegramLimit); len(got) != 1 || got[0] != "hello" {
		t.Fatal(got)
	}
}

// checkParts asserts every part fits and leaves no code fence open (the
// last may, if the text itself does).
func checkParts(t *testing.T, parts []string, l TextLimit) {
	t.Helper()
	for i, p := range parts {
		if n := l.Length(p); n > l.Max {
			t.Errorf("part %d is %d units, over %d", i, n, l.Max)
		}
		if !utf8.ValidString(p) {
			t.Errorf("part %d is not valid UTF-8", i)
		}
		open := ""
		for _, line := range strings.Split(p, "\n") {
			open = nextFence(open, line)
		}
		if open != "" && i < len(parts)-1 {
			t.Errorf("part %d leaves a code fence open:\n%s", i, p)
		}
	}
}

func TestSplitTenThousandCharsWithCodeFence(t *testing.T) {
	var b strings.Builder
	b.WriteString("Here is the script:\n\n```python\n")
	for i := 0; b.Len() < 7000; i++ {
		b.WriteString("print('line number ")
		b.WriteString(strings.Repeat("x", i%40))
		b.WriteString("')\n")
	}
	b.WriteString("```\n\nAnd some prose after it. ")
	for b.Len() < 10000 {
		b.WriteString("The quick brown fox jumps over the lazy dog. ")
	}
	text := b.String()
	parts := Split(text, telegramLimit)
	if len(parts) < 3 {
		t.Fatalf("%d parts", len(parts))
	}
	checkParts(t, parts, telegramLimit)
	if !strings.HasPrefix(parts[1], "```python\n") {
		t.Errorf("the fence was not reopened with its language: %.40q", parts[1])
	}
	// Nothing is lost: without the added fences the parts are the text.
	joined := strings.Join(parts, "\n")
	joined = strings.ReplaceAll(joined, "\n```\n```python\n", "\n")
	if strings.Join(strings.Fields(joined), " ") != strings.Join(strings.Fields(text), " ") {
		t.Error("text lost or changed by splitting")
	}
}

func TestSplitCountsUTF16Units(t *testing.T) {
	// Each emoji is 2 UTF-16 units: 3000 of them are 6000 units.
	text := strings.Repeat("😀", 3000)
	parts := Split(text, telegramLimit)
	if len(parts) != 2 {
		t.Fatalf("%d parts", len(parts))
	}
	checkParts(t, parts, telegramLimit)
	if utf8.RuneCountInString(parts[0])+utf8.RuneCountInString(parts[1]) != 3000 {
		t.Error("runes lost")
	}
}

func TestSplitLongWordsAndRandomInput(t *testing.T) {
	l := TextLimit{Max: 100, UTF16: true}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b ", "\n", "\n```\n", "\n```go\n", "é", "😀", "中", " "}
	for round := 0; round < 300; round++ {
		var b strings.Builder
		for b.Len() < rng.IntN(2000) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		text := b.String()
		parts := Split(text, l)
		checkParts(t, parts, l)
		for i, p := range parts {
			if n := l.Length(p); n > l.Max {
				t.Fatalf("round %d part %d: %d units over %d\n%q", round, i, n, l.Max, text)
			}
		}
		// Every non-space rune of the input survives, in order.
		got := strings.Join(parts, "")
		want := strings.ReplaceAll(text, "```", "")
		got = strings.ReplaceAll(got, "```", "")
		strip := func(s string) string {
			return strings.Map(func(r rune) rune {
				if r == ' ' || r == '\n' || r == 'g' || r == 'o' {
					return -1
				}
				return r
			}, s)
		}
		if strip(got) != strip(want) {
			t.Fatalf("round %d: content changed\n%q\n%q", round, text, parts)
		}
	}
}
