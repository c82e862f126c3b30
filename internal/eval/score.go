package eval

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
)

// Outcome is one scored entry: the label it carries, the other codes it
// accepts, the code the catalogue gave it (Unclassified for any
// unclassified answer, a conflict included), the classes of both (the
// class of Unclassified is Unclassified), and the entry's kind and
// language for the breakdowns.
type Outcome struct {
	Expect, Got           string
	Also                  []string
	ExpectClass, GotClass string
	Kind, Lang            string
}

// right reports whether the answer is one the entry accepts.
func (o *Outcome) right() bool { return accepts(o.Expect, o.Also, o.Got) }

func accepts(expect string, also []string, got string) bool {
	return got == expect || (got != Unclassified && slices.Contains(also, got))
}

// Unsafe reports whether the answer would retry a failure that retrying
// cannot mend: a hard or request failure given a transient code that the
// entry does not accept.
func (o *Outcome) Unsafe() bool {
	return !o.right() && o.GotClass == "transient" && (o.ExpectClass == "hard" || o.ExpectClass == "request")
}

// classRight reports whether the answer's class is right: the expected
// class, or the class of a code the entry accepts.
func (o *Outcome) classRight() bool { return o.GotClass == o.ExpectClass || o.right() }

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

// ClassScore is how one class fared: precision over the entries given a
// code of the class, recall over the entries labelled with one.
type ClassScore struct {
	Class     string `json:"class"`
	Precision Ratio  `json:"precision"`
	Recall    Ratio  `json:"recall"`
	Support   int    `json:"support"`
}

// Summary holds the headline figures of a set of outcomes.
type Summary struct {
	Entries  int `json:"entries"`
	Positive int `json:"positive"` // labelled with a code
	Negative int `json:"negative"` // labelled unclassified
	// Precision: of the entries that got a code, how many got a right
	// one. Recall: of the positive entries, how many got a right code.
	// Coverage: of the positive entries, how many got any code.
	// NegativeCoverage: of the negative entries, how many got a code
	// they do not accept (a negative entry's Also code is a right answer,
	// not an ordinary line classified).
	// ClassPrecision and ClassRecall are the same with classes for codes.
	// Unsafe: of the hard and request entries, how many got a transient
	// code, the one answer that retries what retrying cannot mend.
	Precision        Ratio `json:"precision"`
	Recall           Ratio `json:"recall"`
	Coverage         Ratio `json:"coverage"`
	NegativeCoverage Ratio `json:"negative_coverage"`
	ClassPrecision   Ratio `json:"class_precision"`
	ClassRecall      Ratio `json:"class_recall"`
	Unsafe           Ratio `json:"unsafe"`
}

// Group is the summary of the entries that share a kind or a language.
type Group struct {
	Name string `json:"name"`
	Summary
}

// Scores is the whole measurement.
type Scores struct {
	Summary
	Codes   []CodeScore  `json:"codes"`
	Classes []ClassScore `json:"classes"`
	// Kinds and Langs break the summary down by the entries' kind and
	// language; an entry without one counts under "-".
	Kinds []Group `json:"kinds"`
	Langs []Group `json:"langs"`
	// Labels name the rows (expected) and columns (got) of Matrix: every
	// label that occurs, sorted, Unclassified last.
	Labels []string `json:"labels"`
	Matrix [][]int  `json:"matrix"`
}

// summarise computes the headline figures of outs.
func summarise(outs []Outcome) Summary {
	s := Summary{Entries: len(outs)}
	for i := range outs {
		o := &outs[i]
		classified := o.Got != Unclassified
		if classified {
			s.Precision.Den++
			s.ClassPrecision.Den++
			if o.right() {
				s.Precision.Num++
			}
			if o.classRight() {
				s.ClassPrecision.Num++
			}
		}
		if o.Expect == Unclassified {
			s.Negative++
			s.NegativeCoverage.Den++
			if classified && !o.right() {
				s.NegativeCoverage.Num++
			}
			continue
		}
		s.Positive++
		s.Recall.Den++
		s.Coverage.Den++
		s.ClassRecall.Den++
		if o.right() {
			s.Recall.Num++
		}
		if classified {
			s.Coverage.Num++
		}
		if o.classRight() {
			s.ClassRecall.Num++
		}
		if o.ExpectClass == "hard" || o.ExpectClass == "request" {
			s.Unsafe.Den++
			if o.Unsafe() {
				s.Unsafe.Num++
			}
		}
	}
	return s
}

// groups summarises outs by the name key gives each, in name order.
func groups(outs []Outcome, key func(*Outcome) string) []Group {
	by := map[string][]Outcome{}
	for i := range outs {
		k := key(&outs[i])
		if k == "" {
			k = "-"
		}
		by[k] = append(by[k], outs[i])
	}
	out := []Group{}
	for k, v := range by {
		out = append(out, Group{k, summarise(v)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Score computes the scores of a set of outcomes.
func Score(outs []Outcome) Scores {
	s := Scores{Summary: summarise(outs)}
	// right counts right answers among those given the code; recalled,
	// right answers among the entries labelled with it. They differ where
	// an entry accepts another code through Also.
	type counts struct{ right, given, labelled, recalled int }
	per := map[string]*counts{}
	perClass := map[string]*counts{}
	at := func(m map[string]*counts, key string) *counts {
		if m[key] == nil {
			m[key] = &counts{}
		}
		return m[key]
	}
	seen := map[string]bool{}
	for i := range outs {
		o := &outs[i]
		seen[o.Expect], seen[o.Got] = true, true
		if o.Got != Unclassified {
			at(per, o.Got).given++
			at(perClass, o.GotClass).given++
			if o.right() {
				at(per, o.Got).right++
			}
			if o.classRight() {
				at(perClass, o.GotClass).right++
			}
		}
		if o.Expect == Unclassified {
			continue
		}
		at(per, o.Expect).labelled++
		at(perClass, o.ExpectClass).labelled++
		if o.right() {
			at(per, o.Expect).recalled++
		}
		if o.classRight() {
			at(perClass, o.ExpectClass).recalled++
		}
	}
	for code, c := range per {
		s.Codes = append(s.Codes, CodeScore{code, Ratio{c.right, c.given}, Ratio{c.recalled, c.labelled}, c.labelled})
	}
	sort.Slice(s.Codes, func(i, j int) bool { return s.Codes[i].Code < s.Codes[j].Code })
	for class, c := range perClass {
		s.Classes = append(s.Classes, ClassScore{class, Ratio{c.right, c.given}, Ratio{c.recalled, c.labelled}, c.labelled})
	}
	sort.Slice(s.Classes, func(i, j int) bool { return s.Classes[i].Class < s.Classes[j].Class })
	s.Kinds = groups(outs, func(o *Outcome) string { return o.Kind })
	s.Langs = groups(outs, func(o *Outcome) string { return o.Lang })
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
	if s.Classes == nil {
		s.Classes = []ClassScore{}
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
	MinClassPrecision   float64 `json:"min_class_precision"`
	// MinWholeRecall is the least recall on entries of kind whole_output.
	MinWholeRecall float64 `json:"min_whole_output_recall"`
	// MaxUnsafe is the most hard or request entries that may be given a
	// transient code; below zero, any number may.
	MaxUnsafe int `json:"max_unsafe"`
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
			out = append(out, fmt.Sprintf("%s is undefined (0/0), below %s %s", name, flag, fraction(want)))
		case r.Value() < want:
			out = append(out, fmt.Sprintf("%s %.3f is below %s %s", name, r.Value(), flag, fraction(want)))
		}
	}
	min("precision", "--min-precision", s.Precision, t.MinPrecision)
	min("recall", "--min-recall", s.Recall, t.MinRecall)
	min("class precision", "--min-class-precision", s.ClassPrecision, t.MinClassPrecision)
	whole := Ratio{}
	for _, g := range s.Kinds {
		if g.Name == "whole_output" {
			whole = g.Recall
		}
	}
	min("whole-output recall", "--min-whole-output-recall", whole, t.MinWholeRecall)
	switch r := s.NegativeCoverage; {
	case t.MaxNegativeCoverage >= 1:
	case !r.Defined():
		out = append(out, fmt.Sprintf("negative coverage is undefined (no negative entries), above --max-coverage-negative %.2f", t.MaxNegativeCoverage))
	case r.Value() > t.MaxNegativeCoverage:
		out = append(out, fmt.Sprintf("negative coverage %.3f is above --max-coverage-negative %.2f", r.Value(), t.MaxNegativeCoverage))
	}
	if t.MaxUnsafe >= 0 && s.Unsafe.Num > t.MaxUnsafe {
		out = append(out, fmt.Sprintf("%d hard or request entries got a transient code, above --max-unsafe %d", s.Unsafe.Num, t.MaxUnsafe))
	}
	return out
}

// fraction prints a threshold with two places, or with all of its own
// where two would round it (0.995).
func fraction(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if two := strconv.FormatFloat(v, 'f', 2, 64); len(s) <= len(two) {
		return two
	}
	return s
}
