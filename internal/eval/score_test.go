package eval

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// o is an outcome whose codes are their own classes, so that class
// figures follow code figures unless a test sets classes.
func o(expect, got string) Outcome {
	return Outcome{Expect: expect, Got: got, ExpectClass: expect, GotClass: got}
}

func TestScore(t *testing.T) {
	const u = Unclassified
	tests := []struct {
		name string
		outs []Outcome
		want Scores
	}{{
		name: "empty corpus",
		want: Scores{Codes: []CodeScore{}, Classes: []ClassScore{}, Kinds: []Group{}, Langs: []Group{}, Labels: []string{}, Matrix: [][]int{}},
	}, {
		name: "all right",
		outs: []Outcome{o("a", "a"), o("b", "b"), o(u, u)},
		want: Scores{
			Summary: Summary{
				Entries: 3, Positive: 2, Negative: 1,
				Precision: Ratio{2, 2}, Recall: Ratio{2, 2}, Coverage: Ratio{2, 2}, NegativeCoverage: Ratio{0, 1},
				ClassPrecision: Ratio{2, 2}, ClassRecall: Ratio{2, 2},
			},
			Codes:   []CodeScore{{"a", Ratio{1, 1}, Ratio{1, 1}, 1}, {"b", Ratio{1, 1}, Ratio{1, 1}, 1}},
			Classes: []ClassScore{{"a", Ratio{1, 1}, Ratio{1, 1}, 1}, {"b", Ratio{1, 1}, Ratio{1, 1}, 1}},
			Labels:  []string{"a", "b", u},
			Matrix:  [][]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		},
	}, {
		// a: 2 labelled, 1 right, 1 missed. b: 1 labelled, given as a.
		// One negative classified as b. Precision counts every entry given
		// a code, negatives included; recall and coverage only positives.
		name: "a miss, a confusion and a false positive",
		outs: []Outcome{o("a", "a"), o("a", u), o("b", "a"), o(u, "b"), o(u, u)},
		want: Scores{
			Summary: Summary{
				Entries: 5, Positive: 3, Negative: 2,
				Precision: Ratio{1, 3}, Recall: Ratio{1, 3}, Coverage: Ratio{2, 3}, NegativeCoverage: Ratio{1, 2},
				ClassPrecision: Ratio{1, 3}, ClassRecall: Ratio{1, 3},
			},
			Codes: []CodeScore{
				{"a", Ratio{1, 2}, Ratio{1, 2}, 2},
				{"b", Ratio{0, 1}, Ratio{0, 1}, 1},
			},
			Classes: []ClassScore{
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
			Summary: Summary{
				Entries: 1, Negative: 1,
				Precision: Ratio{0, 1}, NegativeCoverage: Ratio{1, 1}, ClassPrecision: Ratio{0, 1},
			},
			Codes:   []CodeScore{{"z", Ratio{0, 1}, Ratio{0, 0}, 0}},
			Classes: []ClassScore{{"z", Ratio{0, 1}, Ratio{0, 0}, 0}},
			Labels:  []string{"z", u},
			Matrix:  [][]int{{0, 0}, {1, 0}},
		},
	}, {
		// An entry labelled unclassified that also accepts a: given a,
		// it is a right code, not an ordinary line classified; given b,
		// it is both a wrong code and a negative classified; left
		// unclassified, it is right and adds nothing to precision.
		name: "unclassified beside also accepts either answer",
		outs: []Outcome{
			{Expect: u, Also: []string{"a"}, Got: "a", ExpectClass: u, GotClass: "a"},
			{Expect: u, Also: []string{"a"}, Got: "b", ExpectClass: u, GotClass: "b"},
			{Expect: u, Also: []string{"a"}, Got: u, ExpectClass: u, GotClass: u},
		},
		want: Scores{
			Summary: Summary{
				Entries: 3, Negative: 3,
				Precision: Ratio{1, 2}, NegativeCoverage: Ratio{1, 3}, ClassPrecision: Ratio{1, 2},
			},
			Codes:   []CodeScore{{"a", Ratio{1, 1}, Ratio{0, 0}, 0}, {"b", Ratio{0, 1}, Ratio{0, 0}, 0}},
			Classes: []ClassScore{{"a", Ratio{1, 1}, Ratio{0, 0}, 0}, {"b", Ratio{0, 1}, Ratio{0, 0}, 0}},
			Labels:  []string{"a", "b", u},
			Matrix:  [][]int{{0, 0, 0}, {0, 0, 0}, {1, 1, 1}},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Score(tt.outs)
			if tt.want.Kinds == nil {
				got.Kinds, got.Langs = nil, nil
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Score (-want +got):\n%s", diff)
			}
		})
	}
}

// TestScoreClasses checks the figures that rest on classes and on an
// entry's other accepted codes: a code of the right class is right for
// the class only, an Also code is right for the code given, and a hard or
// request entry given a transient code is unsafe.
func TestScoreClasses(t *testing.T) {
	const u = Unclassified
	out := func(expect, eclass, got, gclass string, also ...string) Outcome {
		return Outcome{Expect: expect, ExpectClass: eclass, Got: got, GotClass: gclass, Also: also}
	}
	outs := []Outcome{
		out("quota_limited", "hard", "rate_limited", "transient"),                              // unsafe
		out("quota_limited", "hard", "subscription_required", "hard"),                          // class right only
		out("quota_limited", "hard", "subscription_required", "hard", "subscription_required"), // right through Also
		out("not_found", "request", "provider_unavailable", "transient"),                       // unsafe
		out("rate_limited", "transient", "quota_limited", "hard"),                              // safe, wrong
		out("rate_limited", "transient", u, u),                                                 // missed
		out(u, u, "rate_limited", "transient"),                                                 // false positive
		out("quota_limited", "hard", "rate_limited", "transient", "rate_limited"),              // accepted: neither wrong nor unsafe
	}
	s := Score(outs)
	want := Summary{
		Entries: 8, Positive: 7, Negative: 1,
		Precision: Ratio{2, 7}, Recall: Ratio{2, 7}, Coverage: Ratio{6, 7}, NegativeCoverage: Ratio{1, 1},
		ClassPrecision: Ratio{3, 7}, ClassRecall: Ratio{3, 7}, Unsafe: Ratio{2, 5},
	}
	if diff := cmp.Diff(want, s.Summary); diff != "" {
		t.Errorf("Summary (-want +got):\n%s", diff)
	}
	wantCodes := []CodeScore{
		{"not_found", Ratio{0, 0}, Ratio{0, 1}, 1},
		{"provider_unavailable", Ratio{0, 1}, Ratio{0, 0}, 0},
		{"quota_limited", Ratio{0, 1}, Ratio{2, 4}, 4},
		{"rate_limited", Ratio{1, 3}, Ratio{0, 2}, 2},
		{"subscription_required", Ratio{1, 2}, Ratio{0, 0}, 0},
	}
	if diff := cmp.Diff(wantCodes, s.Codes); diff != "" {
		t.Errorf("Codes (-want +got):\n%s", diff)
	}
	wantClasses := []ClassScore{
		{"hard", Ratio{2, 3}, Ratio{3, 4}, 4},
		{"request", Ratio{0, 0}, Ratio{0, 1}, 1},
		{"transient", Ratio{1, 4}, Ratio{0, 2}, 2},
	}
	if diff := cmp.Diff(wantClasses, s.Classes); diff != "" {
		t.Errorf("Classes (-want +got):\n%s", diff)
	}
}

// TestScoreGroups checks the breakdowns by kind and language: each group
// is the summary of its own entries, and an entry without a kind or a
// language counts under "-".
func TestScoreGroups(t *testing.T) {
	const u = Unclassified
	with := func(o Outcome, kind, lang string) Outcome { o.Kind, o.Lang = kind, lang; return o }
	outs := []Outcome{
		with(o("a", "a"), "error", "en"),
		with(o("a", u), "whole_output", "de"),
		with(o("a", "a"), "whole_output", "en"),
		with(o(u, "a"), "near_miss", "en"),
		o(u, u),
	}
	s := Score(outs)
	var kinds, langs []string
	for _, g := range s.Kinds {
		kinds = append(kinds, g.Name)
	}
	for _, g := range s.Langs {
		langs = append(langs, g.Name)
	}
	if diff := cmp.Diff([]string{"-", "error", "near_miss", "whole_output"}, kinds); diff != "" {
		t.Errorf("kinds (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"-", "de", "en"}, langs); diff != "" {
		t.Errorf("langs (-want +got):\n%s", diff)
	}
	whole := s.Kinds[3]
	if whole.Entries != 2 || whole.Recall != (Ratio{1, 2}) {
		t.Errorf("whole_output: %d entries, recall %v; want 2, 1/2", whole.Entries, whole.Recall)
	}
	if en := s.Langs[2]; en.Entries != 3 || en.Precision != (Ratio{2, 3}) || en.NegativeCoverage != (Ratio{1, 1}) {
		t.Errorf("en: %d entries, precision %v, negative coverage %v; want 3, 2/3, 1/1", en.Entries, en.Precision, en.NegativeCoverage)
	}
	th := Thresholds{MinWholeRecall: 0.9, MaxNegativeCoverage: 1, MaxUnsafe: -1}
	if diff := cmp.Diff([]string{"whole-output recall 0.500 is below --min-whole-output-recall 0.90"}, s.Check(th)); diff != "" {
		t.Errorf("Check (-want +got):\n%s", diff)
	}
}

func TestCheck(t *testing.T) {
	th := Thresholds{MinPrecision: 0.98, MinRecall: 0.90, MaxNegativeCoverage: 0.01, MaxUnsafe: -1}
	sum := func(s Summary) Scores { return Scores{Summary: s} }
	tests := []struct {
		name string
		s    Scores
		th   Thresholds
		want []string
	}{
		{"at the thresholds exactly", sum(Summary{Precision: Ratio{49, 50}, Recall: Ratio{9, 10}, NegativeCoverage: Ratio{1, 100}}), th, nil},
		{"just below and above", sum(Summary{Precision: Ratio{48, 50}, Recall: Ratio{89, 100}, NegativeCoverage: Ratio{2, 100}}), th, []string{
			"precision 0.960 is below --min-precision 0.98",
			"recall 0.890 is below --min-recall 0.90",
			"negative coverage 0.020 is above --max-coverage-negative 0.01",
		}},
		{"undefined figures miss", Scores{}, th, []string{
			"precision is undefined (0/0), below --min-precision 0.98",
			"recall is undefined (0/0), below --min-recall 0.90",
			"negative coverage is undefined (no negative entries), above --max-coverage-negative 0.01",
		}},
		{"thresholds that cannot be missed", Scores{}, Thresholds{MaxNegativeCoverage: 1, MaxUnsafe: -1}, nil},
		{"class precision and unsafe answers", sum(Summary{ClassPrecision: Ratio{99, 100}, Unsafe: Ratio{1, 40}}),
			Thresholds{MinClassPrecision: 0.995, MaxNegativeCoverage: 1, MaxUnsafe: 0}, []string{
				"class precision 0.990 is below --min-class-precision 0.995",
				"1 hard or request entries got a transient code, above --max-unsafe 0",
			}},
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
