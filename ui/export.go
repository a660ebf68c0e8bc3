package ui

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/input"
	"github.com/herm-dev/herm/ui/sessions"
)

// exportFlash is how long the path of an export stays in the status line.
const exportFlash = 8 * time.Second

// /export writes the session the chat shows as Markdown (the default) or
// JSONL (which `herm sessions import` reads back) to a file — by default
// HERM_HOME/exports/ID.md, the place the session browser exports to, with
// the same code — or puts it on the clipboard:
//
//	/export                   Markdown to HERM_HOME/exports/ID.md
//	/export jsonl             JSONL to HERM_HOME/exports/ID.jsonl
//	/export notes/today.md    Markdown to that file (relative to the cwd)
//	/export md clipboard      Markdown on the clipboard (also: clip, copy)

// exportedMsg is the result of an /export.
type exportedMsg struct {
	path   string // the file written; "" for the clipboard
	format string // "Markdown" or "JSONL"
	text   string // the export, for the clipboard
	err    error
}

func (exportedMsg) transcriptMsg() {}

// exportRequest is what /export's arguments ask for.
type exportRequest struct {
	ext       string // md or jsonl
	path      string // "" for the default place
	clipboard bool
}

// parseExport reads /export's arguments.
func parseExport(args string) (exportRequest, error) {
	var r exportRequest
	for _, a := range strings.Fields(args) {
		switch strings.ToLower(a) {
		case "md", "markdown":
			r.ext = "md"
		case "jsonl", "json":
			r.ext = "jsonl"
		case "clipboard", "clip", "copy":
			r.clipboard = true
		default:
			if r.path != "" {
				return r, fmt.Errorf("/export takes one file, not %q and %q — usage: /export [md|jsonl] [FILE|clipboard]", r.path, a)
			}
			r.path = a
		}
	}
	if r.ext == "" {
		r.ext = "md"
		if strings.HasSuffix(strings.ToLower(r.path), ".jsonl") {
			r.ext = "jsonl"
		}
	}
	if r.clipboard && r.path != "" {
		return r, fmt.Errorf("/export writes to a file or to the clipboard, not both")
	}
	return r, nil
}

// exportCommand runs /export ARGS.
func (m *Model) exportCommand(args string) tea.Cmd {
	st, id := m.opts.Store, m.info.ID
	if st == nil || id == "" {
		return m.flash("there is nothing to export yet — the session starts with your first message")
	}
	req, err := parseExport(args)
	if err != nil {
		return m.flash(err.Error())
	}
	format := "Markdown"
	if req.ext == "jsonl" {
		format = "JSONL"
	}
	ctx := m.ctx
	if req.clipboard {
		return func() tea.Msg {
			var b bytes.Buffer
			var err error
			if req.ext == "md" {
				err = st.ExportMarkdown(ctx, &b, id)
			} else {
				_, err = st.ExportJSONL(ctx, &b, []string{id}, store.ExportOptions{})
			}
			return exportedMsg{format: format, text: b.String(), err: err}
		}
	}
	path := sessions.ExportPath(m.home(), id, req.ext)
	if req.path != "" {
		path = input.ResolvePath(m.opts.Cwd, req.path)
	}
	return func() tea.Msg {
		return exportedMsg{path: path, format: format, err: sessions.WriteExport(ctx, st, id, path, req.ext)}
	}
}

func (m *Model) handleExported(msg exportedMsg) tea.Cmd {
	switch {
	case msg.err != nil:
		m.chat.AddNotice("/export: "+m.opts.Redact(msg.err.Error()), true)
		return nil
	case msg.path == "":
		return m.copyText(msg.text, "the session ("+msg.format+")")
	}
	return m.flashFor("exported the session ("+msg.format+") to "+msg.path, exportFlash)
}

// home is HERM_HOME: the option, or the folder of the store's database.
func (m *Model) home() string {
	if m.opts.Home != "" {
		return m.opts.Home
	}
	if m.opts.Store != nil {
		return filepath.Dir(m.opts.Store.Path())
	}
	return ""
}
