// Package explain answers `errcat explain`: what one code or one rule of
// a compiled catalogue is, where it is written, which fixtures it wins,
// and where a rule stands against the rules it meets.
//
// Ranks are never compared here: which of two rules wins is
// tables.Catalogue.Beats, the engine's own answer, and whether two rules
// can meet on one piece of evidence is internal/collide's structure test
// plus a shared kind of evidence (see Neighbours). A rule's index is its
// compiled triggers, read as errcat check reads them.
//
// The views are plain data with JSON tags: `errcat explain -o json`
// writes them as they are, so their field names are a stable format.
package explain
