package cli

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// TestExitStatus: each kind of failure exits with its named status and
// prints its message once, prefixed the way herm reports errors.
func TestExitStatus(t *testing.T) {
	for _, tt := range []struct {
		err  error
		code int
		out  string
	}{
		{nil, exitOK, ""},
		{errors.New("plain"), exitFailure, "herm: plain\n"},
		{failure(errors.New("broken")), exitFailure, "herm: broken\n"},
		{fmt.Errorf("wrapped: %w", failure(errors.New("deep"))), exitFailure, "herm: deep\n"},
		{usageError("give a prompt"), exitUsage, "herm: give a prompt\n"},
		{&exitError{code: exitFailure}, exitFailure, ""},
		{&exitError{code: guardExitAsk}, guardExitAsk, ""},
	} {
		var b bytes.Buffer
		if code := exitStatus(&b, tt.err); code != tt.code || b.String() != tt.out {
			t.Errorf("exitStatus(%v) = %d, %q; want %d, %q", tt.err, code, b.String(), tt.code, tt.out)
		}
	}
}
