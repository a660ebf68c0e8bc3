package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/tools"
)

// RewindTo an earlier message restores the files the agent wrote since
// (overwritten, patched, created), names what it cannot undo, and takes
// the conversation back to before the message.
func TestRewindToRestoresFiles(t *testing.T) {
	f := newFixture(t)
	f.agent.Tools = tools.NewRegistry(append(tools.Builtins(tools.Options{}), f.echo)...)
	f.echo.readOnly = false // stands for a command rewinding cannot undo
	s := f.session(t)
	dir := s.Env.Cwd()
	keep := filepath.Join(dir, "keep.txt")
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(keep, []byte("original\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notes, []byte("notes v1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	call := func(name string, args map[string]any) fakellm.Reply {
		return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call(name, args)}}
	}
	f.srv.Script.Push(
		// Turn 1 changes notes.txt.
		call("write_file", map[string]any{"path": "notes.txt", "content": "notes v2\n"}),
		fakellm.Reply{Text: "notes updated"},
		// Turn 2 overwrites keep.txt twice, patches notes, creates a file
		// and runs a command.
		call("write_file", map[string]any{"path": "keep.txt", "content": "clobbered\n"}),
		call("patch", map[string]any{"path": "keep.txt", "old_string": "clobbered", "new_string": "clobbered twice"}),
		call("patch", map[string]any{"path": "notes.txt", "old_string": "v2", "new_string": "v3"}),
		call("write_file", map[string]any{"path": "sub/new.txt", "content": "brand new"}),
		call("echo", map[string]any{"text": "rm -rf cache"}),
		fakellm.Reply{Text: "all done"},
	)
	ctx := context.Background()
	for _, q := range []string{"update the notes", "wreck it"} {
		if d := s.Run(ctx, agent.Input{Text: q}, nil); d.Reason != agent.StopDone {
			t.Fatalf("turn %q: %+v", q, d)
		}
	}
	points, err := s.RewindPoints(ctx)
	if err != nil || len(points) != 2 {
		t.Fatalf("RewindPoints = %+v, %v", points, err)
	}
	if got := strings.Join(points[1].Files, " "); got != strings.Join([]string{keep, notes, filepath.Join(dir, "sub", "new.txt")}, " ") {
		t.Errorf("files after the second message: %s", got)
	}
	if len(points[0].Files) != 3 {
		t.Errorf("files after the first message: %v", points[0].Files)
	}

	r, err := s.RewindTo(ctx, points[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if r.Input.Text != "wreck it" || len(r.Restored) != 2 || len(r.Removed) != 1 || len(r.Failed) != 0 {
		t.Fatalf("Rewound = %+v", r)
	}
	if strings.Join(r.NotUndone, ",") != "echo" {
		t.Errorf("NotUndone = %v", r.NotUndone)
	}
	for path, want := range map[string]string{keep: "original\n", notes: "notes v2\n"} {
		if b, _ := os.ReadFile(path); string(b) != want {
			t.Errorf("%s = %q, want %q", filepath.Base(path), b, want)
		}
	}
	if st, _ := os.Stat(keep); st.Mode().Perm() != 0o600 {
		t.Errorf("keep.txt mode %v", st.Mode().Perm())
	}
	if _, err := os.Stat(filepath.Join(dir, "sub", "new.txt")); !os.IsNotExist(err) {
		t.Errorf("the created file is still there: %v", err)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant tool assistant" {
		t.Fatalf("stored after rewind: %s", got)
	}
	if h := s.History(); len(h) != 4 {
		t.Fatalf("history: %d messages", len(h))
	}

	// Rewinding to the first message goes further back, to notes v1.
	if _, err := s.RewindTo(ctx, points[0].ID); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(notes); string(b) != "notes v1\n" {
		t.Errorf("notes = %q", b)
	}
	if got := f.roles(t, s.ID()); got != "system" {
		t.Fatalf("stored: %s", got)
	}
	if _, err := s.RewindTo(ctx, points[0].ID); err == nil {
		t.Fatal("rewinding to a deleted message should fail")
	}
}

// Images sent with a message are stored with it and sent again with the
// history when the session is resumed; /retry sends them again.
func TestImagesSurviveResume(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	ctx := context.Background()
	png := []byte("\x89PNG\r\n\x1a\nfake image")
	f.srv.Script.Push(fakellm.Reply{Text: "a cat"}, fakellm.Reply{Text: "still a cat"}, fakellm.Reply{Text: "a cat again"})
	if d := s.Run(ctx, agent.Input{Text: "what is this?", Images: []llm.Image{{Data: png}}}, nil); d.Reason != agent.StopDone {
		t.Fatalf("%+v", d)
	}
	again, err := f.agent.OpenSession(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	if d := again.Run(ctx, agent.Input{Text: "sure?"}, nil); d.Reason != agent.StopDone {
		t.Fatalf("%+v", d)
	}
	reqs := f.srv.Script.Requests()
	if first := reqs[1].Messages[0]; first.Role != "user" || first.Images != 1 {
		t.Fatalf("resumed request's first message: %+v", first)
	}
	in, err := again.RewindLastInput(ctx)
	if err != nil || in.Text != "sure?" {
		t.Fatalf("%+v %v", in, err)
	}
	in, err = again.RewindLastInput(ctx)
	if err != nil || len(in.Images) != 1 || string(in.Images[0].Data) != string(png) || in.Images[0].MediaType != "image/png" {
		t.Fatalf("rewound input: %q with %d images, %v", in.Text, len(in.Images), err)
	}
}
