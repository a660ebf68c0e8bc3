package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

// Exit statuses of the herm command. herm guard has its own, which say
// the verdict (guardExit*).
const (
	exitOK          = 0
	exitFailure     = 1   // the command failed; the message says why and what to do
	exitUsage       = 2   // the command line is wrong (missing or conflicting arguments)
	exitInterrupted = 130 // Ctrl-C stopped a turn; what was produced is saved
)

// exitError carries a process exit status through cobra. An empty err
// exits with code and prints nothing.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageError is an exitUsage failure saying what is wrong with the
// command line.
func usageError(msg string) error { return &exitError{code: exitUsage, err: errors.New(msg)} }

// failure is an exitFailure carrying err.
func failure(err error) error { return &exitError{code: exitFailure, err: err} }

// exitStatus prints err (if any) the way herm reports errors and returns
// the process status it stands for.
func exitStatus(stderr io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if msg := ee.Error(); msg != "" {
			fmt.Fprintln(stderr, "herm:", msg)
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "herm:", err)
	return exitFailure
}

// interruptible returns cmd's context, cancelled by the first SIGINT or
// SIGTERM so the command can stop cleanly (a turn saves what it has, the
// gateway drains); a second signal kills the process the default way.
// Call stop when the command ends.
func interruptible(cmd *cobra.Command) (ctx context.Context, stop func()) {
	ctx, stop = signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // the next signal is the default one again
	}()
	return ctx, stop
}
