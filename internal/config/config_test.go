package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeHome(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestPrecedenceFlagsEnvFileDefaults(t *testing.T) {
	dir := writeHome(t, map[string]string{
		"config.yaml": "model:\n  provider: openai\n  name: from-file\nagent:\n  max_turns: 7\n",
		".env":        "OPENAI_API_KEY=sk-from-dotenv-123456\nHERM_MODEL=from-dotenv\n",
	})
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Model.Name != "from-dotenv" {
		t.Errorf("env (.env) should beat config.yaml: model = %q", s.Model.Name)
	}
	if s.Agent.MaxTurns != 7 || s.Agent.ToolOutputLimit != 10000 {
		t.Errorf("file and defaults: %+v", s.Agent)
	}
	s, err = load(Flags{Model: "from-flag"}, envMap(map[string]string{"HERM_HOME": dir, "HERM_MODEL": "from-env", "OPENAI_API_KEY": "sk-process-env-99999"}))
	if err != nil {
		t.Fatal(err)
	}
	ep, err := s.Endpoint()
	if err != nil {
		t.Fatal(err)
	}
	if ep.Model != "from-flag" || ep.APIKey != "sk-process-env-99999" || ep.BaseURL != "https://api.openai.com/v1" {
		t.Errorf("endpoint = %+v", ep)
	}
}

func TestMalformedConfigNamesFileLineAndKey(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "model:\n  name: x\nagent:\n  max_turns: lots\n"})
	_, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("want FieldError, got %v", err)
	}
	msg := err.Error()
	for _, want := range []string{"config.yaml:4:", "agent.max_turns", `"lots"`, "whole number"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
}

func TestYAMLSyntaxErrorNamesFileAndLine(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "model:\n  name: [unclosed\n"})
	_, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err == nil || !strings.Contains(err.Error(), "config.yaml:") || !strings.Contains(err.Error(), "invalid YAML") {
		t.Fatalf("got %v", err)
	}
}

func TestUnknownKeysAreWarnings(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "model:\n  nmae: x\nbogus: 1\n"})
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 2 {
		t.Fatalf("warnings = %v", s.Warnings)
	}
	if w := s.Warnings[0].String(); !strings.Contains(w, "model.nmae") || !strings.Contains(w, `did you mean "name"`) || !strings.Contains(w, ":2:") {
		t.Errorf("warning = %s", w)
	}
}

func TestEnvExpansion(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "model:\n  base_url: ${MY_URL}\n  name: ${UNSET:-fallback}\n  api_key: pa$$word\nagent:\n  max_turns: ${TURNS}\n"})
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir, "MY_URL": "http://x/v1", "TURNS": "12"}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Model.BaseURL != "http://x/v1" || s.Model.Name != "fallback" || s.Model.APIKey != "pa$$word" || s.Agent.MaxTurns != 12 {
		t.Errorf("got %+v %+v", s.Model, s.Agent)
	}
}

func TestProfileHome(t *testing.T) {
	h, err := ResolveHome("work", envMap(map[string]string{"HERM_HOME": "/tmp/hh"}))
	if err != nil || h.Dir() != "/tmp/hh/profiles/work" {
		t.Fatalf("%v %v", h, err)
	}
	if _, err := ResolveHome("../evil", envMap(map[string]string{"HERM_HOME": "/tmp/hh"})); err == nil {
		t.Fatal("path traversal in profile name accepted")
	}
}

func TestEndpointResolution(t *testing.T) {
	cases := []struct {
		name    string
		s       Config
		env     map[string]string
		want    Endpoint
		wantErr string
	}{
		{"nothing configured", Config{}, nil, Endpoint{}, "no model provider is configured"},
		{"anthropic key", Config{}, map[string]string{"ANTHROPIC_API_KEY": "k"}, Endpoint{Provider: "anthropic", Wire: WireAnthropic, Model: "claude-sonnet-4-5", BaseURL: "https://api.anthropic.com", APIKey: "k"}, ""},
		{"ollama host", Config{Model: Model{Name: "llama3"}}, map[string]string{"OLLAMA_HOST": "127.0.0.1:11434"}, Endpoint{Provider: "ollama", Wire: WireOpenAI, Model: "llama3", BaseURL: "http://127.0.0.1:11434/v1"}, ""},
		{"custom base url", Config{Model: Model{BaseURL: "http://h:8000/v1", Name: "m"}}, nil, Endpoint{Provider: "custom", Wire: WireOpenAI, Model: "m", BaseURL: "http://h:8000/v1"}, ""},
		{"openai without key", Config{Model: Model{Provider: "openai"}}, nil, Endpoint{}, "needs an API key"},
		{"unknown provider", Config{Model: Model{Provider: "nope"}}, nil, Endpoint{}, "unknown provider"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &Settings{Config: c.s, getenv: envMap(c.env)}
			got, err := s.Endpoint()
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

func TestSetKeepsCommentsAndValidates(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "# my settings\nmodel:\n  name: old # the model\n"})
	home := Home(dir)
	if err := Set(home, "model.name", "new-model"); err != nil {
		t.Fatal(err)
	}
	if err := Set(home, "agent.max_turns", "12"); err != nil {
		t.Fatal(err)
	}
	if err := Set(home, "agent.max_turns", "many"); err == nil || !strings.Contains(err.Error(), "whole number") {
		t.Fatalf("bad value accepted: %v", err)
	}
	if err := Set(home, "model.nmae", "x"); err == nil || !strings.Contains(err.Error(), "did you mean") {
		t.Fatalf("unknown key: %v", err)
	}
	data, _ := os.ReadFile(home.ConfigFile())
	body := string(data)
	for _, want := range []string{"# my settings", "name: new-model # the model", "max_turns: 12"} {
		if !strings.Contains(body, want) {
			t.Errorf("config.yaml lacks %q:\n%s", want, body)
		}
	}
	st, _ := os.Stat(home.ConfigFile())
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil || s.Model.Name != "new-model" || s.Agent.MaxTurns != 12 {
		t.Fatalf("reload: %v %+v", err, s.Model)
	}
}

func TestRedactedHidesSecrets(t *testing.T) {
	s := &Settings{Config: Config{Model: Model{APIKey: "sk-supersecretvalue1234"}}}
	out, err := s.Redacted()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "supersecret") || !strings.Contains(string(out), "****1234") {
		t.Fatalf("%s", out)
	}
}

func TestEnumValuesChecked(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "approvals:\n  mode: always\n"})
	_, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err == nil || !strings.Contains(err.Error(), "config.yaml:2: approvals.mode") || !strings.Contains(err.Error(), "ask, yolo, deny") {
		t.Fatalf("got %v", err)
	}
	if err := Set(Home(t.TempDir()), "approvals.mode", "sometimes"); err == nil {
		t.Fatal("config set accepted a value outside the enum")
	}
}
