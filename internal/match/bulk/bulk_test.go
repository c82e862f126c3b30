package bulk_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match/bulk"
	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/tables"
)

// catalogueOf compiles a catalogue of rules (a YAML list under "rules:")
// of the codes down and spent.
func catalogueOf(t *testing.T, rules string) *tables.Catalogue {
	t.Helper()
	cat := "name: test\nversion: 0.0.1\nclasses:\n  transient: {description: d, exit_code: 75}\n" +
		"codes:\n  down: {class: transient, description: d}\n  spent: {class: transient, description: d}\n"
	c, err := compile.Load(fstest.MapFS{
		"catalogue.yaml": {Data: []byte(cat)},
		"rules/r.yaml":   {Data: []byte(rules)},
	}, "")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// rules are two light rules, one of them with a need (t.gap), and a
// heavy one, which looks for more literals than a light rule may.
const rules = `rules:
  - id: t.gap
    code: down
    confidence: high
    match: {regex: '(?i)\bdeployment pipeline\b.{0,40}\b(unavailable|stalled)\b'}
  - id: t.plain
    code: down
    confidence: high
    match: {contains: ['shard replica lagging']}
  - id: t.heavy
    code: spent
    confidence: high
    match: {regex: '(?i)\b(?:gateway quota (?:exceeded|exhausted|depleted|reached)|exceeded gateway quota|gateway quota (?:was|is) (?:used|consumed|spent))\b'}
`

// ruleIDs names the rules of ids, in order.
func ruleIDs(c *tables.Catalogue, ids []int32) []string {
	var out []string
	for _, i := range ids {
		out = append(out, c.Rules[i].ID)
	}
	return out
}

// TestCandidates: the rules whose triggers a record holds, when all are
// light; none, and dst as given, when one is heavy.
func TestCandidates(t *testing.T) {
	c := catalogueOf(t, rules)
	bt := bulk.New(c)
	light := bt.Light()
	if light == nil {
		t.Fatal("the tables select no rules: the test proves nothing")
	}
	want := map[string]bool{"t.gap": true, "t.plain": true, "t.heavy": false}
	for i := range c.Rules {
		if light[i] != want[c.Rules[i].ID] {
			t.Errorf("rule %s light %v, want %v", c.Rules[i].ID, light[i], want[c.Rules[i].ID])
		}
	}
	dst := []int32{7}
	got, ok := bt.Candidates("Shard replica lagging; deployment pipeline stalled", dst)
	if !ok || !slices.Equal(ruleIDs(c, got[1:]), []string{"t.plain", "t.gap"}) || got[0] != 7 {
		t.Errorf("light record: candidates %v (%q), ok %v; want 7 then t.plain, t.gap", got, ruleIDs(c, got[1:]), ok)
	}
	got, ok = bt.Candidates("deployment pipeline stalled, gateway quota exceeded", dst[:1])
	if ok || !slices.Equal(got, []int32{7}) {
		t.Errorf("record with a heavy rule's trigger: candidates %v, ok %v; want [7], false", got, ok)
	}
	got, ok = bt.Candidates("nothing here", nil)
	if !ok || len(got) != 0 {
		t.Errorf("record without triggers: candidates %v, ok %v; want none, true", got, ok)
	}
}

// TestReaderRegion: of a region's records, the reader hands on those
// that hold a trigger and meet its need, and those with bytes the scan
// cannot judge (an escape), and tells of the rest as passed over; blank
// records are not counted.
func TestReaderRegion(t *testing.T) {
	bt := bulk.New(catalogueOf(t, rules))
	if len(bt.Needs()["deployment pipeline"]) == 0 {
		t.Fatalf("needs %q: the test proves nothing", bt.Needs())
	}
	log := strings.Join([]string{
		"deployment pipeline ok",          // the trigger without its need
		"deployment pipeline unavailable", // the trigger and its need
		"",
		"shard replica lagging", // a trigger without a need
		"plain \x1b[1mline\x1b[0m",
		"plain line",
		"   ",
	}, "\n") + "\n"
	for _, every := range []bool{false, true} {
		ch := records.NewChunker(strings.NewReader(log))
		tn := bt.Tuning(every)
		r := bt.NewReader(every)
		var lines, passed []int
		nonBlank, skipped := 0, 0
		for {
			reg, ok := ch.Next()
			if !ok {
				break
			}
			n, s := r.Region(reg, tn.For(reg.Data()), func(rec []byte, line int, truncated bool) {
				lines = append(lines, line)
			}, func(rec []byte, line int) { passed = append(passed, line) })
			nonBlank, skipped = nonBlank+n, skipped+s
		}
		want, wantPassed := []int{2, 4, 5}, []int{1, 6}
		if every {
			want, wantPassed = []int{1, 2, 4, 5, 6}, nil
		}
		if !slices.Equal(lines, want) || !slices.Equal(passed, wantPassed) || nonBlank != 5 || skipped != len(wantPassed) {
			t.Errorf("every %v: handed on lines %v, passed over %v (%d), %d not blank; want %v, %v, 5", every, lines, passed, skipped, nonBlank, want, wantPassed)
		}
	}
}

// TestMarks: Marks notes where a trigger ends, a need unchecked, and
// where an escape is.
func TestMarks(t *testing.T) {
	bt := bulk.New(catalogueOf(t, rules))
	data := []byte("deployment pipeline ok\nx\x1b[0m\n")
	tn := bt.Tuning(false)
	got := bt.Marks(tn.For(data), data, nil)
	want := []int{len("deployment pipeline") - 1, len("deployment pipeline ok\nx")}
	if !slices.Equal(got, want) {
		t.Errorf("Marks = %v, want %v", got, want)
	}
	var none *litscan.Set
	if got := bt.Marks(none, data, nil); !slices.Equal(got, want[1:]) {
		t.Errorf("Marks without a set = %v, want %v", got, want[1:])
	}
}
