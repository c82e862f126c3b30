package literal

import "strings"

// MinTrigger is the least rarity (Score) of a set worth looking for, which
// three ordinary letters reach: shorter literals occur in nearly every
// line. A rule with text matchers whose best set scores less gets no
// triggers and runs its matchers on every record (errcat check calls it
// unindexed).
const MinTrigger = 3

// Indexable returns set when it is worth looking for, else nil.
func Indexable(set []string) []string {
	if set == nil || Score(set) < MinTrigger {
		return nil
	}
	return set
}

// Choosing a set weighs two costs. A set that occurs often makes the
// engine confirm its rule on records the rule does not match; a set of many
// strings adds anchors to the literal set that every rule shares, and past
// a few dozen a rule they slow the scan of every byte. worth trades them:
// rarity counts up to enoughRarity (about four words), past which a set
// keeps its rule off nearly every record anyway, and each string past the
// first costs perString. So two spellings of a phrase with its verb beat
// the phrase alone, which a log also says when nothing failed ("upstream
// account refused" against "upstream account retrying"); eight spellings
// of a two-word phrase beat one word; and one word beats forty spellings.
const (
	enoughRarity = 32
	perString    = 0.5
)

// worth is how good a filter a set is (see above).
func worth(set []string) float64 {
	return min(Score(set), enoughRarity) - perString*float64(len(set)-1)
}

// Better reports whether set a is a better filter than b: worth more, or
// as much with fewer strings.
func Better(a, b []string) bool {
	if b == nil {
		return a != nil
	}
	if wa, wb := worth(a), worth(b); wa != wb {
		return wa > wb
	}
	return len(a) < len(b)
}

// Score is the rarity of a set's weakest member. A string's rarity is the
// sum of its bytes' weights: letters common in English and logs weigh
// less than one, rare letters, digits and punctuation more, so "zq_" beats
// "the" at equal length. A space between two letters adds joinWeight: a
// phrase is far rarer than its words, which each occur on their own. A
// string shorter than MinTrigger bytes scores at most its length, so no
// such string is worth indexing whatever its bytes.
func Score(set []string) float64 {
	if len(set) == 0 {
		return 0
	}
	m := -1.0
	for _, s := range set {
		w := 0.0
		for i := 0; i < len(s); i++ {
			w += byteWeights[s[i]]
			if s[i] == ' ' && i > 0 && i+1 < len(s) && isLetter(s[i-1]) && isLetter(s[i+1]) {
				w += joinWeight
			}
		}
		if len(s) < MinTrigger {
			w = min(w, float64(len(s)))
		}
		if m < 0 || w < m {
			m = w
		}
	}
	return m
}

// joinWeight is what a space between two words adds to a string's rarity.
const joinWeight = 4

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// byteWeights tabulates byteWeight: Score weighs every byte of every
// candidate set, many times over while sets are compared.
var byteWeights = func() (t [256]float64) {
	for c := range t {
		t[c] = byteWeight(byte(c))
	}
	return t
}()

func byteWeight(c byte) float64 {
	switch {
	case c == ' ':
		return 0.3
	case strings.IndexByte("etaoinsr", c) >= 0:
		return 1
	case strings.IndexByte("hldcumfpgwyb", c) >= 0:
		return 1.3
	case c >= 'a' && c <= 'z':
		return 1.8
	case c >= '0' && c <= '9':
		return 2 // a status or errno: "404" says more than "http"
	}
	return 1.5
}
