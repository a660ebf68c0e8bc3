package ui

import (
	"strings"

	"github.com/herm-dev/herm/ui/render"
)

// onboardingView is shown instead of the chat when no model is configured:
// herm opens anyway and says how to set one up.
func (m *Model) onboardingView(width, height int) string {
	c := m.theme.Chat
	title, text, muted := render.Open(c.WelcomeTitle), render.Open(c.Welcome), render.Open(c.Muted)
	w := min(width-4, 90)
	var lines []string
	lines = append(lines, render.Paint(title, "Welcome to herm"), "")
	lines = append(lines, render.Wrap("herm needs a model to talk to before it can help. Nothing is sent anywhere until you configure one.", text, w)...)
	lines = append(lines, "")
	setup := "no model provider is configured"
	if m.opts.Setup != nil {
		setup = m.opts.Redact(m.opts.Setup.Error())
	}
	for _, l := range strings.Split(setup, "\n") {
		// Keep the indentation of the command examples.
		rest := strings.TrimLeft(l, " ")
		indent := strings.Repeat(" ", len(l)-len(rest))
		for _, wl := range render.Wrap(rest, text, w-len(indent)) {
			lines = append(lines, indent+wl)
		}
	}
	lines = append(lines, "")
	lines = append(lines, render.Wrap("Then start herm again. /quit or ctrl+c twice leaves; ? shows the keys.", muted, w)...)
	return centerBlock(lines, width, height)
}

// welcomeView is the empty chat of a new session.
func (m *Model) welcomeView(width, height int) string {
	c := m.theme.Chat
	title, muted := render.Open(c.WelcomeTitle), render.Open(c.Muted)
	w := min(width-4, 80)
	lines := []string{render.Paint(title, "herm"), ""}
	lines = append(lines, render.Wrap("Ask for anything — herm can run commands, read and edit files in "+m.opts.Cwd+".", muted, w)...)
	lines = append(lines, render.Wrap("Type / for commands, @ to attach a file, ? for keys.", muted, w)...)
	return centerBlock(lines, width, height)
}

// centerBlock places lines in the middle of a width×height area.
func centerBlock(lines []string, width, height int) string {
	bw := 0
	for _, l := range lines {
		bw = max(bw, render.Width(l))
	}
	left := strings.Repeat(" ", max((width-bw)/2, 0))
	top := max((height-len(lines))/2, 0)
	out := make([]string, 0, height)
	for i := 0; i < top; i++ {
		out = append(out, "")
	}
	for _, l := range lines {
		if len(out) == height {
			break
		}
		out = append(out, render.Truncate(left+l, width, "…"))
	}
	for len(out) < height {
		out = append(out, "")
	}
	return strings.Join(out, "\n")
}
