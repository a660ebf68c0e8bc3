package skills

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Import copies src, a skill found in another library (a Hermes home, a
// shared folder), into this library's root under the same category. Only
// regular files are copied: symbolic links, hidden files and files over
// MaxFileBytes are left out, and named in skipped. A name the library
// already has is refused. The copy is assembled beside its destination and
// renamed into place, so a half-copied skill is never listed.
func (l *Library) Import(src *Skill) (skipped []string, err error) {
	if err := ValidName(src.Name); err != nil {
		return nil, err
	}
	if found := l.Catalog().Find(src.Name); found != nil {
		return nil, fmt.Errorf("a skill named %q already exists at %s", src.Name, found.Dir)
	}
	parent := l.root
	if src.Category != "" {
		if err := ValidName(src.Category); err != nil {
			parent = l.root // an odd category folder name: import uncategorised
		} else {
			parent = filepath.Join(l.root, src.Category)
		}
	}
	dst := filepath.Join(parent, src.Name)
	if exists(dst) {
		return nil, fmt.Errorf("the folder %s already exists", dst)
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", parent, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+src.Name+".import-")
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", src.Name, err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700
		return nil, fmt.Errorf("import %s: %w", src.Name, err)
	}
	err = filepath.WalkDir(src.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, rerr := filepath.Rel(src.Dir, p)
		if rerr != nil || rel == "." {
			return rerr
		}
		switch {
		case strings.HasPrefix(d.Name(), "."):
			skipped = append(skipped, rel+" (hidden)")
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			skipped = append(skipped, rel+" (symbolic link)")
			return nil
		case d.IsDir():
			return os.MkdirAll(filepath.Join(tmp, rel), 0o755)
		case !d.Type().IsRegular():
			skipped = append(skipped, rel+" (not a regular file)")
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > MaxFileBytes {
			skipped = append(skipped, fmt.Sprintf("%s (%s, over the %s limit)", rel, sizeString(int(min(info.Size(), 1<<40))), sizeString(MaxFileBytes)))
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if info.Mode().Perm()&0o111 != 0 {
			mode = 0o755
		}
		return os.WriteFile(filepath.Join(tmp, rel), data, mode)
	})
	if err != nil {
		return skipped, fmt.Errorf("import %s: %w", src.Name, err)
	}
	if _, err := os.Stat(filepath.Join(tmp, FileName)); err != nil {
		return skipped, fmt.Errorf("import %s: its SKILL.md could not be copied", src.Name)
	}
	if err := os.Rename(tmp, dst); err != nil {
		return skipped, fmt.Errorf("import %s: %w", src.Name, err)
	}
	return skipped, nil
}
