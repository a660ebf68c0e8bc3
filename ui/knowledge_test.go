package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/skills"
	memorypane "github.com/herm-dev/herm/ui/memory"
	skillspane "github.com/herm-dev/herm/ui/skills"
)

const knowledgeSkill = "---\nname: release-notes\ndescription: Write release notes from git history.\n---\n# Release notes\n\n1. git log --oneline PREV..HEAD\n2. Group by feature, fix, chore.\n"

// knowledgeWorld is a real agent with a memory store and a skills library
// in the test's herm home.
func knowledgeWorld(t *testing.T) (*world, *memory.Store, *skills.Library) {
	t.Helper()
	w := newWorld(t)
	st := memory.New(filepath.Join(w.dir, "memories"))
	lib := skills.NewLibrary(filepath.Join(w.dir, "skills"), nil)
	if _, err := lib.Create("release-notes", "", knowledgeSkill); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Add(context.Background(), memory.Agent, "The build uses CGO_ENABLED=0."); err != nil {
		t.Fatal(err)
	}
	w.agent.Prompt = agent.PromptBuilder{Memory: st, Skills: lib, Platform: "tui"}
	return w, st, lib
}

func topPane(m *Model) knowledgePane {
	if n := len(m.overlays); n > 0 {
		if po, ok := m.overlays[n-1].(*paneOverlay); ok {
			return po.pane
		}
	}
	return nil
}

func TestPanesOpenByKeyAndCommand(t *testing.T) {
	w, _, _ := knowledgeWorld(t)
	m := w.model(Options{})
	d := newDriver(t, m)

	d.Send(press("alt+4"))
	d.Until("the memory viewer", func() bool { return strings.Contains(screen(m), "The build uses CGO_ENABLED=0.") })
	if _, ok := topPane(m).(*memorypane.Pane); !ok {
		t.Fatalf("alt+4 opened %T", topPane(m))
	}
	s := screen(m)
	if !strings.Contains(s, "MEMORY.md") || !strings.Contains(s, "No session yet") || !strings.Contains(s, "fake-model") {
		t.Errorf("memory viewer (the status line stays):\n%s", s)
	}

	// alt+3 switches to the skill editor; only one pane is open.
	d.Send(press("alt+3"))
	d.Until("the skill editor", func() bool { return strings.Contains(screen(m), "✓ release-notes") })
	if len(m.overlays) != 1 {
		t.Errorf("%d overlays open", len(m.overlays))
	}
	d.Send(press("esc"))
	if len(m.overlays) != 0 {
		t.Fatalf("esc left %d overlays", len(m.overlays))
	}

	// The slash commands, and alt+1 back to the chat.
	d.typeLine("/memory")
	d.Until("/memory", func() bool { _, ok := topPane(m).(*memorypane.Pane); return ok })
	d.Send(press("alt+1"))
	if len(m.overlays) != 0 {
		t.Fatal("alt+1 did not close the pane")
	}
	d.typeLine("/skills")
	d.Until("/skills", func() bool { _, ok := topPane(m).(*skillspane.Pane); return ok })

	// Help opens over the pane, and closing it returns to the pane.
	d.Send(press("?"))
	if _, ok := m.overlays[len(m.overlays)-1].(*helpOverlay); !ok {
		t.Fatalf("help over the pane:\n%s", screen(m))
	}
	d.Send(press("esc"))
	if _, ok := topPane(m).(*skillspane.Pane); !ok {
		t.Fatal("closing help closed the pane")
	}
}

// Every installed skill is a command: completed after "/", and run as the
// next turn with the skill's instructions and the request.
func TestSkillNameCommand(t *testing.T) {
	w, _, lib := knowledgeWorld(t)
	w.replies(fakellm.Reply{Text: "Following the release-notes skill."})
	m := w.model(Options{})
	d := newDriver(t, m)
	d.Until("the skills listed", func() bool { _, ok := m.input.ExtraCommand("release-notes"); return ok })

	typeText(m, "/rel")
	if menu := m.input.MenuView(100); !strings.Contains(menu, "/release-notes") || !strings.Contains(menu, "skill · Write release notes") {
		t.Fatalf("completion menu:\n%s", menu)
	}
	m.input.Reset()

	d.typeLine("/release-notes for v2.0")
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "Following the release-notes skill.") })
	reqs := w.chatRequests()
	last := reqs[len(reqs)-1].Messages
	got := last[len(last)-1].Content
	for _, want := range []string{`The user ran the skill "release-notes"`, "1. git log --oneline PREV..HEAD", "[Request]\nfor v2.0"} {
		if !strings.Contains(got, want) {
			t.Errorf("the turn's message lacks %q:\n%s", want, got)
		}
	}

	// A skill created in the editor becomes a command at once.
	d.typeLine("/skills")
	d.Until("/skills", func() bool { _, ok := topPane(m).(*skillspane.Pane); return ok })
	d.Send(press("n"))
	for _, r := range "deploy" {
		d.Send(press(string(r)))
	}
	d.Send(press("enter"))
	d.Send(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	// Both the pane's own word that it saved and the command list's refresh
	// arrive as messages; esc before the first would ask about unsaved edits.
	d.Until("the new command", func() bool {
		_, ok := m.input.ExtraCommand("deploy")
		return ok && !strings.Contains(screen(m), "not saved yet")
	})
	if lib.Catalog().Find("deploy") == nil {
		t.Fatal("the skill was not created")
	}

	// Unknown names are still unknown.
	d.Send(press("esc"))
	d.Send(press("esc"))
	d.typeLine("/no-such-skill")
	if !strings.Contains(screen(m), "unknown command /no-such-skill") {
		t.Errorf("screen:\n%s", screen(m))
	}
}

// Once a session runs, the viewer compares the files with its prompt: an
// entry saved afterwards is "added since".
func TestMemoryViewerMarksAgainstTheSession(t *testing.T) {
	w, st, _ := knowledgeWorld(t)
	w.replies(fakellm.Reply{Text: "hello"})
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("hi")
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "hello") })
	if _, err := st.Add(context.Background(), memory.User, "Prefers short answers."); err != nil {
		t.Fatal(err)
	}
	d.Send(press("alt+4"))
	d.Until("the viewer", func() bool { return strings.Contains(screen(m), "Prefers short answers.") })
	s := screen(m)
	for _, want := range []string{"● The build uses CGO_ENABLED=0.", "+ Prefers short answers.", "added since"} {
		if !strings.Contains(s, want) {
			t.Errorf("viewer lacks %q:\n%s", want, s)
		}
	}
	// A paste goes to the entry being written.
	d.Send(press("a"))
	d.Send(tea.PasteMsg{Content: "Pasted fact."})
	d.Send(press("enter"))
	d.Until("the saved entry", func() bool { return strings.Contains(screen(m), "+ Pasted fact.") })
	f, _ := st.Load(memory.Agent)
	if len(f.Entries) != 2 || f.Entries[1] != "Pasted fact." {
		t.Errorf("MEMORY.md = %q", f.Entries)
	}
}

// Switching panes does not throw away text being written.
func TestUnsavedEditsKeepThePaneOpen(t *testing.T) {
	w, _, _ := knowledgeWorld(t)
	m := w.model(Options{})
	d := newDriver(t, m)
	d.Send(press("alt+3"))
	d.Until("the skill editor", func() bool { return strings.Contains(screen(m), "✓ release-notes") })
	d.Send(press("e"))
	d.Until("the editor", func() bool { return strings.Contains(screen(m), "1  ---") })
	d.Send(press("x"))
	d.Send(press("alt+4"))
	if _, ok := topPane(m).(*skillspane.Pane); !ok || !strings.Contains(screen(m), "unsaved changes") {
		t.Fatalf("alt+4 left unsaved edits:\n%s", screen(m))
	}
	d.Send(press("alt+1"))
	if len(m.overlays) != 1 {
		t.Fatal("alt+1 left unsaved edits")
	}
}

// A pane's key pressed while herm is still opening the agent in the
// background is not lost: the pane opens once the agent is there.
func TestPaneKeyWhileConnectingOpensOnceConnected(t *testing.T) {
	w, _, _ := knowledgeWorld(t)
	ready := make(chan struct{})
	m := New(context.Background(), Options{Cwd: w.dir, Model: "fake-model", Connect: func(ctx context.Context) (Backend, error) {
		<-ready
		return Backend{Agent: w.agent, Store: w.store}, nil
	}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d := newDriver(t, m)
	d.Send(press("alt+4"))
	if got := screen(m); !strings.Contains(got, "opening memory as soon as herm has started") {
		t.Fatalf("no word that the pane is coming:\n%s", got)
	}
	close(ready)
	d.Until("the memory viewer", func() bool { return strings.Contains(screen(m), "The build uses CGO_ENABLED=0.") })
}
