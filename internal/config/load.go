package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/joho/godotenv"
	"go.yaml.in/yaml/v3"

	"github.com/herm-dev/herm/internal/redact"
	"github.com/herm-dev/herm/internal/seal"
)

// Flags are the command-line overrides every agent-running command accepts.
type Flags struct {
	Profile  string
	Model    string
	Provider string
	BaseURL  string
	APIKey   string
}

// Settings is the effective configuration of one herm process.
type Settings struct {
	Config
	Home     Home
	Profile  string
	Warnings []Warning
	// Held are the safety settings config.yaml lowers without a person's
	// confirmation: herm runs them at a safer value (safety.go).
	Held   []Held
	flags  Flags
	env    map[string]string // .env file contents; the process env wins over it
	getenv func(string) string
	// key signs and verifies the home's safety records: read by Load if
	// the home has one, created by SigningKey (safety.go).
	key *seal.Key
}

// Getenv looks a variable up in the process environment, then in the home's
// .env file.
func (s *Settings) Getenv(key string) string { return s.getenv(key) }

// Load reads the configuration for flags.Profile. A missing config.yaml or
// .env is fine; a malformed one is an error naming the file, line and key.
func Load(flags Flags) (*Settings, error) {
	return load(flags, os.Getenv)
}

func load(flags Flags, processEnv func(string) string) (*Settings, error) {
	home, err := ResolveHome(flags.Profile, processEnv)
	if err != nil {
		return nil, err
	}
	s := &Settings{Config: Defaults(), Home: home, Profile: flags.Profile, flags: flags}
	dotenv, err := readDotenv(home.EnvFile())
	if err != nil {
		return nil, err
	}
	s.env = dotenv
	s.getenv = func(k string) string {
		if v := processEnv(k); v != "" {
			return v
		}
		return dotenv[k]
	}
	if err := s.readFile(home.ConfigFile()); err != nil {
		return nil, err
	}
	s.applyEnv()
	s.applyFlags()
	s.holdSafety()
	return s, nil
}

func readDotenv(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	m, err := godotenv.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: not a valid .env file (KEY=value per line): %w", path, err)
	}
	return m, nil
}

func (s *Settings) readFile(path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return syntaxError(path, err)
	}
	d := &decoder{file: path, getenv: s.getenv}
	if err := d.decode(&root, reflectValue(&s.Config), ""); err != nil {
		return err
	}
	s.Warnings = append(s.Warnings, d.warnings...)
	return nil
}

// applyEnv layers the HERM_* variables over config.yaml.
func (s *Settings) applyEnv() {
	if v := s.getenv("HERM_MODEL"); v != "" {
		s.Model.Name = v
	}
	if v := s.getenv("HERM_PROVIDER"); v != "" {
		s.Model.Provider = v
	}
	s.applyGatewayEnv()
}

func (s *Settings) applyFlags() {
	f := s.flags
	if f.Model != "" {
		s.Model.Name = f.Model
	}
	if f.Provider != "" {
		s.Model.Provider = f.Provider
	}
	if f.BaseURL != "" {
		s.Model.BaseURL = f.BaseURL
	}
}

// Endpoint resolves the primary model endpoint. The API key comes from
// --api-key, then the provider's environment variable, then model.api_key.
func (s *Settings) Endpoint() (Endpoint, error) {
	key := s.flags.APIKey
	ep, err := resolveEndpoint(s.Model.Provider, s.Model.Name, s.Model.BaseURL, key, s.Model.APIKey, s.getenv)
	if err != nil {
		return ep, err
	}
	ep.ContextLength = s.Model.ContextLength
	return ep, nil
}

// Fallbacks resolves the fallback chain, in order. Entries that cannot be
// resolved are returned as errors alongside the usable ones.
func (s *Settings) Fallbacks() ([]Endpoint, []error) {
	var eps []Endpoint
	var errs []error
	for i, f := range s.FallbackProviders {
		ep, err := resolveEndpoint(f.Provider, f.Model, f.BaseURL, f.APIKey, "", s.getenv)
		if err != nil {
			errs = append(errs, fmt.Errorf("fallback_providers[%d]: %w", i, err))
			continue
		}
		ep.ContextLength = f.ContextLength
		eps = append(eps, ep)
	}
	return eps, errs
}

// Secrets returns every secret value herm holds — API keys from config,
// flags and provider variables, the gateway's tokens, every value of
// HERM_HOME/.env but the plain settings herm reads there, and the signing
// key once SigningKey has opened it — so that what herm stores, shows,
// logs or sends can be redacted. Values shorter than 8 characters are left
// out: masking them would mangle ordinary text.
func (s *Settings) Secrets() []string {
	var out []string
	add := func(v string) {
		if len(v) >= 8 {
			out = append(out, v)
		}
	}
	add(s.flags.APIKey)
	add(s.Model.APIKey)
	for _, f := range s.FallbackProviders {
		add(f.APIKey)
	}
	for _, v := range s.gatewaySecrets() {
		add(v)
	}
	// .env is the home's secrets file (the sandbox makes it unreadable to
	// commands): whatever it holds is taken for a secret, whatever its
	// name, except the settings herm itself reads from it as plain values.
	for k, v := range s.env {
		if !slices.Contains(plainEnv, k) {
			add(v)
		}
	}
	for _, info := range providers {
		if info.keyEnv != "" {
			add(s.getenv(info.keyEnv))
		}
	}
	add(s.key.Encoded())
	return out
}

// Redactor hides every one of Secrets in text: the one redactor of a herm
// process (tool results, errors, logs). Build it after SigningKey, so it
// knows the key.
func (s *Settings) Redactor() *redact.Redactor { return redact.New(s.Secrets()...) }

// plainEnv are the variables herm reads from the environment or .env as
// settings that are not secret: masking them would hide, say, the model's
// name wherever it appears.
var plainEnv = []string{
	"HERM_HOME", "HERM_MODEL", "HERM_PROVIDER",
	"TELEGRAM_ALLOWED_USERS", "TELEGRAM_HOME_CHAT", "TELEGRAM_API_URL", "API_SERVER_ADDRESS",
	"OPENAI_BASE_URL", "OLLAMA_HOST",
}

// IsSecretName reports whether an environment variable name looks like it
// holds a credential.
func IsSecretName(name string) bool {
	upper := strings.ToUpper(name)
	for _, suffix := range []string{"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD"} {
		if strings.HasSuffix(upper, suffix) {
			return true
		}
	}
	return false
}

// Home is a herm home directory and the well-known paths inside it.
type Home string

// ResolveHome returns HERM_HOME (default ~/.herm), or its profiles/NAME
// subdirectory when a profile is given.
func ResolveHome(profile string, getenv func(string) string) (Home, error) {
	dir := getenv("HERM_HOME")
	if dir == "" {
		userHome, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("cannot find your home directory to place ~/.herm; set HERM_HOME: %w", err)
		}
		dir = filepath.Join(userHome, ".herm")
	}
	if profile != "" {
		if !validProfile(profile) {
			return "", fmt.Errorf("profile name %q is not valid: use letters, digits, '-', '_' and '.'", profile)
		}
		dir = filepath.Join(dir, "profiles", profile)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("herm home %s: %w", dir, err)
	}
	return Home(abs), nil
}

// validProfile accepts names that are safe as one path element.
func validProfile(name string) bool {
	if name == "" || len(name) > 64 || name[0] == '.' || name[0] == '-' || name[0] == '_' {
		return false
	}
	for _, r := range name {
		if !(r == '.' || r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func (h Home) Dir() string        { return string(h) }
func (h Home) ConfigFile() string { return filepath.Join(string(h), "config.yaml") }
func (h Home) EnvFile() string    { return filepath.Join(string(h), ".env") }
func (h Home) DBFile() string     { return filepath.Join(string(h), "state.db") }
func (h Home) SoulFile() string   { return filepath.Join(string(h), "SOUL.md") }
func (h Home) MemoriesDir() string {
	return filepath.Join(string(h), "memories")
}
func (h Home) SkillsDir() string { return filepath.Join(string(h), "skills") }
func (h Home) LogsDir() string   { return filepath.Join(string(h), "logs") }
func (h Home) CacheDir() string  { return filepath.Join(string(h), "cache") }

// KeyFile holds the key herm signs its own safety records with (grants,
// confirmed safety settings), so a record written by anything but herm
// is refused. Like the secrets, commands in the sandbox cannot read it.
func (h Home) KeyFile() string { return filepath.Join(string(h), ".herm-key") }

// SecretFiles are the files of the home that hold secrets: the sandbox
// makes them unreadable to commands, and nothing herm shows or sends may
// carry their contents.
func (h Home) SecretFiles() []string { return []string{h.EnvFile(), h.KeyFile()} }

// Ensure creates the home directory (0700) if it is missing, and tightens
// its mode if it is looser.
func (h Home) Ensure() error {
	if err := os.MkdirAll(string(h), 0o700); err != nil {
		return fmt.Errorf("create herm home %s: %w", h, err)
	}
	st, err := os.Stat(string(h))
	if err != nil {
		return fmt.Errorf("herm home %s: %w", h, err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(string(h), 0o700); err != nil {
			return fmt.Errorf("restrict herm home %s to its owner: %w", h, err)
		}
	}
	return nil
}
