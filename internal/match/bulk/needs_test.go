package bulk_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/match/bulk"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/google/go-cmp/cmp"
)

// needRules: a rule of many alternatives, one of which a bare status
// triggers, with its prefix required besides, and a rule that reads only
// a record's JSON, triggered by the value it compares, and one whose path
// has two steps.
const needRules = `rules:
  - id: t.status
    code: down
    confidence: high
    match: {regex: '(?i)\b(status|http|error code)[: ]+(503|504)\b|\bservice unavailable\b|\bgateway timeout\b|\bupstream connect error\b|\bno healthy upstream\b|\bbackend fetch failed\b|\bconnection pool exhausted\b|\bbad gateway\b|\btemporarily unable to service\b'}
  - id: t.json
    code: spent
    confidence: high
    match:
      json:
        error_code: ["1101", "1102"]
        error_msg: {present: true}
  - id: t.nested
    code: down
    confidence: high
    match:
      json:
        value.error: [script timeout]
`

// TestNeedsPerTrigger: a trigger's need holds only the alternatives it
// triggers, so a bare number is checked for its prefix although the
// rule's other alternatives need nothing more; a JSON rule's value needs
// its keys, every step of a path's. Records are read or passed over by those needs.
func TestNeedsPerTrigger(t *testing.T) {
	bt := bulk.New(catalogueOf(t, needRules))
	needs := bt.Needs()
	prefix := [][]string{{"error code", "http", "status"}}
	for _, trig := range []string{"503", "504"} {
		if diff := cmp.Diff([][][]string{prefix}, needs[trig]); diff != "" {
			t.Errorf("need of %q (-want +got):\n%s", trig, diff)
		}
	}
	if n, ok := needs["service unavailable"]; ok {
		t.Errorf("need of a trigger whose alternative needs nothing more: %q", n)
	}
	for _, trig := range []string{"1101", "1102"} {
		if diff := cmp.Diff([][][]string{{{"error_code"}, {"error_msg"}}}, needs[trig]); diff != "" {
			t.Errorf("need of %q (-want +got):\n%s", trig, diff)
		}
	}
	if diff := cmp.Diff([][][]string{{{"value"}, {"error"}}}, needs["script timeout"]); diff != "" {
		t.Errorf("need of a two-step path's value (-want +got):\n%s", diff)
	}
	log := strings.Join([]string{
		"2026-01-01T00:00:00.503Z INFO served 4504 items",     // numbers without the prefix
		"upstream answered status: 503",                       // the number and its prefix
		"service unavailable",                                 // a trigger without a need
		`{"ts":1101,"items":1102}`,                            // the value, not the keys
		`{"error_code":1101,"error_msg":"token expired"}`,     // value and keys
		`{"raw":"{\"error_code\":1102,\"error_msg\":\"x\"}"}`, // nested, quotes escaped
		`{"error":"script timeout"}`,                          // the last key without the first
		`{"value":{"error":"script timeout"}}`,                // every key of the path
	}, "\n") + "\n"
	read, passed := readRecords(bt, log)
	if diff := cmp.Diff([]int{2, 3, 5, 6, 8}, read); diff != "" {
		t.Errorf("records read (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{1, 4, 7}, passed); diff != "" {
		t.Errorf("records passed over (-want +got):\n%s", diff)
	}
}

// fallbackRules: a JSON rule whose path ends in an array index written "-00",
// which names no key the record holds, and a rule indexed on its contains
// list, so that its regex alternatives' own triggers are not the rule's.
const fallbackRules = `rules:
  - id: t.index
    code: down
    confidence: high
    match:
      json:
        error.code: quota_exhausted
        error.details.-00: {present: true}
  - id: t.contains
    code: spent
    confidence: high
    match:
      contains: ['zqx gateway']
      regex: '(?i)\bzqx gateway\b.{0,20}\b(refused|stalled)\b|\bzqx gateway (was )?spent\b'
`

// TestNeedsKeepMatches: where a need cannot be narrowed (an index step,
// triggers that are not the alternatives'), no record the rules match is
// passed over.
func TestNeedsKeepMatches(t *testing.T) {
	bt := bulk.New(catalogueOf(t, fallbackRules))
	for trig, n := range bt.Needs() {
		for _, entry := range n {
			for _, set := range entry {
				for _, s := range set {
					if s == "-00" {
						t.Errorf("need of %q asks for the index step %q", trig, s)
					}
				}
			}
		}
	}
	log := strings.Join([]string{
		`{"error":{"code":"quota_exhausted","details":["a","b"]}}`, // t.index
		"zqx gateway refused the call",                             // t.contains, first alternative
		"zqx gateway was spent",                                    // t.contains, second alternative
		"zqx gateway ready",                                        // neither verb: read or not, as its needs allow
	}, "\n") + "\n"
	read, _ := readRecords(bt, log)
	for _, line := range []int{1, 2, 3} {
		if !slices.Contains(read, line) {
			t.Errorf("line %d, which a rule matches, was passed over (read %v)", line, read)
		}
	}
}

// readRecords runs the bulk reader over log and returns the lines of the
// records it hands on and of those it passes over.
func readRecords(bt *bulk.Tables, log string) (read, passed []int) {
	ch := records.NewChunker(strings.NewReader(log))
	tn := bt.Tuning(false)
	r := bt.NewReader(false)
	for {
		reg, ok := ch.Next()
		if !ok {
			return read, passed
		}
		r.Region(reg, tn.For(reg.Data()), func(rec []byte, line int, truncated bool) {
			read = append(read, line)
		}, func(rec []byte, line int) { passed = append(passed, line) })
	}
}
