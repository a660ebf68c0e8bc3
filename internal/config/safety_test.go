package config

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/seal"
)

func loadHome(t *testing.T, dir string) *Settings {
	t.Helper()
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func heldKeys(s *Settings) string {
	var keys []string
	for _, h := range s.Held {
		keys = append(keys, h.Key+"="+h.Asked+"->"+h.Running)
	}
	return strings.Join(keys, " ")
}

// TestConfigWriteLoweringSafetyIsHeld is the agent's attack: a write to
// config.yaml turning approvals off, the sandbox off, the network on. At
// the next start none takes effect.
func TestConfigWriteLoweringSafetyIsHeld(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "approvals: {mode: yolo}\nterminal: {sandbox: 'off', network: allow}\ncron: {allow_ask_commands: true}\n"})
	s := loadHome(t, dir)
	if s.Approvals.Mode != "ask" || s.Terminal.Sandbox != "workspace-write" || s.Terminal.Network != "off" || s.Cron.AllowAskCommands {
		t.Fatalf("a config write lowered safety: %+v %+v %+v", s.Approvals, s.Terminal, s.Cron)
	}
	want := "approvals.mode=yolo->ask terminal.sandbox=off->workspace-write terminal.network=allow->off cron.allow_ask_commands=true->false"
	if got := heldKeys(s); got != want {
		t.Errorf("held = %s, want %s", got, want)
	}
	msg := s.Held[0].String()
	for _, part := range []string{"approvals.mode", "yolo", "runs with ask", "herm config set approvals.mode yolo", "without asking"} {
		if !strings.Contains(msg, part) {
			t.Errorf("the notice does not say %q: %s", part, msg)
		}
	}
}

func TestSaferAndDefaultValuesNeedNobody(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "approvals: {mode: deny}\nterminal: {sandbox: read-only, network: 'off'}\n"})
	s := loadHome(t, dir)
	if len(s.Held) != 0 || s.Approvals.Mode != "deny" || s.Terminal.Sandbox != "read-only" {
		t.Fatalf("held %s; %+v %+v", heldKeys(s), s.Approvals, s.Terminal)
	}
}

func TestConfirmedSettingTakesEffect(t *testing.T) {
	ctx := context.Background()
	dir := writeHome(t, map[string]string{"config.yaml": "approvals: {mode: yolo}\nterminal: {network: allow}\n"})
	if err := Home(dir).ConfirmSafety(ctx, "approvals.mode", "yolo", "shell"); err != nil {
		t.Fatal(err)
	}
	if err := Home(dir).ConfirmSafety(ctx, "terminal.network", "ask", "tui"); err != nil {
		t.Fatal(err)
	}
	s := loadHome(t, dir)
	if s.Approvals.Mode != "yolo" {
		t.Errorf("confirmed yolo not applied: %q", s.Approvals.Mode)
	}
	// Confirmed ask, asked allow: herm runs with what was confirmed.
	if s.Terminal.Network != "ask" || heldKeys(s) != "terminal.network=allow->ask" {
		t.Errorf("network %q, held %s", s.Terminal.Network, heldKeys(s))
	}
	st, err := os.Stat(Home(dir).SafetyFile())
	if err != nil || st.Mode().Perm()&0o077 != 0 {
		t.Errorf("safety.json: %v %v", st, err)
	}
	if err := Home(dir).ConfirmSafety(ctx, "approvals.mode", "sometimes", "shell"); err == nil {
		t.Error("confirmed a value the setting does not have")
	}
	if err := Home(dir).ConfirmSafety(ctx, "model.name", "x", "shell"); err == nil {
		t.Error("confirmed a setting that is not a safety setting")
	}
}

// TestForgedConfirmationRejected writes safety.json as a command could:
// plainly, with a made-up MAC, with a MAC from another key, or copying a
// real entry onto another value.
func TestForgedConfirmationRejected(t *testing.T) {
	ctx := context.Background()
	dir := writeHome(t, map[string]string{"config.yaml": "approvals: {mode: yolo}\n"})
	home := Home(dir)
	other, _ := seal.Generate()
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	forged := confirmation{Key: "approvals.mode", Value: "yolo", At: at, By: "shell"}
	signedElsewhere := forged
	signedElsewhere.MAC = other.Sum(confirmPurpose, forged.fields()...)
	made := forged
	made.MAC = strings.Repeat("ab", 32)
	// A genuine confirmation of ask, its value then changed to yolo.
	if err := home.ConfirmSafety(ctx, "approvals.mode", "ask", "shell"); err != nil {
		t.Fatal(err)
	}
	var real safetyFile
	data, _ := os.ReadFile(home.SafetyFile())
	json.Unmarshal(data, &real)
	edited := real.Confirmed[0]
	edited.Value = "yolo"

	for name, c := range map[string]confirmation{"unsigned": forged, "made-up MAC": made, "other key": signedElsewhere, "edited value": edited} {
		data, _ := json.Marshal(safetyFile{Confirmed: []confirmation{c}})
		if err := os.WriteFile(home.SafetyFile(), data, 0o600); err != nil {
			t.Fatal(err)
		}
		s := loadHome(t, dir)
		if s.Approvals.Mode != "ask" {
			t.Errorf("%s: a forged confirmation was honoured (mode %q)", name, s.Approvals.Mode)
		}
		found := false
		for _, w := range s.Warnings {
			found = found || strings.Contains(w.Msg, "not signed by this herm home's key")
		}
		if !found {
			t.Errorf("%s: not reported: %v", name, s.Warnings)
		}
	}
	os.WriteFile(home.SafetyFile(), []byte("{not json"), 0o600)
	if s := loadHome(t, dir); s.Approvals.Mode != "ask" || len(s.Warnings) == 0 {
		t.Errorf("a malformed safety.json: mode %q, warnings %v", s.Approvals.Mode, s.Warnings)
	}
}

// TestSettleRecordsASaferValue: a person lowers approvals back to ask in
// config.yaml after confirming yolo; herm records ask, so the agent
// writing yolo again does not take effect.
func TestSettleRecordsASaferValue(t *testing.T) {
	ctx := context.Background()
	dir := writeHome(t, map[string]string{"config.yaml": "approvals: {mode: ask}\n"})
	if err := Home(dir).ConfirmSafety(ctx, "approvals.mode", "yolo", "shell"); err != nil {
		t.Fatal(err)
	}
	s := loadHome(t, dir)
	before, _ := os.ReadFile(Home(dir).SafetyFile())
	if err := s.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(Home(dir).SafetyFile()); string(after) == string(before) {
		t.Fatal("Settle recorded nothing")
	}
	os.WriteFile(Home(dir).ConfigFile(), []byte("approvals: {mode: yolo}\n"), 0o600)
	if s := loadHome(t, dir); s.Approvals.Mode != "ask" {
		t.Errorf("after settling at ask, a write of yolo took effect")
	}
	// Nothing changed: Settle writes nothing.
	before, _ = os.ReadFile(Home(dir).SafetyFile())
	loadHome(t, dir).Settle(ctx)
	if after, _ := os.ReadFile(Home(dir).SafetyFile()); string(after) != string(before) {
		t.Error("Settle rewrote an unchanged record")
	}
}

func TestLowersSafety(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "approvals: {mode: yolo}\n"})
	s := loadHome(t, dir)
	for _, c := range []struct {
		key, value, canonical string
		lowers                bool
	}{
		{"approvals.mode", "yolo", "yolo", true},
		{"approvals.mode", "ask", "ask", false},
		{"approvals.mode", "deny", "deny", false},
		{"terminal.sandbox", "off", "off", true},
		{"terminal.network", "allow", "allow", true},
		{"cron.allow_ask_commands", "yes", "true", true},
		{"cron.allow_ask_commands", "false", "false", false},
		{"model.name", "gpt", "gpt", false},
	} {
		canonical, lowers, err := s.LowersSafety(c.key, c.value)
		if err != nil || canonical != c.canonical || lowers != c.lowers {
			t.Errorf("LowersSafety(%s, %s) = %q, %v, %v", c.key, c.value, canonical, lowers, err)
		}
	}
	if _, _, err := s.LowersSafety("terminal.sandbox", "sometimes"); err == nil {
		t.Error("an invalid value passed")
	}
}

func TestSecretsCoverDotenvAndKey(t *testing.T) {
	dir := writeHome(t, map[string]string{".env": "DATABASE_URL=postgres://u:hunter2hunter2@db/x\nHERM_MODEL=some-long-model-name\nSHORT=abc\n"})
	s := loadHome(t, dir)
	secrets := strings.Join(s.Secrets(), "\n")
	if !strings.Contains(secrets, "postgres://u:hunter2hunter2@db/x") {
		t.Error("a .env value with an innocent name is not a secret")
	}
	if strings.Contains(secrets, "some-long-model-name") || strings.Contains(secrets, "abc") {
		t.Errorf("plain settings or short values taken for secrets: %q", secrets)
	}
	k, err := s.SigningKey()
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Redactor().Replace("key " + k.Encoded()); strings.Contains(got, k.Encoded()) {
		t.Error("the signing key is not redacted")
	}
}
