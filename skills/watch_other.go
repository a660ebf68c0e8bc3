//go:build !linux

package skills

import "errors"

// watcher is Linux-only (inotify); elsewhere every Catalog stats the skill
// files, which is correct and only slower.
type watcher struct{}

func newWatcher() (*watcher, error)        { return nil, errors.New("no file watching on this system") }
func (w *watcher) add(string) (int, error) { return -1, nil }
func (w *watcher) changed() bool           { return true }
func (w *watcher) close()                  {}
