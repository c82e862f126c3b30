package match

import "github.com/errcat/errcat/internal/tables"

// index is what New precomputes so that a classification touches only the
// rules that can apply: structured evidence selects rules through buckets
// (buckets.go), and text selects them through the rules' triggers
// (triggers.go). The bulk path's tables are its own (internal/match/bulk).
type index struct {
	buckets
	triggers
	// guardID numbers each rule's guard, alike guards alike (guards.go).
	guardID []int32
	guards  int
}

func buildIndex(c *tables.Catalogue) *index {
	ix := &index{buckets: buildBuckets(c), triggers: buildTriggers(c)}
	ix.guardID, ix.guards = guardIDs(c)
	return ix
}
