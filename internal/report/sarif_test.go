package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/errcat/errcat/internal/collide"
)

func TestSARIFLocatesFindingsOnTheirRules(t *testing.T) {
	rep := &collide.Report{Findings: []collide.Finding{
		{
			Kind: collide.Collision, Severity: "error", Message: "a and b tie",
			Rule:    collide.RuleRef{ID: "p.a", File: "rules/p.yaml", Line: 12},
			Other:   &collide.RuleRef{ID: "p.b", File: "rules/p.yaml", Line: 30},
			Witness: &collide.Witness{Fixture: "- name: tie\n"},
		},
		// A rule without a line is put on line 1, the first SARIF has.
		{Kind: collide.Unindexed, Severity: "warning", Message: "no literal", Rule: collide.RuleRef{ID: "p.c", File: "rules/q.yaml"}},
	}}
	var b bytes.Buffer
	if err := SARIF(&b, rep); err != nil {
		t.Fatal(err)
	}
	var got sarifLog
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if got.Version != "2.1.0" || len(got.Runs) != 1 {
		t.Fatalf("version %q, %d runs", got.Version, len(got.Runs))
	}
	run := got.Runs[0]
	known := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		known[r.ID] = true
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results, want 2", len(run.Results))
	}
	for _, r := range run.Results {
		if !known[r.RuleID] {
			t.Errorf("result of %s names no rule of the driver", r.RuleID)
		}
	}
	first := run.Results[0]
	if first.Level != "error" || first.Message.Text != "a and b tie\nWitness fixture:\n- name: tie\n" {
		t.Errorf("first result: level %q, message %q", first.Level, first.Message.Text)
	}
	if l := first.Locations[0].PhysicalLocation; l.ArtifactLocation.URI != "rules/p.yaml" || l.Region.StartLine != 12 {
		t.Errorf("first location: %+v", l)
	}
	if rl := first.RelatedLocations; len(rl) != 1 || rl[0].PhysicalLocation.Region.StartLine != 30 || rl[0].Message.Text != "rule p.b" {
		t.Errorf("related location: %+v", rl)
	}
	second := run.Results[1]
	if second.Level != "warning" || second.Locations[0].PhysicalLocation.Region.StartLine != 1 || second.RelatedLocations != nil {
		t.Errorf("second result: %+v", second)
	}
}

// An empty analysis still writes a results list, which SARIF requires.
func TestSARIFWritesAnEmptyResultsList(t *testing.T) {
	var b bytes.Buffer
	if err := SARIF(&b, &collide.Report{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`"results": []`)) {
		t.Errorf("no empty results list:\n%s", b.String())
	}
}
