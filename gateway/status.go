package gateway

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/herm-dev/herm/internal/atomicfile"
)

// Status is what `herm gateway status` shows. The running gateway writes
// it to HERM_HOME/gateway/status.json every few seconds and on changes.
type Status struct {
	PID       int              `json:"pid"`
	State     string           `json:"state"` // starting, ready, draining, stopped
	StartedAt time.Time        `json:"started_at"`
	UpdatedAt time.Time        `json:"updated_at"`
	Platforms []PlatformStatus `json:"platforms"`
	// Sessions are chats with a session loaded; Running are turns in
	// progress; Queued are messages waiting behind them.
	Sessions    int `json:"sessions"`
	Running     int `json:"running"`
	Queued      int `json:"queued"`
	CronRunning int `json:"cron_running"`
}

// PlatformStatus is one platform's connection.
type PlatformStatus struct {
	Name    string    `json:"name"`
	State   string    `json:"state"` // connecting, connected, retrying, stopped
	Since   time.Time `json:"since"`
	Error   string    `json:"error,omitempty"`
	Retries int       `json:"retries,omitempty"`
}

// StateDir is where the gateway keeps its status and lock files.
func StateDir(home string) string { return filepath.Join(home, "gateway") }

func statusPath(home string) string { return filepath.Join(StateDir(home), "status.json") }
func lockPath(home string) string   { return filepath.Join(StateDir(home), "gateway.lock") }

func writeStatus(home string, st Status) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(statusPath(home), append(data, '\n'), 0o600)
}

// ReadStatus returns the last status the gateway of home wrote and whether
// a gateway is running there now (it holds the lock). A home where no
// gateway ever ran returns a nil status.
func ReadStatus(home string) (st *Status, running bool, err error) {
	running, err = lockHeld(lockPath(home))
	if err != nil {
		return nil, false, err
	}
	data, err := os.ReadFile(statusPath(home))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, running, nil
	}
	if err != nil {
		return nil, running, fmt.Errorf("read the gateway status: %w", err)
	}
	st = &Status{}
	if err := json.Unmarshal(data, st); err != nil {
		return nil, running, fmt.Errorf("%s is not a gateway status file: %w", statusPath(home), err)
	}
	return st, running, nil
}

// Running reports whether a gateway holds home's lock.
func Running(home string) (bool, error) { return lockHeld(lockPath(home)) }

// Lock takes home's gateway lock, so two gateways never serve one home
// (they would both answer every message). release gives it back.
func Lock(home string) (release func(), err error) {
	if err := os.MkdirAll(StateDir(home), 0o700); err != nil {
		return nil, fmt.Errorf("create %s: %w", StateDir(home), err)
	}
	return lockFile(lockPath(home))
}

func pid() int { return os.Getpid() }
