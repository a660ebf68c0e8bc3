package skills

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func skillMD(name, desc, body string) string {
	return fmt.Sprintf("---\nname: %s\ndescription: %s\n---\n%s\n", name, desc, body)
}

func writeSkill(t *testing.T, dir, content string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func names(ss []*Skill) string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name)
	}
	return strings.Join(out, ",")
}

func TestCatalog(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "home", "skills")
	ext := filepath.Join(base, "ext")
	writeSkill(t, filepath.Join(root, "alpha"), skillMD("alpha", "Alpha things.", "Do alpha."))
	writeSkill(t, filepath.Join(root, "devops", "deploy"), skillMD("deploy", "Deploy it.", "Steps."))
	writeSkill(t, filepath.Join(root, "broken"), "---\nname: broken\ndescription: [oops\n---\n")
	writeSkill(t, filepath.Join(root, ".hidden"), skillMD("hidden", "Never listed.", "x"))
	writeSkill(t, filepath.Join(root, "other-os"), "---\nname: other-os\ndescription: d\nplatforms: [plan9]\n---\nbody\n")
	writeSkill(t, filepath.Join(ext, "alpha"), skillMD("alpha", "Shadowed copy.", "x"))
	writeSkill(t, filepath.Join(ext, "beta"), skillMD("beta", "Beta from outside.", "x"))
	// A 5 MB SKILL.md is refused without being read into memory.
	big := filepath.Join(root, "huge")
	os.MkdirAll(big, 0o755)
	os.WriteFile(filepath.Join(big, FileName), []byte(skillMD("huge", "d", strings.Repeat("x", 5<<20))), 0o644)
	// A symlinked skill folder is found.
	writeSkill(t, filepath.Join(base, "linked-src"), skillMD("linked", "Linked in.", "x"))
	os.Symlink(filepath.Join(base, "linked-src"), filepath.Join(root, "linked"))

	l := NewLibrary(root, []string{ext, "", root})
	c := l.Catalog()
	if got := names(c.Skills); got != "alpha,beta,deploy,linked,other-os" {
		t.Errorf("skills = %s", got)
	}
	if a := c.Find("alpha"); a == nil || a.Description != "Alpha things." || a.ReadOnly {
		t.Errorf("HERM_HOME/skills must win over external dirs: %+v", a)
	}
	if b := c.Find("beta"); b == nil || !b.ReadOnly {
		t.Errorf("external skills are read-only: %+v", b)
	}
	if d := c.Find("deploy"); d == nil || d.Category != "devops" {
		t.Errorf("category: %+v", d)
	}
	if got := names(c.Shadowed); got != "alpha" {
		t.Errorf("shadowed = %s", got)
	}
	if c.Find("other-os").Supported() {
		t.Error("platforms: [plan9] is not supported here")
	}
	if got := strings.Join(c.Categories(), ","); got != "devops" {
		t.Errorf("categories = %s", got)
	}
	if len(c.Problems) != 2 {
		t.Fatalf("problems = %+v", c.Problems)
	}
	if msg := c.Problems[0].Err.Error(); !strings.Contains(msg, "broken/SKILL.md:3") || !strings.Contains(msg, "invalid YAML") {
		t.Errorf("yaml problem: %s", msg)
	}
	if msg := c.Problems[1].Err.Error(); !strings.Contains(msg, "huge/SKILL.md") || !strings.Contains(msg, "5.0 MB") {
		t.Errorf("size problem: %s", msg)
	}

	// The cache notices changes.
	time.Sleep(10 * time.Millisecond)
	writeSkill(t, filepath.Join(root, "alpha"), skillMD("alpha", "Alpha, revised.", "Do alpha better."))
	if d := l.Catalog().Find("alpha").Description; d != "Alpha, revised." {
		t.Errorf("cache kept a stale description: %q", d)
	}
	s, err := l.Get("alpha")
	if err != nil || !strings.Contains(s.Body, "Do alpha better.") {
		t.Errorf("Get: %+v %v", s, err)
	}
	var nf *NotFoundError
	if _, err := l.Get("nope"); !errors.As(err, &nf) {
		t.Errorf("Get(nope) = %v", err)
	}
}

func TestManage(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "skills")
	ext := filepath.Join(base, "ext")
	writeSkill(t, filepath.Join(ext, "outside"), skillMD("outside", "Read-only.", "x"))
	l := NewLibrary(root, []string{ext})

	s, err := l.Create("notes", "", skillMD("notes", "Take notes.", "Write them down."))
	if err != nil {
		t.Fatal(err)
	}
	if s.Dir != filepath.Join(root, "notes") {
		t.Errorf("dir %s", s.Dir)
	}
	if _, err := l.Create("notes", "", skillMD("notes", "Again.", "x")); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("duplicate create: %v", err)
	}
	if _, err := l.Create("outside", "", skillMD("outside", "Mine.", "x")); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("create over external: %v", err)
	}
	if _, err := l.Create("../evil", "", skillMD("evil", "d", "x")); err == nil || !strings.Contains(err.Error(), "not valid") {
		t.Errorf("traversal name: %v", err)
	}
	if _, err := l.Create("ok", "../up", skillMD("ok", "d", "x")); err == nil {
		t.Error("traversal category accepted")
	}
	if _, err := l.Create("mismatch", "", skillMD("other", "d", "x")); err == nil || !strings.Contains(err.Error(), "must match") {
		t.Errorf("name mismatch: %v", err)
	}
	if _, err := l.Create("empty", "", "---\nname: empty\ndescription: d\n---\n"); err == nil || !strings.Contains(err.Error(), "no instructions") {
		t.Errorf("empty body: %v", err)
	}
	if _, err := l.Create("bad-yaml", "", "---\nname: bad-yaml\ndescription: [x\n---\nbody"); err == nil || !strings.Contains(err.Error(), "invalid YAML") {
		t.Errorf("bad yaml: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "bad-yaml")); !os.IsNotExist(err) {
		t.Error("a refused create left a folder")
	}
	if _, err := l.Create("tools", "devops", skillMD("tools", "Ops tools.", "x")); err != nil {
		t.Errorf("category create: %v", err)
	}
	if c := l.Catalog().Find("tools"); c == nil || c.Category != "devops" {
		t.Errorf("category skill not found: %+v", c)
	}

	// Edit: invalid content is refused and the file kept.
	before, _ := os.ReadFile(filepath.Join(root, "notes", FileName))
	if _, err := l.Edit("notes", "---\nname: notes\n---\nno description"); err == nil {
		t.Error("invalid edit accepted")
	}
	if after, _ := os.ReadFile(filepath.Join(root, "notes", FileName)); string(after) != string(before) {
		t.Error("a refused edit changed the file")
	}
	if _, err := l.Edit("notes", skillMD("notes", "Take better notes.", "Write them down, dated.")); err != nil {
		t.Fatal(err)
	}
	var ro *ReadOnlyError
	if _, err := l.Edit("outside", skillMD("outside", "x", "y")); !errors.As(err, &ro) {
		t.Errorf("edit external: %v", err)
	}

	// Patch.
	if err := l.Patch("notes", "", "dated", "dated and tagged"); err != nil {
		t.Fatal(err)
	}
	if s, _ := l.Get("notes"); !strings.Contains(s.Body, "dated and tagged") {
		t.Errorf("patched body: %q", s.Body)
	}
	if err := l.Patch("notes", "", "not there", "x"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("patch missing: %v", err)
	}
	if err := l.Patch("notes", "", "e", "x"); err == nil || !strings.Contains(err.Error(), "times") {
		t.Errorf("patch ambiguous: %v", err)
	}
	if err := l.Patch("notes", "", "name: notes", "name: renamed"); err == nil || !strings.Contains(err.Error(), "invalid") {
		t.Errorf("patch breaking frontmatter: %v", err)
	}

	// Supporting files.
	if err := l.WriteFile("notes", "references/format.md", []byte("# Format\n")); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteFile("notes", "scripts/run.sh", []byte("#!/bin/sh\necho hi\n")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(root, "notes", "scripts", "run.sh")); st.Mode().Perm()&0o100 == 0 {
		t.Error("scripts are executable")
	}
	if err := l.Patch("notes", "references/format.md", "# Format", "# Note format"); err != nil {
		t.Errorf("patch a reference: %v", err)
	}
	for _, bad := range []string{"../escape.md", "references/../../escape.md", "/etc/passwd", "notes.md", "references", "references/.hidden", "other/x.md", "references\\x.md", "SKILL.md"} {
		if err := l.WriteFile("notes", bad, []byte("x")); err == nil {
			t.Errorf("WriteFile(%q) accepted", bad)
		}
	}
	if _, err := os.Stat(filepath.Join(base, "escape.md")); !os.IsNotExist(err) {
		t.Error("a path escaped the skill")
	}
	if err := l.WriteFile("notes", "assets/big.bin", make([]byte, MaxFileBytes+1)); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("oversized file: %v", err)
	}
	// A symlink inside the skill cannot redirect a write or a read.
	outside := filepath.Join(base, "outside-dir")
	os.MkdirAll(outside, 0o755)
	os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o600)
	os.Symlink(outside, filepath.Join(root, "notes", "assets"))
	if err := l.WriteFile("notes", "assets/x.txt", []byte("x")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("write through symlink: %v", err)
	}
	if _, err := l.ReadFile("notes", "assets/secret.txt"); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("read through symlink: %v", err)
	}
	os.Remove(filepath.Join(root, "notes", "assets"))

	data, err := l.ReadFile("notes", "references/format.md")
	if err != nil || string(data) != "# Note format\n" {
		t.Errorf("ReadFile: %q %v", data, err)
	}
	if _, err := l.ReadFile("notes", "../tools/SKILL.md"); err == nil {
		t.Error("ReadFile traversal accepted")
	}
	if files := l.Files(s); len(files) != 2 || files[0].Path != "references/format.md" || files[1].Path != "scripts/run.sh" {
		t.Errorf("Files = %+v", files)
	}
	if err := l.RemoveFile("notes", "scripts/run.sh"); err != nil {
		t.Fatal(err)
	}
	if err := l.RemoveFile("notes", "scripts/run.sh"); err == nil {
		t.Error("removing a missing file succeeded")
	}

	// Delete.
	if err := l.Delete("outside"); !errors.As(err, &ro) {
		t.Errorf("delete external: %v", err)
	}
	if err := l.Delete("notes"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "notes")); !os.IsNotExist(err) {
		t.Error("skill folder left behind")
	}
	if _, err := os.Stat(filepath.Join(ext, "outside", FileName)); err != nil {
		t.Error("external skill touched")
	}
	// A skill folder that is a symlink to elsewhere is never deleted through.
	writeSkill(t, filepath.Join(base, "elsewhere"), skillMD("linked", "d", "x"))
	os.Symlink(filepath.Join(base, "elsewhere"), filepath.Join(root, "linked"))
	if err := l.Delete("linked"); err == nil {
		t.Error("deleted through a symlink")
	}
	if _, err := os.Stat(filepath.Join(base, "elsewhere", FileName)); err != nil {
		t.Error("symlink target damaged")
	}
}

func TestBundledSkillsAreValid(t *testing.T) {
	names := BundledNames()
	if len(names) < 3 {
		t.Fatalf("bundled skills: %v", names)
	}
	for _, name := range names {
		data, err := bundled.ReadFile("bundled/" + name + "/" + FileName)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CheckContent(name, name, string(data)); err != nil {
			t.Errorf("bundled skill %s: %v", name, err)
		}
	}
}

func TestInstallBundled(t *testing.T) {
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "skills")
	l := NewLibrary(root, nil)
	rep, err := l.InstallBundled(ctx)
	if err != nil {
		t.Fatal(err)
	}
	all := BundledNames()
	if len(rep.Installed) != len(all) {
		t.Fatalf("installed %v, want %v", rep.Installed, all)
	}
	if got := names(l.Catalog().Skills); got != strings.Join(all, ",") {
		t.Errorf("catalog after install: %s", got)
	}
	// Idempotent.
	if rep, err := l.InstallBundled(ctx); err != nil || len(rep.Installed)+len(rep.Updated)+len(rep.Kept) != 0 {
		t.Errorf("second install: %+v %v", rep, err)
	}

	// Pretend the copies on disk are an older bundled version: one left as
	// installed, one edited by the user, one deleted by the user.
	untouched, edited, deleted := all[0], all[1], all[2]
	oldVersion := skillMD(untouched, "Old version.", "old body")
	writeSkill(t, filepath.Join(root, untouched), oldVersion)
	oldHash, _ := hashDir(filepath.Join(root, untouched))
	writeSkill(t, filepath.Join(root, edited), skillMD(edited, "The user's own version.", "custom"))
	os.RemoveAll(filepath.Join(root, deleted))
	m, _ := l.readManifest()
	m.Skills[untouched], m.Skills[edited], m.Skills[deleted] = oldHash, oldHash, oldHash
	data, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(root, manifestName), data, 0o644)

	rep, err = l.InstallBundled(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rep.Updated, ",") != untouched || strings.Join(rep.Kept, ",") != edited || len(rep.Installed) != 0 {
		t.Errorf("report %+v", rep)
	}
	if s, _ := l.Get(untouched); s.Description == "Old version." {
		t.Error("untouched copy not updated")
	}
	if s, _ := l.Get(edited); s.Description != "The user's own version." {
		t.Error("the user's edit was overwritten")
	}
	if _, err := os.Stat(filepath.Join(root, deleted)); !os.IsNotExist(err) {
		t.Error("a skill the user deleted came back")
	}
	// No leftovers from the swap.
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".new-") || strings.Contains(e.Name(), ".old-") {
			t.Errorf("leftover %s", e.Name())
		}
	}
	// A user skill with a bundled name is never replaced.
	root2 := filepath.Join(t.TempDir(), "skills")
	writeSkill(t, filepath.Join(root2, all[0]), skillMD(all[0], "Mine.", "x"))
	l2 := NewLibrary(root2, nil)
	if _, err := l2.InstallBundled(ctx); err != nil {
		t.Fatal(err)
	}
	if s, _ := l2.Get(all[0]); s.Description != "Mine." {
		t.Error("a user's skill was replaced by the bundled one")
	}
}

func TestExternalDirResolution(t *testing.T) {
	home, _ := os.UserHomeDir()
	l := NewLibrary("/h/skills", []string{"~/claude-skills", "rel", " "})
	got := l.ExternalDirs()
	if len(got) != 2 || got[0] != filepath.Join(home, "claude-skills") || got[1] != "/h/rel" {
		t.Errorf("external dirs %v", got)
	}
	if runtime.GOOS == "windows" {
		t.Skip()
	}
}

func TestImport(t *testing.T) {
	base := t.TempDir()
	src := filepath.Join(base, "hermes", "skills")
	writeSkill(t, filepath.Join(src, "research", "arxiv"), skillMD("arxiv", "Search arXiv.", "Steps."))
	os.MkdirAll(filepath.Join(src, "research", "arxiv", "scripts"), 0o755)
	os.WriteFile(filepath.Join(src, "research", "arxiv", "scripts", "fetch.sh"), []byte("#!/bin/sh\n"), 0o755)
	os.WriteFile(filepath.Join(src, "research", "arxiv", ".usage.json"), []byte("{}"), 0o644)
	os.Symlink("/etc/passwd", filepath.Join(src, "research", "arxiv", "link"))
	writeSkill(t, filepath.Join(src, "mine"), skillMD("mine", "Theirs.", "x"))

	root := filepath.Join(base, "herm", "skills")
	writeSkill(t, filepath.Join(root, "mine"), skillMD("mine", "Ours.", "x"))
	from, to := NewLibrary(src, nil), NewLibrary(root, nil)
	c := from.Catalog()

	skipped, err := to.Import(c.Find("arxiv"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(skipped, ";") != ".usage.json (hidden);link (symbolic link)" {
		t.Errorf("skipped %q", skipped)
	}
	got := to.Catalog().Find("arxiv")
	if got == nil || got.Category != "research" {
		t.Fatalf("imported skill: %+v", got)
	}
	if st, err := os.Stat(filepath.Join(got.Dir, "scripts", "fetch.sh")); err != nil || st.Mode().Perm()&0o100 == 0 {
		t.Errorf("script not copied executable: %v", err)
	}
	if _, err := to.Import(c.Find("mine")); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("import over an existing skill: %v", err)
	}
	if s, _ := to.Get("mine"); s.Description != "Ours." {
		t.Error("existing skill replaced")
	}
}

func TestIndexCacheAcrossProcesses(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "skills")
	cache := filepath.Join(base, "cache", "skills-index.json")
	writeSkill(t, filepath.Join(root, "one"), skillMD("one", "The real description.", "x"))
	writeSkill(t, filepath.Join(root, "bad"), "---\nname: bad\n---\nx")
	if got := NewLibrary(root, nil).WithIndexCache(cache).Catalog(); len(got.Skills) != 1 || len(got.Problems) != 1 {
		t.Fatalf("catalog %+v", got)
	}
	// Doctor the cache: a new library (a new process) believes it while
	// the file is unchanged…
	data, err := os.ReadFile(cache)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(cache, []byte(strings.ReplaceAll(string(data), "The real description.", "From the cache.")), 0o600)
	c := NewLibrary(root, nil).WithIndexCache(cache).Catalog()
	if d := c.Find("one").Description; d != "From the cache." {
		t.Errorf("cache not used: %q", d)
	}
	if len(c.Problems) != 1 || !strings.Contains(c.Problems[0].Err.Error(), "description") {
		t.Errorf("cached problem: %+v", c.Problems)
	}
	// …and re-reads the file once it changes.
	future := time.Now().Add(time.Minute)
	os.Chtimes(filepath.Join(root, "one", FileName), future, future)
	if d := NewLibrary(root, nil).WithIndexCache(cache).Catalog().Find("one").Description; d != "The real description." {
		t.Errorf("stale cache entry used: %q", d)
	}
	// A damaged cache file is ignored.
	os.WriteFile(cache, []byte("{not json"), 0o600)
	if d := NewLibrary(root, nil).WithIndexCache(cache).Catalog().Find("one").Description; d != "The real description." {
		t.Errorf("damaged cache: %q", d)
	}
}

// A library scanned repeatedly watches its folders and serves later scans
// from memory, noticing every kind of change.
func TestCatalogWatchesFolders(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "skills")
	writeSkill(t, filepath.Join(root, "one"), skillMD("one", "First.", "x"))
	writeSkill(t, filepath.Join(root, "cat", "two"), skillMD("two", "Second.", "x"))
	l := NewLibrary(root, nil)
	l.Catalog() // a one-shot process stops here: no watches
	if l.watch != nil {
		t.Error("the first scan set up watches")
	}
	l.Catalog() // reused: watches go up
	l.Catalog() // a scan with every folder watched: a valid base
	if runtime.GOOS != "linux" {
		t.Skip("watching is Linux-only")
	}
	if !l.watchValid {
		t.Fatal("the third scan should leave the library watching")
	}
	check := func(what, want string) {
		t.Helper()
		var got []string
		for _, s := range l.Catalog().Skills {
			got = append(got, s.Name+"="+s.Description)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("after %s: %s, want %s", what, strings.Join(got, ","), want)
		}
		l.Catalog() // settle: a scan that added watches is not yet a base
	}
	check("nothing", "one=First.,two=Second.")
	// In-place edit (no rename), as many editors write.
	f, _ := os.OpenFile(filepath.Join(root, "one", FileName), os.O_WRONLY|os.O_TRUNC, 0)
	f.WriteString(skillMD("one", "First, edited in place.", "x"))
	f.Close()
	check("an in-place edit", "one=First, edited in place.,two=Second.")
	writeSkill(t, filepath.Join(root, "three"), skillMD("three", "Third.", "x"))
	check("a new skill", "one=First, edited in place.,three=Third.,two=Second.")
	writeSkill(t, filepath.Join(root, "cat", "two"), skillMD("two", "Second, edited.", "x"))
	check("an edit in a category", "one=First, edited in place.,three=Third.,two=Second, edited.")
	if _, err := l.Create("four", "cat", skillMD("four", "Fourth.", "x")); err != nil {
		t.Fatal(err)
	}
	check("a new skill in a category", "four=Fourth.,one=First, edited in place.,three=Third.,two=Second, edited.")
	os.RemoveAll(filepath.Join(root, "one"))
	check("a deletion", "four=Fourth.,three=Third.,two=Second, edited.")
	if !l.watchValid {
		t.Error("the library stopped watching")
	}
	// Callers get their own slices.
	c := l.Catalog()
	c.Skills[0] = nil
	if l.Catalog().Skills[0] == nil {
		t.Error("a caller's change reached the cached catalog")
	}
}

func TestCreateRefusesLinkedCategory(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "skills")
	outside := filepath.Join(base, "outside")
	os.MkdirAll(root, 0o755)
	os.MkdirAll(outside, 0o755)
	os.Symlink(outside, filepath.Join(root, "cat"))
	l := NewLibrary(root, nil)
	if _, err := l.Create("x", "cat", skillMD("x", "d", "body")); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("create through a linked category: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("wrote outside the root: %v", entries)
	}
}
