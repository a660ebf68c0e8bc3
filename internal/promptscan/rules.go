package promptscan

import (
	"regexp"
	"strings"
	"sync"
)

// The rules run on the folded text (lower-case ASCII), so the patterns are
// written in lower case. Each rule is anchored: it is tried only where one
// of its trigger words starts a word, which keeps a scan of a large context
// file or skills index cheap (RE2 scanning a whole text for an alternation
// runs at a few MB/s). The regexps are compiled on first use: herm's
// start-up budget has no room for regexp compilation in init.

// rule is one family of patterns.
type rule struct {
	kind Kind
	// re is anchored at the trigger word.
	re func() *regexp.Regexp
	// extraLines is how many lines after the trigger's a match may reach.
	extraLines int
}

// overrideRe matches instructions to drop the instructions in force, to
// take on a jailbreak persona, or to keep something from the user.
var overrideRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:` + strings.Join([]string{
		// "ignore all previous instructions", "disregard the prior system prompt"
		`(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|of|your|my|these|those)\s+){0,3}` +
			`(?:previous|prior|above|earlier|preceding|foregoing|original|initial|existing|system|developer|safety)\s+` +
			`(?:[a-z-]+\s+){0,2}(?:instructions?|prompts?|directions?|directives?|rules|guidelines|guidance|messages?|commands|orders|constraints|programming)\b`,
		// "ignore your instructions", "forget all of your rules"
		`(?:ignore|disregard|forget)\s+(?:(?:all|any|of)\s+){0,2}your\s+(?:[a-z-]+\s+)?(?:instructions|rules|guidelines|system\s+prompt|programming|constraints)\b`,
		`system\s+prompt\s+override\b`,
		`new\s+system\s+prompt\s*:`,
		`you\s+are\s+now\s+(?:dan\b|in\s+(?:developer|god|jailbreak|unrestricted)\s+mode|jailbroken|unrestricted|unfiltered)`,
		// "don't tell the user about this"
		`(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+|it\s+)?to|reveal\s+(?:this\s+|it\s+)?to)\s+the\s+user\s+(?:about|that)\b`,
	}, "|") + `)`)
})

// exfilRe matches a network command carrying a secret: a variable whose
// name says it holds one, a query parameter named like one filled from a
// variable, or a secrets file; and a secrets file piped into one.
var exfilRe = sync.OnceValue(func() *regexp.Regexp {
	const net = `(?:curl|wget|nc|ncat|netcat|socat|invoke-webrequest|invoke-restmethod)`
	return regexp.MustCompile(`^(?:` + strings.Join([]string{
		net + `\b[^\n]*?(?:` +
			`\$\{?[a-z_][a-z0-9_]*(?:key|token|secret|password|passwd|credentials?|auth|cookie)s?\b` +
			`|[?&][a-z0-9_.-]*(?:key|token|secret|pass|auth|cred|sig)[a-z0-9_.-]*=\s*["']?\$` +
			`|(?:~|\$home|\$\{home\})/\.(?:ssh|aws|netrc|docker|kube|gnupg)` +
			`|@?\.env\b|\bid_(?:rsa|ed25519|ecdsa)\b)`,
		`(?:cat|base64|gpg|tar|zip)\b[^\n|]*(?:\.env\b|id_(?:rsa|ed25519|ecdsa)|\.ssh/|\.aws/credentials|\.netrc)[^\n]*\|\s*` + net + `\b`,
	}, "|") + `)`)
})

var (
	overrideRule = rule{kind: Override, re: overrideRe, extraLines: 1}
	exfilRule    = rule{kind: Exfiltration, re: exfilRe}
)

// ruleFor returns the rule a word can start, or nil. It is the one place
// that knows the trigger words.
func ruleFor(w string) *rule {
	switch w {
	case "ignore", "disregard", "forget", "override", "bypass", "system", "new", "you", "do", "don't", "never":
		return &overrideRule
	case "curl", "wget", "nc", "ncat", "netcat", "socat", "cat", "base64", "gpg", "tar", "zip":
		return &exfilRule
	}
	if strings.HasPrefix(w, "invoke-") {
		return &exfilRule
	}
	return nil
}

// scanLines walks the folded text word by word, once, and tries the rule
// a word can start right there. Each finding covers the whole lines the
// match touches: an injected instruction rarely stops where the pattern
// does.
func scanLines(v *view) []Finding {
	text := v.folded
	var out []Finding
	lastEnd := map[Kind]int{} // skip words inside a rule's previous match
	for i := 0; i < len(text); {
		if !wordByte(text[i]) && text[i] != '\'' {
			i++
			continue
		}
		j := i
		for j < len(text) && (wordByte(text[j]) || text[j] == '\'' || text[j] == '-') {
			j++
		}
		p, w := i, text[i:j]
		i = j
		r := ruleFor(w)
		if r == nil || p < lastEnd[r.kind] {
			continue
		}
		limit := lineEnd(text, p)
		for range r.extraLines {
			if limit < len(text) {
				limit = lineEnd(text, limit+1)
			}
		}
		m := r.re().FindStringIndex(text[p:limit])
		if m == nil {
			continue
		}
		s, e := p, p+m[1]
		ls := strings.LastIndexByte(text[:s], '\n') + 1
		le := lineEnd(text, max(s, e-1))
		os, oe := v.span(ls, le)
		exStart, exEnd := v.span(s, e)
		out = append(out, Finding{Kind: r.kind, Start: os, End: oe, Excerpt: excerpt(v.orig[exStart:exEnd])})
		lastEnd[r.kind] = e
	}
	return out
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

// hiddenElementRe matches an opening tag styled or marked to be invisible.
var hiddenElementRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`<([a-z][a-z0-9]*)\b[^>]*?(?:` +
		`\sstyle\s*=\s*["'][^"']*?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|em|rem|pt|%)?\s*(?:;|["'])|opacity\s*:\s*0(?:\.0+)?\s*(?:;|["'])|color\s*:\s*transparent)` +
		`|\shidden(?:\s|>|=|/))[^>]*>`)
})

var hiddenTriggers = []string{"display", "visibility", "font-size", "opacity", "hidden", "transparent"}

// commentWord reports words that make an HTML comment look like a message
// to a model rather than a note for a person or a tool marker.
func commentWord(w string) bool {
	switch w {
	case "ignore", "disregard", "instruction", "instructions", "prompt", "system", "assistant",
		"agent", "agents", "ai", "llm", "model", "claude", "gpt", "chatgpt", "secret", "secrets",
		"token", "password", "curl", "wget", "hidden", "override", "exfiltrate":
		return true
	}
	return false
}

// lineEnd returns the index of the newline ending the line holding p, or
// len(text).
func lineEnd(text string, p int) int {
	if p >= len(text) {
		return len(text)
	}
	if i := strings.IndexByte(text[p:], '\n'); i >= 0 {
		return p + i
	}
	return len(text)
}

func scanHiddenHTML(v *view) []Finding {
	var out []Finding
	text := v.folded
	// Comments: <!-- … --> (or to the end of the text when never closed).
	for from := 0; from < len(text); {
		i := strings.Index(text[from:], "<!--")
		if i < 0 {
			break
		}
		s := from + i
		bodyStart := s + 4
		e := len(text)
		body := text[bodyStart:]
		if j := strings.Index(body, "-->"); j >= 0 {
			e = bodyStart + j + 3
			body = body[:j]
		}
		if suspiciousComment(body) {
			os, oe := v.span(s, e)
			out = append(out, Finding{Kind: HiddenHTML, Start: os, End: oe})
		}
		from = e
	}
	// Elements styled or marked invisible, up to their closing tag.
	if !containsAny(text, hiddenTriggers) {
		return out
	}
	for _, m := range hiddenElementRe().FindAllStringSubmatchIndex(text, -1) {
		s, e := m[0], m[1]
		tag := text[m[2]:m[3]]
		if !strings.HasSuffix(text[s:e], "/>") {
			if j := strings.Index(text[e:], "</"+tag); j >= 0 {
				end := e + j
				if k := strings.IndexByte(text[end:], '>'); k >= 0 {
					e = end + k + 1
				} else {
					e = len(text)
				}
			} else if j := strings.Index(text[e:], "\n\n"); j >= 0 {
				// Never closed: hide to the end of the paragraph, as a
				// Markdown renderer would.
				e += j
			} else {
				e = len(text)
			}
		}
		os, oe := v.span(s, e)
		out = append(out, Finding{Kind: HiddenHTML, Start: os, End: oe})
	}
	return out
}

// suspiciousComment reports a comment body of at least three words with
// one addressed to a model. Tool markers (<!-- prettier-ignore -->,
// <!-- toc -->) are short and pass.
func suspiciousComment(body string) bool {
	words := strings.FieldsFunc(body, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })
	if len(words) < 3 {
		return false
	}
	for _, w := range words {
		if commentWord(w) {
			return true
		}
	}
	return false
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
