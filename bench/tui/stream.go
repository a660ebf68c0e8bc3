package main

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/creack/pty"

	"github.com/herm-dev/herm/internal/fakellm"
)

// streaming runs herm on a PTY (no tmux in between) while the fake server
// streams an answer at 5,000 tokens a second. The renderer writes each frame
// in one go, so the gaps between writes while the answer streams are the
// frame intervals.
func (b *bench) streaming(length time.Duration) {
	const tokensPerSecond = 5000
	events := int(length.Seconds() * tokensPerSecond)
	var text strings.Builder
	para := 0
	for text.Len() < events*4 {
		para++
		fmt.Fprintf(&text, "Paragraph %d explains one more step of the change, with `code`, **bold** words and enough text to wrap. ", para)
		if para%3 == 0 {
			text.WriteString("\n\n```go\nfunc step() error {\n\treturn nil\n}\n```\n\n")
		} else if para%2 == 0 {
			text.WriteString("\n\n- a point\n- another point\n\n")
		}
	}
	answer := text.String()
	// Five tokens (about 20 bytes) an event, an event a millisecond: the
	// pace real APIs stream at, and one the fake can keep on a busy machine.
	b.srv.Script.Push(fakellm.Reply{Text: answer, ChunkSize: 20, EventDelay: time.Second / (tokensPerSecond / 5)})

	home, work := b.home("stream")
	cmd := exec.Command(b.bin, b.args()...)
	cmd.Dir = work
	cmd.Env = []string{"HERM_HOME=" + home, "TERM=xterm-256color", "HOME=" + work, "PATH=/usr/bin:/bin"}
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 120, Rows: 40})
	check(err)
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()

	var (
		mu     sync.Mutex
		writes []time.Time
		seen   bytes.Buffer
	)
	go func() {
		buf := make([]byte, 1<<16)
		for {
			n, err := f.Read(buf)
			if n > 0 {
				mu.Lock()
				writes = append(writes, time.Now())
				seen.Write(buf[:n])
				mu.Unlock()
			}
			if err != nil {
				if err != io.EOF {
					return
				}
				return
			}
		}
	}()
	waitOutput := func(what string, d time.Duration) bool {
		end := time.Now().Add(d)
		for time.Now().Before(end) {
			mu.Lock()
			ok := strings.Contains(seen.String(), what)
			mu.Unlock()
			if ok {
				return true
			}
			time.Sleep(5 * time.Millisecond)
		}
		return false
	}
	// The renderer writes only changed cells, so text on screen is not
	// always contiguous in the output: wait for a status-line word.
	if !waitOutput("ctrl+o commands", 10*time.Second) {
		fmt.Println("  streaming: herm did not start")
		return
	}
	time.Sleep(300 * time.Millisecond)
	mu.Lock()
	from := len(writes)
	mu.Unlock()
	start := time.Now()
	f.Write([]byte("stream please\r"))
	// The turn is over when the fake has served the reply and the UI has
	// gone quiet (no spinner: nothing is drawn while idle).
	deadline := start.Add(length*4 + 20*time.Second)
	for {
		time.Sleep(50 * time.Millisecond)
		mu.Lock()
		n, last := len(writes), time.Time{}
		if n > from {
			last = writes[n-1]
		}
		mu.Unlock()
		if len(b.srv.Script.Requests()) > 0 && b.srv.Script.Pending() == 0 && !last.IsZero() && time.Since(last) > 700*time.Millisecond && time.Since(start) > length {
			break
		}
		if time.Now().After(deadline) {
			fmt.Println("  streaming: the answer did not finish")
			return
		}
	}
	mu.Lock()
	frames := append([]time.Time(nil), writes[from:]...)
	mu.Unlock()
	took := frames[len(frames)-1].Sub(frames[0])
	var gaps []time.Duration
	for i := 1; i < len(frames); i++ {
		gaps = append(gaps, frames[i].Sub(frames[i-1]))
	}
	if len(gaps) == 0 {
		fmt.Println("  streaming: no frames")
		return
	}
	tokens := len(answer) / 4
	fmt.Printf("streaming %d tokens at %d tokens/s: %d frames in %s = %.0f fps; frame gap median %s, p99 %s, worst %s (≥30 fps needs gaps ≤ 33 ms)\n",
		tokens, tokensPerSecond, len(frames), took.Round(time.Millisecond), float64(len(frames)-1)/took.Seconds(),
		ms(median(gaps)), ms(pct(gaps, 0.99)), ms(pct(gaps, 1)))
}
