package skills

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Library finds the skills of one herm home: HERM_HOME/skills, where herm
// writes, and the external directories, which it only reads. Parsed
// frontmatter is cached by file size and modification time, so listing
// skills again (each new session's prompt, skills_list) costs a directory
// read and a stat per skill.
type Library struct {
	root     string
	external []string

	mu          sync.Mutex
	cache       map[string]cacheEntry // by SKILL.md path
	cachePath   string                // the on-disk copy of cache (cache.go); "" for none
	cacheLoaded bool

	indexMu    sync.Mutex
	index      string // the last Index, for indexState
	indexState uint64

	// Watching (watch_linux.go): a library scanned more than once is a
	// long-lived one (the TUI, the gateway). From its second scan it
	// watches the skill folders, and while nothing changes Catalog returns
	// the last scan without touching the disk.
	scans      int
	watch      *watcher
	watchFail  bool         // watching is unavailable; always scan
	watchWDs   map[int]bool // watch descriptors seen, to notice new ones
	watchValid bool         // the last scan ran with every folder already watched
	last       Catalog
}

type cacheEntry struct {
	size  int64
	mod   time.Time
	skill *Skill // without Body and Metadata
	err   error
}

// NewLibrary returns the library rooted at root (HERM_HOME/skills) with
// read-only external directories. "~/" in an external directory is the
// user's home; a relative one is relative to root's parent (the herm home).
func NewLibrary(root string, external []string) *Library {
	l := &Library{root: filepath.Clean(root), cache: map[string]cacheEntry{}}
	for _, d := range external {
		d = strings.TrimSpace(d)
		if d == "" {
			continue
		}
		if d == "~" || strings.HasPrefix(d, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				d = filepath.Join(home, d[1:])
			}
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(filepath.Dir(l.root), d)
		}
		d = filepath.Clean(d)
		if d != l.root {
			l.external = append(l.external, d)
		}
	}
	return l
}

// Root is the directory herm writes skills to.
func (l *Library) Root() string { return l.root }

// ExternalDirs are the read-only directories searched after Root.
func (l *Library) ExternalDirs() []string { return append([]string(nil), l.external...) }

// Catalog is every skill the library found.
type Catalog struct {
	// Skills are the usable skills, sorted by name. When two share a name
	// the first found wins (HERM_HOME/skills, then external_dirs in order).
	Skills []*Skill
	// Shadowed are valid skills hidden by an earlier one of the same name.
	Shadowed []*Skill
	// Problems are SKILL.md files that do not parse.
	Problems []Problem

	// state identifies the files the catalog was built from (paths, sizes,
	// modification times), so what is derived from it can be cached.
	state uint64
}

// Problem is a SKILL.md that could not be used.
type Problem struct {
	Path     string
	ReadOnly bool
	Err      error
}

// Find returns the skill called name, or nil.
func (c Catalog) Find(name string) *Skill {
	i := sort.Search(len(c.Skills), func(i int) bool { return c.Skills[i].Name >= name })
	if i < len(c.Skills) && c.Skills[i].Name == name {
		return c.Skills[i]
	}
	return nil
}

// Broken returns the problem of a SKILL.md that does not parse whose
// folder is called name, or nil: such a skill is known by its folder's
// name, so it can still be fixed (Edit, Patch) or deleted.
func (c Catalog) Broken(name string) *Problem {
	for i := range c.Problems {
		if filepath.Base(filepath.Dir(c.Problems[i].Path)) == name {
			return &c.Problems[i]
		}
	}
	return nil
}

// Categories lists the categories in use, sorted.
func (c Catalog) Categories() []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range c.Skills {
		if s.Category != "" && !seen[s.Category] {
			seen[s.Category] = true
			out = append(out, s.Category)
		}
	}
	sort.Strings(out)
	return out
}

// Catalog scans the skill directories. Its skills carry the frontmatter
// fields but no Body or Metadata (Get has those); treat them as read-only.
func (l *Library) Catalog() Catalog {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.watchValid && !l.watch.changed() {
		return l.last.clone()
	}
	if l.watch != nil {
		l.watch.changed() // this scan sees every change up to now
	}
	l.loadDiskCache()
	found, folders, complete := l.find()
	// Parse what the cache does not hold, in parallel: YAML parsing is
	// the cost of a first scan.
	parsed := make([]*Skill, len(found))
	errs := make([]error, len(found))
	var misses []int
	for i, f := range found {
		if c, ok := l.cache[f.md]; ok && c.size == f.st.Size() && c.mod.Equal(f.st.ModTime()) {
			parsed[i], errs[i] = c.skill, c.err
			continue
		}
		misses = append(misses, i)
	}
	parallel(len(misses), func(k int) {
		i := misses[k]
		s, err := parseFile(found[i].md, found[i].st.Size())
		if s != nil {
			s.Body, s.Metadata = "", nil // Get has them
		}
		parsed[i], errs[i] = s, err
	})
	for _, i := range misses {
		f := found[i]
		l.cache[f.md] = cacheEntry{size: f.st.Size(), mod: f.st.ModTime(), skill: parsed[i], err: errs[i]}
	}

	var c Catalog
	seen := make(map[string]bool, len(found))
	byName := make(map[string]bool, len(found))
	h := fnv.New64a()
	var num [16]byte
	for i, f := range found {
		seen[f.md] = true
		h.Write([]byte(f.md))
		binary.LittleEndian.PutUint64(num[:8], uint64(f.st.Size()))
		binary.LittleEndian.PutUint64(num[8:], uint64(f.st.ModTime().UnixNano()))
		h.Write(num[:])
		if errs[i] != nil {
			c.Problems = append(c.Problems, Problem{Path: f.md, ReadOnly: f.readOnly, Err: errs[i]})
			continue
		}
		cp := *parsed[i]
		cp.Category, cp.Dir, cp.ReadOnly = f.category, f.dir, f.readOnly
		if byName[cp.Name] {
			c.Shadowed = append(c.Shadowed, &cp)
			continue
		}
		byName[cp.Name] = true
		c.Skills = append(c.Skills, &cp)
	}
	c.state = h.Sum64()
	// Forget files that are gone, so the cache does not grow forever in a
	// long-running process.
	dirty := len(misses) > 0
	for p := range l.cache {
		if !seen[p] {
			delete(l.cache, p)
			dirty = true
		}
	}
	if dirty {
		l.saveDiskCache()
	}
	sort.Slice(c.Skills, func(i, j int) bool { return c.Skills[i].Name < c.Skills[j].Name })
	sort.Slice(c.Problems, func(i, j int) bool { return c.Problems[i].Path < c.Problems[j].Path })
	l.scans++
	for _, f := range found {
		folders = append(folders, f.dir)
	}
	l.updateWatches(folders, complete)
	l.last = c
	return c.clone()
}

func (c Catalog) clone() Catalog {
	c.Skills = slices.Clone(c.Skills)
	c.Shadowed = slices.Clone(c.Shadowed)
	c.Problems = slices.Clone(c.Problems)
	return c
}

// updateWatches watches every folder of a scan, from the library's second
// scan on. The scan is a valid base for later ones only if every folder
// was watched before it was read, so one that needed new watches is not
// (the next Catalog scans again); nor is one with a missing root, whose
// creation no watch would see.
func (l *Library) updateWatches(folders []string, complete bool) {
	l.watchValid = false
	if l.watchFail || l.scans < 2 {
		return
	}
	if l.watch == nil {
		w, err := newWatcher()
		if err != nil {
			l.watchFail = true
			return
		}
		l.watch, l.watchWDs = w, map[int]bool{}
		runtime.AddCleanup(l, func(w *watcher) { w.close() }, w)
	}
	added := false
	for _, dir := range folders {
		wd, err := l.watch.add(dir)
		if err != nil {
			// Out of watches (or instances): fall back to scanning.
			l.watch.close()
			l.watch, l.watchFail = nil, true
			return
		}
		if wd >= 0 && !l.watchWDs[wd] {
			l.watchWDs[wd] = true
			added = true
		}
	}
	l.watchValid = complete && !added
}

// located is one SKILL.md found on disk.
type located struct {
	md, dir, category string
	readOnly          bool
	st                fs.FileInfo
}

// find lists every SKILL.md in the roots, in search order: for each root,
// root/<name>/SKILL.md and, one level down, root/<category>/<name>/SKILL.md.
// Folders whose names start with "." are skipped (.git, herm's own
// bookkeeping). The stat calls run in parallel: with hundreds of skills
// they are most of a warm scan.
func (l *Library) find() (found []located, folders []string, complete bool) {
	type cand struct {
		dir, md, category string
		readOnly          bool
	}
	const sep = string(filepath.Separator)
	// Names from ReadDir hold no separator and the roots are clean, so
	// plain concatenation builds clean paths (filepath.Join would clean
	// them again, once per skill).
	newCand := func(parent, name, category string, readOnly bool) cand {
		dir := parent + sep + name
		return cand{dir: dir, md: dir + sep + FileName, category: category, readOnly: readOnly}
	}
	complete = true
	var top []cand
	for i, root := range append([]string{l.root}, l.external...) {
		entries, err := os.ReadDir(root)
		if err != nil {
			complete = false
			continue
		}
		folders = append(folders, root)
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), ".") && isDir(root, e) {
				top = append(top, newCand(root, e.Name(), "", i > 0))
			}
		}
	}
	stat := func(cs []cand) []fs.FileInfo {
		out := make([]fs.FileInfo, len(cs))
		parallel(len(cs), func(i int) {
			if st, err := os.Stat(cs[i].md); err == nil && st.Mode().IsRegular() {
				out[i] = st
			}
		})
		return out
	}
	found = make([]located, 0, len(top))
	for i, st := range stat(top) {
		c := top[i]
		if st != nil {
			found = append(found, located{md: c.md, dir: c.dir, category: c.category, readOnly: c.readOnly, st: st})
			continue
		}
		// No SKILL.md: a category folder holding skills.
		subs, err := os.ReadDir(c.dir)
		if err != nil {
			continue
		}
		folders = append(folders, c.dir)
		var inner []cand
		category := filepath.Base(c.dir)
		for _, se := range subs {
			if !strings.HasPrefix(se.Name(), ".") && isDir(c.dir, se) {
				inner = append(inner, newCand(c.dir, se.Name(), category, c.readOnly))
			}
		}
		for j, sst := range stat(inner) {
			if sst != nil {
				ic := inner[j]
				found = append(found, located{md: ic.md, dir: ic.dir, category: ic.category, readOnly: ic.readOnly, st: sst})
			}
		}
	}
	return found, folders, complete
}

// parallel runs fn(0..n-1) on a few goroutines; small n runs inline.
func parallel(n int, fn func(i int)) {
	const perWorker = 32
	workers := min(n/perWorker, 2*runtime.GOMAXPROCS(0), 16)
	if workers < 2 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// isDir reports whether e is a directory, following a symlink (skill
// folders are often linked in from elsewhere).
func isDir(parent string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	st, err := os.Stat(filepath.Join(parent, e.Name()))
	return err == nil && st.IsDir()
}

// parseFile reads and parses one SKILL.md, refusing an oversized one
// before reading it.
func parseFile(md string, size int64) (*Skill, error) {
	if size > MaxSkillBytes {
		return nil, &Error{File: md, Msg: fmt.Sprintf("SKILL.md is %s; the limit is %s. Keep SKILL.md to the instructions and move long material into references/ files",
			sizeString(int(min(size, 1<<40))), sizeString(MaxSkillBytes))}
	}
	data, err := os.ReadFile(md)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", md, err)
	}
	s, err := Parse(md, data)
	if err != nil {
		return nil, err
	}
	s.Path, s.Dir = md, filepath.Dir(md)
	if base := filepath.Base(s.Dir); base != s.Name {
		s.Warnings = append(s.Warnings, fmt.Sprintf("the name %q differs from its folder %q; herm goes by the name", s.Name, base))
	}
	return s, nil
}

// NotFoundError is returned for a skill name no directory holds.
type NotFoundError struct{ Name string }

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("there is no skill named %q (skills_list shows the installed ones)", e.Name)
}

// Get returns the skill called name with its Body.
func (l *Library) Get(name string) (*Skill, error) {
	found := l.Catalog().Find(name)
	if found == nil {
		return nil, &NotFoundError{Name: name}
	}
	return l.load(found)
}

// load re-reads a catalog entry's SKILL.md for its body.
func (l *Library) load(entry *Skill) (*Skill, error) {
	st, err := os.Stat(entry.Path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", entry.Path, err)
	}
	s, err := parseFile(entry.Path, st.Size())
	if err != nil {
		return nil, err
	}
	s.Category, s.Dir, s.ReadOnly = entry.Category, entry.Dir, entry.ReadOnly
	return s, nil
}

// FileInfo is one supporting file of a skill.
type FileInfo struct {
	Path string // relative to the skill's folder, with '/' separators
	Size int64
}

// Files lists a skill's files other than SKILL.md, sorted, skipping
// dot-files and anything reached through a symlink to outside the skill.
func (l *Library) Files(s *Skill) []FileInfo {
	var out []FileInfo
	filepath.WalkDir(s.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if path != s.Dir && strings.HasPrefix(name, ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || d.Type()&fs.ModeSymlink != 0 && !withinDir(s.Dir, path) {
			return nil
		}
		rel, err := filepath.Rel(s.Dir, path)
		if err != nil || rel == FileName {
			return nil
		}
		info, err := os.Stat(path)
		if err != nil || !info.Mode().IsRegular() {
			return nil
		}
		out = append(out, FileInfo{Path: filepath.ToSlash(rel), Size: info.Size()})
		return nil
	})
	return out
}
