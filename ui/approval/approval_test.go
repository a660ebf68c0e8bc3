package approval

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// A command cannot hide part of itself on the screen: control characters,
// bidirectional overrides and invisible characters are drawn as marks.
func TestVisibleShowsWhatHides(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"echo safe\rrm -rf ~", "echo safe␍rm -rf ~"},
		{"echo \x1b[2Khi", "echo ␛[2Khi"},
		{"ls \u202etxt.exe", "ls ⟨U+202E⟩txt.exe"},
		{"r\u200bm x", "r⟨U+200B⟩m x"},
		{"a\tb", "a    b"},
		{"bad \xff byte", "bad � byte"},
		{"two\nlines", "two\nlines"},
	} {
		got, pos := visible(c.in)
		if got != c.want {
			t.Errorf("visible(%q) = %q, want %q", c.in, got, c.want)
		}
		if len(pos) != len(c.in)+1 || pos[len(c.in)] != len(got) {
			t.Errorf("visible(%q): positions %v", c.in, pos)
		}
	}
	// Offsets after a mark still point at the same text.
	in := "x\x1b rm -rf /"
	got, pos := visible(in)
	at := strings.Index(in, "rm")
	if got[pos[at]:pos[at]+2] != "rm" {
		t.Errorf("offset of rm maps to %q", got[pos[at]:])
	}
}

func plainRenderer() *render.Renderer { return render.New(themes.Plain(true)) }

// Risky spans are marked with carets under exactly their cells, on every
// row they wrap onto.
func TestDrawCommandMarksSpans(t *testing.T) {
	r := plainRenderer()
	cmd := "echo ok && rm -rf build"
	s := strings.Index(cmd, "rm")
	v := drawCommand(r, "", cmd, []guard.Finding{{ID: "x", Span: [2]int{s, len(cmd)}}}, 40, 10, "$ ")
	got := ansi.Strip(strings.Join(v.rows, "\n"))
	want := "$ echo ok && rm -rf build\n" +
		"             ^^^^^^^^^^^^"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	// Wrapped at 12 cells of command (14 with the prefix).
	v = drawCommand(r, "", cmd, []guard.Finding{{ID: "x", Span: [2]int{s, len(cmd)}}}, 14, 10, "$ ")
	got = ansi.Strip(strings.Join(v.rows, "\n"))
	want = "$ echo ok && r\n" +
		"             ^\n" +
		"  m -rf build\n" +
		"  ^^^^^^^^^^^"
	if got != want {
		t.Errorf("wrapped: got\n%s\nwant\n%s", got, want)
	}

	// A span after a hidden character lands on the right cells; spans out
	// of range are ignored.
	cmd = "a\u202eb rm x"
	s = strings.Index(cmd, "rm")
	v = drawCommand(r, "", cmd, []guard.Finding{{Span: [2]int{s, s + 2}}, {Span: [2]int{50, 60}}}, 40, 10, "$ ")
	got = ansi.Strip(strings.Join(v.rows, "\n"))
	want = "$ a⟨U+202E⟩b rm x\n" +
		"             ^^"
	if got != want {
		t.Errorf("hidden: got\n%s\nwant\n%s", got, want)
	}
}

// A long command is cut to the rows the screen allows, and says so.
func TestDrawCommandLimitsRows(t *testing.T) {
	cmd := strings.Repeat("echo line\n", 30)
	v := drawCommand(plainRenderer(), "", cmd, nil, 40, 5, "$ ")
	if len(v.rows) != 5 || v.more != 26 {
		t.Errorf("rows %d, more %d", len(v.rows), v.more)
	}
}

// Highlighting keeps the text and its styles closed on every row.
func TestDrawCommandHighlightsAndCloses(t *testing.T) {
	r := render.New(themes.Dark())
	cmd := `find . -name '*.o' -exec rm {} + && echo "done"`
	v := drawCommand(r, render.Open(r.Theme().Chat.ErrorLabel), cmd, guard.Analyze(cmd).Findings, 30, 10, "$ ")
	var text []string
	for _, row := range v.rows {
		if !strings.Contains(row, "\x1b[") {
			t.Errorf("row not highlighted: %q", row)
		}
		if strings.Contains(ansi.Strip(row), "^") {
			continue
		}
		text = append(text, strings.TrimPrefix(strings.TrimPrefix(ansi.Strip(row), "$ "), "  "))
		if w := ansi.StringWidth(row); w > 30 {
			t.Errorf("row wider than 30: %d %q", w, ansi.Strip(row))
		}
	}
	if got := strings.Join(text, ""); got != cmd {
		t.Errorf("rows spell %q", got)
	}
}

func newPrompt(now func() time.Time) *Prompt {
	return New(Options{Renderer: plainRenderer(), Keys: keys.Default(), Now: now})
}

func req(id string, run int) agent.ApprovalRequested {
	return agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: id, Kind: agent.KindCommand, Command: "rm -rf x", Cwd: "/w",
		Verdict: guard.Analyze("rm -rf x")}}
}

func TestQueueAddResolveDrop(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPrompt(func() time.Time { return now })
	if p.Add(req("a", 1), 1) == nil {
		t.Fatal("the first request starts no grace period")
	}
	if p.Add(req("a", 1), 1) != nil || p.Len() != 1 {
		t.Fatal("a request shown twice queued twice")
	}
	p.Add(req("b", 1), 1)
	p.Add(req("c", 2), 2)
	if ok, cmd := p.Resolve("b"); !ok || cmd != nil || p.Len() != 2 {
		t.Fatalf("resolving a queued request: %v %v %d", ok, cmd, p.Len())
	}
	p.DropRun(1)
	if p.Len() != 1 || p.queue[0].ev.Request.ID != "c" {
		t.Fatalf("drop run: %d", p.Len())
	}
	if ok, _ := p.Resolve("zzz"); ok {
		t.Fatal("resolved an unknown request")
	}
}

// Writes cannot be edited, and are shown as writes.
func TestWriteRequest(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPrompt(func() time.Time { return now })
	p.Focus()
	p.Add(agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: "w", Kind: agent.KindWrite, Command: "write_file /home/me/.bashrc", Cwd: "/w",
		Verdict: guard.Verdict{Level: guard.Ask, Findings: []guard.Finding{{ID: "shell-rc", Level: guard.Ask, Reason: "changes a shell start-up file", Span: [2]int{11, 27}}}}}}, 1)
	now = now.Add(Grace)
	got := ansi.Strip(p.View(60, 30))
	for _, want := range []string{"Allow this file write?", "✎ write_file /home/me/.bashrc", "           ^^^^^^^^^^^^^^^^", "shell-rc"} {
		if !strings.Contains(got, want) {
			t.Errorf("view lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "e edit") {
		t.Errorf("a write offers editing:\n%s", got)
	}
	if res := p.Update(uitest.Key("e")); res.Flash == "" || p.Editing() {
		t.Errorf("e on a write: %+v", res)
	}
}

// Each letter gives its answer once the prompt was focused; "always"
// (a, A) asks again first. An edit travels with an approval, never with a
// denial.
func TestAnswers(t *testing.T) {
	now := time.Unix(0, 0)
	for _, c := range []struct {
		key      string
		edit     string
		decision agent.Decision
		exact    bool
	}{
		{"y", "", agent.AllowOnce, false},
		{"s", "", agent.AllowSession, false},
		{"a", "", agent.AllowAlways, false},
		{"A", "", agent.AllowAlways, true},
		{"n", "", agent.Deny, false},
		{"esc", "", agent.Deny, false},
		{"y", "rm -rf x/tmp", agent.AllowOnce, false},
		{"n", "rm -rf x/tmp", agent.Deny, false},
	} {
		p := newPrompt(func() time.Time { return now })
		p.Focus()
		p.Add(req("r", 1), 1)
		now = now.Add(Grace)
		if c.edit != "" {
			p.setEdit(c.edit)
			now = now.Add(Grace)
		}
		res := p.Update(uitest.Key(c.key))
		if c.decision == agent.AllowAlways {
			if res.Answered != nil || !p.Confirming() {
				t.Errorf("%s saved a grant without asking again: %+v", c.key, res.Answered)
				continue
			}
			now = now.Add(Grace)
			res = p.Update(uitest.Key("y"))
		}
		a := res.Answered
		if a == nil || a.Answer.Decision != c.decision || a.Answer.ExactCommand != c.exact || a.Answer.By.Kind != agent.ApproverTUI || p.Pending() {
			t.Errorf("%s: %+v", c.key, a)
			continue
		}
		want := c.edit
		if c.decision == agent.Deny {
			want = ""
		}
		if a.Answer.Command != want {
			t.Errorf("%s with edit %q: answer carries %q", c.key, c.edit, a.Answer.Command)
		}
	}
}

// A prompt offered the keyboard (it appeared; nobody chose it) takes no
// typed text: each key is left to the caller, for the input, and nothing
// is answered. Its menu answers with the arrows and enter.
func TestOfferedPromptLeavesTypingAlone(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPrompt(func() time.Time { return now })
	p.Add(req("r", 1), 1)
	p.Offer()
	now = now.Add(Grace)
	for _, k := range uitest.Type("stop, do not do that. are you sure? yes: Always") {
		if res := p.Update(k); res.Handled || res.Answered != nil || res.Flash != "" {
			t.Fatalf("typed %q: %+v", k.Text, res)
		}
	}
	if !p.Pending() || p.Confirming() || p.Editing() || p.Armed() {
		t.Fatalf("typing changed the prompt: pending %v confirming %v editing %v armed %v", p.Pending(), p.Confirming(), p.Editing(), p.Armed())
	}
	if got := ansi.Strip(p.View(80, 30)); !strings.Contains(got, "▸ Yes, run it once") || strings.Contains(got, "  y") {
		t.Errorf("offered: the menu shows letters or no choice:\n%s", got)
	}
	// The arrows move the choice (never past either end); enter answers.
	for _, k := range []string{"down", "down", "down", "down", "down", "down", "down"} {
		if res := p.Update(uitest.Key(k)); !res.Handled || res.Answered != nil {
			t.Fatalf("%s: %+v", k, res)
		}
	}
	if got := ansi.Strip(p.View(80, 30)); !strings.Contains(got, "▸ No, deny it") {
		t.Errorf("down to the end:\n%s", got)
	}
	p.Update(uitest.Key("up"))
	p.Update(uitest.Key("up"))
	p.Update(uitest.Key("up"))
	p.Update(uitest.Key("up")) // Yes, and allow these findings for this session
	res := p.Update(uitest.Key("enter"))
	if a := res.Answered; a == nil || a.Answer.Decision != agent.AllowSession {
		t.Fatalf("enter on the session answer: %+v", res)
	}
}

// "Always" asks again, and the second answer is a key of its own, after a
// grace period: a double enter does not save a grant, esc goes back.
func TestAlwaysAsksAgain(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPrompt(func() time.Time { return now })
	p.Add(req("r", 1), 1)
	p.Offer()
	now = now.Add(Grace)
	p.Update(uitest.Key("down"))
	p.Update(uitest.Key("down"))
	if res := p.Update(uitest.Key("enter")); res.Answered != nil || !p.Confirming() {
		t.Fatalf("enter on always: %+v", res)
	}
	got := ansi.Strip(p.View(80, 30))
	for _, want := range []string{"Always allow recursive-delete?", "in every session", "/permissions", "▸ Yes, save the grant and run it", "No, go back", "wait"} {
		if !strings.Contains(got, want) {
			t.Errorf("asking again lacks %q:\n%s", want, got)
		}
	}
	if res := p.Update(uitest.Key("enter")); res.Answered != nil || !p.Confirming() {
		t.Fatalf("a second enter at once saved the grant: %+v", res)
	}
	if res := p.Update(uitest.Key("y")); res.Handled || res.Answered != nil {
		t.Fatalf("y on an offered prompt: %+v", res)
	}
	now = now.Add(Grace)
	if res := p.Update(uitest.Key("esc")); res.Answered != nil || p.Confirming() || !p.Pending() {
		t.Fatalf("esc: %+v confirming %v", res, p.Confirming())
	}
	p.Update(uitest.Key("down")) // Always allow this exact command
	p.Update(uitest.Key("enter"))
	now = now.Add(Grace)
	if got := ansi.Strip(p.View(80, 30)); !strings.Contains(got, "Always allow this exact command?") {
		t.Fatalf("exact:\n%s", got)
	}
	p.Update(uitest.Key("down")) // No, go back
	if res := p.Update(uitest.Key("enter")); res.Answered != nil || p.Confirming() {
		t.Fatalf("enter on go back: %+v", res)
	}
	p.Update(uitest.Key("enter"))
	now = now.Add(Grace)
	res := p.Update(uitest.Key("enter"))
	if a := res.Answered; a == nil || a.Answer.Decision != agent.AllowAlways || !a.Answer.ExactCommand {
		t.Fatalf("enter, a pause, enter: %+v", res)
	}
}

// A focused (armed) prompt answers letters; other text is not typed
// anywhere, and says what the keys do.
func TestArmedPromptTakesLettersOnly(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPrompt(func() time.Time { return now })
	p.Add(req("r", 1), 1)
	p.Focus()
	now = now.Add(Grace)
	if got := ansi.Strip(p.View(80, 30)); !strings.Contains(got, "Yes, run it once") || !strings.Contains(got, " y │") || !strings.Contains(got, "n esc │") {
		t.Errorf("armed: no letters beside the answers:\n%s", got)
	}
	if res := p.Update(uitest.Key("x")); !res.Handled || res.Flash == "" || res.Answered != nil {
		t.Errorf("x: %+v", res)
	}
	p.Blur()
	if p.Armed() {
		t.Error("blurred, still armed")
	}
	if got := ansi.Strip(p.View(80, 30)); !strings.Contains(got, "tab or esc returns to this prompt") || strings.Contains(got, "▸") {
		t.Errorf("blurred:\n%s", got)
	}
}

// A write's approval shows what it writes: the diff of a file it
// changes, the content of one it creates (secrets redacted).
func TestWriteShowsTheDiff(t *testing.T) {
	now := time.Unix(0, 0)
	p := New(Options{Renderer: plainRenderer(), Keys: keys.Default(), Now: func() time.Time { return now },
		Redact: strings.NewReplacer("sk-live-1", "sk-…1").Replace})
	v := guard.Verdict{Level: guard.Ask, Findings: []guard.Finding{{ID: "sensitive-write", Level: guard.Ask, Reason: "writes a secrets file"}}}
	p.Add(agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: "w", Kind: agent.KindWrite, Command: "write_file /w/.env", Cwd: "/w",
		Verdict: v, Preview: "--- /dev/null\n+++ b/.env\n@@ -0,0 +1,2 @@\n+TOKEN=sk-live-1\n+DEBUG=1\n"}}, 1)
	p.Add(agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: "p", Kind: agent.KindWrite, Command: "patch /home/me/.bashrc", Cwd: "/w",
		Verdict: v, Preview: "--- a/.bashrc\n+++ b/.bashrc\n@@ -1,2 +1,2 @@\n # rc\n-export A=1\n+export A=2\n"}}, 1)
	p.Focus()
	now = now.Add(Grace)
	got := ansi.Strip(p.View(80, 30))
	for _, want := range []string{"✎ write_file /w/.env", "@@ -0,0 +1,2 @@", "+TOKEN=sk-…1", "+DEBUG=1", "Yes, write it once", "Always allow writing this file…"} {
		if !strings.Contains(got, want) {
			t.Errorf("new file lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "sk-live-1") || strings.Contains(got, "+++ b/.env") || strings.Contains(got, "Edit the command") {
		t.Errorf("new file:\n%s", got)
	}
	p.Update(uitest.Key("n"))
	now = now.Add(Grace)
	got = ansi.Strip(p.View(80, 30))
	for _, want := range []string{"✎ patch /home/me/.bashrc", " # rc", "-export A=1", "+export A=2"} {
		if !strings.Contains(got, want) {
			t.Errorf("patch lacks %q:\n%s", want, got)
		}
	}
	// A long diff is cut to the rows there are, and says so.
	long := "--- a/x\n+++ b/x\n@@ -1,40 +1,40 @@\n" + strings.Repeat("-old\n+new\n", 40)
	p.Add(agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: "l", Kind: agent.KindWrite, Command: "write_file /w/x", Cwd: "/w", Verdict: v, Preview: long}}, 1)
	p.Update(uitest.Key("n"))
	now = now.Add(Grace)
	got = ansi.Strip(p.View(80, 40))
	if !strings.Contains(got, "more lines of the diff") || strings.Count(got, "+new") > maxDiffRows {
		t.Errorf("long diff:\n%s", got)
	}
}

// Running a command again outside the sandbox is allowed once or for the
// session only (the agent never keeps it longer): the menu offers no
// "always", and its letters do not save one.
func TestSandboxRerunOffersNoAlways(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPrompt(func() time.Time { return now })
	p.Add(agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: "s", Command: "cp x ~/.bashrc", Cwd: "/w",
		Verdict: guard.Verdict{Level: guard.Ask, Findings: []guard.Finding{{ID: agent.FindingSandboxRerun, Level: guard.Ask, Reason: "run it again outside the sandbox"}}}}}, 1)
	p.Focus()
	now = now.Add(Grace)
	got := ansi.Strip(p.View(80, 30))
	if !strings.Contains(got, "Yes, run it once") || !strings.Contains(got, "for this session") || strings.Contains(got, "Always") {
		t.Errorf("sandbox re-run menu:\n%s", got)
	}
	for _, k := range []string{"a", "A"} {
		if res := p.Update(uitest.Key(k)); res.Answered != nil || p.Confirming() || res.Flash == "" {
			t.Errorf("%s on a sandbox re-run: %+v", k, res)
		}
	}
}
