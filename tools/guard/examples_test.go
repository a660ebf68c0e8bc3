package guard

import (
	"os"
	"path/filepath"
	"strings"
)

// exampleOptions are the options the rule examples and the corpus are
// analysed with: home is /home/user, the command runs in
// /home/user/project, and the files under /home/user are those of
// testdata/example — written by the agent, except those named user-*.
var exampleOptions = Options{Home: "/home/user", Cwd: "/home/user/project", Script: exampleScript}

// exampleScript is Options.Script over testdata/example.
func exampleScript(p string) ([]byte, bool, error) {
	rel, ok := strings.CutPrefix(p, "/home/user/")
	if !ok {
		return nil, false, os.ErrNotExist
	}
	data, err := os.ReadFile(filepath.Join("testdata", "example", filepath.FromSlash(rel)))
	if err != nil {
		return nil, false, err
	}
	return data, !strings.HasPrefix(filepath.Base(p), "user-"), nil
}
