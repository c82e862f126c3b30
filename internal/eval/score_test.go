package eval

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func o(expect, got string) Outcome { return Outcome{expect, got} }

func TestScore(t *testing.T) {
	const u = Unclassified
	tests := []struct {
		name string
		outs []Outcome
		want Scores
	}{{
		name: "empty corpus",
		want: Scores{Codes: []CodeScore{}, Labels: []string{}, Matrix: [][]int{}},
	}, {
		name: "all right",
		outs: []Outcome{o("a", "a"), o("b", "b"), o(u, u)},
		want: Scores{
			Entries: 3, Positive: 2, Negative: 1,
			Precision: Ratio{2, 2}, Recall: Ratio{2, 2}, Coverage: Ratio{2, 2}, NegativeCoverage: Ratio{0, 1},
			Codes:  []CodeScore{{"a", Ratio{1, 1}, Ratio{1, 1}, 1}, {"b", Ratio{1, 1}, Ratio{1, 1}, 1}},
			Labels: []string{"a", "b", u},
			Matrix: [][]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		},
	}, {
		// a: 2 labelled, 1 right, 1 missed. b: 1 labelled, given as a.
		// One negative classified as b. Precision counts every entry given
		// a code, negatives included; recall and coverage only positives.
		name: "a miss, a confusion and a false positive",
		outs: []Outcome{o("a", "a"), o("a", u), o("b", "a"), o(u, "b"), o(u, u)},
		want: Scores{
			Entries: 5, Positive: 3, Negative: 2,
			Precision: Ratio{1, 3}, Recall: Ratio{1, 3}, Coverage: Ratio{2, 3}, NegativeCoverage: Ratio{1, 2},
			Codes: []CodeScore{
				{"a", Ratio{1, 2}, Ratio{1, 2}, 2},
				{"b", Ratio{0, 1}, Ratio{0, 1}, 1},
			},
			Labels: []string{"a", "b", u},
			Matrix: [][]int{{1, 0, 1}, {1, 0, 0}, {0, 1, 1}},
		},
	}, {
		name: "a code only ever predicted has precision but no recall",
		outs: []Outcome{o(u, "z")},
		want: Scores{
			Entries: 1, Negative: 1,
			Precision: Ratio{0, 1}, NegativeCoverage: Ratio{1, 1},
			Codes:  []CodeScore{{"z", Ratio{0, 1}, Ratio{0, 0}, 0}},
			Labels: []string{"z", u},
			Matrix: [][]int{{0, 0}, {1, 0}},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Score(tt.outs)); diff != "" {
				t.Errorf("Score (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	th := Thresholds{MinPrecision: 0.98, MinRecall: 0.90, MaxNegativeCoverage: 0.01}
	tests := []struct {
		name string
		s    Scores
		th   Thresholds
		want []string
	}{
		{"at the thresholds exactly", Scores{Precision: Ratio{49, 50}, Recall: Ratio{9, 10}, NegativeCoverage: Ratio{1, 100}}, th, nil},
		{"just below and above", Scores{Precision: Ratio{48, 50}, Recall: Ratio{89, 100}, NegativeCoverage: Ratio{2, 100}}, th, []string{
			"precision 0.960 is below --min-precision 0.98",
			"recall 0.890 is below --min-recall 0.90",
			"negative coverage 0.020 is above --max-coverage-negative 0.01",
		}},
		{"undefined figures miss", Scores{}, th, []string{
			"precision is undefined (0/0), below --min-precision 0.98",
			"recall is undefined (0/0), below --min-recall 0.90",
			"negative coverage is undefined (no negative entries), above --max-coverage-negative 0.01",
		}},
		{"thresholds that cannot be missed", Scores{}, Thresholds{0, 0, 1}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.s.Check(tt.th)); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRatio(t *testing.T) {
	tests := []struct {
		r       Ratio
		str, js string
	}{
		{Ratio{2, 3}, "0.667 (2/3)", `{"value":0.6667,"num":2,"den":3}`},
		{Ratio{0, 0}, "n/a (0/0)", `{"value":null,"num":0,"den":0}`},
		{Ratio{5, 5}, "1.000 (5/5)", `{"value":1,"num":5,"den":5}`},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.str {
			t.Errorf("%v.String() = %q, want %q", tt.r, got, tt.str)
		}
		b, err := json.Marshal(tt.r)
		if err != nil || string(b) != tt.js {
			t.Errorf("json of %v = %s, %v; want %s", tt.r, b, err, tt.js)
		}
	}
}
