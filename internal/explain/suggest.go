package explain

import (
	"sort"
	"strings"
)

// Suggestions is how many names Suggest returns at most.
const Suggestions = 3

// Suggest returns the known names (codes and rule ids) closest to name by
// edit distance (Levenshtein over runes, ASCII case folded), nearest
// first and then by name. A name further than a third of name's length is
// left out, since it shares too little to be what was meant, unless it
// contains name whole ("rate_limit" suggests "openai.rate_limit").
func (x *Explainer) Suggest(name string) []string {
	type cand struct {
		name string
		d    int
	}
	limit := max(len([]rune(name))/3, 1)
	var cs []cand
	q := strings.ToLower(name)
	add := func(n string) {
		l := strings.ToLower(n)
		if d := distance(q, l); d <= limit || strings.Contains(l, q) {
			cs = append(cs, cand{n, d})
		}
	}
	for i := range x.cat.Codes {
		add(x.cat.Codes[i].Name)
	}
	for i := range x.cat.Rules {
		add(x.cat.Rules[i].ID)
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].name < cs[j].name
	})
	out := []string{}
	for k := 0; k < len(cs) && k < Suggestions; k++ {
		out = append(out, cs[k].name)
	}
	return out
}

// distance is the Levenshtein distance between a and b, over runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
