package match

import (
	"strings"

	"github.com/errcat/errcat/internal/tables"
)

// buckets select rules by structured evidence: every rule sits in one
// bucket, chosen by its most selective structured matcher, and a scan
// considers the rules of the buckets its evidence names (selected).
type buckets struct {
	plain      []int32 // rules with no structured matcher
	byStatus   map[int][]int32
	byExit     map[int][]int32
	bySignal   map[string][]int32
	byHeader   []int32 // header matchers but no status: any HTTP evidence
	byProvider map[string][]int32

	// pure rules read only records: their state at the start of a scan
	// does not depend on the evidence, so it is copied, not computed.
	// Rules whose only structured matcher is json are pure too when the
	// evidence has no body (the JSON is then read from records): the
	// noBody template has them pending, and with a body they are
	// considered one by one.
	pureState     []ruleState
	pureGuard     []bool
	purePending   int
	noBodyState   []ruleState
	noBodyPending int
	jsonOnly      []int32
}

// buildBuckets puts every rule in its bucket, and makes the templates of
// the scan's starting state.
func buildBuckets(c *tables.Catalogue) buckets {
	b := buckets{
		byStatus:    map[int][]int32{},
		byExit:      map[int][]int32{},
		bySignal:    map[string][]int32{},
		byProvider:  map[string][]int32{},
		pureState:   make([]ruleState, len(c.Rules)),
		pureGuard:   make([]bool, len(c.Rules)),
		noBodyState: make([]ruleState, len(c.Rules)),
	}
	for i := range c.Rules {
		r := &c.Rules[i]
		ri := int32(i)
		m := &r.Match
		switch {
		case len(m.Status) > 0:
			for _, sr := range m.Status {
				for s := sr.Lo; s <= sr.Hi; s++ {
					b.byStatus[s] = append(b.byStatus[s], ri)
				}
			}
		case len(m.ExitCodes) > 0:
			for _, x := range m.ExitCodes {
				b.byExit[x] = append(b.byExit[x], ri)
			}
		case len(m.Signals) > 0:
			for _, x := range m.Signals {
				b.bySignal[x] = append(b.bySignal[x], ri)
			}
		case len(m.Headers) > 0:
			b.byHeader = append(b.byHeader, ri)
		case len(m.Providers) > 0:
			for _, p := range m.Providers {
				b.byProvider[p] = append(b.byProvider[p], ri)
			}
		case pure(r):
			b.pureState[i] = stPending
			b.noBodyState[i] = stPending
			b.pureGuard[i] = r.Not != nil
			b.purePending++
			b.noBodyPending++
		case len(m.JSON) > 0 && r.Not == nil:
			b.noBodyState[i] = stPending
			b.noBodyPending++
			b.jsonOnly = append(b.jsonOnly, ri)
		default:
			b.plain = append(b.plain, ri)
		}
	}
	return b
}

// pure reports whether a rule reads records only, in match and guard
// alike: it is pending at the start of every scan, whatever the evidence.
func pure(r *tables.Rule) bool {
	if !r.Match.HasText() || structured(&r.Match) {
		return false
	}
	return r.Not == nil || (!structured(r.Not) && r.Not.HasText())
}

// structured reports whether a condition has matchers read from the
// evidence rather than a record (JSON counts: it reads the body when
// there is one).
func structured(c *tables.Cond) bool {
	return len(c.Providers) > 0 || len(c.Status) > 0 || len(c.Headers) > 0 ||
		len(c.JSON) > 0 || len(c.ExitCodes) > 0 || len(c.Signals) > 0
}

// selected calls fn for every rule whose bucket the evidence selects.
func (b *buckets) selected(ev *Evidence, fn func(rule int32)) {
	for _, r := range b.plain {
		fn(r)
	}
	if hasBody(ev) {
		for _, r := range b.jsonOnly {
			fn(r)
		}
	}
	if ev.HTTP != nil {
		for _, r := range b.byStatus[ev.HTTP.Status] {
			fn(r)
		}
		for _, r := range b.byHeader {
			fn(r)
		}
	}
	if ev.ExitCode != nil {
		for _, r := range b.byExit[*ev.ExitCode] {
			fn(r)
		}
	}
	if ev.Signal != "" {
		for _, r := range b.bySignal[CanonicalSignal(ev.Signal)] {
			fn(r)
		}
	}
	if ev.Provider != "" && len(b.byProvider) > 0 {
		for _, r := range b.byProvider[strings.ToLower(ev.Provider)] {
			fn(r)
		}
	}
}

func hasBody(ev *Evidence) bool {
	return ev.HTTP != nil && strings.TrimSpace(ev.HTTP.Body) != ""
}
