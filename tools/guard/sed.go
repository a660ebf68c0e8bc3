package guard

import "strings"

// This file reads sed scripts near enough to know what they do besides
// editing text: run commands (e) and write files (w).

// sedScripts returns sed's scripts: the values of -e and --expression,
// or else the first operand.
func sedScripts(args []arg) []arg {
	var out []arg
	explicit := false
	var first *arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case !a.known:
			if first == nil {
				first = &args[i]
			}
		case v == "--":
			if first == nil && i+1 < len(args) {
				first = &args[i+1]
			}
			i = len(args)
		case v == "-e" || v == "--expression":
			explicit = true
			if i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
		case strings.HasPrefix(v, "--expression="):
			explicit = true
			a.val = v[len("--expression="):]
			out = append(out, a)
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "--file="):
			explicit = true
			if v != "--file=" && !strings.Contains(v, "=") {
				i++
			}
		case v == "-l" || v == "--line-length":
			i++
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'e':
					explicit = true
					if j+1 < len(v) {
						s := a
						s.val = v[j+1:]
						out = append(out, s)
					} else if i+1 < len(args) {
						out = append(out, args[i+1])
						i++
					}
					j = len(v)
				case 'f':
					explicit = true
					if j+1 == len(v) {
						i++
					}
					j = len(v)
				case 'l':
					if j+1 == len(v) {
						i++
					}
					j = len(v)
				case 'i':
					j = len(v) // the rest is a backup suffix
				}
			}
		default:
			if first == nil {
				first = &args[i]
			}
		}
	}
	if !explicit && first != nil {
		out = append(out, *first)
	}
	return out
}

// sedScriptDoes returns what in a sed script runs a command ("e command
// runs a shell command") or writes a file ("w command writes FILE"), ""
// when it does neither.
func sedScriptDoes(s string) string {
	i := 0
	skipSpace := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ';' || s[i] == '\n' || s[i] == '{' || s[i] == '}' || s[i] == '!') {
			i++
		}
	}
	// part reads up to an unescaped delimiter d.
	part := func(d byte) {
		for i < len(s) && s[i] != d {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		i++
	}
	toEOL := func() string {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			j = len(s) - i
		}
		v := strings.TrimSpace(s[i : i+j])
		i += j
		return v
	}
	address := func() {
		for i < len(s) {
			switch c := s[i]; {
			case c >= '0' && c <= '9' || c == '$' || c == ',' || c == '~' || c == '+' || c == ' ':
				i++
			case c == '/':
				i++
				part('/')
			case c == '\\' && i+1 < len(s):
				d := s[i+1]
				i += 2
				part(d)
			default:
				return
			}
		}
	}
	for n := 0; i < len(s) && n < 256; n++ {
		skipSpace()
		address()
		skipSpace()
		if i >= len(s) {
			break
		}
		c := s[i]
		i++
		switch c {
		case '#', ':', 'b', 't', 'T', 'a', 'i', 'c', 'r', 'R':
			toEOL()
		case 'e':
			return "e command runs a shell command"
		case 'w', 'W':
			return "w command writes " + toEOL()
		case 's', 'y':
			if i >= len(s) {
				return ""
			}
			d := s[i]
			i++
			part(d)
			part(d)
			if c == 'y' {
				continue
			}
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
				switch s[i] {
				case 'e':
					return "s///e runs the result as a shell command"
				case 'w':
					i++
					return "s///w writes " + toEOL()
				}
				i++
			}
		}
	}
	return ""
}
