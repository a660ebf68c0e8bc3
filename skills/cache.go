package skills

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/herm-dev/herm/internal/atomicfile"
)

// The index cache keeps parsed frontmatter on disk between processes, so
// the first prompt of a one-shot `herm chat -q` with hundreds of skills
// costs a stat per skill instead of a read and a YAML parse per skill.
// Every entry is checked against the file's size and modification time
// before use, so a stale or damaged cache only costs a re-parse.

const cacheVersion = 3

type cacheFile struct {
	Version int         `json:"version"`
	Entries []diskEntry `json:"entries"`
}

type diskEntry struct {
	Path  string     `json:"path"` // the SKILL.md
	Size  int64      `json:"size"`
	Mod   int64      `json:"mod"` // UnixNano
	Skill *diskSkill `json:"skill,omitempty"`
	Err   string     `json:"err,omitempty"`
}

// diskSkill is what a catalog entry keeps of a parsed SKILL.md (no body,
// no metadata); the folder, category and read-only flag come from where
// it is found.
type diskSkill struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Version     string   `json:"version,omitempty"`
	License     string   `json:"license,omitempty"`
	Platforms   []string `json:"platforms,omitempty"`
	Warnings    []string `json:"warnings,omitempty"`
}

// WithIndexCache makes the library keep its parsed frontmatter in path
// (HERM_HOME/cache/skills-index.json) across processes. It returns l.
func (l *Library) WithIndexCache(path string) *Library {
	l.mu.Lock()
	l.cachePath = path
	l.mu.Unlock()
	return l
}

// loadDiskCache fills the in-memory cache from the cache file, once. The
// caller holds l.mu.
func (l *Library) loadDiskCache() {
	if l.cachePath == "" || l.cacheLoaded {
		return
	}
	l.cacheLoaded = true
	data, err := os.ReadFile(l.cachePath)
	if err != nil {
		return
	}
	var f cacheFile
	if json.Unmarshal(data, &f) != nil || f.Version != cacheVersion {
		return
	}
	for _, e := range f.Entries {
		path := e.Path
		if _, ok := l.cache[path]; ok || (e.Skill == nil) == (e.Err == "") {
			continue
		}
		ce := cacheEntry{size: e.Size, mod: time.Unix(0, e.Mod)}
		if d := e.Skill; d != nil {
			ce.skill = &Skill{Name: d.Name, Description: d.Description, Version: d.Version, License: d.License,
				Platforms: d.Platforms, Warnings: d.Warnings, Path: path, Dir: filepath.Dir(path)}
		}
		if e.Err != "" {
			ce.err = errors.New(e.Err)
		}
		l.cache[path] = ce
	}
}

// saveDiskCache writes the in-memory cache to the cache file (best
// effort: a failure only costs the next process a re-parse). The caller
// holds l.mu.
func (l *Library) saveDiskCache() {
	if l.cachePath == "" {
		return
	}
	f := cacheFile{Version: cacheVersion, Entries: make([]diskEntry, 0, len(l.cache))}
	for path, c := range l.cache {
		e := diskEntry{Path: path, Size: c.size, Mod: c.mod.UnixNano()}
		if k := c.skill; k != nil {
			e.Skill = &diskSkill{Name: k.Name, Description: k.Description, Version: k.Version, License: k.License,
				Platforms: k.Platforms, Warnings: k.Warnings}
		}
		if c.err != nil {
			e.Err = c.err.Error()
		}
		f.Entries = append(f.Entries, e)
	}
	data, err := json.Marshal(f)
	if err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(l.cachePath), 0o700) == nil {
		atomicfile.Write(l.cachePath, data, 0o600)
	}
}
