package store

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The kill -9 test re-runs this test binary as a child that appends
// messages in a loop, printing an acknowledgement for each committed write;
// the parent SIGKILLs it at a random moment and checks the file.
const (
	crashEnvPath    = "HERM_STORE_CRASH_DB"
	crashEnvSession = "HERM_STORE_CRASH_SESSION"
	crashEnvRound   = "HERM_STORE_CRASH_ROUND"
)

// crashContent is the content of message i (of n) of operation op in round
// r, padded so messages span pages.
func crashContent(round, op, i, n int) string {
	return fmt.Sprintf("r%d op%d %d/%d %s", round, op, i, n, strings.Repeat("lorem ipsum ", 20+op%50))
}

// TestCrashChild is the child process; it does nothing in a normal run.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnvPath)
	if path == "" {
		t.Skip("only runs as the child of TestKill9KeepsAcknowledgedWrites")
	}
	sessionID := os.Getenv(crashEnvSession)
	round, _ := strconv.Atoi(os.Getenv(crashEnvRound))
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	deadline := time.Now().Add(20 * time.Second) // in case the parent is gone
	for op := 0; time.Now().Before(deadline); op++ {
		var ids []int64
		switch op % 3 {
		case 0:
			m := &Message{SessionID: sessionID, Role: "user", Content: crashContent(round, op, 0, 1), Complete: true}
			err = s.AppendMessage(ctx, m)
			ids = []int64{m.ID}
		case 1:
			batch := make([]*Message, 3)
			for i := range batch {
				batch[i] = &Message{SessionID: sessionID, Role: "tool", Content: crashContent(round, op, i, 3), Complete: true}
			}
			err = s.AppendMessages(ctx, batch)
			for _, m := range batch {
				ids = append(ids, m.ID)
			}
		case 2:
			var d *Draft
			d, err = s.Draft(ctx, &Message{SessionID: sessionID, Role: "assistant"})
			if err != nil {
				break
			}
			d.SetInterval(time.Millisecond)
			full := crashContent(round, op, 0, 1)
			for chunk := range strings.SplitSeq(full, " ") {
				d.Append(chunk+" ", "")
			}
			err = d.Commit(ctx, &Message{Content: full})
			ids = []int64{d.ID()}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		line := fmt.Sprintf("ack %d", op)
		for _, id := range ids {
			line += " " + strconv.FormatInt(id, 10)
		}
		// os.Stdout is unbuffered: the line is out before the next write.
		fmt.Fprintln(os.Stdout, line)
	}
}

func TestKill9KeepsAcknowledgedWrites(t *testing.T) {
	rounds := 50
	if testing.Short() {
		rounds = 10
	}
	path := filepath.Join(t.TempDir(), "state.db")
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	sess := newSession(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// acked maps message id to the content the child was told is stored.
	acked := map[int64]string{}
	totalAcks := 0
	for round := range rounds {
		kill9Round(t, path, sess.ID, round, acked, &totalAcks)
		if t.Failed() {
			return
		}
	}
	t.Logf("%d rounds, %d acknowledged writes checked", rounds, totalAcks)
}

func kill9Round(t *testing.T, path, sessionID string, round int, acked map[int64]string, totalAcks *int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
	cmd.Env = append(os.Environ(),
		crashEnvPath+"="+path, crashEnvSession+"="+sessionID, crashEnvRound+"="+strconv.Itoa(round))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1024)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()

	var got []string
	if round%10 == 9 {
		// Now and then kill during start-up: opening, recovering the WAL.
		time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
	} else {
		select {
		case l, ok := <-lines:
			if ok {
				got = append(got, l)
			}
		case <-time.After(20 * time.Second):
			t.Errorf("round %d: child wrote nothing in 20s", round)
		}
		time.Sleep(time.Duration(rand.IntN(40000)) * time.Microsecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatalf("round %d: kill: %v", round, err)
	}
	for l := range lines {
		got = append(got, l)
	}
	_ = cmd.Wait() // "signal: killed", or an exit if it failed first
	if cmd.ProcessState.ExitCode() > 0 {
		t.Fatalf("round %d: child failed: %s", round, stderr.String())
	}

	for _, l := range got {
		f := strings.Fields(l)
		if len(f) < 3 || f[0] != "ack" {
			continue // test framework output
		}
		op, _ := strconv.Atoi(f[1])
		for i, idText := range f[2:] {
			id, _ := strconv.ParseInt(idText, 10, 64)
			acked[id] = crashContent(round, op, i, len(f)-2)
			*totalAcks++
		}
	}
	checkAfterCrash(t, path, sessionID, round, acked)
}

// checkAfterCrash reopens the store like the next herm would and checks the
// file is sound, every acknowledged message is there, and the writes the
// child was killed in are whole or absent.
func checkAfterCrash(t *testing.T, path, sessionID string, round int, acked map[int64]string) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("round %d: reopen after kill -9: %v", round, err)
	}
	defer s.Close()
	if v := pragma(t, s.w, "integrity_check"); v != "ok" {
		t.Fatalf("round %d: integrity_check = %s", round, v)
	}
	ftsIntegrity(t, s)

	msgs, err := s.Messages(ctx, sessionID)
	if err != nil {
		t.Fatal(err)
	}
	byID := make(map[int64]Message, len(msgs))
	batches := map[string]int{} // "round op" -> messages present
	for _, m := range msgs {
		byID[m.ID] = m
		var r, op, i, n int
		if _, err := fmt.Sscanf(m.Content, "r%d op%d %d/%d", &r, &op, &i, &n); err == nil && n > 1 {
			batches[fmt.Sprint(r, " ", op)]++
		}
		if !m.Complete {
			// A draft the kill interrupted: what is there is a prefix of
			// what the child streamed (every chunk plus a space, so one
			// more space than the final content when killed just before
			// the commit).
			var r, op int
			fmt.Sscanf(m.Content, "r%d op%d", &r, &op)
			if m.Content != "" && !strings.HasPrefix(crashContent(r, op, 0, 1)+" ", m.Content) {
				t.Errorf("round %d: interrupted draft %d holds %q", round, m.ID, m.Content)
			}
		}
	}
	for id, want := range acked {
		m, ok := byID[id]
		if !ok {
			t.Errorf("round %d: acknowledged message %d is missing", round, id)
			continue
		}
		if m.Content != want || !m.Complete {
			t.Errorf("round %d: message %d = %q (complete %v), want %q", round, id, m.Content, m.Complete, want)
		}
	}
	for key, n := range batches {
		if n != 3 {
			t.Errorf("round %d: batch %s has %d of its 3 messages", round, key, n)
		}
	}
	if got, err := s.Session(ctx, sessionID); err != nil || got.MessageCount != len(msgs) {
		t.Errorf("round %d: message_count %v (err %v), %d messages stored", round, got, err, len(msgs))
	}
}
