// Package bulk is the engine's bulk path: how a log of megabytes is read
// without classifying every record. One scan for every rule's triggers
// runs over a whole region (a litscan.Set, whose grams and stride suit
// long text), and only the records where a trigger ends, or whose bytes
// the scan cannot judge, are handed to the record engine; of a trigger
// whose rules need other literals too, the record must also hold them
// (needs.go). For a record it hands on, it can also say which rules may
// match it, found with the same set (Tables.Candidates, light.go).
//
// Its tables are built from the compiled catalogue (New) and are its
// own: the record engine (internal/match) asks for candidates through
// that one method and reads nothing else of them.
package bulk
