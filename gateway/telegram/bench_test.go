package telegram_test

import (
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/faketelegram"
)

// BenchmarkChatRoundTrip measures one message's way through the gateway
// (update → inbox → turn with a zero-latency model → answer sent), with 20
// chats talking at once. The whole-process numbers (200 chats, the real
// binary, RSS) come from bench/gateway.
func BenchmarkChatRoundTrip(b *testing.B) {
	w := newBenchWorld(b)
	const chats = 20
	var mu sync.Mutex
	waiting := map[string]chan struct{}{}
	w.tg.OnSent(func(s faketelegram.Sent) {
		if s.Method != "sendMessage" {
			return
		}
		mu.Lock()
		ch := waiting[s.Text]
		delete(waiting, s.Text)
		mu.Unlock()
		if ch != nil {
			close(ch)
		}
	})
	b.ResetTimer()
	var wg sync.WaitGroup
	per := (b.N + chats - 1) / chats
	for c := 0; c < chats; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			user := int64(20000 + c)
			for i := 0; i < per; i++ {
				text := fmt.Sprintf("c%d m%d", c, i)
				done := make(chan struct{})
				mu.Lock()
				waiting["re: "+text] = done
				mu.Unlock()
				w.tg.InjectMessage(faketelegram.Message{ChatID: user, UserID: user, Text: text})
				select {
				case <-done:
				case <-time.After(30 * time.Second):
					b.Error("no answer")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func newBenchWorld(b *testing.B) *world {
	var users []string
	for i := 0; i < 20; i++ {
		users = append(users, strconv.Itoa(20000+i))
	}
	w := newWorld(b, worldOptions{rate: 100000, allowed: users, busy: gateway.BusyQueue})
	w.llm.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		return fakellm.Reply{Text: "re: " + r.LastUser(), ChunkSize: 64}
	})
	return w
}
