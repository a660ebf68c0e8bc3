package skills

import (
	"fmt"
	"strings"
)

// Invocation is the user message that runs a skill for the next turn, as
// when a person types /name [request] in a front end: the skill's
// instructions, then the request. s must come from Library.Get (with its
// Body).
func Invocation(s *Skill, request string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[The user ran the skill %q. Follow its instructions below for this request; its other files load with skill_view(%q, file_path).]\n\n",
		s.Name, s.Name)
	b.WriteString(strings.TrimSpace(s.Body))
	if r := strings.TrimSpace(request); r != "" {
		b.WriteString("\n\n[Request]\n")
		b.WriteString(r)
	}
	return b.String()
}
