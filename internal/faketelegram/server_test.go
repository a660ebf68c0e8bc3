package faketelegram

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

type envelope struct {
	OK          bool            `json:"ok"`
	Result      json.RawMessage `json:"result"`
	ErrorCode   int             `json:"error_code"`
	Description string          `json:"description"`
	Parameters  struct {
		RetryAfter int `json:"retry_after"`
	} `json:"parameters"`
}

func post(t *testing.T, s *Server, method string, params url.Values) (int, envelope, string) {
	t.Helper()
	resp, err := http.PostForm(s.URL+"/bot"+s.Token+"/"+method, params)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var env envelope
	json.Unmarshal(body, &env)
	return resp.StatusCode, env, string(body)
}

func TestLongPollOffsetsAndFaults(t *testing.T) {
	s := New("1:tok")
	defer s.Close()
	if resp, err := http.PostForm(s.URL+"/botWRONG/getMe", nil); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("wrong token: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	// A long poll returns as soon as an update arrives.
	done := make(chan envelope, 1)
	go func() {
		_, env, _ := post(t, s, "getUpdates", url.Values{"timeout": {"10"}})
		done <- env
	}()
	time.Sleep(50 * time.Millisecond)
	id := s.InjectMessage(Message{ChatID: 5, UserID: 5, Text: "hi"})
	var got envelope
	select {
	case got = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the long poll did not wake up")
	}
	var ups []struct {
		UpdateID int `json:"update_id"`
		Message  struct {
			Text string             `json:"text"`
			From struct{ ID int64 } `json:"from"`
		} `json:"message"`
	}
	json.Unmarshal(got.Result, &ups)
	if len(ups) != 1 || ups[0].UpdateID != id || ups[0].Message.Text != "hi" || ups[0].Message.From.ID != 5 {
		t.Fatalf("%s", got.Result)
	}
	// Not acknowledged yet: delivered again; then the offset acknowledges it.
	if _, env, _ := post(t, s, "getUpdates", nil); !strings.Contains(string(env.Result), "hi") {
		t.Error("unacknowledged update not redelivered")
	}
	if _, env, _ := post(t, s, "getUpdates", url.Values{"offset": {itoa(id + 1)}}); string(env.Result) != "[]" {
		t.Errorf("acknowledged update redelivered: %s", env.Result)
	}
	s.Fail("sendMessage", Fault{Status: 429, RetryAfter: 3})
	if code, env, _ := post(t, s, "sendMessage", url.Values{"chat_id": {"5"}, "text": {"x"}}); code != 429 || env.Parameters.RetryAfter != 3 {
		t.Errorf("429: %d %+v", code, env)
	}
	s.Fail("getUpdates", Fault{Malformed: true})
	if _, _, body := post(t, s, "getUpdates", nil); json.Valid([]byte(body)) {
		t.Errorf("malformed fault sent valid JSON: %s", body)
	}
	if code, _, _ := post(t, s, "sendMessage", url.Values{"chat_id": {"5"}, "text": {strings.Repeat("😀", 2049)}}); code != 400 {
		t.Errorf("4098 UTF-16 units accepted: %d", code)
	}
	code, env, _ := post(t, s, "sendMessage", url.Values{"chat_id": {"5"}, "text": {"ok"},
		"reply_markup": {`{"inline_keyboard":[[{"text":"Yes","callback_data":"y"}]]}`}})
	if code != 200 || !env.OK || len(s.Messages("5")) != 1 || s.Messages("5")[0].Buttons[0][0].Data != "y" {
		t.Errorf("send: %d %+v %+v", code, env, s.Sent())
	}
	// While a webhook is set, getUpdates conflicts.
	post(t, s, "setWebhook", url.Values{"url": {"http://127.0.0.1:1/hook"}, "secret_token": {"abc"}})
	if code, _, _ := post(t, s, "getUpdates", nil); code != http.StatusConflict {
		t.Errorf("getUpdates with a webhook: %d", code)
	}
	if u, sec := s.Webhook(); u != "http://127.0.0.1:1/hook" || sec != "abc" {
		t.Errorf("webhook %q %q", u, sec)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
