package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/editor"
)

// runEditor opens path in the editor, attached to the terminal.
func runEditor(path string) error {
	argv := editor.Argv(os.Getenv)
	// The path is the editor's last argument, never spliced into a
	// command line.
	c := exec.Command(argv[0], append(argv[1:], path)...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := c.Run(); err != nil {
		return fmt.Errorf("the editor (%s) failed: %w; set $VISUAL or $EDITOR to the editor you use", editor.Command(os.Getenv), err)
	}
	return nil
}

// finalError is a refusal from editLoop's save that editing again cannot
// fix (the file changed meanwhile): the loop stops and keeps the text.
type finalError struct{ error }

func (e finalError) Unwrap() error { return e.error }

// errUnchanged tells editLoop's caller the person saved nothing new.
var errUnchanged = errors.New("no changes")

// editLoop lets a person edit initial in their editor (a temporary copy
// named like name, so the editor picks the right syntax) and passes the
// result to save. While save refuses it, the error is shown and, on a
// terminal, the person may edit again; otherwise the text is kept in the
// temporary file, whose path the returned error names: nothing typed is
// ever lost. It returns errUnchanged if the text was not changed.
func editLoop(cmd *cobra.Command, name string, initial []byte, save func([]byte) error) error {
	f, err := os.CreateTemp("", "herm-edit-*-"+name)
	if err != nil {
		return fmt.Errorf("create a file to edit: %w", err)
	}
	path := f.Name()
	_, err = f.Write(initial)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("write %s: %w", path, err)
	}
	interactive := term.IsTerminal(os.Stdin.Fd())
	in := bufio.NewReader(cmd.InOrStdin())
	for {
		if err := runEditor(path); err != nil {
			return fmt.Errorf("%w (your text is in %s)", err, path)
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("read back %s: %w", path, err)
		}
		if bytes.Equal(text, initial) {
			os.Remove(path)
			return errUnchanged
		}
		err = save(text)
		if err == nil {
			os.Remove(path)
			return nil
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "herm: not saved: %v\n", err)
		var final finalError
		if !interactive || errors.As(err, &final) {
			return fmt.Errorf("not saved; your text is kept in %s", path)
		}
		fmt.Fprint(cmd.ErrOrStderr(), "Edit again? [Y/n] ")
		answer, _ := in.ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a == "n" || a == "no" {
			return fmt.Errorf("not saved; your text is kept in %s", path)
		}
	}
}
