package collide

import (
	"regexp"

	"github.com/errcat/errcat/internal/tables"
)

// Compatible reports whether some evidence can satisfy the structured
// matchers of both conditions: every field both constrain (provider,
// status, exit code, signal, header, JSON path) has a value both accept.
// It is the structure test the pair analysis prunes with, run without
// automata: a field that only regexes test on both sides is taken as
// compatible. rx gives a pattern compiled (match.Engine.Regexp).
func Compatible(a, b *tables.Cond, rx func(*tables.Regex) *regexp.Regexp) bool {
	assume := func([]*tables.Regex) (string, bool, bool) { return "", true, false }
	_, ok := compatible(a, b, assume, rx)
	return ok
}

// IsUnindexed reports whether a rule has text or JSON matchers but no
// trigger, so the engine runs it on every record (a JSON matcher, on the
// JSON of every record that holds some): the rules errcat check warns
// about.
func IsUnindexed(r *tables.Rule) bool {
	return (r.Match.HasText() || len(r.Match.JSON) > 0) && len(r.Triggers) == 0
}
