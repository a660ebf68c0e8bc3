package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/ui/panels"
	"github.com/herm-dev/herm/ui/render"
)

// panelState is the todo and tasks panels docked between the chat and
// the input (ui/panels draws them).
type panelState struct {
	todo      panels.Todo
	tasks     panels.Tasks
	showTodo  bool
	showTasks bool
	// todoHidden: the person closed the todo panel; a new plan does not
	// open it again by itself.
	todoHidden bool
	fg         *panels.Task   // the tool call the turn is running
	sess       *agent.Session // the session the todo list is of
	ticking    bool           // a panelTickMsg is scheduled
	effort     string         // reasoning effort chosen before the session exists
	cost       float64        // the cost of the calls since the session was opened
}

// panelTickMsg refreshes the tasks panel's elapsed times and processes.
type panelTickMsg struct{}

// taskKilledMsg is the end of a kill from the tasks panel.
type taskKilledMsg struct {
	id  string
	err error
}

// panelEvery is how often an open tasks panel with something running
// redraws: its times are whole seconds.
const panelEvery = time.Second

// setSession makes s the current session (nil: none until the next
// message) and brings the panels along: a new or resumed session has its
// own todo list, and takes a reasoning effort chosen before it existed.
func (m *Model) setSession(s *agent.Session) {
	m.sess = s
	m.syncPanels()
}

func (m *Model) syncPanels() {
	if m.sess == m.pn.sess {
		return
	}
	m.pn.sess = m.sess
	m.pn.cost = 0
	if m.sess == nil {
		m.pn.todo.Set(nil)
		return
	}
	m.pn.todo.Set(m.sess.Env.Todos())
	if m.pn.effort != "" {
		_ = m.sess.SetReasoningEffort(m.pn.effort) // checked when chosen
		m.pn.effort = ""
	}
}

// panelEvents follows a batch of the running turn's events: the tool
// running in the foreground, and the todo list after the todo tool.
func (m *Model) panelEvents(msg eventsMsg) tea.Cmd {
	if m.run == nil || msg.run != m.run.id {
		return nil
	}
	changed := false
	for _, ev := range msg.events {
		switch e := ev.(type) {
		case agent.ToolStarted:
			what := e.Call.Name
			if arg := tools.KeyArgument(e.Call.Name, e.Call.Arguments); arg != "" {
				what += " " + arg
			}
			m.pn.fg = &panels.Task{ID: e.Call.ID, Command: what, Started: m.now(), Foreground: true}
			changed = true
		case agent.ToolFinished:
			m.pn.fg = nil
			changed = true
			if e.Call.Name == "todo" && m.sess != nil {
				had := len(m.pn.todo.Items()) > 0
				m.pn.todo.Set(m.sess.Env.Todos())
				if !had && len(m.pn.todo.Items()) > 0 && !m.pn.todoHidden && !m.pn.showTodo {
					m.pn.showTodo = true
					m.layout()
				}
			}
		case agent.TurnDone:
			m.pn.fg = nil
			changed = true
		case agent.MessageSaved:
			if e.Message.Role == "assistant" {
				cost, _ := agent.CostOf(m.info.Model, e.Message.Usage)
				m.pn.cost += cost
			}
		}
	}
	if changed && m.pn.showTasks {
		m.refreshTasks()
		return m.panelTick()
	}
	return nil
}

// refreshTasks reads the background processes (an in-memory list) and
// the foreground tool into the tasks panel.
func (m *Model) refreshTasks() {
	var list []panels.Task
	if m.run == nil {
		m.pn.fg = nil
	}
	if m.pn.fg != nil {
		list = append(list, *m.pn.fg)
	}
	if t := m.opts.Terminal; t != nil {
		for _, p := range t.Processes() {
			task := panels.Task{ID: p.ID, Command: p.Command, Started: p.Started}
			if code, exited := p.ExitCode(); exited {
				task.ExitCode = code
				task.Ended = p.Ended()
			}
			list = append(list, task)
		}
	}
	before := m.panelHeight()
	m.pn.tasks.Set(list)
	if m.panelHeight() != before {
		m.layout()
	}
}

// panelTick schedules a refresh while the tasks panel shows something
// running.
func (m *Model) panelTick() tea.Cmd {
	if m.pn.ticking || !m.pn.showTasks || m.pn.tasks.Running() == 0 {
		return nil
	}
	m.pn.ticking = true
	return tea.Tick(panelEvery, func(time.Time) tea.Msg { return panelTickMsg{} })
}

func (m *Model) handlePanelTick() tea.Cmd {
	m.pn.ticking = false
	if !m.pn.showTasks {
		return nil
	}
	m.refreshTasks()
	return m.panelTick()
}

// toggleTodo shows or hides the todo panel.
func (m *Model) toggleTodo() tea.Cmd {
	m.pn.showTodo = !m.pn.showTodo
	m.pn.todoHidden = !m.pn.showTodo
	m.layout()
	return nil
}

// tasksKey opens the tasks panel, then gives it the keyboard, then
// closes it.
func (m *Model) tasksKey() tea.Cmd {
	switch {
	case !m.pn.showTasks:
		m.pn.showTasks = true
		m.refreshTasks()
		m.layout()
		return m.panelTick()
	case !m.pn.tasks.Focused():
		m.pn.tasks.Focus(true)
		return nil
	}
	m.closeTasks()
	return nil
}

func (m *Model) closeTasks() {
	m.pn.showTasks = false
	m.pn.tasks.Focus(false)
	m.layout()
}

// panelKey handles the panels' keys: their toggles from anywhere, and
// every key while the tasks panel has the keyboard.
func (m *Model) panelKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.keys.Panels
	if m.pn.showTasks && m.pn.tasks.Focused() {
		switch {
		case key.Matches(msg, k.Tasks):
			return m.tasksKey(), true
		case key.Matches(msg, k.Up):
			m.pn.tasks.Move(-1)
		case key.Matches(msg, k.Down):
			m.pn.tasks.Move(1)
		case key.Matches(msg, k.Kill):
			return m.killTask(), true
		case key.Matches(msg, k.Back):
			m.pn.tasks.Focus(false)
		case key.Matches(msg, k.Todo):
			return m.toggleTodo(), true
		case key.Matches(msg, m.keys.Interrupt):
			m.pn.tasks.Focus(false)
		default:
			if msg.Text != "" && msg.Mod&^tea.ModShift == 0 {
				return nil, true // typing does not reach the input behind
			}
			return nil, false // help, the palette, quitting still work
		}
		return nil, true
	}
	switch {
	case key.Matches(msg, k.Todo):
		return m.toggleTodo(), true
	case key.Matches(msg, k.Tasks):
		return m.tasksKey(), true
	case key.Matches(msg, k.Models):
		return m.openModelPicker(), true
	}
	return nil, false
}

// killTask kills the selected background process (in a Cmd: it waits for
// the process to exit), or interrupts the turn for the foreground tool.
func (m *Model) killTask() tea.Cmd {
	t, ok := m.pn.tasks.Selected()
	switch {
	case !ok:
		return m.flash("no task selected")
	case !t.Running():
		return m.flash(t.ID + " has already exited")
	case t.Foreground:
		m.interrupt()
		return m.flash("interrupting the turn to stop " + t.Command)
	case m.opts.Terminal == nil:
		return nil
	}
	term, id := m.opts.Terminal, t.ID
	return func() tea.Msg { return taskKilledMsg{id: id, err: term.Kill(id)} }
}

func (m *Model) handleTaskKilled(msg taskKilledMsg) tea.Cmd {
	m.refreshTasks()
	if msg.err != nil {
		return m.flash("could not kill " + msg.id + ": " + msg.err.Error())
	}
	return m.flash("killed " + msg.id)
}

// panelMax is the most rows one panel may take.
func (m *Model) panelMax() int { return max(min(10, m.height/4), 2) }

// panelHeight is the rows the open panels take, a rule above them
// included; 0 when none is open.
func (m *Model) panelHeight() int {
	if m.width == 0 || (!m.pn.showTodo && !m.pn.showTasks) {
		return 0
	}
	todo, tasks := 0, 0
	if m.pn.showTodo {
		todo = m.pn.todo.Height(m.panelMax())
	}
	if m.pn.showTasks {
		tasks = m.pn.tasks.Height(m.panelMax())
	}
	if m.sideBySide() {
		return 1 + max(todo, tasks)
	}
	return 1 + todo + tasks
}

// sideBySide reports whether both panels are open on a terminal wide
// enough to show them next to each other.
func (m *Model) sideBySide() bool {
	return m.pn.showTodo && m.pn.showTasks && m.width >= sideBySideWidth
}

// sideBySideWidth is the narrowest terminal that shows the two panels
// side by side rather than one above the other.
const sideBySideWidth = 120

// panelsView draws the open panels, panelHeight rows.
func (m *Model) panelsView() []string {
	if m.panelHeight() == 0 {
		return nil
	}
	rule := render.Paint(render.Open(m.theme.Panel.Border), strings.Repeat("╌", m.width))
	lines := []string{rule}
	if m.sideBySide() {
		h := m.panelHeight() - 1
		lw := (m.width - 3) / 2
		left := strings.Split(m.pn.todo.View(m.theme, lw, m.pn.todo.Height(m.panelMax())), "\n")
		right := strings.Split(m.pn.tasks.View(m.theme, m.width-3-lw, m.pn.tasks.Height(m.panelMax()), m.now()), "\n")
		bar := render.Paint(render.Open(m.theme.Panel.Border), " │ ")
		for i := range h {
			l, r := strings.Repeat(" ", lw), ""
			if i < len(left) {
				l = left[i]
			}
			if i < len(right) {
				r = right[i]
			}
			lines = append(lines, l+bar+r)
		}
		return lines
	}
	if m.pn.showTodo {
		lines = append(lines, strings.Split(m.pn.todo.View(m.theme, m.width, m.pn.todo.Height(m.panelMax())), "\n")...)
	}
	if m.pn.showTasks {
		lines = append(lines, strings.Split(m.pn.tasks.View(m.theme, m.width, m.pn.tasks.Height(m.panelMax()), m.now()), "\n")...)
	}
	return lines
}

// panelActions are the palette's entries for the panels and dialogs.
func (m *Model) panelActions() []action {
	k := m.keys
	return []action{
		{name: "Todo/plan panel: show or hide", binding: k.Panels.Todo, run: func(m *Model) tea.Cmd { return m.toggleTodo() }},
		{name: "Background tasks: show · focus · hide", binding: k.Panels.Tasks, run: func(m *Model) tea.Cmd { return m.tasksKey() }},
		{name: "Switch model · reasoning effort", binding: k.Panels.Models, run: func(m *Model) tea.Cmd { return m.openModelPicker() }},
		{name: "Theme: pick with live preview", keyText: "/theme", run: func(m *Model) tea.Cmd { return m.openThemePicker() }},
		{name: "Usage: tokens and cost by model", keyText: "/usage", run: func(m *Model) tea.Cmd { return m.usageCommand() }},
		{name: "Vim mode: on or off", keyText: "/vim", run: func(m *Model) tea.Cmd { return m.toggleVim() }},
	}
}

// routePanels handles the messages of the panels and dialogs.
func (m *Model) routePanels(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case panelTickMsg:
		return m.handlePanelTick()
	case taskKilledMsg:
		return m.handleTaskKilled(msg)
	case pickerMsg:
		return m.handlePickerMsg(msg)
	case usageMsg:
		return m.handleUsage(msg)
	}
	return nil
}
