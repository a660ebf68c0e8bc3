package guard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file holds what the analyser does with variables: the literal
// values it remembers (x=/etc; rm -rf $x is judged with them put in),
// and the variables set for later programs (LD_PRELOAD=…), which the
// assign rules judge.

// resolvedCall returns the command ce runs with the known variables put
// in, nil when they change nothing.
func (a *analyzer) resolvedCall(ce *syntax.CallExpr) *cmd {
	if len(a.vars) == 0 {
		return nil
	}
	changed := false
	ws := a.words(ce.Args)
	for i := range ws {
		var ch bool
		ws[i], ch = ws[i].resolved(a.vars)
		changed = changed || ch
	}
	if !changed {
		return nil
	}
	c := peel(ws, a.cwd, &a.pr)
	return &c
}

// assigns notes assignments to IFS and of literal values (pure, for
// the shell itself rather than one command), checks the variables set
// (LD_PRELOAD=…) and the assigned values (a metadata address in URL=…
// is as telling as in an argument).
func (a *analyzer) assigns(as []*syntax.Assign, pure bool, sc scope) {
	if len(as) == 0 {
		return
	}
	for _, as := range as {
		if as.Name == nil || as.Naked {
			continue
		}
		name := as.Name.Value
		if name == "IFS" {
			a.ifsSet = true
		}
		value := arg{known: true}
		if as.Value != nil {
			value = wordArg(as.Value)
			if r, ok := value.resolved(a.vars); ok {
				value = r
			}
		}
		if pure {
			a.noteVar(name, value, as.Append || as.Index != nil || as.Array != nil)
		}
		if as.Array == nil {
			a.assign(name, value, sc.span(as), sc)
		}
	}
	ws := a.assignWords(as)
	if len(ws) == 0 {
		return
	}
	c := cmd{all: ws, cwd: a.cwd, pr: &a.pr}
	for i := range rules {
		r := &rules[i]
		if r.words == nil {
			continue
		}
		if d, at := r.words(c.all); d != "" {
			a.add(r, d, sc.at(at.span))
		}
	}
}

// maxVars bounds the variables remembered.
const maxVars = 32

// noteVar remembers a literal value assigned to a variable, or forgets
// the variable when what it holds is no longer known.
func (a *analyzer) noteVar(name string, value arg, partial bool) {
	if partial || !value.known {
		delete(a.vars, name)
		return
	}
	if a.vars == nil {
		a.vars = vars{}
	}
	if _, ok := a.vars[name]; ok || len(a.vars) < maxVars {
		a.vars[name] = value.val
	}
}

// assign runs the assign rules on a variable set to value, and analyses
// the command the variable makes programs run (PAGER='sh -c …').
func (a *analyzer) assign(name string, value arg, span [2]int, sc scope) {
	for i := range rules {
		r := &rules[i]
		if r.assign == nil {
			continue
		}
		if d, _ := r.assign(name, value); d != "" {
			a.add(r, d, span)
		}
	}
	if h, ok := envHookOf(name, value); ok && h.code.known && h.code.val != "" {
		a.nested(h.code.val, span, sc)
	}
}

// assignWord is assign for a NAME=value word given to env or sudo.
func (a *analyzer) assignWord(w arg, span [2]int, sc scope) {
	name, val, ok := strings.Cut(w.prefix(), "=")
	if !ok {
		return
	}
	v := w
	v.val = val
	if !w.known {
		v.val, v.lit = w.val[len(name)+1:], w.lit-len(name)-1
	}
	a.assign(name, v, spanOf(&w, span, sc), sc)
}

func (a *analyzer) assignWords(as []*syntax.Assign) []arg {
	var ws []*syntax.Word
	for _, as := range as {
		if as.Value != nil {
			ws = append(ws, as.Value)
		}
		if as.Array != nil {
			for _, e := range as.Array.Elems {
				if e.Value != nil {
					ws = append(ws, e.Value)
				}
			}
		}
	}
	return words(ws, false)
}
