package tools_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/gateway/cron"
	"github.com/herm-dev/herm/internal/clock"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

func cronTool(t *testing.T) (tools.Tool, *store.Store) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	jobs := &cron.Service{Store: st, Clock: clock.NewFake(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)), Location: time.UTC}
	reg := tools.NewRegistry(tools.Builtins(tools.Options{Cron: jobs})...)
	tool, ok := reg.Get("cronjob")
	if !ok {
		t.Fatal("cronjob not registered with Options.Cron")
	}
	return tool, st
}

func call(t *testing.T, tool tools.Tool, session string, args map[string]any) tools.Result {
	t.Helper()
	raw, _ := json.Marshal(args)
	return tool.Run(context.Background(), &tools.Call{ID: "c1", Args: raw, Env: tools.NewEnv(session, t.TempDir(), "")})
}

func TestCronjobTool(t *testing.T) {
	tool, st := cronTool(t)
	if err := st.SetRoute(context.Background(), &store.Route{Key: "telegram:dm:7", SessionID: "s-chat", Platform: "telegram", ChatID: "7"}); err != nil {
		t.Fatal(err)
	}
	res := call(t, tool, "s-chat", map[string]any{"action": "create", "schedule": "every 2h", "prompt": "check the news", "name": "news"})
	if res.IsError || !strings.Contains(res.Output, "every 2h") || !strings.Contains(res.Output, "origin (telegram:7)") {
		t.Fatalf("%+v", res)
	}
	id := res.Meta["job_id"]
	for _, c := range []struct {
		args map[string]any
		want string
		err  bool
	}{
		{map[string]any{"action": "list"}, "news", false},
		{map[string]any{"action": "pause", "job_id": id}, "paused", false},
		{map[string]any{"action": "run", "job_id": id}, "paused; resume it first", true},
		{map[string]any{"action": "resume", "job_id": id}, "resumed", false},
		{map[string]any{"action": "update", "job_id": id, "schedule": "0 9 * * *"}, "cron 0 9 * * *", false},
		{map[string]any{"action": "run", "job_id": "news"}, "triggered", false},
		{map[string]any{"action": "create", "schedule": "whenever", "prompt": "x"}, "not a delay", true},
		{map[string]any{"action": "create", "prompt": "x"}, `missing required argument "schedule"`, true},
		{map[string]any{"action": "pause"}, `missing required argument "job_id"`, true},
		{map[string]any{"action": "explode"}, "not one of", true},
		{map[string]any{"action": "remove", "job_id": id}, "removed", false},
		{map[string]any{"action": "list"}, "no scheduled jobs", false},
	} {
		res := call(t, tool, "s-chat", c.args)
		if res.IsError != c.err || !strings.Contains(res.Output, c.want) {
			t.Errorf("%v: %+v", c.args, res)
		}
	}
}

type sender struct {
	from, target, text string
	err                error
}

func (s *sender) SendMessage(_ context.Context, from, target, text string) (string, error) {
	s.from, s.target, s.text = from, target, text
	return target, s.err
}

func TestSendMessageTool(t *testing.T) {
	s := &sender{}
	reg := tools.NewRegistry(tools.Builtins(tools.Options{Messenger: s})...)
	tool, ok := reg.Get("send_message")
	if !ok {
		t.Fatal("send_message not registered")
	}
	if _, ok := tools.NewRegistry(tools.Builtins(tools.Options{})...).Get("send_message"); ok {
		t.Error("send_message registered without a messenger")
	}
	res := call(t, tool, "sess-1", map[string]any{"target": "telegram:42", "message": "hello"})
	if res.IsError || s.from != "sess-1" || s.target != "telegram:42" || s.text != "hello" {
		t.Fatalf("%+v %+v", res, s)
	}
	if res := call(t, tool, "sess-1", map[string]any{"target": "telegram"}); !res.IsError {
		t.Error("empty message sent")
	}
	s.err = errors.New("herm only posts into chats it knows")
	if res := call(t, tool, "sess-1", map[string]any{"target": "telegram:9", "message": "x"}); !res.IsError || !strings.Contains(res.Output, "chats it knows") {
		t.Errorf("%+v", res)
	}
}
