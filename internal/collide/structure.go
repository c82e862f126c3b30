package collide

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// Structured evidence is a product of independent fields, so two rules'
// structured constraints are compatible exactly when every field they
// both constrain has a value both accept; a field only one of them
// constrains takes that rule's value, and a field neither constrains is
// left out of the witness.

// evidenceWitness is the structured half of a witness: values that
// satisfy both rules' structured matchers.
type evidenceWitness struct {
	Provider string
	Status   int
	Headers  map[string]string
	JSON     map[string]string // dotted path -> scalar
	ExitCode *int
	Signal   string
	// Assumed lists fields whose compatibility was assumed rather than
	// proved (two regexes on one field); the engine confirms or refutes.
	Assumed []string
}

// sampler finds a string every one of the regexes matches (somewhere in
// it, as MatchString does). decided is false when it could not tell (the
// budget ran out): compatibility is then assumed.
// regexps gives a pattern of the tables compiled: the engine's
// (match.Engine.Regexp), so each is compiled once.
type regexps func(*tables.Regex) *regexp.Regexp

type sampler func(res []*tables.Regex) (s string, ok, decided bool)

// compatible reports whether some evidence satisfies the structured
// matchers of both conditions, and builds it.
func compatible(a, b *tables.Cond, sample sampler, rx regexps) (evidenceWitness, bool) {
	var w evidenceWitness
	switch {
	case len(a.Providers) > 0 && len(b.Providers) > 0:
		p, ok := firstCommon(a.Providers, b.Providers)
		if !ok {
			return w, false
		}
		w.Provider = p
	case len(a.Providers) > 0:
		w.Provider = a.Providers[0]
	case len(b.Providers) > 0:
		w.Provider = b.Providers[0]
	}
	switch {
	case len(a.Status) > 0 && len(b.Status) > 0:
		s, ok := commonStatus(a.Status, b.Status)
		if !ok {
			return w, false
		}
		w.Status = s
	case len(a.Status) > 0:
		w.Status = a.Status[0].Lo
	case len(b.Status) > 0:
		w.Status = b.Status[0].Lo
	}
	switch {
	case len(a.ExitCodes) > 0 && len(b.ExitCodes) > 0:
		x, ok := firstCommonInt(a.ExitCodes, b.ExitCodes)
		if !ok {
			return w, false
		}
		w.ExitCode = &x
	case len(a.ExitCodes) > 0:
		x := a.ExitCodes[0]
		w.ExitCode = &x
	case len(b.ExitCodes) > 0:
		x := b.ExitCodes[0]
		w.ExitCode = &x
	}
	switch {
	case len(a.Signals) > 0 && len(b.Signals) > 0:
		s, ok := firstCommon(a.Signals, b.Signals)
		if !ok {
			return w, false
		}
		w.Signal = s
	case len(a.Signals) > 0:
		w.Signal = a.Signals[0]
	case len(b.Signals) > 0:
		w.Signal = b.Signals[0]
	}
	var ok bool
	if w.Headers, ok = fields(a.Headers, b.Headers, sample, rx, &w.Assumed, "header "); !ok {
		return w, false
	}
	if w.JSON, ok = fields(a.JSON, b.JSON, sample, rx, &w.Assumed, "json "); !ok {
		return w, false
	}
	if scalarPrefix(a.JSON, b.JSON) {
		return w, false
	}
	return w, true
}

// fields merges the tests of both rules by field name and chooses a value
// for each field.
func fields(a, b []tables.FieldTest, sample sampler, rx regexps, assumed *[]string, what string) (map[string]string, bool) {
	by := map[string][]*tables.FieldTest{}
	for _, set := range [][]tables.FieldTest{a, b} {
		for i := range set {
			by[set[i].Name] = append(by[set[i].Name], &set[i])
		}
	}
	if len(by) == 0 {
		return nil, true
	}
	// By name, not in map order: fieldValue may run searches, and giving
	// up at a different field first would change the states counted.
	names := make([]string, 0, len(by))
	for name := range by {
		names = append(names, name)
	}
	sort.Strings(names)
	out := map[string]string{}
	for _, name := range names {
		tests := by[name]
		v, ok, sure := fieldValue(tests, sample, rx)
		if !ok {
			return nil, false
		}
		if !sure {
			*assumed = append(*assumed, what+name)
		}
		out[name] = v
	}
	sort.Strings(*assumed)
	return out, true
}

// fieldValue finds a value every test accepts. Equal lists are finite, so
// with one of them the answer is exact; with regexes alone it tries a
// sample of each and otherwise assumes compatibility (sure is false).
func fieldValue(tests []*tables.FieldTest, sample sampler, rx regexps) (v string, ok, sure bool) {
	var cands []string
	haveEqual := false
	for _, t := range tests {
		if t.Kind != tables.Equal {
			continue
		}
		if !haveEqual {
			cands, haveEqual = append([]string(nil), t.Values...), true
			continue
		}
		var keep []string
		for _, c := range cands {
			if stringIn(t.Values, c) {
				keep = append(keep, c)
			}
		}
		cands = keep
	}
	accepts := func(v string) bool {
		for _, t := range tests {
			if t.Kind == tables.Match && !rx(t.Re).MatchString(v) {
				return false
			}
		}
		return true
	}
	if haveEqual {
		for _, c := range cands {
			if accepts(c) {
				return c, true, true
			}
		}
		return "", false, true
	}
	var res []*tables.Regex
	for _, t := range tests {
		if t.Kind == tables.Match {
			res = append(res, t.Re)
		}
	}
	if len(res) > 0 {
		return sample(res)
	}
	return "1", true, true // present only
}

// scalarPrefix reports whether one path must hold a scalar (an equal or
// regex test) while another path goes through it (a.b needs an object or
// an array at a): no document satisfies both.
func scalarPrefix(a, b []tables.FieldTest) bool {
	all := append(append([]tables.FieldTest(nil), a...), b...)
	for _, x := range all {
		if x.Kind == tables.Present {
			continue
		}
		for _, y := range all {
			if strings.HasPrefix(y.Name, x.Name+".") {
				return true
			}
		}
	}
	return false
}

// implies reports whether every evidence that satisfies a's structured
// matchers satisfies b's: b adds no constraint a does not already imply.
func implies(a, b *tables.Cond, rx regexps) bool {
	if len(b.Providers) > 0 && (len(a.Providers) == 0 || !subset(a.Providers, b.Providers)) {
		return false
	}
	if len(b.Status) > 0 {
		if len(a.Status) == 0 {
			return false
		}
		for _, r := range a.Status {
			if !rangeCovered(r, b.Status) {
				return false
			}
		}
	}
	if len(b.ExitCodes) > 0 && (len(a.ExitCodes) == 0 || !subsetInt(a.ExitCodes, b.ExitCodes)) {
		return false
	}
	if len(b.Signals) > 0 && (len(a.Signals) == 0 || !subset(a.Signals, b.Signals)) {
		return false
	}
	return testsImplied(a.Headers, b.Headers, rx) && testsImplied(a.JSON, b.JSON, rx)
}

// testsImplied reports whether each test of b is implied by a test of a
// on the same field.
func testsImplied(a, b []tables.FieldTest, rx regexps) bool {
	for i := range b {
		tb := &b[i]
		ok := false
		for j := range a {
			ta := &a[j]
			if ta.Name != tb.Name {
				continue
			}
			switch {
			case tb.Kind == tables.Present:
				ok = true
			case ta.Kind == tables.Equal && tb.Kind == tables.Equal:
				ok = ok || subset(ta.Values, tb.Values)
			case ta.Kind == tables.Equal && tb.Kind == tables.Match:
				all := true
				for _, v := range ta.Values {
					all = all && rx(tb.Re).MatchString(v)
				}
				ok = ok || all
			case ta.Kind == tables.Match && tb.Kind == tables.Match:
				ok = ok || ta.Re.Src == tb.Re.Src
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func rangeCovered(r tables.StatusRange, rs []tables.StatusRange) bool {
	for s := r.Lo; s <= r.Hi; s++ {
		in := false
		for _, x := range rs {
			in = in || (x.Lo <= s && s <= x.Hi)
		}
		if !in {
			return false
		}
	}
	return true
}

func commonStatus(a, b []tables.StatusRange) (int, bool) {
	best, ok := 0, false
	for _, x := range a {
		for _, y := range b {
			lo, hi := max(x.Lo, y.Lo), min(x.Hi, y.Hi)
			if lo <= hi && (!ok || lo < best) {
				best, ok = lo, true
			}
		}
	}
	return best, ok
}

func firstCommon(a, b []string) (string, bool) {
	for _, x := range a {
		if stringIn(b, x) {
			return x, true
		}
	}
	return "", false
}

func firstCommonInt(a, b []int) (int, bool) {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return x, true
			}
		}
	}
	return 0, false
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !stringIn(b, x) {
			return false
		}
	}
	return true
}

func subsetInt(a, b []int) bool {
	for _, x := range a {
		if _, ok := firstCommonInt([]int{x}, b); !ok {
			return false
		}
	}
	return true
}

func stringIn(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// body renders the JSON fields as a document: dotted paths become nested
// objects. ok is false when two paths disagree on a shape (a.b and a).
func (w *evidenceWitness) body() (string, bool) {
	if len(w.JSON) == 0 {
		return "", true
	}
	doc := map[string]any{}
	names := make([]string, 0, len(w.JSON))
	for n := range w.JSON {
		names = append(names, n)
	}
	sort.Strings(names)
	ok := true
	for _, n := range names {
		parts := strings.Split(n, ".")
		m := doc
		for _, p := range parts[:len(parts)-1] {
			next, exists := m[p]
			if !exists {
				nm := map[string]any{}
				m[p] = nm
				m = nm
				continue
			}
			nm, isMap := next.(map[string]any)
			if !isMap {
				ok = false
				break
			}
			m = nm
		}
		last := parts[len(parts)-1]
		if _, exists := m[last]; exists {
			ok = false
			continue
		}
		m[last] = w.JSON[n]
	}
	b, _ := json.Marshal(doc)
	return string(b), ok
}

// evidence assembles a witness's evidence: the text record and the
// structured fields, with the JSON fields as the HTTP body.
func (w *evidenceWitness) evidence(text string) match.Evidence {
	ev := match.Evidence{Text: text, Provider: w.Provider, Signal: w.Signal, ExitCode: w.ExitCode}
	body, _ := w.body()
	if w.Status != 0 || len(w.Headers) > 0 || body != "" {
		ev.HTTP = &match.HTTP{Status: w.Status, Headers: w.Headers, Body: body}
	}
	return ev
}
