package sessiongen

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestWriteIsDeterministicAndCountsRight(t *testing.T) {
	c := Config{Sessions: 50, Messages: 2003, BigSession: 300, RareHits: 7, Seed: 3}
	var a, b bytes.Buffer
	sa, err := Write(&a, c)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(&b, c); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two runs differ")
	}
	if sa.Sessions != 50 || sa.Messages != 2003 || sa.RareHits != 7 || sa.Bytes != int64(a.Len()) {
		t.Errorf("stats %+v", sa)
	}
	sc := bufio.NewScanner(&a)
	sc.Buffer(nil, 1<<24)
	lines, msgs, rare := 0, 0, 0
	for sc.Scan() {
		var l struct {
			Messages []struct {
				Role, Content string
				ToolCalls     []any  `json:"tool_calls"`
				ToolCallID    string `json:"tool_call_id"`
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		if lines == 0 && len(l.Messages) != 300 {
			t.Errorf("big session has %d messages", len(l.Messages))
		}
		pending := 0
		for _, m := range l.Messages {
			pending += len(m.ToolCalls)
			if m.Role == "tool" {
				pending--
			}
			if strings.Contains(m.Content, RareTerm) {
				rare++
				if m.Role == "system" {
					t.Error("rare term in a system prompt")
				}
			}
		}
		if pending != 0 {
			t.Errorf("line %d leaves %d tool calls unanswered", lines+1, pending)
		}
		lines++
		msgs += len(l.Messages)
	}
	if lines != 50 || msgs != 2003 || rare != 7 {
		t.Errorf("%d lines, %d messages, %d rare", lines, msgs, rare)
	}
}
