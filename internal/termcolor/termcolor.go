// Package termcolor decides whether errcat's text output is coloured and
// colours a recovery class's name. Colour is for a person at a terminal:
// it is on for a terminal under --color auto unless NO_COLOR is set to
// anything, on under --color always, and never written to a pipe or file
// on its own.
package termcolor

import (
	"fmt"
	"io"
	"os"
)

// Modes are the values of --color.
const (
	Auto   = "auto"
	Always = "always"
	Never  = "never"
)

// Check refuses a --color value that is not a mode.
func Check(mode string) error {
	switch mode {
	case Auto, Always, Never:
		return nil
	}
	return fmt.Errorf("--color %q: want auto, always or never", mode)
}

// Enabled reports whether output to w is coloured under mode. Under auto,
// w must be a terminal, NO_COLOR must be unset or empty (no-color.org) and
// TERM must not be "dumb".
func Enabled(mode string, getenv func(string) string, w io.Writer) bool {
	switch mode {
	case Always:
		return true
	case Auto:
		return getenv("NO_COLOR") == "" && getenv("TERM") != "dumb" && IsTerminal(w)
	}
	return false
}

// IsTerminal reports whether w is a terminal: a file on a character
// device, as a terminal is, or a writer that says whether it is one
// through an IsTerminal method, as a test's stand-in for a terminal does.
// Pipes, regular files and other writers are not. Colour and errcat
// classify's progress line both ask it.
func IsTerminal(w io.Writer) bool {
	if t, ok := w.(interface{ IsTerminal() bool }); ok {
		return t.IsTerminal()
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// codes are the SGR colours of the shipped classes: hard is red (stop),
// request magenta (change the request), transient yellow (wait), and
// unclassified bold, never a guess at a colour of its own.
var codes = map[string]string{
	"hard":         "31",
	"request":      "35",
	"transient":    "33",
	"unclassified": "1",
}

// Class returns text coloured as class is; a class the table does not
// know (a catalogue's own) is shown plain.
func Class(class, text string) string {
	c, ok := codes[class]
	if !ok {
		return text
	}
	return "\x1b[" + c + "m" + text + "\x1b[0m"
}
