package tables

import (
	"path"
	"strconv"
	"strings"
)

// Catalogue is a compiled catalogue.
// Slices are in a canonical order (classes and codes by name, rules by id),
// and every cross-reference is an index, so the same catalogue always
// compiles to the same tables.
type Catalogue struct {
	Name    string
	Version string // the declared semver
	ID      string // Version plus a short hash of the tables: "0.1.0+3f2a9c1b0d4e"
	Classes []Class
	Codes   []Code
	Rules   []Rule
	// Layers are the catalogues a layered catalogue combines, in the
	// order they apply: the catalogues it extends first, itself last.
	// Empty for a catalogue that extends none, whose digest it leaves
	// as it was.
	Layers []Layer `json:",omitempty"`
}

// Layer is one catalogue of a combination.
type Layer struct {
	Name    string
	Version string
	// Dir is where the layer's files are: for a directory, its path
	// relative to the top layer's, with which its rules' File begins
	// ("" for the top layer itself, "../base"); for the built-in
	// catalogue, the name positions give its directory.
	Dir      string
	Builtin  bool
	Disabled []Disabled // inherited rules this layer turns off
}

// Disabled is an inherited rule a layer turns off, and why.
type Disabled struct {
	Rule   string
	Code   string // the rule's code, which its fixtures expect
	Reason string
	File   string // the layer's catalogue.yaml, as Rule.File is given
	Line   int
}

// Class is a recovery class: what a caller does about a failure.
type Class struct {
	Name        string
	Description string
	ExitCode    int // exit status of `classify --exit-by-class`
}

// Code is a semantic failure code with exactly one class.
type Code struct {
	Name        string
	Class       int // index into Catalogue.Classes
	Description string
	Unblock     string // what a person does to fix it; from the catalogue only
	Scope       string
}

// Rule is one compiled rule.
type Rule struct {
	ID         string
	Code       int // index into Catalogue.Codes
	Tier       Tier
	Priority   int
	Confidence Confidence
	Scope      string // overrides the code's scope when set
	Match      Cond
	Not        *Cond
	Hints      []HintSource
	Overrides  []int // indices of rules this one beats on a tie
	// Triggers are lower-case literals one of which occurs (ASCII case
	// folded) in every record the rule's text matchers can match; the
	// engine runs the rule only on records that contain one. Empty for a
	// rule with no text matchers, and for an unindexed one, which runs on
	// every record. Derived by the compiler, they are left out of the
	// catalogue's digest: a better index is not a different catalogue.
	Triggers []string `json:"-"`
	File     string   // path inside the catalogue ("rules/openai.yaml")
	Line     int
	Layer    int `json:",omitempty"` // index into Catalogue.Layers, when there are layers
}

// Path is where rule r is written, as positions name it: its File inside
// dir, the catalogue's directory as the user named it, or inside the
// built-in catalogue for a rule of a built-in layer. It is "" for a rule
// that records no file.
func (c *Catalogue) Path(r *Rule, dir string) string {
	switch {
	case r.File == "":
		return ""
	case r.Layer < len(c.Layers) && c.Layers[r.Layer].Builtin:
		dir = c.Layers[r.Layer].Dir
	}
	if dir == "" {
		return r.File
	}
	return path.Join(dir, r.File)
}

// LayerName is the name of the layer rule r comes from; "" for a
// catalogue without layers.
func (c *Catalogue) LayerName(r *Rule) string {
	if r.Layer < len(c.Layers) {
		return c.Layers[r.Layer].Name
	}
	return ""
}

// Cond is a conjunction of matchers; each list inside is a disjunction.
// A nil or empty list places no constraint.
type Cond struct {
	Providers     []string // lower case
	Status        []StatusRange
	Headers       []FieldTest // Name is lower case
	JSON          []FieldTest // Name is a dotted path
	ExitCodes     []int
	Signals       []string // canonical "SIGKILL" form
	Exact         []string
	Contains      []string // lower case unless CaseSensitive
	CaseSensitive bool
	Regex         []*Regex
}

// HasText reports whether the condition has matchers that read a text
// record: exact, contains or regex.
func (c *Cond) HasText() bool {
	return len(c.Exact) > 0 || len(c.Contains) > 0 || len(c.Regex) > 0
}

// FieldTest tests one named field (a header or a JSON path).
type FieldTest struct {
	Name   string
	Kind   TestKind
	Values []string // for Equal: any of
	Re     *Regex   // for Match
}

// Key is the JSON key a field test on a record's JSON reads last, as it
// is written in the record's text: the last step of Name with its ASCII
// letters lowered (the engine compares records ASCII case folded), or ""
// when that step may index an array instead (Index) or be written escaped
// (JSONPlain).
func (t *FieldTest) Key() string {
	return plainKey(t.Name[strings.LastIndexByte(t.Name, '.')+1:])
}

// Keys are the JSON keys a field test on a record's JSON reads, one for
// each step of Name as Key reads the last: the lookup takes every step
// that is not an array index as a key of an object, so a record whose
// JSON holds the field writes each of them.
func (t *FieldTest) Keys() []string {
	var keys []string
	for _, step := range strings.Split(t.Name, ".") {
		if k := plainKey(step); k != "" {
			keys = append(keys, k)
		}
	}
	return keys
}

// plainKey is step as a record's text writes it, lowered, or "" when it
// may index an array or be written escaped.
func plainKey(step string) string {
	if _, ok := Index(step); ok || step == "" {
		return ""
	}
	for i := 0; i < len(step); i++ {
		if !JSONPlain(step[i]) {
			return ""
		}
	}
	return strings.ToLower(step)
}

// Index reads a step of a JSON path as an array index, as the engine's
// lookup does: any integer strconv.Atoi accepts, "+01" and "-0" too (a
// negative one then matches no element).
func Index(step string) (int, bool) {
	n, err := strconv.Atoi(step)
	return n, err == nil
}

// JSONPlain reports whether every JSON encoder writes c as it is: all
// escape quotes, backslashes and control bytes; Go escapes < > &, Gson
// also = and ', PHP escapes /, .NET's System.Text.Json also + and `, many
// escape everything outside ASCII as \uXXXX. No encoder escapes the other
// printable ASCII bytes.
func JSONPlain(c byte) bool {
	return c >= 0x20 && c < 0x7f && strings.IndexByte("\"\\/<>&='+`", c) < 0
}

// TestKind says how a FieldTest compares.
type TestKind uint8

const (
	Equal   TestKind = iota + 1 // the value equals one of Values
	Match                       // Re matches the value
	Present                     // the field exists
)

// HintSource says where a rule finds a timing hint, or a context
// window's token counts.
type HintSource struct {
	From HintFrom
	Want HintWant `json:",omitempty"` // what the source reads; left out of the digest when WantTime
	Key  string   // header name (lower case) or JSON path
	// Re is the pattern of a FromText source: for a timing hint its group
	// named value holds the hint, else its first; for token counts its
	// groups named requested and limit hold them.
	Re   *Regex
	Unit uint8 // hint.Unit
}

// HintWant is what a HintSource reads: a timing hint (retry_after and
// reset_at, the zero value) or token counts (tokens).
type HintWant uint8

const (
	WantTime HintWant = iota
	WantTokens
)

// HintFrom is the kind of a HintSource.
type HintFrom uint8

const (
	FromHeader HintFrom = iota + 1
	FromJSON
	FromText
)
