package match

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"sync"
	"time"

	"github.com/errcat/errcat/internal/match/bulk"
	"github.com/errcat/errcat/internal/match/regex"
	"github.com/errcat/errcat/internal/tables"
)

// Engine classifies evidence against one catalogue. It is safe for
// concurrent use: all per-call state lives in a scan. It reads its tables
// and never writes to them; what it derives from them to run lives here.
type Engine struct {
	cat  *tables.Catalogue
	pats []pattern // by Regex.ID
	ix   *index
	// bulk returns the bulk path's tables, built when Lines or Feed first
	// runs: a single message never needs them.
	bulk   func() *bulk.Tables
	cands  []Candidate // rule -> its entry in an answer's Candidates
	safety []uint8     // code -> how safe acting on its class is (verdict.go)
	pool   sync.Pool   // of *Scan
	// jsonRules says whether any rule has a json matcher, which is when
	// documents printed over several lines are gathered (blocks.go).
	jsonRules bool
}

func hasJSONRules(c *tables.Catalogue) bool {
	for i := range c.Rules {
		if len(c.Rules[i].Match.JSON) > 0 {
			return true
		}
	}
	return false
}

// pattern is what an engine makes of one of its tables' patterns: the
// pattern checked, compiled by regexp on first use, and searched at the
// places its Alts name (regex.Fast, nil when they name none).
type pattern struct {
	c    *regex.Lazy
	fast *regex.Fast
	// value is the group a hint extractor reads: the one named value,
	// else the first.
	value int
	// requested are the groups named requested, whose sum is the tokens
	// a context-window failure asked for ("179413 + 32768 > 200000"), and
	// limits those named limit, the first that took part in the match
	// holding the window. Groups in alternatives that did not match are
	// left out, so one pattern can list several providers' sentences.
	requested, limits []int
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

// New builds an engine on a catalogue: it checks every pattern and
// builds the index; patterns are compiled when first needed.
//
// New reads the tables and never writes to them, and neither does the
// engine: one catalogue serves any number of engines, built and run at the
// same time. The tables are not copied, so they must not change while an
// engine runs on them. Their patterns must be numbered as the compiler
// numbers them (tables.Catalogue.Number): patterns that share an ID share
// their compiled form, and New refuses two different patterns of one ID.
func New(c *tables.Catalogue) (*Engine, error) {
	pats, err := preparePatterns(c)
	if err != nil {
		return nil, err
	}
	e := &Engine{cat: c, pats: pats, jsonRules: hasJSONRules(c)}
	e.ix, e.cands, e.safety = buildIndex(c), candidates(c), codeSafety(c)
	e.bulk = sync.OnceValue(func() *bulk.Tables {
		if e.ix.ac == nil {
			return &bulk.Tables{} // no rule reads a record through a trigger
		}
		return bulk.New(c)
	})
	e.pool.New = func() any { return e.newScan() }
	return e, nil
}

// preparePatterns checks every pattern of c and returns its compiled
// form, indexed by ID. The error names the rule of the pattern.
func preparePatterns(c *tables.Catalogue) ([]pattern, error) {
	n := 0
	c.EachRegex(func(*tables.Regex) { n++ })
	pats := make([]pattern, 0, n)
	var first []*tables.Regex // the pattern each ID was prepared from
	for i := range c.Rules {
		r := &c.Rules[i]
		var err error
		r.EachRegex(func(re *tables.Regex) {
			id := re.ID
			switch {
			case err != nil:
			case id < 0 || id >= n:
				err = fmt.Errorf("pattern %q: id %d is not one of the tables' %d", re.Src, id, n)
			case id < len(first) && first[id] != nil:
				if first[id] != re && !tables.SamePattern(first[id], re) {
					err = fmt.Errorf("patterns %q and %q share id %d: the tables are not numbered (tables.Catalogue.Number)", first[id].Src, re.Src, id)
				}
			default:
				for len(first) <= id {
					first = append(first, nil)
					pats = append(pats, pattern{})
				}
				first[id] = re
				pats[id], err = prepare(re)
			}
		})
		if err != nil {
			return nil, fmt.Errorf("rule %s: %w", r.ID, err)
		}
	}
	for id, re := range first {
		if re == nil {
			return nil, fmt.Errorf("no pattern has id %d: the tables are not numbered (tables.Catalogue.Number)", id)
		}
	}
	return pats, nil
}

// prepare checks a pattern with the error regexp.Compile would give; regexp
// compiles it when it is first needed (regex.Lazy). A pattern the
// compiler checked (Parsed) is not parsed again.
func prepare(re *tables.Regex) (pattern, error) {
	p := re.Parsed
	if p == nil {
		tree, err := syntax.Parse(re.Src, syntax.Perl)
		if err != nil {
			return pattern{}, err
		}
		p = tables.ParsedOf(tree)
	}
	pt := pattern{c: regex.NewLazy(re.Src, p.Groups, p.Names)}
	if len(re.Alts) > 0 {
		pt.fast = regex.NewFast(re, p.Groups)
	}
	if pt.value = pt.c.SubexpIndex("value"); pt.value < 0 {
		pt.value = 1
	}
	for g, name := range p.Names {
		switch name {
		case "requested":
			pt.requested = append(pt.requested, g)
		case "limit":
			pt.limits = append(pt.limits, g)
		}
	}
	return pt, nil
}

// Catalogue returns the tables the engine runs on.
func (e *Engine) Catalogue() *tables.Catalogue { return e.cat }

// Regexp returns re, one of the engine's patterns, compiled.
func (e *Engine) Regexp(re *tables.Regex) *regexp.Regexp { return e.pats[re.ID].c.Regexp() }
