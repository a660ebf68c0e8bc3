package config

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestGatewaySectionDecodesAndEnvWins(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": `
gateway:
  busy: queue
  api_server: {enabled: true, address: "127.0.0.1:9999", key: "api-key-from-file-0001"}
  telegram:
    enabled: true
    token: "123:file-token-abcdef"
    api_url: "http://127.0.0.1:1"
    allowed_users: [123, "456"]
    home_chat: "123"
cron:
  timeout: 30
  allow_ask_commands: true
`})
	// allow_ask_commands lowers safety: it counts once a person confirmed it.
	if err := Home(dir).ConfirmSafety(context.Background(), "cron.allow_ask_commands", "true", "shell"); err != nil {
		t.Fatal(err)
	}
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	g := s.Gateway
	if g.Busy != "queue" || !g.APIServer.On() || g.APIServer.Address != "127.0.0.1:9999" || !g.Telegram.On() ||
		!slices.Equal(g.Telegram.AllowedUsers, []string{"123", "456"}) || g.Telegram.HomeChat != "123" || g.MaxConcurrent != 16 {
		t.Fatalf("%+v", g)
	}
	if s.Cron.Timeout != 30 || !s.Cron.AllowAskCommands || !s.Cron.On() || s.Cron.Poll != 15 {
		t.Fatalf("%+v", s.Cron)
	}
	if !slices.Contains(s.Secrets(), "123:file-token-abcdef") || !slices.Contains(s.Secrets(), "api-key-from-file-0001") {
		t.Errorf("gateway secrets not redactable: %v", s.Secrets())
	}
	out, err := s.Redacted()
	if err != nil || strings.Contains(string(out), "file-token") || strings.Contains(string(out), "from-file") {
		t.Errorf("redacted config shows a secret:\n%s", out)
	}

	s, err = load(Flags{}, envMap(map[string]string{"HERM_HOME": dir, "TELEGRAM_BOT_TOKEN": "999:env-token-xyz",
		"TELEGRAM_ALLOWED_USERS": "1, 2,3", "API_SERVER_KEY": "env-api-key-12345"}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Gateway.Telegram.Token != "999:env-token-xyz" || !slices.Equal(s.Gateway.Telegram.AllowedUsers, []string{"1", "2", "3"}) ||
		s.Gateway.APIServer.Key != "env-api-key-12345" {
		t.Fatalf("env overrides: %+v", s.Gateway)
	}
}

func TestGatewayEnabledDefaultsToCredentials(t *testing.T) {
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Gateway.Telegram.On() || s.Gateway.APIServer.On() {
		t.Error("platforms on without credentials")
	}
	s, _ = load(Flags{}, envMap(map[string]string{"HERM_HOME": t.TempDir(), "TELEGRAM_BOT_TOKEN": "1:abc"}))
	if !s.Gateway.Telegram.On() {
		t.Error("a token should turn Telegram on")
	}
}

func TestGatewayValuesChecked(t *testing.T) {
	for body, want := range map[string]string{
		"gateway:\n  busy: sometimes\n":        "gateway.busy",
		"gateway:\n  max_concurrent: 0\n":      "gateway.max_concurrent",
		"gateway:\n  telegram:\n    tokn: x\n": "",
	} {
		dir := writeHome(t, map[string]string{"config.yaml": body})
		s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
		if want == "" {
			if err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].String(), `did you mean "token"`) {
				t.Errorf("%q: %v %v", body, err, s.Warnings)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v", body, err)
		}
	}
}
