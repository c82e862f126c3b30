package collide

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/errcat/errcat/internal/match"
)

// Finding kinds.
const (
	Collision     = "collision"      // error: equal rank, different codes, a witness both claim
	Shadowed      = "shadowed"       // error: a higher-ranked rule of another code claims every match
	Undecided     = "undecided"      // error: the budget ran out or the witness did not replay
	Unindexed     = "unindexed"      // warning: no triggers (no required literal worth indexing, literal.MinTrigger)
	StaleOverride = "stale_override" // warning: overrides a rule the engine never ranks with it
)

// Overlap kinds: how the two rules' matches meet in the witness record.
const (
	SameText    = "same text"   // both match exactly the same span
	Overlapping = "overlapping" // the spans overlap, neither inside the other
	Inside      = "inside"      // one span lies inside the other
	AnyText     = "any text"    // one rule has no text matcher: it claims any text
)

// RuleRef names a rule the way a person finds it: id, place, code, rank.
type RuleRef struct {
	ID       string `json:"id"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Code     string `json:"code"`
	Tier     string `json:"tier"`
	Priority int    `json:"priority"`
	Layer    string `json:"layer,omitempty"` // the catalogue it comes from, in a layered catalogue
}

func (r RuleRef) String() string {
	layer := ""
	if r.Layer != "" {
		layer = "layer " + r.Layer + ", "
	}
	return fmt.Sprintf("%s (%s:%d; %s%s, %s, priority %d)", r.ID, r.File, r.Line, layer, r.Code, r.Tier, r.Priority)
}

// Witness is evidence both rules claim, as a fixture's evidence.
type Witness struct {
	Evidence match.Evidence `json:"evidence"`
	// Fixture is a ready-to-paste fixture entry (YAML) pinning the verdict.
	Fixture string `json:"fixture"`
}

// Finding is one result of the analysis.
type Finding struct {
	Kind     string   `json:"kind"`
	Severity string   `json:"severity"` // error | warning
	Rule     RuleRef  `json:"rule"`
	Other    *RuleRef `json:"other,omitempty"`
	Overlap  string   `json:"overlap,omitempty"`
	Witness  *Witness `json:"witness,omitempty"`
	Message  string   `json:"message"`
	Notes    []string `json:"notes,omitempty"`
}

// IsError reports whether the finding fails `errcat check`.
func (f *Finding) IsError() bool { return f.Severity == "error" }

func (a *analyzer) ref(i int) RuleRef {
	r := &a.cat.Rules[i]
	return RuleRef{ID: r.ID, File: a.cat.Path(r, a.opts.Dir), Line: r.Line, Code: a.cat.Codes[r.Code].Name,
		Tier: r.Tier.String(), Priority: r.Priority, Layer: a.cat.LayerName(r)}
}

// fixtureYAML renders a witness as a fixture entry. Strings are written
// as double-quoted YAML scalars, whose escapes agree with Go's for the
// characters strconv.Quote produces.
func fixtureYAML(name string, ev match.Evidence, expect string) string {
	var parts []string
	if ev.Text != "" {
		parts = append(parts, "text: "+strconv.Quote(ev.Text))
	}
	if h := ev.HTTP; h != nil {
		var hp []string
		if h.Status != 0 {
			hp = append(hp, fmt.Sprintf("status: %d", h.Status))
		}
		if len(h.Headers) > 0 {
			names := make([]string, 0, len(h.Headers))
			for n := range h.Headers {
				names = append(names, n)
			}
			sort.Strings(names)
			var kv []string
			for _, n := range names {
				kv = append(kv, strconv.Quote(n)+": "+strconv.Quote(h.Headers[n]))
			}
			hp = append(hp, "headers: {"+strings.Join(kv, ", ")+"}")
		}
		if h.Body != "" {
			hp = append(hp, "body: "+strconv.Quote(h.Body))
		}
		parts = append(parts, "http: {"+strings.Join(hp, ", ")+"}")
	}
	if ev.ExitCode != nil {
		parts = append(parts, fmt.Sprintf("exit_code: %d", *ev.ExitCode))
	}
	if ev.Signal != "" {
		parts = append(parts, "signal: "+ev.Signal)
	}
	if ev.Provider != "" {
		parts = append(parts, "provider: "+strconv.Quote(ev.Provider))
	}
	return fmt.Sprintf("- name: %s\n  evidence: {%s}\n  expect: %s\n", strconv.Quote(name), strings.Join(parts, ", "), expect)
}
