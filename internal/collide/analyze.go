package collide

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/errcat/errcat/internal/compile/literal"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// DefaultBudget is how many automaton states one pair may explore before
// its verdict is "undecided". The shipped catalogue's hardest pair needs a
// few thousand.
const DefaultBudget = 200_000

// Options tune an analysis.
type Options struct {
	// Budget bounds the states explored per pair; zero means DefaultBudget.
	Budget int
	// Dir is the catalogue directory as the user named it; findings name
	// rule files under it (tables record files relative to the catalogue).
	Dir string
	// Engine is an engine the caller already built on the catalogue, to
	// replay witnesses with; nil (or an engine on another catalogue)
	// builds one, which indexes every rule again.
	Engine *match.Engine
	// Memo, when not nil, answers pairs an earlier analysis proved
	// disjoint and learns the ones this one proves.
	Memo Memo
}

// Stats counts the work done: every unordered pair of rules is considered
// once for collisions; most are pruned before any automaton is built.
type Stats struct {
	Rules           int `json:"rules"`
	Pairs           int `json:"pairs"`            // unordered pairs considered
	PrunedRank      int `json:"pruned_rank"`      // different tier or priority
	PrunedCode      int `json:"pruned_code"`      // same code, or ordered by overrides
	PrunedStructure int `json:"pruned_structure"` // structured constraints incompatible
	PrunedLiterals  int `json:"pruned_literals"`  // no rune both text matchers can consume
	Decided         int `json:"decided"`          // settled by automata
	Collisions      int `json:"collisions"`
	Disjoint        int `json:"disjoint"`
	Undecided       int `json:"undecided"`
	Remembered      int `json:"remembered"`    // of the disjoint, answered by Options.Memo
	ShadowChecks    int `json:"shadow_checks"` // ordered pairs checked for shadowing by automata
	States          int `json:"states"`        // automaton states explored in all
}

// Report is the outcome of an analysis: findings in a stable order
// (errors first, then by rule id) and the work done.
type Report struct {
	Findings []Finding `json:"findings"`
	Stats    Stats     `json:"stats"`
}

// Errors counts the findings that fail a check.
func (r *Report) Errors() int {
	n := 0
	for i := range r.Findings {
		if r.Findings[i].IsError() {
			n++
		}
	}
	return n
}

// witnessClock is the clock witnesses are replayed with; timing hints do
// not affect which rules claim evidence, so any fixed time will do.
var witnessClock = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

type analyzer struct {
	cat    *tables.Catalogue
	eng    *match.Engine
	opts   Options
	alpha  *alphabet
	models []*ruleModel
	nfas   map[string]*nfa
	stats  Stats
	out    []Finding
	// sample caches each rule's own shortest evidence (nil: none found),
	// once sampled[i] is set.
	sample  []*match.Evidence
	sampled []bool
	// seq is the worker of everything not decided in parallel, and the
	// first goroutine's worker in every each.
	seq *worker
	// sigs holds each model's signature, the half of a memo key it gives.
	sigs [][32]byte
}

// Analyze checks every pair of rules of a compiled catalogue.
func Analyze(cat *tables.Catalogue, opts Options) (*Report, error) {
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	eng := opts.Engine
	if eng == nil || eng.Catalogue() != cat {
		var err error
		if eng, err = match.New(cat); err != nil {
			return nil, err
		}
	}
	a := &analyzer{cat: cat, eng: eng, opts: opts, nfas: map[string]*nfa{}, seq: newWorker()}
	if err := a.build(); err != nil {
		return nil, err
	}
	a.sample, a.sampled = make([]*match.Evidence, len(a.models)), make([]bool, len(a.models))
	a.sigs = make([][32]byte, len(a.models))
	for i, m := range a.models {
		a.sigs[i] = m.signature()
	}
	a.stats.Rules = len(cat.Rules)
	a.unindexed()
	a.pairs()
	a.shadows()
	a.staleOverrides()
	a.stats.States += a.seq.states
	sort.SliceStable(a.out, func(i, j int) bool {
		x, y := &a.out[i], &a.out[j]
		if x.IsError() != y.IsError() {
			return x.IsError()
		}
		if x.Rule.ID != y.Rule.ID {
			return x.Rule.ID < y.Rule.ID
		}
		if x.Kind != y.Kind {
			return x.Kind < y.Kind
		}
		return x.Other != nil && y.Other != nil && x.Other.ID < y.Other.ID
	})
	return &Report{Findings: a.out, Stats: a.stats}, nil
}

// build compiles every text matcher, guard and field regex, then cuts the
// alphabet once for all of them, so any two automata can run together.
func (a *analyzer) build() error {
	compileGroup := func(g *group) error {
		n, err := a.nfa(g.src)
		if err != nil {
			return err
		}
		g.n = n
		return nil
	}
	for i := range a.cat.Rules {
		r := &a.cat.Rules[i]
		m := newModel(i, r)
		for _, g := range m.groups {
			if err := compileGroup(g); err != nil {
				return fmt.Errorf("rule %s: %w", r.ID, err)
			}
		}
		if m.guard != nil {
			if err := compileGroup(m.guard); err != nil {
				return fmt.Errorf("rule %s: not: %w", r.ID, err)
			}
		}
		for _, set := range [][]tables.FieldTest{r.Match.Headers, r.Match.JSON} {
			for _, t := range set {
				if t.Re != nil {
					if _, err := a.nfa(t.Re.Src); err != nil {
						return fmt.Errorf("rule %s: %w", r.ID, err)
					}
				}
			}
		}
		a.models = append(a.models, m)
	}
	var bounds []rune
	srcs := make([]string, 0, len(a.nfas))
	for s := range a.nfas {
		srcs = append(srcs, s)
	}
	sort.Strings(srcs)
	for _, s := range srcs {
		bounds = a.nfas[s].bounds(bounds)
	}
	a.alpha = newAlphabet(bounds)
	a.each(len(srcs), func(_ *worker, k int) { a.nfas[srcs[k]].bind(a.alpha) })
	return nil
}

func (a *analyzer) nfa(src string) (*nfa, error) {
	if n, ok := a.nfas[src]; ok {
		return n, nil
	}
	n, err := compileNFA(src)
	if err != nil {
		return nil, err
	}
	a.nfas[src] = n
	return n, nil
}

// sampler is sampleField on wk.
func (a *analyzer) sampler(wk *worker) sampler {
	return func(res []*tables.Regex) (string, bool, bool) { return a.sampleField(wk, res) }
}

// sampleField finds the shortest string that one or two field regexes
// both match (anywhere in it, as MatchString does: no overlap needed).
// With more than two it checks the first two and lets the engine judge.
func (a *analyzer) sampleField(wk *worker, res []*tables.Regex) (string, bool, bool) {
	var pos []*nfa
	for _, re := range res {
		if n := a.nfas[re.Src]; n != nil && len(pos) < 2 {
			pos = append(pos, n)
		}
	}
	if len(pos) == 0 {
		return "", true, false
	}
	o := a.search(wk, search{pos: pos, budget: a.opts.Budget})
	if o.exhausted {
		return "", true, false
	}
	return o.text, o.found, len(res) <= 2
}

func (a *analyzer) sameRank(i, j int) bool {
	return a.cat.Rules[i].Rank().Compare(a.cat.Rules[j].Rank()) == 0
}

func (a *analyzer) overrides(i, j int) bool { return slices.Contains(a.cat.Rules[i].Overrides, j) }

// outranks reports whether rule i beats rule j whenever both match, by
// the engine's own ranking.
func (a *analyzer) outranks(i, j int) bool { return a.cat.Beats(i, j) }

// unindexed warns about text rules no literal prefilter can skip: those
// the compiler gave no triggers, which the engine therefore tries on every
// record. The compiler's analysis is the one that decides; this reads its
// answer rather than working out another.
func (a *analyzer) unindexed() {
	for _, m := range a.models {
		if !IsUnindexed(m.rule) {
			continue
		}
		a.out = append(a.out, Finding{
			Kind: Unindexed, Severity: "warning", Rule: a.ref(m.idx),
			Message: unindexedMessage(m.rule),
		})
	}
}

// unindexedMessage says why an unindexed rule costs every record, and what
// to do about it.
func unindexedMessage(r *tables.Rule) string {
	if !r.Match.HasText() {
		return fmt.Sprintf("rule %s has no JSON value or key of %d or more bytes to look for: it reads the JSON of every record that holds some; test a distinctive value or key", r.ID, literal.MinTrigger)
	}
	return fmt.Sprintf("rule %s has no required literal of %d or more bytes: its pattern runs on every record; anchor it on a distinctive word", r.ID, literal.MinTrigger)
}

// pairs looks for collisions among all unordered pairs, cheapest tests
// first: rank and code, then structured constraints, then whether the
// two text matchers share any rune at all; only the survivors are
// decided by automata, in parallel, and reported in pair order.
func (a *analyzer) pairs() {
	n := len(a.cat.Rules)
	var jobs []pairJob
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			a.stats.Pairs++
			ri, rj := &a.cat.Rules[i], &a.cat.Rules[j]
			if !a.sameRank(i, j) {
				a.stats.PrunedRank++
				continue
			}
			if ri.Code == rj.Code || a.overrides(i, j) || a.overrides(j, i) {
				a.stats.PrunedCode++
				continue
			}
			w, ok := compatible(&ri.Match, &rj.Match, a.sampler(a.seq), a.eng.Regexp)
			if !ok {
				a.stats.PrunedStructure++
				continue
			}
			if a.noCommonRune(a.models[i], a.models[j]) {
				a.stats.PrunedLiterals++
				continue
			}
			jobs = append(jobs, pairJob{i: i, j: j, w: w})
		}
	}
	a.decideAll(jobs)
	for _, jb := range jobs {
		a.stats.Decided++
		a.stats.States += jb.states
		switch jb.v.state {
		case vDisjoint:
			a.stats.Disjoint++
			if jb.remembered {
				a.stats.Remembered++
			}
		case vCollide:
			a.stats.Collisions++
			a.out = append(a.out, a.collision(jb.i, jb.j, jb.v))
		case vUndecided:
			a.stats.Undecided++
			a.out = append(a.out, a.undecided(jb.i, jb.j, jb.v))
		}
	}
}

// noCommonRune is the literal prune: two text matchers whose matches
// overlap must both consume some rune, so if every branch of one is made
// of runes the other never consumes, they cannot meet. It never prunes a
// pair with a pattern that can match the empty string, or with a rule
// that has no text matcher.
func (a *analyzer) noCommonRune(x, y *ruleModel) bool {
	if len(x.groups) == 0 || len(y.groups) == 0 {
		return false
	}
	for _, gx := range x.groups {
		for _, gy := range y.groups {
			if gx.n.nulls || gy.n.nulls {
				return false
			}
			if meets(gx.n.consumed, gy.n.consumed) {
				return false
			}
		}
	}
	return true
}

type verdictState int

const (
	vDisjoint verdictState = iota
	vCollide
	vUndecided
)

type verdict struct {
	state   verdictState
	overlap string
	ev      match.Evidence
	reason  string
	notes   []string
}

// decide settles one pair whose structured constraints are compatible (w
// is the structured half of a witness).
func (a *analyzer) decide(wk *worker, x, y *ruleModel, w evidenceWitness) verdict {
	var notes []string
	for _, m := range []*ruleModel{x, y} {
		if m.guardNote != "" {
			notes = append(notes, fmt.Sprintf("%s: %s", m.rule.ID, m.guardNote))
		}
	}
	for _, f := range w.Assumed {
		notes = append(notes, "compatibility of "+f+" assumed (two regexes)")
	}
	guards := guardsOf(x, y)
	budget := a.opts.Budget
	var text, overlap string
	found, exhausted := false, false
	switch {
	case len(x.groups) == 0 && len(y.groups) == 0:
		found, overlap = true, AnyText
	case len(x.groups) == 0 || len(y.groups) == 0:
		m := x
		if len(m.groups) == 0 {
			m = y
		}
		o, _ := a.searchGuarded(wk, search{pos: []*nfa{m.groups[0].n}, budget: budget}, guards)
		found, exhausted, text, overlap = o.found, o.exhausted, o.text, AnyText
	default:
	pairs:
		for _, gx := range x.groups {
			for _, gy := range y.groups {
				o, cost := a.searchGuarded(wk, search{pos: []*nfa{gx.n, gy.n}, overlap: true, budget: budget}, guards)
				budget -= cost
				if o.exhausted || budget <= 0 {
					exhausted = true
					break pairs
				}
				if o.found {
					found, text, overlap = true, o.text, overlapKind(o.spans)
					break pairs
				}
			}
		}
	}
	v := verdict{overlap: overlap, notes: notes}
	switch {
	case exhausted:
		v.state = vUndecided
		v.reason = fmt.Sprintf("the budget of %d automaton states ran out (raise it with --budget)", a.opts.Budget)
		return v
	case !found:
		v.state = vDisjoint
		return v
	}
	// The automata compared one group of each rule; the record must also
	// satisfy the rules' other groups.
	for _, m := range []*ruleModel{x, y} {
		for _, g := range m.groups {
			if !g.matches(text) {
				if s, ok := a.groupSample(wk, g); ok {
					text += " " + s
				}
			}
		}
	}
	v.ev = w.evidence(text)
	if !a.claims(v.ev, x.idx, y.idx) {
		v.state = vUndecided
		v.reason = fmt.Sprintf("the automata found %s but the engine does not confirm that both rules claim it", describeEvidence(v.ev))
		if len(notes) > 0 {
			v.reason += " (" + strings.Join(notes, "; ") + ")"
		}
		return v
	}
	v.state = vCollide
	return v
}

// claims replays evidence through the engine and reports whether every
// listed rule is among the candidates.
func (a *analyzer) claims(ev match.Evidence, rules ...int) bool {
	got := a.eng.Classify(ev, match.Options{Now: witnessClock})
	for _, r := range rules {
		id := a.cat.Rules[r].ID
		found := false
		for _, c := range got.Candidates {
			found = found || c.Rule == id
		}
		if !found {
			return false
		}
	}
	return true
}

// overlapKind names how two match spans meet.
func overlapKind(s [2][2]int) string {
	x, y := s[0], s[1]
	switch {
	case x[0] < 0 || y[0] < 0:
		return Inside // an empty match lies inside anything
	case x == y:
		return SameText
	case x[0] <= y[0] && y[1] <= x[1], y[0] <= x[0] && x[1] <= y[1]:
		return Inside
	}
	return Overlapping
}

func describeEvidence(ev match.Evidence) string {
	var parts []string
	if ev.Text != "" {
		parts = append(parts, fmt.Sprintf("text %q", ev.Text))
	}
	if h := ev.HTTP; h != nil {
		if h.Status != 0 {
			parts = append(parts, fmt.Sprintf("status %d", h.Status))
		}
		names := make([]string, 0, len(h.Headers))
		for n := range h.Headers {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("header %s: %q", n, h.Headers[n]))
		}
		if h.Body != "" {
			parts = append(parts, "body "+h.Body)
		}
	}
	if ev.ExitCode != nil {
		parts = append(parts, fmt.Sprintf("exit code %d", *ev.ExitCode))
	}
	if ev.Signal != "" {
		parts = append(parts, "signal "+ev.Signal)
	}
	if ev.Provider != "" {
		parts = append(parts, "provider "+ev.Provider)
	}
	if len(parts) == 0 {
		return "empty evidence"
	}
	return strings.Join(parts, ", ")
}

func (a *analyzer) collision(i, j int, v verdict) Finding {
	ri, rj := a.ref(i), a.ref(j)
	name := fmt.Sprintf("%s vs %s", ri.ID, rj.ID)
	return Finding{
		Kind: Collision, Severity: "error", Rule: ri, Other: &rj, Overlap: v.overlap,
		Witness: &Witness{Evidence: v.ev, Fixture: fixtureYAML(name, v.ev, "{unclassified: conflict}")},
		Message: fmt.Sprintf("rules %s and %s rank equally (%s, priority %d) and name different codes (%s, %s), and both claim %s (%s)",
			ri.ID, rj.ID, ri.Tier, ri.Priority, ri.Code, rj.Code, describeEvidence(v.ev), v.overlap),
		Notes: append(v.notes, "fix: raise one priority, add overrides: ["+rj.ID+"] to "+ri.ID+" (or the reverse), narrow a pattern or add a not: guard; then pin the witness with a fixture"),
	}
}

func (a *analyzer) undecided(i, j int, v verdict) Finding {
	ri, rj := a.ref(i), a.ref(j)
	return Finding{
		Kind: Undecided, Severity: "error", Rule: ri, Other: &rj,
		Message: fmt.Sprintf("rules %s and %s rank equally (%s, priority %d) and name different codes (%s, %s); whether they can claim the same evidence is undecided: %s",
			ri.ID, rj.ID, ri.Tier, ri.Priority, ri.Code, rj.Code, v.reason),
		Notes: v.notes,
	}
}
