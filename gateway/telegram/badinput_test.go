package telegram_test

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/gateway/telegram"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/faketelegram"
)

func TestBadUpdatesAreSkipped(t *testing.T) {
	w := newWorld(t, worldOptions{})
	w.llm.Script.Respond(func(r fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "echo: " + r.LastUser()} })
	// A getUpdates answer that is not JSON, then a 502 from a proxy.
	w.tg.Fail("getUpdates", faketelegram.Fault{Malformed: true})
	w.tg.Fail("getUpdates", faketelegram.Fault{Status: 502})
	// Updates that break the schema, one without a sender, one from a
	// channel, then a good one.
	w.tg.InjectRaw(`{"update_id": 900001, "message": "not an object"}`)
	w.tg.InjectRaw(`{"update_id": 900002, "message": {"message_id": "seven", "chat": {"id": 1001}}}`)
	w.tg.InjectRaw(`{"no_update_id": true}`)
	w.tg.InjectMessage(faketelegram.Message{ChatID: owner, NoFrom: true, Text: "who am I"})
	w.tg.InjectRaw(`{"update_id": 900003, "channel_post": {"message_id": 1, "date": 0, "chat": {"id": -100, "type": "channel"}, "text": "news"}}`)
	w.say(owner, "still there?")
	w.waitMessage(owner, contains("echo: still there?"))
	if n := len(w.llm.Script.Requests()); n != 1 {
		t.Errorf("%d model requests; only the good message should reach the agent", n)
	}
	if !strings.Contains(w.logs.String(), "cannot be read was skipped") {
		t.Errorf("skipped updates not logged:\n%s", w.logs)
	}
}

func TestGiantMessagesAndInvisibleCharacters(t *testing.T) {
	w := newWorld(t, worldOptions{maxChars: 5000})
	w.llm.Script.Respond(func(r fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "got it"} })
	w.say(owner, strings.Repeat("A", 100000))
	w.waitMessage(owner, contains("too long"))
	if len(w.llm.Script.Requests()) != 0 {
		t.Fatal("a giant message reached the agent")
	}
	w.say(owner, "run \u202etxt.exe\u202c now\x07\x00 \U000E0041\U000E0042please")
	w.waitMessage(owner, contains("got it"))
	got := w.llm.Script.Requests()[0].LastUser()
	if got != "run txt.exe now please" {
		t.Errorf("the agent saw %q", got)
	}
}

func TestFloodFromOneUserIsRateLimited(t *testing.T) {
	w := newWorld(t, worldOptions{rate: 5, busy: "queue"})
	w.llm.Script.Respond(func(r fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "answer to " + r.LastUser()} })
	for i := 0; i < 1000; i++ {
		w.say(owner, "spam "+strconv.Itoa(i))
	}
	w.waitMessage(owner, contains("faster than I can take them"))
	waitFor(t, "the flood to be read", func() bool { return w.tg.PendingUpdates() == 0 })
	waitFor(t, "five answers", func() bool { return len(w.tg.Messages(strconv.Itoa(owner))) >= 6 })
	time.Sleep(300 * time.Millisecond)
	if n := len(w.llm.Script.Requests()); n != 5 {
		t.Errorf("%d turns ran for a flood limited to 5 a minute", n)
	}
	var warnings int
	for _, m := range w.tg.Messages(strconv.Itoa(owner)) {
		if strings.Contains(m.Text, "faster than") {
			warnings++
		}
	}
	if warnings != 1 {
		t.Errorf("%d rate-limit warnings; want one", warnings)
	}
	// Only the accepted messages were recorded.
	if open, _ := w.store.OpenInbox(context.Background()); len(open) != 0 {
		t.Errorf("%d inbox items open", len(open))
	}
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestWebhookChecksTheSecret(t *testing.T) {
	addr := freeAddr(t)
	hook := &telegram.Webhook{URL: "http://" + addr + "/telegram/hook", Listen: addr, Secret: "s3cret-webhook-token"}
	w := newWorld(t, worldOptions{webhook: hook})
	if url, secret := w.tg.Webhook(); url != hook.URL || secret != hook.Secret {
		t.Fatalf("setWebhook: %q %q", url, secret)
	}
	w.llm.Script.Respond(func(r fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "via webhook: " + r.LastUser()} })
	id := w.say(owner, "over the hook")
	raw := w.tg.Update(id)
	w.waitMessage(owner, contains("via webhook: over the hook"))

	post := func(secret string, body []byte) int {
		req, _ := http.NewRequest(http.MethodPost, hook.URL, bytes.NewReader(body))
		if secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	forged := []byte(`{"update_id": 777001, "message": {"message_id": 9, "date": 0, "chat": {"id": 1001, "type": "private"}, "from": {"id": 1001, "first_name": "x"}, "text": "forged"}}`)
	for _, secret := range []string{"", "wrong", "s3cret-webhook-tokeN", "s3cret-webhook-token-and-more"} {
		if code := post(secret, forged); code != http.StatusForbidden {
			t.Errorf("secret %q: status %d", secret, code)
		}
	}
	// A replay of a real update with a wrong secret is refused too; with
	// the right one it is a duplicate and ignored.
	if code := post("wrong", raw); code != http.StatusForbidden {
		t.Errorf("replay: %d", code)
	}
	if code := post(hook.Secret, raw); code != http.StatusOK {
		t.Errorf("replay with the secret: %d", code)
	}
	time.Sleep(200 * time.Millisecond)
	if n := len(w.llm.Script.Requests()); n != 1 {
		t.Errorf("%d turns; forged or replayed updates got through", n)
	}
	if !strings.Contains(w.logs.String(), "wrong or missing secret") {
		t.Error("refusals not logged")
	}
}
