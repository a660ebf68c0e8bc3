package seal

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func TestOpenCreatesPrivateKeyOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".herm-key")
	if k, err := Read(path); k != nil || err != nil {
		t.Fatalf("Read of a missing key: %v, %v", k, err)
	}
	k, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", st.Mode().Perm())
	}
	again, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if again.Encoded() != k.Encoded() {
		t.Error("a second Open made a new key")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestOpenRacesToOneKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".herm-key")
	keys := make([]string, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, err := Open(path)
			if err != nil {
				t.Error(err)
				return
			}
			keys[i] = k.Encoded()
		}()
	}
	wg.Wait()
	for _, k := range keys {
		if k != keys[0] {
			t.Fatalf("processes starting together got different keys")
		}
	}
}

func TestReadRefusesAMalformedKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".herm-key")
	os.WriteFile(path, []byte("not a key\n"), 0o600)
	if _, err := Read(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v", err)
	}
	if _, err := Open(path); err == nil {
		t.Fatal("Open replaced or accepted a malformed key")
	}
}

func TestSumAndVerify(t *testing.T) {
	k, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	other, _ := Generate()
	mac := k.Sum("grant", "recursive-delete", "")
	for _, c := range []struct {
		name string
		ok   bool
		mac  string
		key  *Key
		p    string
		f    []string
	}{
		{"same record", true, mac, k, "grant", []string{"recursive-delete", ""}},
		{"other field", false, mac, k, "grant", []string{"sudo", ""}},
		{"fields shifted", false, mac, k, "grant", []string{"recursive-delete"}},
		{"boundary moved", false, k.Sum("grant", "ab", "c"), k, "grant", []string{"a", "bc"}},
		{"other purpose", false, mac, k, "confirm", []string{"recursive-delete", ""}},
		{"other key", false, mac, other, "grant", []string{"recursive-delete", ""}},
		{"nil key", false, mac, nil, "grant", []string{"recursive-delete", ""}},
		{"empty mac", false, "", k, "grant", []string{"recursive-delete", ""}},
	} {
		if got := c.key.Verify(c.mac, c.p, c.f...); got != c.ok {
			t.Errorf("%s: Verify = %v", c.name, got)
		}
	}
	var nilKey *Key
	if nilKey.Sum("grant") != "" {
		t.Error("a nil key signed something")
	}
}

func TestKeyNeverPrints(t *testing.T) {
	k, _ := Generate()
	for _, s := range []string{fmt.Sprint(k), fmt.Sprintf("%v %+v %#v %s", k, k, k, k), fmt.Sprintf("%v %+v %#v", *k, *k, *k)} {
		if strings.Contains(s, k.Encoded()) {
			t.Fatalf("key printed: %s", s)
		}
	}
}
