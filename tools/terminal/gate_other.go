//go:build !linux

package terminal

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
)

// HasExecGate reports whether this platform has the exec gate. It does
// not here: a Request's ExecGate is not used, and Result.Ungated says so.
const HasExecGate = false

// errNoExecGate is what startTraced returns on this platform.
var errNoExecGate = fmt.Errorf("the exec gate needs Linux's ptrace, and this is %s: %w", runtime.GOOS, errors.ErrUnsupported)

// tracer would run a command under the exec gate; none is ever made here.
type tracer struct{}

// Refused returns what the gate stopped: nothing, as it never runs.
func (*tracer) Refused() *Refusal { return nil }

// startTraced does not start cmd: this platform has no exec gate. The
// caller runs the command without it (startSession).
func startTraced(*exec.Cmd, ExecGate, func(code int), func() error) (*tracer, error) {
	return nil, errNoExecGate
}
