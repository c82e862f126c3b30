package mine

import (
	"io"

	"github.com/errcat/errcat/internal/match"
)

// Lines classifies every record of r, input number file, on eng's bulk
// path and adds to m the records left unclassified that read as failures
// (Looks); fn is handed each record a rule matched, as by Engine.Lines.
// One worker classifies, so that records reach m in input order.
func Lines(eng *match.Engine, r io.Reader, file int, m *Miner, fn func(match.LineResult) bool) (match.LineStats, error) {
	opts := match.LinesOptions{Workers: 1, Unclassified: func(line int, rec []byte) {
		if Looks(rec) {
			m.Add(rec, Pos{File: file, Line: line})
		}
	}}
	return eng.Lines(r, match.Evidence{}, opts, fn)
}
