package match

// Tier ranks how strong a rule's evidence is. Structured evidence (a header,
// a JSON error field) is what a program meant to say; an exact signature is a
// message seen whole; a text pattern is a guess about free text, and loses to
// both. A bare number (an HTTP status, an exit code, a signal, or a field or
// line that only restates one) says the least of all: it says that something
// failed and roughly how, while a cause named beside it says why, so it loses
// to every other tier and decides only where nothing else is said.
type Tier uint8

const (
	TierBare Tier = iota + 1
	TierText
	TierExact
	TierStructured
)

var tierNames = [...]string{TierBare: "bare", TierText: "text", TierExact: "exact", TierStructured: "structured"}

// TierNamed returns the tier of a name String gives, 0 for any other.
func TierNamed(name string) Tier {
	for t, n := range tierNames {
		if n != "" && n == name {
			return Tier(t)
		}
	}
	return 0
}

func (t Tier) String() string {
	if int(t) < len(tierNames) && tierNames[t] != "" {
		return tierNames[t]
	}
	return "unknown"
}

// MinTrigger is the shortest literal worth indexing: shorter ones occur in
// nearly every line, so a rule with text matchers whose best literal is
// shorter gets no Triggers and runs its matchers on every record (errcat
// check calls it unindexed).
const MinTrigger = 3

// Confidence is how sure a rule's author is that a match means its code.
// A low-confidence winner is reported, but as unclassified.
type Confidence uint8

const (
	Low Confidence = iota + 1
	Medium
	High
)

var confidenceNames = [...]string{Low: "low", Medium: "medium", High: "high"}

func (c Confidence) String() string {
	if int(c) < len(confidenceNames) && confidenceNames[c] != "" {
		return confidenceNames[c]
	}
	return "unknown"
}

// Catalogue is a compiled catalogue: the tables the engine runs on.
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

// StatusRange is an inclusive range of HTTP statuses: 429 is {429, 429},
// "5xx" is {500, 599}.
type StatusRange struct{ Lo, Hi int }

// FieldTest tests one named field (a header or a JSON path).
type FieldTest struct {
	Name   string
	Kind   TestKind
	Values []string // for Equal: any of
	Re     *Regex   // for Match
	path   []string // Name split on dots, for JSON
}

// TestKind says how a FieldTest compares.
type TestKind uint8

const (
	Equal   TestKind = iota + 1 // the value equals one of Values
	Match                       // Re matches the value
	Present                     // the field exists
)

// Alt is what the compiler knows about where the matches of one top-level
// alternative of a pattern begin. The engine looks for these places first
// and runs the pattern only there (see probe.go), because an unanchored
// (?i) search with \b costs RE2 tens of nanoseconds per byte of record.
// Everything here assumes ASCII case folding of the record, and records
// from which foldSpecial has removed the two non-ASCII runes that fold to
// ASCII letters.
type Alt struct {
	// Triggers, when set, are lower-case literals one of which occurs in
	// every match of the alternative; without one, it cannot match. Set
	// only when a pattern has several alternatives: a single one has the
	// pattern's own Triggers.
	Triggers []string
	// Start: every match begins at the start of the record (\A or a
	// non-multiline ^).
	Start bool
	// Skip, with Start, lists the bytes of a leading run (such as \s*)
	// that Lead applies after: Lead then applies at the first byte of the
	// record not in Skip. No Lead string begins with a Skip byte.
	Skip string
	// Lead, when set, are lower-case literals one of which every match
	// begins with (ASCII case folded). Without Lead and Start, a match may
	// begin anywhere.
	Lead []string
	// Word: every match begins with \b, and every Lead string with an
	// ASCII letter, digit or underscore, so no match begins inside a word.
	Word bool
	// Also are more lower-case literal sets every match contains one of
	// each of (ASCII case folded), besides Triggers: where one is
	// missing from a record, the alternative is not run there.
	Also [][]string
}

// HintSource says where a rule finds a timing hint, or a context
// window's token counts.
type HintSource struct {
	From HintFrom
	Want HintWant `json:",omitempty"` // what the source reads; left out of the digest when WantTime
	Key  string   // header name (lower case) or JSON path
	Re   *Regex   // for FromText
	Unit uint8    // hint.Unit
	path []string
	// group is Re's group that holds the value: the one named value,
	// else the first. New finds it once rather than by name per hint.
	group int
	// For WantTokens, requested are Re's groups named requested, whose
	// sum is the tokens asked for ("179413 + 32768 > 200000"), and limits
	// those named limit, the first that took part in the match holding
	// the window. Groups in alternatives that did not match are left out,
	// so one pattern can list several providers' sentences.
	requested []int
	limits    []int
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

// HasText reports whether the condition has matchers that read a text
// record: exact, contains or regex.
func (c *Cond) HasText() bool {
	return len(c.Exact) > 0 || len(c.Contains) > 0 || len(c.Regex) > 0
}
