package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/store"
)

// TestSearchErrorIsUsage: a query the store cannot run exits 2 with the
// store's words for the person who typed it; other failures stay failures.
func TestSearchErrorIsUsage(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.SearchSessions(ctx, "role:wizard deploy", store.SearchOptions{})
	var b bytes.Buffer
	want := "herm: bad search filter: role:wizard is not a role; use role:user, role:assistant, role:tool or role:system\n"
	if code := exitStatus(&b, searchError(err)); code != exitUsage || b.String() != want {
		t.Errorf("bad filter: exit %d, %q; want %d, %q", code, b.String(), exitUsage, want)
	}

	st.Close()
	_, err = st.SearchSessions(ctx, "deploy", store.SearchOptions{})
	b.Reset()
	if code := exitStatus(&b, searchError(err)); code != exitFailure || !strings.HasPrefix(b.String(), "herm: store: search") {
		t.Errorf("closed store: exit %d, %q; want %d and the store's error", code, b.String(), exitFailure)
	}
}
