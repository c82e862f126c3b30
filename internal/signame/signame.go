// Package signame says which names and numbers are signals, for evidence
// and for the catalogue's signal matchers alike.
package signame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errcat/errcat/internal/match"
)

// signalNames are the signal names of Linux and macOS, without the SIG
// prefix, as signal(7) and signal(3) list them.
var signalNames = map[string]bool{
	"HUP": true, "INT": true, "QUIT": true, "ILL": true, "TRAP": true, "ABRT": true,
	"IOT": true, "BUS": true, "EMT": true, "FPE": true, "KILL": true, "USR1": true,
	"SEGV": true, "USR2": true, "PIPE": true, "ALRM": true, "TERM": true, "STKFLT": true,
	"CHLD": true, "CLD": true, "CONT": true, "STOP": true, "TSTP": true, "TTIN": true,
	"TTOU": true, "URG": true, "XCPU": true, "XFSZ": true, "VTALRM": true, "PROF": true,
	"WINCH": true, "IO": true, "POLL": true, "PWR": true, "INFO": true, "LOST": true,
	"SYS": true, "UNUSED": true, "RTMIN": true, "RTMAX": true,
}

// maxSignal is the highest signal number, SIGRTMAX on Linux.
const maxSignal = 64

// Want says, in an error, what is accepted.
const Want = "want a name such as SIGKILL, KILL or term, or a number from 1 to 64"

// Check reports whether s names a signal: a name of signalNames
// with or without SIG and in any case, SIGRTMIN+N or SIGRTMAX-N, or a
// number from 1 to maxSignal. errcat run reports signals by number, so a
// number is accepted whatever its name.
func Check(s string) error {
	name := strings.TrimPrefix(match.CanonicalSignal(s), "SIG")
	if signalNames[name] {
		return nil
	}
	if n, err := strconv.Atoi(name); err == nil && strconv.Itoa(n) == name && n >= 1 && n <= maxSignal {
		return nil
	}
	// Real-time signals run from SIGRTMIN (34 with glibc) to SIGRTMAX (64),
	// so an offset from either end is at most 30.
	for _, rt := range []string{"RTMIN+", "RTMAX-"} {
		if rest, ok := strings.CutPrefix(name, rt); ok {
			if n, err := strconv.Atoi(rest); err == nil && strconv.Itoa(n) == rest && n >= 1 && n <= 30 {
				return nil
			}
		}
	}
	return fmt.Errorf("%q is not a signal (%s)", s, Want)
}
