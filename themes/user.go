package themes

import (
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"go.yaml.in/yaml/v3"

	"github.com/herm-dev/herm/internal/config"
)

// User is a theme read from a YAML file under HERM_HOME/themes:
//
//	# ~/.herm/themes/ocean.yaml
//	name: ocean          # optional: the file's name without .yaml
//	base: dark           # the built-in whose colours fill what is not set
//	dark: true           # optional: made for a dark background (base's)
//	colors:
//	  accent: "#7AA2F7"  # #rrggbb, #rgb, 0-255 (the 256-colour palette) or default
//	  green: "#9ECE6A"   # success: finished tools, added lines
//	  red: "#F7768E"     # failure: errors, deleted lines
//	  code_keyword: "#BB9AF7"
//
// The colour keys are the Palette's fields in snake_case (fg, muted,
// faint, accent, accent2, green, red, yellow, blue, magenta, cyan, orange,
// border, selection_bg, selection_fg, diff_add_bg, diff_del_bg and
// code_comment, code_keyword, code_string, code_number, code_function,
// code_type, code_operator, code_builtin for syntax highlighting).
type User struct {
	Name    string
	File    string
	Dark    bool
	Palette Palette
}

// userFile is a user theme's YAML. Its base enum lists the palettes of
// builtins() (a test checks).
type userFile struct {
	Name   string     `yaml:"name"`
	Base   string     `yaml:"base" enum:"dark,light,high-contrast,high-contrast-light,colorblind,colorblind-light,dracula,nord,gruvbox,solarized-light,tokyo-night"`
	Dark   *bool      `yaml:"dark"`
	Colors userColors `yaml:"colors"`
}

// userColors mirrors Palette with YAML keys; a test checks it lists every
// Palette field, in the same order.
type userColors struct {
	Fg           Colour `yaml:"fg"`
	Muted        Colour `yaml:"muted"`
	Faint        Colour `yaml:"faint"`
	Accent       Colour `yaml:"accent"`
	Accent2      Colour `yaml:"accent2"`
	Green        Colour `yaml:"green"`
	Red          Colour `yaml:"red"`
	Yellow       Colour `yaml:"yellow"`
	Blue         Colour `yaml:"blue"`
	Magenta      Colour `yaml:"magenta"`
	Cyan         Colour `yaml:"cyan"`
	Orange       Colour `yaml:"orange"`
	Border       Colour `yaml:"border"`
	SelectionBg  Colour `yaml:"selection_bg"`
	SelectionFg  Colour `yaml:"selection_fg"`
	DiffAddBg    Colour `yaml:"diff_add_bg"`
	DiffDelBg    Colour `yaml:"diff_del_bg"`
	CodeComment  Colour `yaml:"code_comment"`
	CodeKeyword  Colour `yaml:"code_keyword"`
	CodeString   Colour `yaml:"code_string"`
	CodeNumber   Colour `yaml:"code_number"`
	CodeFunction Colour `yaml:"code_function"`
	CodeType     Colour `yaml:"code_type"`
	CodeOperator Colour `yaml:"code_operator"`
	CodeBuiltin  Colour `yaml:"code_builtin"`
}

// Colour is a colour as a theme file writes it. Its zero value means "not
// set" (the base theme's colour stays).
type Colour struct {
	c   color.Color
	set bool
}

// UnmarshalYAML accepts #rrggbb, #rgb, a number 0-255 (the terminal's
// 256-colour palette; 0-15 are its own 16 colours) or "default" (the
// terminal's default colour).
func (c *Colour) UnmarshalYAML(n *yaml.Node) error {
	v := strings.TrimSpace(n.Value)
	switch {
	case strings.EqualFold(v, "default") || strings.EqualFold(v, "none"):
		*c = Colour{set: true}
		return nil
	case strings.HasPrefix(v, "#") && (len(v) == 7 || len(v) == 4) && isHex(v[1:]):
		*c = Colour{c: lipgloss.Color(v), set: true}
		return nil
	}
	if i, err := strconv.Atoi(v); err == nil && i >= 0 && i <= 255 {
		*c = Colour{c: lipgloss.Color(v), set: true}
		return nil
	}
	return fmt.Errorf("%q is not a colour: use #rrggbb, #rgb, a number from 0 to 255 or default", v)
}

func isHex(s string) bool {
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F') {
			return false
		}
	}
	return true
}

// LoadUser reads every *.yaml and *.yml file in dir as a theme, sorted by
// name. A missing dir has no themes. A file that cannot be used is left
// out and reported in errs with its file, line and key (a
// *config.FieldError when it is a value's fault); unknown keys come back
// as warnings. A user theme named like a built-in is refused: the built-in
// would be unreachable otherwise… and the other way round.
func LoadUser(dir string) (themes []User, errs []error, warnings []config.Warning) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, []error{fmt.Errorf("read the themes directory %s: %w", dir, err)}, nil
	}
	seen := map[string]string{}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if e.IsDir() || (ext != ".yaml" && ext != ".yml") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			errs = append(errs, fmt.Errorf("read theme %s: %w", path, err))
			continue
		}
		u, warns, err := ParseUser(path, data)
		warnings = append(warnings, warns...)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if other, dup := seen[u.Name]; dup {
			errs = append(errs, fmt.Errorf("%s: theme %q is also defined in %s; rename one (name: …)", path, u.Name, other))
			continue
		}
		seen[u.Name] = path
		themes = append(themes, u)
	}
	sort.Slice(themes, func(i, j int) bool { return themes[i].Name < themes[j].Name })
	return themes, errs, warnings
}

// ParseUser reads one theme file's contents; path names it in errors and
// gives its default name.
func ParseUser(path string, data []byte) (User, []config.Warning, error) {
	var f userFile
	warns, err := config.DecodeYAML(path, data, &f)
	if err != nil {
		return User{}, warns, err
	}
	name := strings.TrimSpace(f.Name)
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	if !validName(name) {
		return User{}, warns, fmt.Errorf("%s: theme name %q: use letters, digits, '-' and '_'", path, name)
	}
	if IsBuiltin(name) {
		return User{}, warns, fmt.Errorf("%s: theme name %q is a built-in theme's; give yours another name (name: my-%s)", path, name, name)
	}
	base, ok := findBuiltin(f.Base)
	if !ok {
		base, _ = findBuiltin("dark")
		if f.Dark != nil && !*f.Dark {
			base, _ = findBuiltin("light")
		}
	}
	u := User{Name: name, File: path, Dark: base.dark, Palette: base.palette()}
	if f.Dark != nil {
		u.Dark = *f.Dark
	}
	// Copy the colours that are set over the base's, field by field (the
	// two structs list the same fields in the same order).
	src, dst := reflect.ValueOf(f.Colors), reflect.ValueOf(&u.Palette).Elem()
	for i := 0; i < src.NumField(); i++ {
		if c := src.Field(i).Interface().(Colour); c.set {
			if c.c == nil {
				dst.Field(i).Set(reflect.Zero(dst.Field(i).Type()))
			} else {
				dst.Field(i).Set(reflect.ValueOf(c.c))
			}
		}
	}
	return u, warns, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// Dir is where user themes live in a herm home.
func Dir(home string) string { return filepath.Join(home, "themes") }
