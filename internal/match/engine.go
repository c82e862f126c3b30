package match

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"time"
)

// Engine classifies evidence against one prepared catalogue. It is safe for
// concurrent use: all per-call state lives in a scan.
type Engine struct {
	cat    *Catalogue
	ix     *index
	cands  []Candidate // rule -> its entry in an answer's Candidates
	safety []uint8     // code -> how safe acting on its class is (verdict.go)
	pool   sync.Pool   // of *Scan
}

// Options tune one classification.
type Options struct {
	// Now is the clock timing hints are checked against; zero means the
	// time of the call, in the machine's zone. Fixtures and --now set it
	// for reproducible output. A wall-clock reset that names no zone
	// ("try again at 9:35 AM") is read in Now's zone.
	Now time.Time
	// Explain fills Classification.Explain.
	Explain bool
}

// New prepares a catalogue for matching: it checks every pattern and
// builds the index; patterns are compiled when first needed.
// The tables are not copied; the caller must not change them afterwards.
func New(c *Catalogue) (*Engine, error) {
	sh := sharer{}
	for i := range c.Rules {
		r := &c.Rules[i]
		if err := prepareCond(&r.Match, sh); err != nil {
			return nil, fmt.Errorf("rule %s: %w", r.ID, err)
		}
		if r.Not != nil {
			if err := prepareCond(r.Not, sh); err != nil {
				return nil, fmt.Errorf("rule %s: not: %w", r.ID, err)
			}
		}
		for j := range r.Hints {
			h := &r.Hints[j]
			if h.Re != nil {
				if err := sh.prepare(h.Re); err != nil {
					return nil, fmt.Errorf("rule %s: extract: %w", r.ID, err)
				}
				h.group = h.Re.c.subexpIndex("value")
				if h.group < 0 {
					h.group = 1
				}
				if h.Want == WantTokens {
					h.requested, h.limits = nil, nil
					for g, name := range h.Re.c.names {
						switch name {
						case "requested":
							h.requested = append(h.requested, g)
						case "limit":
							h.limits = append(h.limits, g)
						}
					}
				}
			}
			h.path = strings.Split(h.Key, ".")
		}
	}
	e := &Engine{cat: c, ix: buildIndex(c), cands: candidates(c), safety: codeSafety(c)}
	e.pool.New = func() any { return e.newScan() }
	return e, nil
}

// Catalogue returns the tables the engine runs on.
func (e *Engine) Catalogue() *Catalogue { return e.cat }

// Prepare checks the pattern, if it has not been checked yet, with the
// error regexp.Compile would give; regexp compiles it when it is first
// needed (compiledRegex). A pattern the compiler checked (Parsed) is not
// parsed again.
func (r *Regex) Prepare() error {
	if r.c != nil {
		return nil
	}
	p := r.Parsed
	if p == nil {
		tree, err := syntax.Parse(r.Src, syntax.Perl)
		if err != nil {
			return err
		}
		p = parsedOf(tree)
	}
	r.c = &compiledRegex{src: r.Src, nsub: p.Groups, names: p.Names}
	if len(r.Alts) > 0 {
		r.fast = newFast(r)
	}
	return nil
}

// Regexp returns the compiled pattern; nil before Prepare.
func (r *Regex) Regexp() *regexp.Regexp {
	if r.c == nil {
		return nil
	}
	return r.c.regexp()
}

func prepareCond(c *Cond, sh sharer) error {
	for _, re := range c.Regex {
		if err := sh.prepare(re); err != nil {
			return err
		}
	}
	for _, set := range [][]FieldTest{c.Headers, c.JSON} {
		for i := range set {
			t := &set[i]
			t.path = strings.Split(t.Name, ".")
			if t.Re != nil {
				if err := sh.prepare(t.Re); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
