package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/uitest"
)

var heldYolo = config.Held{Key: "approvals.mode", Asked: "yolo", Running: "ask", Risk: "commands that need approval run without asking anyone"}

func newSafetyModel(t *testing.T, confirmed *[]config.Held) *Model {
	t.Helper()
	m := New(context.Background(), Options{
		Agent: &agent.Agent{Model: "fake-model"}, Now: fixedNow, Cwd: "/work", Provider: "fake",
		Held: []config.Held{heldYolo},
		ConfirmSafety: func(_ context.Context, h config.Held) error {
			*confirmed = append(*confirmed, h)
			return nil
		},
	})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	return m
}

// pressOn sends a key and returns what it leads to, unrun (a flash's
// timer would wait).
func pressOn(m *Model, k tea.KeyPressMsg) tea.Cmd { return m.handleKey(k) }

// TestSafetyPromptNeedsADeliberateAnswer: typing (a sentence meant for the
// input, "y", Enter) keeps the safer value; an arrow key, then Enter,
// confirms and applies it.
func TestSafetyPromptNeedsADeliberateAnswer(t *testing.T) {
	var confirmed []config.Held
	m := newSafetyModel(t, &confirmed)
	if s := screen(m); !strings.Contains(s, "Lower safety?") || !strings.Contains(s, "keep ask") {
		t.Fatalf("no prompt at start:\n%s", s)
	}
	for _, k := range uitest.Type("yes allow it") {
		pressOn(m, k)
	}
	if len(confirmed) != 0 || len(m.overlays) != 1 {
		t.Fatalf("typing answered the prompt: %v", confirmed)
	}
	pressOn(m, uitest.Key("enter"))
	if len(confirmed) != 0 || len(m.overlays) != 0 || m.approvalMode() != agent.ModeAsk {
		t.Fatalf("Enter on the default confirmed (%v), mode %s", confirmed, m.approvalMode())
	}

	m = newSafetyModel(t, &confirmed)
	pressOn(m, uitest.Key("down"))
	if msg, ok := pressOn(m, uitest.Key("enter"))().(safetyConfirmedMsg); ok {
		m.Update(msg)
	}
	if len(confirmed) != 1 || confirmed[0] != heldYolo {
		t.Fatalf("arrow + Enter did not confirm: %v", confirmed)
	}
	if m.approvalMode() != agent.ModeYolo {
		t.Errorf("the confirmed mode is not applied: %s", m.approvalMode())
	}
}

// TestNoSafetyPromptWithoutAConfirmer: a herm the agent's terminal started
// gets no ConfirmSafety, and asks nothing.
func TestNoSafetyPromptWithoutAConfirmer(t *testing.T) {
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model"}, Now: fixedNow, Cwd: "/work", Held: []config.Held{heldYolo}})
	if len(m.overlays) != 0 {
		t.Fatal("a prompt opened with nobody known to answer it")
	}
}
