package skills

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/internal/filelock"
)

// bundled holds the skills shipped in the binary, one folder each.
//
//go:embed all:bundled
var bundled embed.FS

// manifestName records, per bundled skill, the hash of the version herm
// last installed. It tells an untouched copy (safe to update) from one the
// user edited (never touched), and remembers skills the user deleted (not
// reinstalled).
const manifestName = ".bundled.json"

type manifest struct {
	Skills map[string]string `json:"skills"` // name → "sha256:…" of the installed version
}

// BundledNames lists the skills shipped in the binary.
func BundledNames() []string {
	entries, _ := fs.ReadDir(bundled, "bundled")
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// InstallReport says what InstallBundled did.
type InstallReport struct {
	Installed []string // copied for the first time
	Updated   []string // untouched copies replaced by the new version
	Kept      []string // copies the user changed, left alone although a new version ships
}

// InstallBundled copies the bundled skills into the library's root: new
// ones are installed, copies nobody changed are updated to the version in
// this binary, and copies the user edited, or deleted, are left as they
// are. It is cheap when nothing changed (one small file read and a stat
// per bundled skill) and safe to run from several processes at once.
func (l *Library) InstallBundled(ctx context.Context) (InstallReport, error) {
	var rep InstallReport
	names := BundledNames()
	m, err := l.readManifest()
	if err != nil {
		return rep, err
	}
	work := false
	hashes := map[string]string{}
	for _, name := range names {
		h, err := hashFS(bundled, path.Join("bundled", name))
		if err != nil {
			return rep, err
		}
		hashes[name] = h
		if m.Skills[name] != h {
			work = true
		}
	}
	if !work {
		return rep, nil
	}
	unlock, err := filelock.Lock(ctx, filepath.Join(l.root, ".bundled.lock"), "the bundled skills")
	if err != nil {
		return rep, err
	}
	defer unlock()
	// Another process may have installed them while this one waited.
	if m, err = l.readManifest(); err != nil {
		return rep, err
	}
	changed := false
	for _, name := range names {
		h, installed := hashes[name], m.Skills[name]
		dir := filepath.Join(l.root, name)
		switch {
		case installed == h:
			continue
		case !exists(dir):
			if installed != "" {
				continue // the user deleted it: respect that
			}
			if err := l.installOne(name, dir); err != nil {
				return rep, err
			}
			rep.Installed = append(rep.Installed, name)
		case installed == "":
			continue // a skill of the user's own with that name
		default:
			onDisk, err := hashDir(dir)
			if err != nil || onDisk != installed {
				rep.Kept = append(rep.Kept, name)
				continue
			}
			if err := l.installOne(name, dir); err != nil {
				return rep, err
			}
			rep.Updated = append(rep.Updated, name)
		}
		m.Skills[name] = h
		changed = true
	}
	if changed {
		data, _ := json.MarshalIndent(m, "", "  ")
		if err := atomicfile.Write(filepath.Join(l.root, manifestName), append(data, '\n'), 0o644); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func (l *Library) readManifest() (manifest, error) {
	m := manifest{Skills: map[string]string{}}
	data, err := os.ReadFile(filepath.Join(l.root, manifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, fmt.Errorf("read %s: %w", manifestName, err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		// A damaged manifest only costs the update of untouched copies:
		// with no record, every existing folder counts as the user's.
		return manifest{Skills: map[string]string{}}, nil
	}
	if m.Skills == nil {
		m.Skills = map[string]string{}
	}
	return m, nil
}

// installOne writes the bundled skill into a fresh folder and swaps it in
// place of dir, so a reader never sees half a skill.
func (l *Library) installOne(name, dir string) error {
	if err := os.MkdirAll(l.root, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", l.root, err)
	}
	tmp, err := os.MkdirTemp(l.root, "."+name+".new-")
	if err != nil {
		return fmt.Errorf("install skill %s: %w", name, err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700
		return fmt.Errorf("install skill %s: %w", name, err)
	}
	src := path.Join("bundled", name)
	err = fs.WalkDir(bundled, src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, src), "/")
		target := filepath.Join(tmp, filepath.FromSlash(rel))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := bundled.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, fileMode(rel))
	})
	if err != nil {
		return fmt.Errorf("install skill %s: %w", name, err)
	}
	if exists(dir) {
		old := filepath.Join(l.root, fmt.Sprintf(".%s.old-%d", name, time.Now().UnixNano()))
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("update skill %s: %w", name, err)
		}
		defer os.RemoveAll(old)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("install skill %s: %w", name, err)
	}
	return nil
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// hashFS hashes every file under dir of fsys: names and contents, in order.
func hashFS(fsys fs.FS, dir string) (string, error) {
	type file struct{ rel, path string }
	var files []file
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel := p
			if dir != "." {
				rel = strings.TrimPrefix(p, dir+"/")
			}
			files = append(files, file{rel, p})
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	h := sha256.New()
	for _, f := range files {
		data, err := fs.ReadFile(fsys, f.path)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", f.rel, len(data))
		h.Write(data)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// hashDir hashes a skill folder on disk the way hashFS hashes the bundled
// copy; any added, removed or changed file changes it.
func hashDir(dir string) (string, error) {
	return hashFS(os.DirFS(dir), ".")
}
