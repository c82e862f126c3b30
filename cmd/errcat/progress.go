package main

import (
	"io"
	"os"
	"strings"
	"time"

	"github.com/errcat/errcat/internal/progress"
	"github.com/errcat/errcat/internal/termcolor"
)

// meterFor returns the progress line classify draws on stderr while it
// reads inputs, counting records when records is set, or nil when it
// draws none: with --no-progress, when stderr is not a terminal (as
// termcolor tells one for colour), on a dumb terminal, and in CI (CI or
// GITHUB_ACTIONS set), whose log is kept even when the runner gives the
// job a pseudo-terminal. The line shows the inputs' total size when every
// input's is known.
func meterFor(off bool, getenv func(string) string, stderr io.Writer, inputs []namedReader, records bool) *progress.Meter {
	if off || getenv("CI") != "" || getenv("GITHUB_ACTIONS") != "" || getenv("TERM") == "dumb" || !termcolor.IsTerminal(stderr) {
		return nil
	}
	return progress.New(stderr, time.Now, progress.Options{Total: totalSize(inputs), Records: records})
}

// totalSize is how many bytes the inputs hold, or 0 when some input's
// size is not known ahead (a pipe, a terminal).
func totalSize(inputs []namedReader) int64 {
	var total int64
	for _, in := range inputs {
		switch r := in.r.(type) {
		case *strings.Reader:
			total += int64(r.Len())
		case *os.File:
			st, err := r.Stat()
			if err != nil || !st.Mode().IsRegular() {
				return 0
			}
			at, err := r.Seek(0, io.SeekCurrent) // standard input may be read from past the start
			if err != nil {
				at = 0
			}
			total += st.Size() - at
		default:
			return 0
		}
	}
	return total
}
