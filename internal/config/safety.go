package config

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/internal/filelock"
	"github.com/herm-dev/herm/internal/seal"
)

// config.yaml is a file the agent could have written. So the settings
// that lower herm's safety take a less safe value only when a person
// confirmed it: at herm's prompt in the full-screen UI, or from their own
// shell with `herm config set`. A confirmation is kept in
// HERM_HOME/safety.json, signed with the home's key (internal/seal), so
// one a command wrote is refused. Until then herm runs with the value the
// person last confirmed (the default if they never did) and says why
// (Settings.Held).
//
// Raising safety needs nobody: a value safer than the confirmed one is
// used as it is, and becomes the confirmed one (Settle), so a later write
// back to the less safe value needs a person again.

// safetySetting is a setting whose less safe values need a person.
type safetySetting struct {
	key string
	// values are the setting's values, safest first.
	values []string
	// risk says, per value less safe than the default, what it lets the
	// agent do, for the person deciding.
	risk map[string]string
	get  func(*Config) string
	set  func(*Config, string)
}

// safetySettings are the settings that lower safety.
var safetySettings = []safetySetting{
	{
		key:    "approvals.mode",
		values: []string{"deny", "ask", "yolo"},
		risk: map[string]string{
			"ask":  "commands that need approval ask a person instead of being refused",
			"yolo": "commands that need approval run without asking anyone",
		},
		get: func(c *Config) string { return c.Approvals.Mode },
		set: func(c *Config, v string) { c.Approvals.Mode = v },
	},
	{
		key:    "terminal.sandbox",
		values: []string{"read-only", "workspace-write", "off"},
		risk: map[string]string{
			"workspace-write": "commands may write anywhere in the workspace",
			"off":             "commands run unconfined: they may change any file you can, herm's own included",
		},
		get: func(c *Config) string { return c.Terminal.Sandbox },
		set: func(c *Config, v string) { c.Terminal.Sandbox = v },
	},
	{
		key:    "terminal.network",
		values: []string{"off", "ask", "allow"},
		risk: map[string]string{
			"ask":   "commands may reach the network once you approve",
			"allow": "commands may reach the network without asking",
		},
		get: func(c *Config) string { return c.Terminal.Network },
		set: func(c *Config, v string) { c.Terminal.Network = v },
	},
	{
		key:    "cron.allow_ask_commands",
		values: []string{"false", "true"},
		risk:   map[string]string{"true": "scheduled jobs run commands that need approval without asking anyone"},
		get:    func(c *Config) string { return strconv.FormatBool(c.Cron.AllowAskCommands) },
		set:    func(c *Config, v string) { c.Cron.AllowAskCommands = v == "true" },
	},
}

func safetySettingFor(key string) (safetySetting, bool) {
	for _, ss := range safetySettings {
		if ss.key == key {
			return ss, true
		}
	}
	return safetySetting{}, false
}

// rank orders v by safety: 0 is the safest. A value the setting does not
// know ranks as the least safe.
func (ss safetySetting) rank(v string) int {
	if i := slices.Index(ss.values, v); i >= 0 {
		return i
	}
	return len(ss.values)
}

// IsSafetyKey reports whether key is a setting whose less safe values
// need a person's confirmation.
func IsSafetyKey(key string) bool {
	_, ok := safetySettingFor(key)
	return ok
}

// Held is a safety setting config.yaml asks to lower, held at a safer
// value until a person confirms it.
type Held struct {
	Key     string // the dotted key: approvals.mode
	Asked   string // the value config.yaml asks for
	Running string // the value herm runs with instead
	Risk    string // what Asked would let the agent do
}

func (h Held) String() string {
	return fmt.Sprintf("%s is %s in config.yaml, less safe than you have confirmed, so herm runs with %s: "+
		"a file the agent can write must not lower safety. To use %s (%s), confirm it at herm's prompt or run `herm config set %s %s` in your own shell",
		h.Key, h.Asked, h.Running, h.Asked, h.Risk, h.Key, h.Asked)
}

// confirmation is one entry of safety.json.
type confirmation struct {
	Key   string    `json:"key"`
	Value string    `json:"value"`
	At    time.Time `json:"at"`
	// By says who confirmed: "shell" (herm config set), "tui" (the
	// full-screen UI's prompt), or "herm" (herm recording a safer value).
	By  string `json:"by"`
	MAC string `json:"mac"`
}

const confirmPurpose = "herm safety confirmation v1"

func (c confirmation) fields() []string {
	return []string{c.Key, c.Value, c.At.UTC().Format(time.RFC3339Nano), c.By}
}

type safetyFile struct {
	Confirmed []confirmation `json:"confirmed"`
}

// SafetyFile holds the signed confirmations of safety-lowering settings.
func (h Home) SafetyFile() string { return filepath.Join(string(h), "safety.json") }

// readConfirmations returns the confirmations of safety.json that key
// signed, by setting; the others become warnings. A missing file has none.
func readConfirmations(h Home, key *seal.Key) (map[string]confirmation, []Warning) {
	path := h.SafetyFile()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []Warning{{File: path, Key: "(file)", Msg: fmt.Sprintf("cannot read the confirmed safety settings, so none count: %v", err)}}
	}
	var f safetyFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, []Warning{{File: path, Key: "(file)", Msg: "not valid JSON, so no confirmed safety setting counts; remove it and confirm them again"}}
	}
	out := map[string]confirmation{}
	var warns []Warning
	for _, c := range f.Confirmed {
		if !key.Verify(c.MAC, confirmPurpose, c.fields()...) {
			warns = append(warns, Warning{File: path, Key: c.Key, Msg: fmt.Sprintf(
				"the confirmation of %s is not signed by this herm home's key (a program other than herm wrote it), so it does not count", strconv.Quote(c.Value))})
			continue
		}
		out[c.Key] = c
	}
	return out, warns
}

// holdSafety runs every safety setting whose value is less safe than the
// confirmed one (or the default, never confirmed) with that value instead,
// and lists it in s.Held.
func (s *Settings) holdSafety() {
	key, err := seal.Read(s.Home.KeyFile())
	if err != nil {
		// Without the key no confirmation counts: herm runs safe. Inside
		// the sandbox the key is unreadable on purpose.
		s.Warnings = append(s.Warnings, Warning{File: s.Home.KeyFile(), Key: "(file)", Msg: err.Error() + "; safety settings run at their confirmed or default values"})
	}
	s.key = key
	confirmed, warns := readConfirmations(s.Home, key)
	s.Warnings = append(s.Warnings, warns...)
	defaults := Defaults()
	for _, ss := range safetySettings {
		floor := ss.get(&defaults)
		if c, ok := confirmed[ss.key]; ok {
			floor = c.Value
		}
		if asked := ss.get(&s.Config); ss.rank(asked) > ss.rank(floor) {
			ss.set(&s.Config, floor)
			s.Held = append(s.Held, Held{Key: ss.key, Asked: asked, Running: floor, Risk: ss.risk[asked]})
		}
	}
}

// SigningKey returns the home's signing key, creating it (and the home)
// on first use. Secrets includes it once it is open.
func (s *Settings) SigningKey() (*seal.Key, error) {
	if s.key != nil {
		return s.key, nil
	}
	if err := s.Home.Ensure(); err != nil {
		return nil, err
	}
	k, err := seal.Open(s.Home.KeyFile())
	if err != nil {
		return nil, err
	}
	s.key = k
	return k, nil
}

// ConfirmSafety records that a person confirmed key: value, said by by
// ("shell" for herm config set, "tui" for the full-screen UI's prompt).
// From then on config.yaml may set key to value, or to anything safer.
// Callers must know a person gave it: never call it for a request that
// came from the agent's own terminal.
func (h Home) ConfirmSafety(ctx context.Context, key, value, by string) error {
	ss, ok := safetySettingFor(key)
	if !ok {
		return fmt.Errorf("%s is not a safety setting; known ones: %s", key, strings.Join(SafetyKeys(), ", "))
	}
	if !slices.Contains(ss.values, value) {
		return fmt.Errorf("%s cannot be %s: use one of %v", key, strconv.Quote(value), ss.values)
	}
	return h.recordConfirmation(ctx, key, value, by)
}

// Settle records as confirmed each safety setting that runs safer than
// its confirmation (a person raised it in config.yaml): a later write back
// to the less safe value then needs a person again. It writes nothing when
// nothing changed.
func (s *Settings) Settle(ctx context.Context) error {
	key, err := s.SigningKey()
	if err != nil {
		return err
	}
	confirmed, _ := readConfirmations(s.Home, key)
	for _, ss := range safetySettings {
		c, ok := confirmed[ss.key]
		if now := ss.get(&s.Config); ok && ss.rank(now) < ss.rank(c.Value) {
			if err := s.Home.recordConfirmation(ctx, ss.key, now, "herm"); err != nil {
				return err
			}
		}
	}
	return nil
}

// recordConfirmation replaces key's confirmation in safety.json with a
// signed one for value, under a lock so two herm processes recording at
// once lose neither record.
func (h Home) recordConfirmation(ctx context.Context, key, value, by string) error {
	if err := h.Ensure(); err != nil {
		return err
	}
	sk, err := seal.Open(h.KeyFile())
	if err != nil {
		return err
	}
	path := h.SafetyFile()
	unlock, err := filelock.Lock(ctx, filepath.Join(string(h), ".safety.lock"), path)
	if err != nil {
		return err
	}
	defer unlock()
	var f safetyFile
	if data, err := os.ReadFile(path); err == nil {
		// An unreadable or forged file is replaced: its entries never
		// counted.
		json.Unmarshal(data, &f)
	}
	f.Confirmed = slices.DeleteFunc(f.Confirmed, func(c confirmation) bool {
		return c.Key == key || !sk.Verify(c.MAC, confirmPurpose, c.fields()...)
	})
	c := confirmation{Key: key, Value: value, At: time.Now().UTC(), By: by}
	c.MAC = sk.Sum(confirmPurpose, c.fields()...)
	f.Confirmed = append(f.Confirmed, c)
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", path, err)
	}
	return atomicfile.Write(path, append(data, '\n'), 0o600)
}

// LowersSafety reports whether setting key to value (as `herm config set`
// was given it) asks for less safety than the person last confirmed, and
// returns the value in its canonical form. It is false for keys that are
// not safety settings.
func (s *Settings) LowersSafety(key, value string) (canonical string, lowers bool, err error) {
	ss, ok := safetySettingFor(key)
	if !ok {
		return value, false, nil
	}
	_, probe, err := parse(key, value)
	if err != nil {
		return "", false, err
	}
	if probe.Kind() == reflect.Bool {
		canonical = strconv.FormatBool(probe.Bool())
	} else {
		canonical = probe.String()
	}
	floor := ss.get(&s.Config)
	for _, h := range s.Held {
		if h.Key == key {
			floor = h.Running
		}
	}
	return canonical, ss.rank(canonical) > ss.rank(floor), nil
}

// SafetyKeys lists the settings whose less safe values need a person's
// confirmation.
func SafetyKeys() []string {
	out := make([]string, len(safetySettings))
	for i, ss := range safetySettings {
		out[i] = ss.key
	}
	return out
}
