package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/panels"
	"github.com/herm-dev/herm/ui/render"
)

// pickerMsg is the end of something a picker started in a Cmd.
type pickerMsg struct {
	what  string // "model", "theme"
	value string // the model or theme chosen
	text  string // what to say about it
	err   error
}

// modelPicker is the model switcher: the provider's models from the
// catalog (agent/llm/models.go) and those its endpoint lists, any name
// typed as a custom entry, and the reasoning effort where the model takes
// one.
type modelPicker struct {
	list   panels.Picker
	effort int // index into agent.Efforts()
	// listing is set while the endpoint is asked for its models; note
	// says why it could not list them.
	listing bool
	note    string
}

// endpointModelsMsg carries the models the provider's endpoint lists.
type endpointModelsMsg struct {
	names []string
	err   error
}

// listModelsTimeout bounds asking the endpoint for its models: the picker
// works from the catalog meanwhile.
const listModelsTimeout = 10 * time.Second

func (m *Model) openModelPicker() tea.Cmd {
	if m.opts.Agent == nil && !m.connecting {
		return m.flash("no model is configured yet")
	}
	provider := m.opts.Provider
	if provider == "" && m.opts.Agent != nil && m.opts.Agent.Provider != nil {
		provider = m.opts.Agent.Provider.Name()
	}
	p := &modelPicker{list: panels.Picker{Custom: "a model by this name (not in the catalog)"}}
	current := m.info.Model
	p.list.Items = append(p.list.Items, panels.Item{Name: current, Desc: modelDesc(current), Mark: "current"})
	for _, mi := range llm.Models(provider) {
		if mi.Name != current {
			p.list.Items = append(p.list.Items, panels.Item{Name: mi.Name, Desc: modelDesc(mi.Name)})
		}
	}
	effort := m.pn.effort
	if m.sess != nil {
		effort = m.sess.ReasoningEffort()
	} else if effort == "" && m.opts.Agent != nil {
		effort = m.opts.Agent.ReasoningEffort
	}
	for i, e := range agent.Efforts() {
		if e == effort {
			p.effort = i
		}
	}
	m.overlays = append(m.overlays, p)
	// OpenAI's own list is every model of the account, embeddings and
	// speech included; the catalog has its chat models. Other endpoints —
	// local servers, routers — serve models the catalog cannot know.
	lister, ok := m.agentProvider().(llm.ModelLister)
	if !ok || provider == "openai" {
		return nil
	}
	p.listing = true
	ctx := m.ctx
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, listModelsTimeout)
		defer cancel()
		names, err := lister.ListModels(ctx)
		return endpointModelsMsg{names: names, err: err}
	}
}

// agentProvider is the provider turns go to, nil before there is one.
func (m *Model) agentProvider() llm.Provider {
	if m.opts.Agent == nil {
		return nil
	}
	return m.opts.Agent.Provider
}

// handleEndpointModels adds the endpoint's models to the model picker, if
// it is still open.
func (m *Model) handleEndpointModels(msg endpointModelsMsg) {
	for _, o := range m.overlays {
		if p, ok := o.(*modelPicker); ok {
			p.addEndpointModels(msg)
		}
	}
}

func (p *modelPicker) addEndpointModels(msg endpointModelsMsg) {
	p.listing = false
	if msg.err != nil {
		p.note = "the endpoint did not list its models: " + msg.err.Error()
		return
	}
	listed := make(map[string]bool, len(p.list.Items))
	for _, it := range p.list.Items {
		listed[it.Name] = true
	}
	for _, name := range msg.names {
		if !listed[name] {
			desc := "served by the endpoint"
			if d := modelDesc(name); d != "" {
				desc = d + " · " + desc
			}
			p.list.Items = append(p.list.Items, panels.Item{Name: name, Desc: desc})
		}
	}
}

// modelDesc says what the catalog knows of a model: its window and price.
func modelDesc(name string) string {
	var parts []string
	if w, ok := llm.ContextWindow(name); ok {
		parts = append(parts, text.Compact(w)+" context")
	}
	if mi, ok := llm.Lookup(name); ok {
		parts = append(parts, fmt.Sprintf("$%g/$%g per M in/out", mi.Price.Input, mi.Price.Output))
		if mi.Effort {
			parts = append(parts, "reasoning effort")
		}
	}
	return strings.Join(parts, " · ")
}

// takesEffort reports whether a model takes a reasoning effort: the
// catalog says so, and a model it does not know may.
func takesEffort(name string) bool {
	mi, ok := llm.Lookup(name)
	return !ok || mi.Effort
}

func (p *modelPicker) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.keys.Picker
	switch {
	case key.Matches(msg, k.Back):
		return true, nil
	case key.Matches(msg, k.Choose):
		it, ok := p.list.Current()
		if !ok {
			return false, nil
		}
		return true, m.switchModel(it.Name, agent.Efforts()[p.effort])
	case key.Matches(msg, k.Up):
		p.list.Move(-1)
	case key.Matches(msg, k.Down):
		p.list.Move(1)
	case key.Matches(msg, k.Effort):
		n := len(agent.Efforts())
		if msg.String() == "left" {
			p.effort = (p.effort + n - 1) % n
		} else {
			p.effort = (p.effort + 1) % n
		}
	case msg.String() == "backspace":
		p.list.Backspace()
	case msg.Text != "":
		p.list.Type(msg.Text)
	}
	return false, nil
}

func (p *modelPicker) View(m *Model) string {
	width := min(72, m.width-6)
	c := m.theme.Chrome
	hint := render.Open(c.Hint)
	body := p.list.View(m.theme, width, max(m.height-12, 3))
	effort := "default"
	if e := agent.Efforts()[p.effort]; e != "" {
		effort = e
	}
	line := render.Paint(render.Open(c.KeyDesc), "reasoning effort: ") + render.Paint(render.Open(c.Key), "◂ "+effort+" ▸")
	if it, ok := p.list.Current(); ok && !takesEffort(it.Name) {
		line = render.Paint(hint, "reasoning effort: — (this model takes none)")
	}
	switch {
	case p.listing:
		line += "\n" + render.Paint(hint, "asking the endpoint for its models…")
	case p.note != "":
		line += "\n" + render.Paint(hint, render.Truncate(p.note, width, "…"))
	}
	foot := render.Paint(hint, "type to filter or name any model · ← → effort · enter switch · esc close")
	return m.dialog("Model", body+"\n\n"+line+"\n"+render.Truncate(foot, width, "…"), width+4)
}

// switchModel switches the session's model and reasoning effort (in a
// Cmd: it is recorded in the store). Before the session exists they are
// kept for it.
func (m *Model) switchModel(name, effort string) tea.Cmd {
	if !takesEffort(name) {
		effort = ""
	}
	if m.sess == nil {
		m.info.Model = name
		m.pn.effort = effort
		return m.flash("model " + name + effortNote(effort) + " — used from your next message")
	}
	if err := m.sess.SetReasoningEffort(effort); err != nil {
		return m.flash(err.Error())
	}
	sess, ctx := m.sess, m.ctx
	return func() tea.Msg {
		return pickerMsg{what: "model", value: name, text: name + effortNote(effort), err: sess.SetModel(ctx, name)}
	}
}

func effortNote(e string) string {
	if e == "" {
		return ""
	}
	return " (" + e + " effort)"
}

// contextWindow is the window of the model the status line and /usage
// measure against: the configured one, or the catalog's for a model
// switched to.
func (m *Model) contextWindow() int {
	if m.opts.Agent != nil && m.info.Model != "" && m.info.Model != m.opts.Agent.Model {
		if w, ok := llm.ContextWindow(m.info.Model); ok {
			return w
		}
	}
	return m.opts.ContextWindow
}

// themePicker lists the themes; moving the selection previews a theme at
// once, enter keeps it (and writes display.theme), esc puts the old one
// back.
type themePicker struct {
	list panels.Picker
	orig string
}

func (m *Model) openThemePicker() tea.Cmd {
	p := &themePicker{orig: m.opts.Theme}
	for _, e := range themes.Builtins() {
		it := panels.Item{Name: e.Name, Desc: e.Desc}
		p.list.Items = append(p.list.Items, it)
	}
	for _, u := range m.opts.UserThemes {
		p.list.Items = append(p.list.Items, panels.Item{Name: u.Name, Desc: "yours: " + u.File})
	}
	cur := m.opts.Theme
	if cur == "" {
		cur = themes.Auto
	}
	for i := range p.list.Items {
		if p.list.Items[i].Name == cur {
			p.list.Items[i].Mark = "current"
		}
	}
	p.list.Select(cur)
	m.overlays = append(m.overlays, p)
	return nil
}

func (p *themePicker) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.keys.Picker
	switch {
	case key.Matches(msg, k.Back):
		m.setTheme(p.orig)
		return true, nil
	case key.Matches(msg, k.Choose):
		it, ok := p.list.Current()
		if !ok {
			return false, nil
		}
		m.setTheme(it.Name)
		return true, m.saveTheme(it.Name)
	case key.Matches(msg, k.Up):
		p.list.Move(-1)
	case key.Matches(msg, k.Down):
		p.list.Move(1)
	case msg.String() == "backspace":
		p.list.Backspace()
	case msg.Text != "":
		p.list.Type(msg.Text)
	default:
		return false, nil
	}
	if it, ok := p.list.Current(); ok {
		m.setTheme(it.Name) // the live preview
	}
	return false, nil
}

func (p *themePicker) View(m *Model) string {
	width := min(64, m.width-6)
	hint := render.Open(m.theme.Chrome.Hint)
	body := p.list.View(m.theme, width, max(m.height-12, 3))
	orig := p.orig
	if orig == "" {
		orig = themes.Auto
	}
	foot := render.Paint(hint, "↑↓ preview · enter keep · esc put back "+orig)
	return m.dialog("Theme · "+m.theme.Name, body+"\n\n"+render.Truncate(foot, width, "…"), width+4)
}

// setTheme switches to the theme setting name and redraws everything
// with it.
func (m *Model) setTheme(name string) {
	if name == m.opts.Theme {
		return
	}
	m.opts.Theme = name
	m.applyTheme()
}

// saveTheme writes display.theme to config.yaml (in a Cmd).
func (m *Model) saveTheme(name string) tea.Cmd {
	if m.opts.Home == "" {
		return m.flash("theme " + name + " for this run")
	}
	home := config.Home(m.opts.Home)
	return func() tea.Msg {
		return pickerMsg{what: "theme", value: name, text: name, err: config.Set(home, "display.theme", name)}
	}
}

func (m *Model) handlePickerMsg(msg pickerMsg) tea.Cmd {
	if msg.err != nil {
		m.chat.AddNotice(m.opts.Redact(fmt.Sprintf("%s: %v", msg.what, msg.err)), true)
		return nil
	}
	switch msg.what {
	case "model":
		m.info.Model = msg.value
		return m.flash("model " + msg.text + " for this session")
	case "theme":
		return m.flash("theme " + msg.text + " saved in config.yaml (display.theme)")
	}
	return nil
}

// themeCommand is /theme: the picker, or /theme NAME to switch at once.
func (m *Model) themeCommand(args string) tea.Cmd {
	name := strings.TrimSpace(args)
	if name == "" {
		return m.openThemePicker()
	}
	if !themes.Known(name, m.opts.UserThemes) {
		return m.flash("no theme " + name + " — /theme lists them")
	}
	m.setTheme(name)
	return m.saveTheme(name)
}
