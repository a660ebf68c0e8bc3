package input

import (
	"os"
	"path/filepath"
	"testing"
)

func TestResolvePath(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home directory")
	}
	for _, tt := range []struct{ in, want string }{
		{"notes.md", "/work/notes.md"},
		{"../x.png", "/x.png"},
		{"/etc/hosts", "/etc/hosts"},
		{"~/shot.png", filepath.Join(home, "shot.png")},
		{"~user/shot.png", "/work/~user/shot.png"},
	} {
		if got := ResolvePath("/work", tt.in); got != tt.want {
			t.Errorf("ResolvePath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
