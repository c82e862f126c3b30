// Package api is the exported surface of a generated package, written as
// ordinary Go against the engine's packages so that the compiler checks
// it. The code generator emits this file after the engine's source, with
// the engine's package names taken out of selectors (match.New becomes
// a call of the engine's own New, renamed).
//
// The names this file exports are the only exported names of a generated
// package. A type alias or a constant that stands for an engine
// declaration (Evidence = match.Evidence) exports that declaration under
// the same name, and is itself left out; every other package-level name of
// the engine is unexported in the generated file.
//
// Version and catalogueTables are placeholders: the generator gives them
// the catalogue's version and its compiled tables.
package api

import (
	"io"
	"sync"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/tables"
)

// The engine's types a caller names: the evidence and options it passes,
// the answers it gets, and the recovery policy it applies to them.
type (
	Evidence       = match.Evidence
	HTTP           = match.HTTP
	Options        = match.Options
	Classification = match.Classification
	LineResult     = match.LineResult
	LineStats      = match.LineStats
	Code           = tables.Code
	Policy         = policy.Policy
	State          = policy.State
	Decision       = policy.Decision
)

// The actions of a Decision.
const (
	ActionRetry = policy.ActionRetry
	ActionWait  = policy.ActionWait
	ActionSkip  = policy.ActionSkip
	ActionStop  = policy.ActionStop
)

// Version is the catalogue's version: its declared version plus a hash of
// its compiled tables.
const Version = ""

// defaultEngine builds the engine on first use, so that a program that
// imports the package pays for it only once it classifies.
func defaultEngine() *match.Engine {
	builtOnce.Do(func() { built = mustEngine(catalogueTables) })
	return built
}

var (
	builtOnce sync.Once
	built     *match.Engine
)

func mustEngine(c *tables.Catalogue) *match.Engine {
	e, err := match.New(c)
	if err != nil {
		panic("errcat: generated tables do not compile: " + err.Error())
	}
	return e
}

// Classify classifies one piece of evidence with the current time as the
// clock for timing hints.
func Classify(ev Evidence) Classification { return defaultEngine().Classify(ev, Options{}) }

// ClassifyWith classifies with options: a fixed clock, or an explanation.
func ClassifyWith(ev Evidence, opts Options) Classification {
	return defaultEngine().Classify(ev, opts)
}

// ClassifyText classifies a message, stderr or log text.
func ClassifyText(text string) Classification { return Classify(Evidence{Text: text}) }

// ClassifyLines classifies each line (record) of r on its own, reading r
// in large chunks with bounded memory. It calls yield, in input order, for
// every record some rule matched (classified, or unclassified by a
// conflict or for low confidence), until yield returns false, and returns
// how many records it read.
func ClassifyLines(r io.Reader, yield func(LineResult) bool) (LineStats, error) {
	return defaultEngine().Lines(r, Evidence{}, match.LinesOptions{}, yield)
}

// Codes lists the catalogue's codes, sorted by name.
func Codes() []Code { return append([]Code(nil), catalogueTables.Codes...) }

// ParsePolicy reads a recovery policy from its JSON form (errcat policy
// show -o json prints it) and validates it against this catalogue's
// classes.
func ParsePolicy(data []byte) (Policy, error) { return policy.ParseJSON(data, classNames()...) }

// DefaultPolicy is the policy used when none is given: no retry, no wait,
// stop.
func DefaultPolicy() Policy { return policy.Default() }

// Decide says what to do about a classification under a policy, given
// what the run has done so far: exactly errcat decide's answer.
func Decide(c Classification, p Policy, s State) Decision {
	return policy.Decide(policy.Classification{
		State:             c.State,
		Code:              c.Code,
		Class:             c.Class,
		Rule:              c.Rule,
		Reason:            c.Reason,
		RetryAfterSeconds: c.RetryAfterSeconds,
		ResetAt:           c.ResetAt,
		ShouldRetry:       c.ShouldRetry,
	}, p, s)
}

func classNames() []string {
	var out []string
	for _, c := range catalogueTables.Classes {
		out = append(out, c.Name)
	}
	return out
}

// catalogueTables is the compiled catalogue.
var catalogueTables *tables.Catalogue
