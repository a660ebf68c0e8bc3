package render

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSpinner(t *testing.T) {
	var frames []string
	for n := range 10 {
		frames = append(frames, Spinner(n))
	}
	if got := strings.Join(frames, " "); got != "⠋ ⠙ ⠹ ⠸ ⠼ ⠴ ⠦ ⠧ ⠇ ⠏" {
		t.Errorf("frames = %s", got)
	}
	for _, f := range frames {
		if utf8.RuneCountInString(f) != 1 || Width(f) != 1 {
			t.Errorf("frame %q is not one character one cell wide", f)
		}
	}
	if Spinner(10) != Spinner(0) || Spinner(23) != Spinner(3) || Spinner(-1) != Spinner(9) {
		t.Error("the frames do not repeat every ten")
	}
}
