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

const cacheVersion = 1

type cacheFile struct {
	Version int                  `json:"version"`
	Entries map[string]diskEntry `json:"entries"` // by SKILL.md path
}

type diskEntry struct {
	Size  int64  `json:"size"`
	Mod   int64  `json:"mod"` // UnixNano
	Skill *Skill `json:"skill,omitempty"`
	Err   string `json:"err,omitempty"`
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
	for path, e := range f.Entries {
		if _, ok := l.cache[path]; ok || (e.Skill == nil) == (e.Err == "") {
			continue
		}
		ce := cacheEntry{size: e.Size, mod: time.Unix(0, e.Mod), skill: e.Skill}
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
	f := cacheFile{Version: cacheVersion, Entries: make(map[string]diskEntry, len(l.cache))}
	for path, c := range l.cache {
		e := diskEntry{Size: c.size, Mod: c.mod.UnixNano(), Skill: c.skill}
		if c.err != nil {
			e.Err = c.err.Error()
		}
		f.Entries[path] = e
	}
	data, err := json.Marshal(f)
	if err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(l.cachePath), 0o700) == nil {
		atomicfile.Write(l.cachePath, data, 0o600)
	}
}
