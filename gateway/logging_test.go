package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/redact"
)

func TestLoggerRedactsSecrets(t *testing.T) {
	const token = "123456:AAFakeTelegramToken-secret"
	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		log := NewLogger(&buf, format, "debug", []string{token, ""}, redact.Mask)
		err := errors.New(`Post "https://api.telegram.org/bot` + token + `/getUpdates": connection refused`)
		log.With("token", token).Error("poll failed "+token, "err", err, "nested", []any{"x"})
		log.Debug("details", "url", "https://x/bot"+token)
		out := buf.String()
		if strings.Contains(out, "AAFakeTelegramToken") {
			t.Errorf("%s log leaks the token:\n%s", format, out)
		}
		if !strings.Contains(out, "****cret") || !strings.Contains(out, "connection refused") {
			t.Errorf("%s log lost its content:\n%s", format, out)
		}
		if format == "json" {
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				if !json.Valid([]byte(line)) {
					t.Errorf("not a JSON line: %s", line)
				}
			}
		}
	}
}
