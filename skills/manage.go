package skills

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/herm-dev/herm/internal/atomicfile"
)

// ReadOnlyError refuses a change to a skill in an external directory.
type ReadOnlyError struct {
	Name, Dir, Root string
}

func (e *ReadOnlyError) Error() string {
	return fmt.Sprintf("skill %q is in %s, an external directory herm only reads (skills.external_dirs); "+
		"to change it, copy its folder into %s and edit the copy", e.Name, e.Dir, e.Root)
}

// CheckContent validates the SKILL.md content of the skill called name:
// it must parse, its frontmatter name must be name, and it must have
// instructions after the frontmatter. path names the file in errors.
func CheckContent(path, name, content string) (*Skill, error) {
	s, err := Parse(path, []byte(content))
	if err != nil {
		return nil, err
	}
	if s.Name != name {
		return nil, &Error{File: path, Line: 2, Field: "name", Msg: fmt.Sprintf(
			"the frontmatter says %q but the skill is %q; they must match (to rename a skill, create the new one and delete the old)", s.Name, name)}
	}
	if strings.TrimSpace(s.Body) == "" {
		return nil, &Error{File: path, Msg: "SKILL.md has no instructions after the frontmatter; write the procedure below the closing ---"}
	}
	return s, nil
}

// Create makes a new skill in the library's root (under category, if
// given) with content as its SKILL.md.
func (l *Library) Create(name, category, content string) (*Skill, error) {
	if err := ValidName(name); err != nil {
		return nil, err
	}
	category = strings.Trim(strings.TrimSpace(category), "/")
	if category != "" {
		if err := ValidName(category); err != nil {
			return nil, fmt.Errorf("category: %w", err)
		}
	}
	parent := l.root
	if category != "" {
		parent = filepath.Join(l.root, category)
	}
	dir := filepath.Join(parent, name)
	path := filepath.Join(dir, FileName)
	s, err := CheckContent(path, name, content)
	if err != nil {
		return nil, err
	}
	if found := l.Catalog().Find(name); found != nil {
		if found.ReadOnly {
			return nil, fmt.Errorf("a skill named %q already exists in %s (read-only); pick another name", name, found.Dir)
		}
		return nil, fmt.Errorf("a skill named %q already exists at %s; change it with edit or patch, or pick another name", name, found.Dir)
	}
	if err := os.MkdirAll(l.root, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", l.root, err)
	}
	// A category folder that is a link to elsewhere must not take the
	// new skill (or the folders made for it) outside the root.
	if !withinDir(l.root, parent) {
		return nil, fmt.Errorf("refusing to create %s: it resolves outside %s", dir, l.root)
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", parent, err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("the folder %s already exists (without a valid SKILL.md); remove it or pick another name", dir)
		}
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	if err := atomicfile.Write(path, []byte(content), 0o644); err != nil {
		os.Remove(dir)
		return nil, err
	}
	s.Path, s.Dir, s.Category = path, dir, category
	return s, nil
}

// writable returns the skill called name if herm may change it.
func (l *Library) writable(name string) (*Skill, error) {
	if err := ValidName(name); err != nil {
		return nil, err
	}
	c := l.Catalog()
	s := c.Find(name)
	if s == nil {
		p := c.Broken(name)
		if p == nil {
			return nil, &NotFoundError{Name: name}
		}
		s = &Skill{Name: name, Dir: filepath.Dir(p.Path), Path: p.Path, ReadOnly: p.ReadOnly}
	}
	if s.ReadOnly {
		return nil, &ReadOnlyError{Name: name, Dir: s.Dir, Root: l.root}
	}
	if !withinDir(l.root, s.Dir) || samePath(l.root, s.Dir) {
		return nil, fmt.Errorf("refusing to change skill %q: its folder %s resolves outside %s", name, s.Dir, l.root)
	}
	return s, nil
}

// Edit replaces the SKILL.md of the skill called name.
func (l *Library) Edit(name, content string) (*Skill, error) {
	s, err := l.writable(name)
	if err != nil {
		return nil, err
	}
	ns, err := CheckContent(s.Path, name, content)
	if err != nil {
		return nil, err
	}
	if err := l.writeInSkill(s, FileName, []byte(content), 0o644); err != nil {
		return nil, err
	}
	ns.Path, ns.Dir, ns.Category = s.Path, s.Dir, s.Category
	return ns, nil
}

// Patch replaces the one occurrence of oldString with newString in the
// skill's SKILL.md (filePath "") or one of its supporting files. A patched
// SKILL.md must still be valid.
func (l *Library) Patch(name, filePath, oldString, newString string) error {
	s, err := l.writable(name)
	if err != nil {
		return err
	}
	rel := FileName
	if filePath != "" && filePath != FileName {
		if rel, err = cleanRel(filePath, true); err != nil {
			return err
		}
	}
	if oldString == "" {
		return fmt.Errorf("old_string is required: the exact text to replace")
	}
	target := filepath.Join(s.Dir, filepath.FromSlash(rel))
	data, err := l.readInSkill(s, rel)
	if err != nil {
		return err
	}
	text := string(data)
	switch n := strings.Count(text, oldString); n {
	case 0:
		return fmt.Errorf("old_string was not found in %s; it must match the file's text exactly (skill_view shows it)", rel)
	case 1:
	default:
		return fmt.Errorf("old_string is found %d times in %s; include more of the surrounding text so it is found once", n, rel)
	}
	text = strings.Replace(text, oldString, newString, 1)
	if rel == FileName {
		if _, err := CheckContent(target, name, text); err != nil {
			return fmt.Errorf("the patch would leave SKILL.md invalid, so nothing was written: %w", err)
		}
	}
	if len(text) > MaxFileBytes {
		return fmt.Errorf("the patch would make %s %s; the limit is %s", rel, sizeString(len(text)), sizeString(MaxFileBytes))
	}
	return l.writeInSkill(s, rel, []byte(text), fileMode(rel))
}

// Delete removes the skill called name and its folder.
func (l *Library) Delete(name string) error {
	s, err := l.writable(name)
	if err != nil {
		return err
	}
	if st, err := os.Lstat(s.Dir); err != nil || st.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("refusing to delete %s: it is a symbolic link; remove the link by hand if you mean to", s.Dir)
	}
	if err := os.RemoveAll(s.Dir); err != nil {
		return fmt.Errorf("delete %s: %w", s.Dir, err)
	}
	return nil
}

// WriteFile adds or replaces a supporting file under one of Subdirs.
func (l *Library) WriteFile(name, filePath string, data []byte) error {
	s, err := l.writable(name)
	if err != nil {
		return err
	}
	rel, err := cleanRel(filePath, true)
	if err != nil {
		return err
	}
	if rel == FileName {
		return fmt.Errorf("SKILL.md is changed with edit or patch, which check its frontmatter")
	}
	if len(data) > MaxFileBytes {
		return fmt.Errorf("%s would be %s; the limit for a skill file is %s", rel, sizeString(len(data)), sizeString(MaxFileBytes))
	}
	return l.writeInSkill(s, rel, data, fileMode(rel))
}

// RemoveFile deletes a supporting file.
func (l *Library) RemoveFile(name, filePath string) error {
	s, err := l.writable(name)
	if err != nil {
		return err
	}
	rel, err := cleanRel(filePath, true)
	if err != nil {
		return err
	}
	target := filepath.Join(s.Dir, filepath.FromSlash(rel))
	if err := checkNoLinks(s.Dir, rel); err != nil {
		return err
	}
	st, err := os.Lstat(target)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s has no file %s", name, rel)
		}
		return err
	}
	if st.IsDir() {
		return fmt.Errorf("%s is a folder; remove the files in it one by one", rel)
	}
	if err := os.Remove(target); err != nil {
		return fmt.Errorf("remove %s: %w", rel, err)
	}
	return nil
}

// ReadFile returns one of a skill's files (any file in its folder, such as
// references/api.md), for skill_view.
func (l *Library) ReadFile(name, filePath string) ([]byte, error) {
	s := l.Catalog().Find(name)
	if s == nil {
		return nil, &NotFoundError{Name: name}
	}
	rel, err := cleanRel(filePath, false)
	if err != nil {
		return nil, err
	}
	return l.readInSkill(s, rel)
}

func (l *Library) readInSkill(s *Skill, rel string) ([]byte, error) {
	target := filepath.Join(s.Dir, filepath.FromSlash(rel))
	if !withinDir(s.Dir, target) {
		return nil, fmt.Errorf("%s leads outside the skill's folder", rel)
	}
	st, err := os.Stat(target)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("skill %q has no file %s", s.Name, rel)
		}
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder; give a file in it (skill_view without file_path lists them)", rel)
	}
	if st.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s is %s; the limit for a skill file is %s", rel, sizeString(int(min(st.Size(), 1<<40))), sizeString(MaxFileBytes))
	}
	data, err := os.ReadFile(target)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	return data, nil
}

// writeInSkill writes rel inside the skill's folder atomically, refusing
// to follow a symlink on the way.
func (l *Library) writeInSkill(s *Skill, rel string, data []byte, mode os.FileMode) error {
	if err := checkNoLinks(s.Dir, rel); err != nil {
		return err
	}
	target := filepath.Join(s.Dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(target), err)
	}
	if !withinDir(s.Dir, filepath.Dir(target)) {
		return fmt.Errorf("%s leads outside the skill's folder", rel)
	}
	return atomicfile.Write(target, data, mode)
}

func fileMode(rel string) os.FileMode {
	if strings.HasPrefix(rel, "scripts/") {
		return 0o755
	}
	return 0o644
}

// cleanRel validates a path inside a skill's folder: relative, no "..",
// no hidden components; with inSubdir, under one of Subdirs (or SKILL.md
// itself). It returns the path with '/' separators.
func cleanRel(p string, inSubdir bool) (string, error) {
	orig := p
	p = strings.TrimSpace(p)
	if p == "" {
		return "", fmt.Errorf("file_path is empty")
	}
	if strings.ContainsAny(p, "\\\x00") {
		return "", fmt.Errorf("file_path %q may not hold backslashes or NUL bytes; use / between folders", orig)
	}
	if strings.HasPrefix(p, "/") || filepath.IsAbs(p) {
		return "", fmt.Errorf("file_path %q must be relative to the skill's folder, like references/api.md", orig)
	}
	var parts []string
	for _, part := range strings.Split(p, "/") {
		switch {
		case part == "" || part == ".":
			continue
		case part == "..":
			return "", fmt.Errorf("file_path %q leaves the skill's folder (..); paths stay inside it", orig)
		case strings.HasPrefix(part, "."):
			return "", fmt.Errorf("file_path %q has a hidden component %q; use a plain name", orig, part)
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "", fmt.Errorf("file_path %q names no file", orig)
	}
	rel := strings.Join(parts, "/")
	if !inSubdir || rel == FileName {
		return rel, nil
	}
	if !slices.Contains(Subdirs, parts[0]) {
		return "", fmt.Errorf("file_path %q must be under one of %s/ (for example references/notes.md)", orig, strings.Join(Subdirs, "/, "))
	}
	if len(parts) < 2 {
		return "", fmt.Errorf("file_path %q is a folder; name a file in it, like %s/notes.md", orig, parts[0])
	}
	return rel, nil
}

// checkNoLinks refuses a path inside dir that passes through a symlink, so
// a write cannot be redirected outside the skill.
func checkNoLinks(dir, rel string) error {
	cur := dir
	for _, part := range strings.Split(rel, "/") {
		cur = filepath.Join(cur, part)
		st, err := os.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("refusing to write through %s: it is a symbolic link", cur)
		}
	}
	return nil
}

// withinDir reports whether path, symlinks resolved, is dir or inside it.
func withinDir(dir, path string) bool {
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		// Not there yet: judge by its parent.
		parent, perr := filepath.EvalSymlinks(filepath.Dir(path))
		if perr != nil {
			return false
		}
		p = filepath.Join(parent, filepath.Base(path))
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func samePath(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}
