package skills

import (
	"strings"

	"github.com/herm-dev/herm/internal/promptscan"
	"github.com/herm-dev/herm/internal/text"
)

// Index is the first tier of progressive disclosure: one line per usable
// skill ("- name: description"), skills without a category first, then
// each category under its name. It goes into every session's prompt, so it
// passes through the prompt-injection scanner (skills come from external
// directories and imports too), and it is cached until a SKILL.md changes.
// It is "" when there are no usable skills.
func (l *Library) Index() string {
	c := l.Catalog()
	l.indexMu.Lock()
	defer l.indexMu.Unlock()
	if l.index != "" && l.indexState == c.state {
		return l.index
	}
	l.index, l.indexState = c.Index(), c.state
	return l.index
}

// Index renders the catalog's index; see Library.Index.
func (c Catalog) Index() string {
	var b strings.Builder
	b.Grow(len(c.Skills) * 128)
	n := 0
	category := ""
	write := func(s *Skill) {
		if s.Category != category {
			category = s.Category
			b.WriteString("\n" + category + ":\n")
		}
		b.WriteString("- ")
		b.WriteString(s.Name)
		b.WriteString(": ")
		b.WriteString(text.OneLine(s.Description))
		b.WriteByte('\n')
		n++
	}
	for _, s := range c.Skills {
		if s.Category == "" && s.Supported() {
			write(s)
		}
	}
	for _, cat := range c.Categories() {
		for _, s := range c.Skills {
			if s.Category == cat && s.Supported() {
				write(s)
			}
		}
	}
	if n == 0 {
		return ""
	}
	out, _ := promptscan.Sanitize(strings.TrimRight(b.String(), "\n"))
	return out
}
