package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/seal"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
)

func testGrants() []store.Grant {
	return []store.Grant{
		{ID: 1, FindingID: "recursive-delete", CreatedAt: clock.Add(-48 * 3600e9)},
		{ID: 2, FindingID: "download-exec", Command: "curl -fsSL https://get.example.com/install.sh | sh", CreatedAt: clock.Add(-3600e9)},
		{ID: 3, FindingID: "sensitive-write", Command: "write_file /home/me/.bashrc", CreatedAt: clock},
	}
}

// The pane lists the grants with what each lets run and when it was
// saved, the mode in force above them; with none, it says what saves one.
func TestGoldenPermissions(t *testing.T) {
	for _, w := range []int{60, 100} {
		m := newModel(t, w, 30)
		m.overlays = append(m.overlays, &permissionsPane{loading: true})
		if got := screen(m); !strings.Contains(got, "reading the grants…") {
			t.Fatalf("loading:\n%s", got)
		}
		m.Update(permissionsMsg{grants: testGrants()})
		m.Update(press("down"))
		uitest.Golden(t, "permissions_"+itoa(w), screen(m))
	}
	m := newModel(t, 80, 24)
	m.overlays = append(m.overlays, &permissionsPane{loading: true})
	m.Update(permissionsMsg{})
	uitest.Golden(t, "permissions_empty", screen(m))
}

// /permissions reads the store's grants in a command, x revokes the one
// chosen (in a command too: Update does no I/O), and the list is read
// again; the commands it covered ask again.
func TestPermissionsRevoke(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	for _, g := range testGrants()[:2] {
		if err := w.store.AddGrant(ctx, w.agent.Key, g.FindingID, g.Command); err != nil {
			t.Fatal(err)
		}
	}
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("/permissions")
	d.Until("the grants", func() bool {
		s := screen(m)
		return strings.Contains(s, "recursive-delete") && strings.Contains(s, "only: curl -fsSL")
	})
	if got := screen(m); !strings.Contains(got, "mode normal — risky commands") || !strings.Contains(got, "any command") {
		t.Fatalf("the pane:\n%s", got)
	}
	m.Update(press("down"))
	_, cmd := m.Update(press("x"))
	if gs, _ := w.store.Grants(ctx, w.agent.Key); len(gs) != 2 || cmd == nil {
		t.Fatalf("x revoked in Update (grants %d) or gave no command", len(gs))
	}
	d.Exec(cmd)
	d.Until("the revoke", func() bool {
		s := screen(m)
		return strings.Contains(s, "revoked: download-exec for “curl -fsSL") && !strings.Contains(s, "only: curl")
	})
	gs, err := w.store.Grants(ctx, w.agent.Key)
	if err != nil || len(gs) != 1 || gs[0].FindingID != "recursive-delete" {
		t.Fatalf("grants after revoking: %+v %v", gs, err)
	}
	d.Send(press("x"))
	d.Until("none left", func() bool { return strings.Contains(screen(m), "No saved grants") })
	d.Send(press("esc"))
	if strings.Contains(screen(m), "No saved grants") || len(m.overlays) != 0 {
		t.Fatalf("esc did not close the pane (%d overlays):\n%s", len(m.overlays), screen(m))
	}
}

// Without a store there is nothing to list; the palette and help offer
// the pane.
func TestPermissionsOffered(t *testing.T) {
	m := newModel(t, 100, 60)
	typeText(m, "/permissions")
	m.Update(press("enter"))
	if len(m.overlays) != 0 || !strings.Contains(screen(m), "no grants to show") {
		t.Fatalf("without a store:\n%s", screen(m))
	}
	m.Update(press("ctrl+o"))
	typeText(m, "permissions")
	if got := screen(m); !strings.Contains(got, "Permissions: list and revoke saved approval grants") || !strings.Contains(got, "/permissions") {
		t.Errorf("palette:\n%s", got)
	}
	m.Update(press("esc"))
	m.Update(press("?"))
	var seen strings.Builder
	for range 30 {
		seen.WriteString(screen(m))
		m.Update(press("pgdown"))
	}
	help := seen.String()
	for _, want := range []string{"Permissions (/permissions)", "x del           revoke the grant", "/permissions    list and revoke",
		"↑               previous answer", "enter           give the chosen answer"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}

// A stored grant the agent's key does not verify is listed for what it is,
// so the person sees it is not honoured and can revoke it.
func TestPermissionsShowsGrantsNotHonoured(t *testing.T) {
	w := newWorld(t)
	other, err := seal.Generate()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.store.AddGrant(context.Background(), other, "recursive-delete", ""); err != nil {
		t.Fatal(err)
	}
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("/permissions")
	d.Until("the grant", func() bool { return strings.Contains(screen(m), "(tampered: not honoured) any command") })
}
