package ui

// applyKeyOverrides applies Options.KeyOverrides to the key map and
// returns what it refused, each naming the file, line and key.
func (m *Model) applyKeyOverrides() []string {
	var out []string
	for _, err := range m.keys.Apply(m.opts.KeyOverrides) {
		out = append(out, err.Error())
	}
	return out
}
