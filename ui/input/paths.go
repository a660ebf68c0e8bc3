package input

import (
	"os"
	"path/filepath"
	"strings"
)

// ResolvePath turns a path the person typed into one to open: ~/ is their
// home directory, a relative path is relative to cwd (where herm runs).
func ResolvePath(cwd, p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[2:])
		}
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	return p
}
