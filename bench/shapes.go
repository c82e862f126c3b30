package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// A shape is one way a synthetic rule is written: its pattern, the text of
// a line it must match, and the fixed strings that stand in for it in the
// `rg -F` comparison. Real catalogues are not all plain phrases: they
// allow a separator to vary, skip an identifier with \S+, bound a gap,
// name a status class or a JSON field. Those forms are what make a DFA
// engine such as grep's slow on many patterns, and what make errcat's
// prefilter choose among several required factors, so the mixed set
// carries them in even proportions.
//
// Every pattern stays in the common subset of RE2 and GNU ERE (with the
// GNU \b, \s and \S), so that grep -E -f must match the lines errcat
// classifies.
type shape struct {
	name     string
	pattern  func(ru rule) string
	text     func(r *rand.Rand, ru rule) string
	literals func(ru rule) []string
}

// shapeSets names the rule mixes -shapes accepts: the mixed set, and each
// shape on its own to tell which one costs what.
var shapeSets = func() map[string][]shape {
	mixed := []shape{phrase, joined, named, counted, gap, reverse, jsonField, status}
	sets := map[string][]shape{"mixed": mixed}
	for _, s := range mixed {
		sets[s.name] = []shape{s}
	}
	return sets
}()

// verbAlt is the rule's verbs as an alternation group.
func verbAlt(ru rule) string { return "(" + strings.Join(ru.verbs, "|") + ")" }

// pick is one of the rule's verbs.
func pick(r *rand.Rand, ru rule) string { return ru.verbs[r.IntN(len(ru.verbs))] }

// each is f applied to every verb of the rule.
func each(ru rule, f func(v string) string) []string {
	out := make([]string, len(ru.verbs))
	for i, v := range ru.verbs {
		out[i] = f(v)
	}
	return out
}

// phrase: `\bupstream account (refused|expired)\b`, with a numeric tail on
// a third of the rules.
var phrase = shape{
	name: "phrase",
	pattern: func(ru rule) string {
		p := fmt.Sprintf(`\b%s %s %s\b`, ru.nouns[0], ru.nouns[1], verbAlt(ru))
		if ru.tail {
			p += ` \(code [0-9]+\)`
		}
		return p
	},
	text: func(r *rand.Rand, ru rule) string {
		s := fmt.Sprintf("%s %s %s", caseMix(r, ru.nouns[0]), ru.nouns[1], pick(r, ru))
		if ru.tail {
			s += fmt.Sprintf(" (code %d)", 100+r.IntN(900))
		}
		return s
	},
	literals: func(ru rule) []string {
		return each(ru, func(v string) string { return ru.nouns[0] + " " + ru.nouns[1] + " " + v })
	},
}

// joined: the two nouns written apart, with _ or -, or as one word.
var joined = shape{
	name: "joined",
	pattern: func(ru rule) string {
		return fmt.Sprintf(`\b%s[ _-]?%s %s\b`, ru.nouns[0], ru.nouns[1], verbAlt(ru))
	},
	text: func(r *rand.Rand, ru rule) string {
		sep := []string{" ", "_", "-", ""}[r.IntN(4)]
		return caseMix(r, ru.nouns[0]) + sep + ru.nouns[1] + " " + pick(r, ru)
	},
	literals: func(ru rule) []string {
		return each(ru, func(v string) string { return ru.nouns[1] + " " + v })
	},
}

// named: an identifier between the nouns, as in "volume vol-0a3f mount failed".
var named = shape{
	name: "named",
	pattern: func(ru rule) string {
		return fmt.Sprintf(`\b%s \S+ %s %s\b`, ru.nouns[0], ru.nouns[1], verbAlt(ru))
	},
	text: func(r *rand.Rand, ru rule) string {
		return fmt.Sprintf("%s %s-%04x %s %s", caseMix(r, ru.nouns[0]), ru.nouns[0][:3], r.IntN(1<<16), ru.nouns[1], pick(r, ru))
	},
	literals: func(ru rule) []string {
		return each(ru, func(v string) string { return " " + ru.nouns[1] + " " + v })
	},
}

// counted: a count and a choice of words after the phrase.
var counted = shape{
	name: "counted",
	pattern: func(ru rule) string {
		return fmt.Sprintf(`\b%s %s %s after [0-9]+ (attempts|retries)\b`, ru.nouns[0], ru.nouns[1], verbAlt(ru))
	},
	text: func(r *rand.Rand, ru rule) string {
		return fmt.Sprintf("%s %s %s after %d %s", caseMix(r, ru.nouns[0]), ru.nouns[1], pick(r, ru), 2+r.IntN(9), []string{"attempts", "retries"}[r.IntN(2)])
	},
	literals: func(ru rule) []string {
		return each(ru, func(v string) string { return ru.nouns[0] + " " + ru.nouns[1] + " " + v + " after " })
	},
}

// gap: the verb up to 40 bytes after the nouns, whatever lies between.
var gap = shape{
	name: "gap",
	pattern: func(ru rule) string {
		return fmt.Sprintf(`\b%s %s\b.{0,40}\b%s\b`, ru.nouns[0], ru.nouns[1], verbAlt(ru))
	},
	text: func(r *rand.Rand, ru rule) string {
		return fmt.Sprintf("%s %s for tenant t-%d %s", caseMix(r, ru.nouns[0]), ru.nouns[1], r.IntN(10000), pick(r, ru))
	},
	literals: func(ru rule) []string { return []string{ru.nouns[0] + " " + ru.nouns[1]} },
}

// reverse: the verb first, the nouns last.
var reverse = shape{
	name: "reverse",
	pattern: func(ru rule) string {
		return fmt.Sprintf(`\b%s (while|when) (calling|contacting) %s %s\b`, verbAlt(ru), ru.nouns[0], ru.nouns[1])
	},
	text: func(r *rand.Rand, ru rule) string {
		return fmt.Sprintf("%s %s %s %s %s", caseMix(r, pick(r, ru)), []string{"while", "when"}[r.IntN(2)], []string{"calling", "contacting"}[r.IntN(2)], ru.nouns[0], ru.nouns[1])
	},
	literals: func(ru rule) []string {
		return []string{"calling " + ru.nouns[0] + " " + ru.nouns[1], "contacting " + ru.nouns[0] + " " + ru.nouns[1]}
	},
}

// jsonField: an error code in a JSON field, `"error": ?"a_b_verb"`.
var jsonField = shape{
	name: "json",
	pattern: func(ru rule) string {
		return fmt.Sprintf(`"error": ?"%s_%s_%s"`, ru.nouns[0], ru.nouns[1], verbAlt(ru))
	},
	text: func(r *rand.Rand, ru rule) string {
		return fmt.Sprintf(`{"level":"error","error":"%s_%s_%s","attempt":%d}`, ru.nouns[0], ru.nouns[1], pick(r, ru), 1+r.IntN(5))
	},
	literals: func(ru rule) []string {
		return each(ru, func(v string) string { return `"` + ru.nouns[0] + "_" + ru.nouns[1] + "_" + v + `"` })
	},
}

// status: a server-error status class instead of a verb.
var status = shape{
	name: "status",
	pattern: func(ru rule) string {
		return fmt.Sprintf(`\b%s %s (returned|responded with) (status|HTTP) 5[0-9][0-9]\b`, ru.nouns[0], ru.nouns[1])
	},
	text: func(r *rand.Rand, ru rule) string {
		return fmt.Sprintf("%s %s %s %s %d", caseMix(r, ru.nouns[0]), ru.nouns[1], []string{"returned", "responded with"}[r.IntN(2)], []string{"status", "HTTP"}[r.IntN(2)], 500+r.IntN(5))
	},
	literals: func(ru rule) []string {
		return []string{ru.nouns[0] + " " + ru.nouns[1] + " returned", ru.nouns[0] + " " + ru.nouns[1] + " responded with"}
	},
}
