package tables

import (
	"cmp"
	"slices"
)

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

// Rank is where a rule stands against every other: its tier, then its
// priority within the tier. Every comparison of rules goes through
// Compare: the engine's order, errcat check's collisions and shadows, and
// the CLI's choice of a best line.
type Rank struct {
	Tier     Tier
	Priority int
}

// Rank returns the rule's rank.
func (r *Rule) Rank() Rank { return Rank{r.Tier, r.Priority} }

// Compare is -1, 0 or +1 as a ranks below, with or above b.
func (a Rank) Compare(b Rank) int {
	if a.Tier != b.Tier {
		return cmp.Compare(a.Tier, b.Tier)
	}
	return cmp.Compare(a.Priority, b.Priority)
}

// Beats reports whether rule i wins over rule j whenever both match: a
// higher rank, or the same rank and i overrides j. Confidence and id only
// pick the rule reported among winners of one code.
func (c *Catalogue) Beats(i, j int) bool {
	switch c.Rules[i].Rank().Compare(c.Rules[j].Rank()) {
	case 1:
		return true
	case 0:
		return slices.Contains(c.Rules[i].Overrides, j)
	}
	return false
}
