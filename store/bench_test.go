package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// benchWords is a vocabulary for generated messages; the rare term the
// search benchmark looks for is not in it.
var benchWords = strings.Fields(`the a to of and in is it that for on with as this be are
	file function error test build run go module package import return value string
	request response server client handler config database query index table row
	deploy docker kubernetes pod log trace panic retry timeout context cancel`)

func benchMessage(r *rand.Rand, sessionID string, words int) *Message {
	var b strings.Builder
	for i := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(benchWords[r.IntN(len(benchWords))])
	}
	return &Message{SessionID: sessionID, Role: "assistant", Content: b.String(), Complete: true}
}

func BenchmarkAppendMessage(b *testing.B) {
	s := openTest(b)
	sess := newSession(b, s)
	r := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if err := s.AppendMessage(ctx, benchMessage(r, sess.ID, 40)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendMessagesBatch1000(b *testing.B) {
	s := openTest(b)
	sess := newSession(b, s)
	r := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	batch := make([]*Message, 1000)
	var total time.Duration
	for b.Loop() {
		b.StopTimer()
		for i := range batch {
			batch[i] = benchMessage(r, sess.ID, 40)
		}
		b.StartTimer()
		start := time.Now()
		if err := s.AppendMessages(ctx, batch); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(b.N*len(batch))/total.Seconds(), "msgs/s")
}

func BenchmarkSearchRareTerm100k(b *testing.B) {
	s := openTest(b)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	// 100 sessions of 1,000 messages; ten of them mention the rare term.
	for i := range 100 {
		sess := newSession(b, s)
		batch := make([]*Message, 1000)
		for j := range batch {
			batch[j] = benchMessage(r, sess.ID, 30)
			if (i*1000+j)%10000 == 5000 {
				batch[j].Content += " xylophone"
			}
		}
		if err := s.AppendMessages(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		hits, err := s.Search(ctx, "xylophone", SearchOptions{Limit: 20})
		if err != nil {
			b.Fatal(err)
		}
		if len(hits) != 10 {
			b.Fatalf("%d hits, want 10", len(hits))
		}
	}
}

func BenchmarkDraftAppend(b *testing.B) {
	s := openTest(b)
	sess := newSession(b, s)
	ctx := context.Background()
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		d.Append(fmt.Sprint("tok", i%10, " "), "")
		i++
	}
	b.StopTimer()
	if err := d.Commit(ctx, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(d.writeCount()), "writes")
}
