package exitcode

import (
	"errors"
	"fmt"
	"testing"
)

func TestSignaledIsWhatAShellReports(t *testing.T) {
	for n, want := range map[int]Code{2: 130, 9: 137, 15: 143} {
		if got := Signaled(n); got != want {
			t.Errorf("Signaled(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestErrorSaysItsStatusWhenItHasNoMessage(t *testing.T) {
	if got := (Error{Code: Failure}).Error(); got != "exit status 1" {
		t.Errorf("quiet error: %q", got)
	}
	if got := (Error{Code: NotFound, Err: errors.New("run x: not found")}).Error(); got != "run x: not found" {
		t.Errorf("error with a message: %q", got)
	}
	var e Error
	if !errors.As(fmt.Errorf("wrapped: %w", Error{Code: Usage}), &e) || e.Code != Usage {
		t.Errorf("errors.As through a wrap: %+v", e)
	}
}
