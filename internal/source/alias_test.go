package source_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/policyfile"
)

// bomb is a "billion laughs" block at the given indentation: a0 is a
// string and each of a1 .. a(depth-1) a list of ten aliases of the one
// before, so that the last stands for 10^(depth-1) strings.
func bomb(depth int, indent string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%sa0: &a0 \"lol\"\n", indent)
	for i := 1; i < depth; i++ {
		fmt.Fprintf(&b, "%sa%d: &a%d [%s]\n", indent, i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d,", i-1), 10), ","))
	}
	return b.String()
}

const (
	bombCatalogue = `name: t
version: 0.1.0
classes:
  transient: {description: d, exit_code: 75}
codes:
  rate_limited: {class: transient, description: d}
`
	bombRules = `rules:
  - id: a.b
    code: rate_limited
    confidence: high
    match: {status: 429}
`
	bombFixtures = `- name: one
  evidence: {http: {status: 429}}
  expect: {code: rate_limited}
`
	bombPolicy = `version: 1
transient:
  retry: {enabled: true, max_retries: 3, initial_interval: 5s}
  wait_for_reset: {enabled: false}
  on_exhausted: stop
`
)

// A hostile file of each kind, loaded by its own loader: the catalogue's
// catalogue.yaml and rules files, a fixtures file, a policy.
var bombLoaders = []struct {
	kind, file string
	load       func(text string) error
	// hostile is the kind's file with a bomb of the given depth in a
	// field of its own
	hostile func(depth int) string
}{
	{"catalogue", "catalogue.yaml", func(text string) error {
		_, err := compile.Load(fstest.MapFS{"catalogue.yaml": {Data: []byte(text)}, "rules/r.yaml": {Data: []byte(bombRules)}}, "")
		return err
	}, func(depth int) string { return bombCatalogue + "x-bomb:\n" + bomb(depth, "  ") }},
	{"rules", "rules/r.yaml", func(text string) error {
		_, err := compile.Load(fstest.MapFS{"catalogue.yaml": {Data: []byte(bombCatalogue)}, "rules/r.yaml": {Data: []byte(text)}}, "")
		return err
	}, func(depth int) string { return bombRules + "    description:\n" + bomb(depth, "      ") }},
	{"fixtures", "f.yaml", func(text string) error {
		_, err := fixture.Load(fstest.MapFS{"f.yaml": {Data: []byte(text)}}, "")
		return err
	}, func(depth int) string { return bombFixtures + "  x-bomb:\n" + bomb(depth, "    ") }},
	{"policy", "p.yaml", func(text string) error {
		_, err := policyfile.Load("p.yaml", []byte(text), []string{"transient"})
		return err
	}, func(depth int) string { return bombPolicy + "x-bomb:\n" + bomb(depth, "  ") }},
}

// A bomb in any kind of file is one error at the alias that takes the
// expansion past its budget, however deep the bomb.
func TestAliasBomb(t *testing.T) {
	for _, l := range bombLoaders {
		for _, depth := range []int{6, 8, 10, 40} {
			t.Run(fmt.Sprintf("%s/%d", l.kind, depth), func(t *testing.T) {
				text := l.hostile(depth)
				errs := diag.As(l.load(text))
				if len(errs) != 1 {
					t.Fatalf("want one error, got %d:\n%v", len(errs), errs)
				}
				e := errs[0]
				if e.Code != diag.Aliasing || !strings.Contains(e.Msg, "excessive aliasing: with alias *a") {
					t.Errorf("got %v", e)
				}
				if e.Pos.File != l.file || at(text, e.Pos) != '*' {
					t.Errorf("%v: not at an alias in %s", e, l.file)
				}
			})
		}
	}
}

// at returns the character at pos in text.
func at(text string, pos diag.Pos) rune {
	lines := strings.Split(text, "\n")
	if pos.Line < 1 || pos.Line > len(lines) {
		return 0
	}
	r := []rune(lines[pos.Line-1])
	if pos.Col < 1 || pos.Col > len(r) {
		return 0
	}
	return r[pos.Col-1]
}

// Refusing a bomb costs little memory: loading one takes well under 64 MB
// of allocations, where expanding it would take gigabytes.
func TestAliasBombMemory(t *testing.T) {
	for _, l := range bombLoaders {
		t.Run(l.kind, func(t *testing.T) {
			text := l.hostile(8)
			if got := allocated(func() { _ = l.load(text) }); got > 64<<20 {
				t.Errorf("loading a bomb allocated %d MB", got>>20)
			}
		})
	}
}

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// sharedGuard is a rules file in which every rule after the first shares
// the first one's "not" through an alias, as the shipped catalogue does;
// the guard's regex is about 1 KiB, so aliases add about 1 KiB each.
func sharedGuard(aliases int) string {
	guard := "(?i)" + strings.Repeat("x", 1000)
	var b strings.Builder
	fmt.Fprintf(&b, "rules:\n  - id: r.r0\n    code: rate_limited\n    confidence: high\n    match: {contains: [r0]}\n    not: &guard {regex: '%s'}\n", guard)
	for i := 1; i <= aliases; i++ {
		fmt.Fprintf(&b, "  - id: r.r%d\n    code: rate_limited\n    confidence: high\n    match: {contains: [r%d]}\n    not: *guard\n", i, i)
	}
	return b.String()
}

// Aliases within the budget load, and what they cost stays bounded; past
// the budget (aliases adding more than 1 MiB to a document smaller than
// that) the same file is refused at the alias that crosses it.
func TestAliasBudgetEdge(t *testing.T) {
	load := func(rules string) error {
		_, err := compile.Load(fstest.MapFS{"catalogue.yaml": {Data: []byte(bombCatalogue)}, "rules/r.yaml": {Data: []byte(rules)}}, "")
		return err
	}
	// Each alias stands for the guard: a mapping, the key "regex" and
	// 1004 characters, 3*16+5+1004 = 1057, less the alias itself: 1041.
	// 1007 of them fit in 1 MiB, 1008 do not.
	within := sharedGuard(1007)
	var err error
	if got := allocated(func() { err = load(within) }); got > 64<<20 {
		t.Errorf("loading aliases within the budget allocated %d MB", got>>20)
	}
	if err != nil {
		t.Fatalf("within the budget: %v", err)
	}
	err = load(sharedGuard(1008))
	errs := diag.As(err)
	if len(errs) != 1 || errs[0].Code != diag.Aliasing {
		t.Fatalf("past the budget: %v", err)
	}
	// The 1008th alias, on the last line.
	if want := strings.Count(sharedGuard(1008), "\n"); errs[0].Pos.Line != want || errs[0].Pos.Col != 10 {
		t.Errorf("at %v, want line %d column 10", errs[0].Pos, want)
	}
	// A document larger than 1 MiB may grow by as much as it holds.
	large := sharedGuard(1008) + "    description: " + strings.Repeat("d", 3<<19) + "\n"
	if err := load(large); err != nil {
		t.Errorf("a large document: %v", err)
	}
}

// Anchors used modestly keep working, in every kind of file: the shared
// value loads as if written out.
func TestModestAliases(t *testing.T) {
	if err := (bombLoaders[1].load)(sharedGuard(20)); err != nil {
		t.Errorf("rules: %v", err)
	}
	fixtures := "- name: one\n  evidence: {http: &h {status: 429}}\n  expect: &e {code: rate_limited}\n- name: two\n  evidence: {http: *h}\n  expect: *e\n"
	if err := (bombLoaders[2].load)(fixtures); err != nil {
		t.Errorf("fixtures: %v", err)
	}
	policy := "version: 1\ntransient: &s\n  retry: {enabled: true, max_retries: 3, initial_interval: 5s}\n  wait_for_reset: {enabled: false}\n  on_exhausted: stop\nhard: *s\n"
	if _, err := policyfile.Load("p.yaml", []byte(policy), []string{"transient", "hard"}); err != nil {
		t.Errorf("policy: %v", err)
	}
	catalogue := "name: t\nversion: 0.1.0\nclasses:\n  transient: {description: d, exit_code: 75}\ncodes:\n  rate_limited: &c {class: transient, description: d}\n  overloaded: *c\n"
	if err := (bombLoaders[0].load)(catalogue); err != nil {
		t.Errorf("catalogue: %v", err)
	}
}

// One long string repeated is as much a bomb as many small values.
func TestAliasStringBomb(t *testing.T) {
	text := bombPolicy + "x-bomb:\n  s: &s \"" + strings.Repeat("x", 64<<10) + "\"\n  l: [" + strings.TrimSuffix(strings.Repeat("*s, ", 20), ", ") + "]\n"
	errs := diag.As(bombLoaders[3].load(text))
	if len(errs) != 1 || errs[0].Code != diag.Aliasing || at(text, errs[0].Pos) != '*' {
		t.Errorf("got %v", errs)
	}
}

// An alias reads as the value it names wherever it stands, a list or a
// single string included: a catalogue that shares values through anchors
// compiles to the very tables of one that writes them out, and a fixture
// replays the shared text.
func TestAliasesReadAsValues(t *testing.T) {
	const shared = `rules:
  - id: a.one
    code: rate_limited
    confidence: high
    match: {contains: &words [rate limit, slow down]}
  - id: a.two
    code: rate_limited
    confidence: low
    match: {contains: *words, status: &s 429}
  - id: a.three
    code: rate_limited
    confidence: low
    match: {contains: [&one too many requests], status: *s}
  - id: a.four
    code: rate_limited
    confidence: low
    match: {contains: [*one, *one]}
`
	const written = `rules:
  - id: a.one
    code: rate_limited
    confidence: high
    match: {contains: [rate limit, slow down]}
  - id: a.two
    code: rate_limited
    confidence: low
    match: {contains: [rate limit, slow down], status: 429}
  - id: a.three
    code: rate_limited
    confidence: low
    match: {contains: [too many requests], status: 429}
  - id: a.four
    code: rate_limited
    confidence: low
    match: {contains: [too many requests, too many requests]}
`
	compiled := func(rules string) string {
		cat, err := compile.Load(fstest.MapFS{"catalogue.yaml": {Data: []byte(bombCatalogue)}, "rules/r.yaml": {Data: []byte(rules)}}, "")
		if err != nil {
			t.Fatal(err)
		}
		return cat.ID
	}
	if a, b := compiled(shared), compiled(written); a != b {
		t.Errorf("shared values compile to %s, written out to %s", a, b)
	}
	fx, err := fixture.Load(fstest.MapFS{"f.yaml": {Data: []byte("- name: one\n  evidence: {text: &t \"Rate limit reached\"}\n  expect: &u unclassified\n- name: two\n  evidence: {text: *t}\n  expect: *u\n")}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(fx) != 2 || fx[1].Evidence.Text != "Rate limit reached" || !fx[1].Expect.Unclassified {
		t.Errorf("the second fixture reads %+v", fx[1])
	}
}
