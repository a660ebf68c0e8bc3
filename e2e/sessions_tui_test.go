package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/store"
)

// The session browser in the real binary: a store seeded with `herm
// sessions import`, a search typed in the browser, the hit opened in the
// middle of a long conversation, a fork from it, and the fork continued
// with the model — whose request holds the history up to the hit only.
func TestSessionsBrowserEndToEnd(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv, fakellm.Reply{Text: "Restart the marsupial nodes one at a time."})
	e := newEnv(t)

	// A long conversation with one message about the quokka cluster in
	// its middle, and two others around it.
	var long []string
	for i := range 40 {
		q := fmt.Sprintf("exchange %d: check service %d", i, i)
		if i == 12 {
			q = "exchange 12: the quokka cluster failed with error QX-4471"
		}
		long = append(long, q, fmt.Sprintf("answer %d: service %d looks healthy", i, i))
	}
	importSessions(t, e,
		conversation{"20261120_090000_aaaaaa", "Deploy notes", long},
		conversation{"20261121_090000_bbbbbb", "Billing refactor", []string{"split billing.go", "Done: invoice.go and tax.go."}},
		conversation{"20261122_090000_cccccc", "Backup report", []string{"summarise the backups", "All backups passed."}})

	x := startTUI(t, e, 120, 36, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")

	// Search from the browser. (Until the store is open, herm says to try
	// again in a moment.)
	for try := 0; !strings.Contains(x.screen(), "search every message"); try++ {
		if try == 50 {
			t.Fatalf("ctrl+s did not open the browser:\n%s", x.screen())
		}
		x.keys("C-s")
		time.Sleep(100 * time.Millisecond)
	}
	x.waitText("the browser", "search every message", "3 sessions", "Deploy notes")
	x.typeText("quokka")
	x.waitText("the hit", "1 conversation", "exchange 12: the quokka cluster failed")

	// Open it: the chat shows the conversation at the hit, marked.
	x.keys("Enter")
	at := x.waitFor("the session at the hit", func(s string) bool {
		return strings.Contains(s, "┃ exchange 12: the quokka cluster failed") && strings.Contains(s, "Deploy notes") && !strings.Contains(s, "search every message")
	})
	if strings.Contains(at, "exchange 39") || !strings.Contains(at, "▌ ┃ exchange 12") && !strings.Contains(at, "▶ ┃ exchange 12") {
		t.Fatalf("not landed on the hit:\n%s", at)
	}

	// Fork from the hit and continue in the fork.
	x.keys("C-s")
	x.waitText("the browser again", "1 conversation", "exchange 12: the quokka")
	x.keys("C-f")
	x.waitText("the fork", "forked “Deploy notes”", "Deploy notes (fork)")
	x.typeText("what next after the quokka failure?")
	x.keys("Enter")
	x.waitText("the answer in the fork", "┃ what next after the quokka failure?", "Restart the marsupial nodes")

	var req fakellm.Request
	for _, r := range srv.Script.Requests() {
		if r.LastUser() == "what next after the quokka failure?" {
			req = r
		}
	}
	var history []string
	for _, m := range req.Messages {
		history = append(history, m.Role+": "+m.Content)
	}
	h := strings.Join(history, "\n")
	if !strings.Contains(h, "exchange 11: check service 11") || !strings.Contains(h, "user: exchange 12: the quokka cluster failed") ||
		strings.Contains(h, "answer 12") || strings.Contains(h, "exchange 13") {
		t.Fatalf("the fork's request is not the history up to the hit:\n%s", h)
	}

	x.keys("C-c")
	x.waitText("the quit hint", "press ctrl+c again")
	x.keys("C-c")
	x.waitExit()

	st := e.openStore()
	all, err := st.FindSessions(context.Background(), store.SessionFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var fork *store.Session
	for i := range all {
		if all[i].ParentID == "20261120_090000_aaaaaa" {
			fork = &all[i]
		}
	}
	if fork == nil || fork.Source != "tui" || fork.Title != "Deploy notes (fork)" {
		t.Fatalf("no fork of the conversation in the store: %+v", all)
	}
	msgs, err := st.Messages(context.Background(), fork.ID)
	if err != nil || msgs[len(msgs)-1].Content != "Restart the marsupial nodes one at a time." {
		t.Fatalf("the fork's messages: %v %v", len(msgs), err)
	}
}
