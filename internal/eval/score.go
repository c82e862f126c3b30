package eval

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Outcome is one scored entry: the label it carries and the code the
// catalogue gave it (Unclassified for any unclassified answer, a conflict
// included).
type Outcome struct {
	Expect, Got string
}

// Ratio is a fraction kept as counts, so that reports show what a figure
// rests on and an empty denominator stays visibly undefined.
type Ratio struct {
	Num, Den int
}

// Defined reports whether the ratio has a denominator.
func (r Ratio) Defined() bool { return r.Den > 0 }

// Value is Num/Den, 0 when undefined.
func (r Ratio) Value() float64 {
	if r.Den == 0 {
		return 0
	}
	return float64(r.Num) / float64(r.Den)
}

// String is the value to three places and its counts: "0.950 (19/20)", or
// "n/a (0/0)".
func (r Ratio) String() string {
	if !r.Defined() {
		return "n/a (0/0)"
	}
	return fmt.Sprintf("%.3f (%d/%d)", r.Value(), r.Num, r.Den)
}

// MarshalJSON writes {"value": v, "num": n, "den": d}, value null when
// undefined, rounded to four places so output is stable across platforms.
func (r Ratio) MarshalJSON() ([]byte, error) {
	var v *float64
	if r.Defined() {
		x := float64(int64(r.Value()*10000+0.5)) / 10000
		v = &x
	}
	return json.Marshal(struct {
		Value *float64 `json:"value"`
		Num   int      `json:"num"`
		Den   int      `json:"den"`
	}{v, r.Num, r.Den})
}

// CodeScore is how one code fared.
type CodeScore struct {
	Code      string `json:"code"`
	Precision Ratio  `json:"precision"` // right / entries given this code
	Recall    Ratio  `json:"recall"`    // right / entries labelled with it
	Support   int    `json:"support"`   // entries labelled with it
}

// Scores is the whole measurement.
type Scores struct {
	Entries  int `json:"entries"`
	Positive int `json:"positive"` // labelled with a code
	Negative int `json:"negative"` // labelled unclassified
	// Precision: of the entries that got a code, how many got the right
	// one. Recall: of the positive entries, how many got their code.
	// Coverage: of the positive entries, how many got any code.
	// NegativeCoverage: of the negative entries, how many got a code.
	Precision        Ratio       `json:"precision"`
	Recall           Ratio       `json:"recall"`
	Coverage         Ratio       `json:"coverage"`
	NegativeCoverage Ratio       `json:"negative_coverage"`
	Codes            []CodeScore `json:"codes"`
	// Labels name the rows (expected) and columns (got) of Matrix: every
	// label that occurs, sorted, Unclassified last.
	Labels []string `json:"labels"`
	Matrix [][]int  `json:"matrix"`
}

// Score computes the scores of a set of outcomes.
func Score(outs []Outcome) Scores {
	s := Scores{Entries: len(outs)}
	type counts struct{ right, given, labelled int }
	per := map[string]*counts{}
	at := func(code string) *counts {
		if per[code] == nil {
			per[code] = &counts{}
		}
		return per[code]
	}
	seen := map[string]bool{}
	for _, o := range outs {
		seen[o.Expect], seen[o.Got] = true, true
		classified := o.Got != Unclassified
		if classified {
			s.Precision.Den++
			at(o.Got).given++
			if o.Got == o.Expect {
				s.Precision.Num++
				at(o.Got).right++
			}
		}
		if o.Expect == Unclassified {
			s.Negative++
			s.NegativeCoverage.Den++
			if classified {
				s.NegativeCoverage.Num++
			}
			continue
		}
		s.Positive++
		at(o.Expect).labelled++
		s.Recall.Den++
		s.Coverage.Den++
		if o.Got == o.Expect {
			s.Recall.Num++
		}
		if classified {
			s.Coverage.Num++
		}
	}
	for code, c := range per {
		s.Codes = append(s.Codes, CodeScore{code, Ratio{c.right, c.given}, Ratio{c.right, c.labelled}, c.labelled})
	}
	sort.Slice(s.Codes, func(i, j int) bool { return s.Codes[i].Code < s.Codes[j].Code })
	for l := range seen {
		if l != Unclassified {
			s.Labels = append(s.Labels, l)
		}
	}
	sort.Strings(s.Labels)
	if seen[Unclassified] {
		s.Labels = append(s.Labels, Unclassified)
	}
	index := map[string]int{}
	for i, l := range s.Labels {
		index[l] = i
	}
	s.Matrix = make([][]int, len(s.Labels))
	for i := range s.Matrix {
		s.Matrix[i] = make([]int, len(s.Labels))
	}
	for _, o := range outs {
		s.Matrix[index[o.Expect]][index[o.Got]]++
	}
	if s.Codes == nil {
		s.Codes = []CodeScore{}
	}
	if s.Labels == nil {
		s.Labels = []string{}
	}
	return s
}

// Thresholds are what a catalogue must reach on a corpus.
type Thresholds struct {
	MinPrecision        float64 `json:"min_precision"`
	MinRecall           float64 `json:"min_recall"`
	MaxNegativeCoverage float64 `json:"max_negative_coverage"`
}

// Check returns one message per threshold missed, in a fixed order. An
// undefined figure misses its threshold unless the threshold cannot be
// missed (a minimum of 0 or a maximum of 1): a corpus without positives
// shows no recall, and one without negatives shows nothing about ordinary
// lines.
func (s Scores) Check(t Thresholds) []string {
	var out []string
	min := func(name, flag string, r Ratio, want float64) {
		switch {
		case want <= 0:
		case !r.Defined():
			out = append(out, fmt.Sprintf("%s is undefined (0/0), below %s %.2f", name, flag, want))
		case r.Value() < want:
			out = append(out, fmt.Sprintf("%s %.3f is below %s %.2f", name, r.Value(), flag, want))
		}
	}
	min("precision", "--min-precision", s.Precision, t.MinPrecision)
	min("recall", "--min-recall", s.Recall, t.MinRecall)
	switch r := s.NegativeCoverage; {
	case t.MaxNegativeCoverage >= 1:
	case !r.Defined():
		out = append(out, fmt.Sprintf("negative coverage is undefined (no negative entries), above --max-coverage-negative %.2f", t.MaxNegativeCoverage))
	case r.Value() > t.MaxNegativeCoverage:
		out = append(out, fmt.Sprintf("negative coverage %.3f is above --max-coverage-negative %.2f", r.Value(), t.MaxNegativeCoverage))
	}
	return out
}
