package cli

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/internal/redact"
	"github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

func getenv(k string) string { return os.Getenv(k) }

// agentFlags are the flags every agent-running command takes.
type agentFlags struct {
	config.Flags
}

func (f *agentFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	profileFlag(fs, &f.Profile)
	fs.StringVar(&f.Model, "model", "", "model name (overrides HERM_MODEL and model.name)")
	fs.StringVar(&f.Provider, "provider", "", "provider: "+strings.Join(config.ProviderNames(), "|"))
	fs.StringVar(&f.BaseURL, "base-url", "", "base URL of the model API (any OpenAI-compatible server)")
	fs.StringVar(&f.APIKey, "api-key", "", "API key (prefer an environment variable or HERM_HOME/.env)")
}

// app is one herm process's wiring: settings, store, tools and agent.
type app struct {
	settings *config.Settings
	store    *store.Store
	agent    *agent.Agent
	terminal *terminal.Backend
	// redact hides every secret the settings hold; the agent redacts tool
	// results with it, front ends errors and notices.
	redact *redact.Redactor
}

// appOption adds front-end-specific tools (the gateway's cronjob and
// send_message) once the store is open.
type appOption func(st *store.Store, opts *tools.Options)

// startApp is how a command line command that runs the agent starts:
// loadSettings for flags, warnings on cmd's stderr, then openApp.
func startApp(ctx context.Context, cmd *cobra.Command, flags config.Flags, extra ...appOption) (*app, error) {
	warn := stderrWarnings(cmd)
	s, err := loadSettings(flags, warn)
	if err != nil {
		return nil, err
	}
	return openApp(ctx, s, warn, extra...)
}

// openApp opens everything an agent needs for loaded settings: the model
// provider and its fallbacks, the store, the terminal, memory and skills.
// Problems that do not stop it go to warn.
func openApp(ctx context.Context, s *config.Settings, warn warnFunc, extra ...appOption) (*app, error) {
	ep, err := s.Endpoint()
	if err != nil {
		return nil, err
	}
	provider, err := newProvider(ctx, ep, s.Getenv)
	if err != nil {
		return nil, err
	}
	fallbacks := newFallbacks(ctx, s, warn)
	if err := s.Home.Ensure(); err != nil {
		return nil, err
	}
	// The key signs the grants the person gives and the safety settings
	// they confirm; once open, it is one of the secrets redacted.
	key, err := s.SigningKey()
	if err != nil {
		return nil, err
	}
	if err := s.Settle(ctx); err != nil {
		warn(fmt.Sprintf("could not record the safety settings config.yaml raised: %v", err))
	}
	st, err := store.Open(ctx, s.Home.DBFile())
	if err != nil {
		return nil, err
	}
	if grants, err := st.Grants(ctx, key); err == nil {
		if note := refusedGrantsNote(grants); note != "" {
			warn(note)
		}
	}
	redactor := s.Redactor()
	term := terminal.New(terminal.Config{DefaultTimeout: time.Duration(s.Terminal.Timeout) * time.Second, Shell: s.Terminal.Shell,
		Sandbox: sandboxPolicy(s.Terminal, s.Home, warn)})
	sandboxed, why := term.Sandbox()
	if !sandboxed {
		warn("commands run without a sandbox: " + why + "; herm asks before running a program it does not know")
	}
	mem, lib := openKnowledge(ctx, s, warn)
	topts := tools.Options{Terminal: term, Memory: mem, Skills: lib, Sessions: st}
	for _, o := range extra {
		o(st, &topts)
	}
	a := &agent.Agent{
		Provider:        provider,
		Model:           ep.Model,
		Store:           st,
		Tools:           tools.NewRegistry(tools.Builtins(topts)...),
		Prompt:          agent.PromptBuilder{SoulFile: s.Home.SoulFile(), Memory: mem, Skills: lib},
		HermHome:        s.Home.Dir(),
		Log:             slog.New(slog.DiscardHandler),
		MaxTurns:        s.Agent.MaxTurns,
		ToolOutputLimit: s.Agent.ToolOutputLimit,
		MaxTokens:       s.Model.MaxTokens,
		Temperature:     s.Model.Temperature,
		Approvals: agent.ApprovalPolicy{
			Mode:      agent.ApprovalMode(s.Approvals.Mode),
			Timeout:   time.Duration(s.Approvals.Timeout) * time.Second,
			Sandboxed: sandboxed,
		},
		ReasoningEffort: s.Model.ReasoningEffort,
		Key:             key,
		Redact:          redactor,
	}
	a.ContextLength, a.Fallbacks = ep.ContextLength, fallbacks
	a.Retry, a.Compression, a.LoopLimit = agentTuning(s)
	if len(s.Agent.DisabledTools) > 0 {
		a.Tools = a.Tools.Without(s.Agent.DisabledTools...)
	}
	return &app{settings: s, store: st, agent: a, terminal: term, redact: redactor}, nil
}

func (a *app) Close() error {
	a.terminal.Close()
	return a.store.Close()
}

// openKnowledge returns the memory files and the skill library of a herm
// home, installing the bundled skills on first run (and updating copies
// nobody edited). A failed install is a warning: herm works without them.
func openKnowledge(ctx context.Context, s *config.Settings, warn warnFunc) (*memory.Store, *skills.Library) {
	mem := memory.New(s.Home.MemoriesDir())
	lib := skills.NewLibrary(s.Home.SkillsDir(), s.Skills.ExternalDirs).
		WithIndexCache(filepath.Join(s.Home.CacheDir(), "skills-index.json"))
	if _, err := lib.InstallBundled(ctx); err != nil {
		warn(fmt.Sprintf("could not install the bundled skills: %v", err))
	}
	return mem, lib
}
