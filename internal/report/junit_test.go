package report

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/fixture"
)

func TestJUnitCountsFailuresSkipsAndCoverage(t *testing.T) {
	rep := &fixture.Report{
		Results: []fixture.Result{
			{Fixture: &fixture.Fixture{Name: "passes"}},
			{Fixture: &fixture.Fixture{Name: "fails"}, Failed: true},
			{Fixture: &fixture.Fixture{Name: "known"}, Known: true},
		},
		Failures: []fixture.Failure{{Fixture: "fails", Pos: "f.yaml:3:5", Kind: "wrong_code", Message: "want a, got b", Diff: "-a\n+b\n"}},
		Known:    []fixture.KnownCase{{Fixture: "known", Kind: "false_negative", Reason: "no rule yet", Got: "unclassified"}},
		// The second coverage case passes: it has nothing missing.
		CodesWithoutRule: []string{"orphan_code", "other_code"},
	}
	data, err := JUnit("errcat test 0.1.0", rep)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), xml.Header) || !strings.HasSuffix(string(data), "\n") {
		t.Errorf("want an XML header and a final newline:\n%s", data)
	}
	var got junitSuite
	if err := xml.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if got.Name != "errcat test 0.1.0" || got.Tests != 5 || got.Failures != 2 || got.Skipped != 1 {
		t.Errorf("suite %q: tests %d failures %d skipped %d, want 5, 2 and 1", got.Name, got.Tests, got.Failures, got.Skipped)
	}
	byName := map[string]junitCase{}
	for _, c := range got.Cases {
		byName[c.Name] = c
	}
	if c := byName["passes"]; c.Failure != nil || c.Skipped != nil || c.Classname != "fixtures" {
		t.Errorf("a passing fixture: %+v", c)
	}
	if f := byName["fails"].Failure; f == nil || f.Message != "f.yaml:3:5: want a, got b" || f.Type != "wrong_code" || f.Body != "-a\n+b\n" {
		t.Errorf("a failing fixture: %+v", f)
	}
	if s := byName["known"].Skipped; s == nil || s.Message != "known false_negative: no rule yet (got unclassified)" {
		t.Errorf("a known issue: %+v", s)
	}
	if f := byName["every code has a rule"].Failure; f == nil || f.Type != "codes_without_rule" || f.Body != "orphan_code\nother_code\n" {
		t.Errorf("codes without a rule: %+v", f)
	}
	if c, ok := byName["every rule wins a positive fixture"]; !ok || c.Failure != nil || c.Classname != "coverage" {
		t.Errorf("a coverage case with nothing missing: %+v, present %v", c, ok)
	}
}
