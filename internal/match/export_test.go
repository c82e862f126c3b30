package match

import (
	"regexp"

	"github.com/errcat/errcat/internal/tables"
)

// Test hooks: the anchored search against the plain one.

// FoldSpecial is foldSpecial, which every record goes through before a
// pattern sees it.
var FoldSpecial = foldSpecial

// Pattern is one of an engine's patterns: the table entry, and what the
// engine prepared from it.
type Pattern struct {
	*tables.Regex
	p *pattern
}

// Pattern returns the engine's form of re, one of its tables' patterns.
func (e *Engine) Pattern(re *tables.Regex) Pattern { return Pattern{re, &e.pats[re.ID]} }

// PreparePattern is what New makes of re.
func PreparePattern(re *tables.Regex) (Pattern, error) {
	p, err := prepare(re)
	return Pattern{re, &p}, err
}

// Find is the engine's search for r's leftmost match.
func (r Pattern) Find(s string) (start, end int, ok bool) {
	t := newText(s, new(lowBuf), nil, 0)
	return r.p.find(&t, nil, len(s)+1)
}

// FindSubmatch is the engine's search with submatches.
func (r Pattern) FindSubmatch(s string) []int {
	t := newText(s, new(lowBuf), nil, 0)
	return r.p.findSubmatch(&t, nil, nil)
}

// Fast reports whether r is searched at places rather than everywhere.
func (r Pattern) Fast() bool { return r.p.fast != nil }

// ConfirmedBranches runs the automaton over rec as a scan does, and
// returns for every rule branch whether the scan confirmed one of its
// triggers there, with the triggers it confirms by (those the automaton
// reveals; the rest are searched for).
func (e *Engine) ConfirmedBranches(rec string) (live []bool, trigs [][]string) {
	s := e.newScan()
	s.begin(Evidence{}, Options{})
	s.nextRecord()
	s.collect(rec)
	for i := range e.cat.Rules {
		for k, re := range e.cat.Rules[i].Match.Regex {
			rp := &e.ix.pats[i][k]
			var mapped []string
			for j, p := range rp.trig {
				if p >= 0 {
					mapped = append(mapped, re.Triggers[j])
				}
			}
			live = append(live, s.lits.live[rp.branch] == s.lits.gen)
			trigs = append(trigs, mapped)
		}
	}
	return live, trigs
}

// FindScanned runs every pattern of every rule (branches, guards, hint
// extractors) on rec through the automaton's hits, as a scan does, and
// calls fn with the pattern and what the engine found: the leftmost
// match, and the submatches of a pattern with groups.
func (e *Engine) FindScanned(rec string, fn func(re Pattern, start, end int, ok bool, sub []int)) {
	s := e.newScan()
	s.begin(Evidence{}, Options{})
	s.nextRecord()
	s.collect(rec)
	hits := s.acHits()
	t := newText(rec, &s.lowBuf, &s.memo, s.recGen)
	run := func(re *tables.Regex, rp *regexPats) {
		lk := &lookup{hits, rp}
		p := &e.pats[re.ID]
		start, end, ok := p.find(&t, lk, len(rec)+1)
		var sub []int
		if p.c.NumSubexp() > 0 {
			sub = p.findSubmatch(&t, lk, nil)
		}
		fn(Pattern{re, p}, start, end, ok, sub)
	}
	for i := range e.cat.Rules {
		r := &e.cat.Rules[i]
		for k, re := range r.Match.Regex {
			run(re, &e.ix.pats[i][k])
		}
		if r.Not != nil {
			for k, re := range r.Not.Regex {
				run(re, &e.ix.notPats[i][k])
			}
		}
		for k, h := range r.Hints {
			if h.Re != nil {
				run(h.Re, &e.ix.hintPats[i][k])
			}
		}
	}
}

// Anchored reports whether r's anchored forms, the fallback of the
// program regex.RunAt runs, have been compiled.
func (r Pattern) Anchored() bool { return r.p.fast != nil && r.p.fast.AnchoredCompiled() }

// Compiled reports whether regexp has compiled r, which New leaves to
// the first search that needs it.
func (r Pattern) Compiled() bool { return r.p.c.Compiled() }

// Regexp returns r compiled by regexp.
func (r Pattern) Regexp() *regexp.Regexp { return r.p.c.Regexp() }

// SubexpIndex is the group index New reads hint extractors' values from.
func (r Pattern) SubexpIndex(name string) int { return r.p.c.SubexpIndex(name) }

// NumSubexp is the number of groups New took for r.
func (r Pattern) NumSubexp() int { return r.p.c.NumSubexp() }

// Value is the group a hint extractor with r reads.
func (r Pattern) Value() int { return r.p.value }

// Needs returns the bulk path's need of each trigger that has one.
func (e *Engine) Needs() map[string][][][]string { return e.bulk().Needs() }

// LightRules returns the rules the bulk path may try without the
// automaton, and those it may not; both nil when it tries none so.
func (e *Engine) LightRules() (light, heavy []string) {
	for i, l := range e.bulk().Light() {
		if l {
			light = append(light, e.cat.Rules[i].ID)
		} else {
			heavy = append(heavy, e.cat.Rules[i].ID)
		}
	}
	return light, heavy
}

// RetryMarker returns the label of the retry marker rec holds, or "".
func RetryMarker(rec string) string {
	t := newText(rec, new(lowBuf), nil, 0)
	if i := retriedMarker(t.lower()); i >= 0 {
		return retryMarkers[i].label
	}
	return ""
}
