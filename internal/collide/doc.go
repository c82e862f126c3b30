// Package collide proves, statically, that a catalogue's rules cannot
// fight over the same evidence — or shows the evidence when they can.
//
// Fixtures only catch the collisions someone thought to write a fixture
// for. Rules are RE2 patterns, literals and structured constraints, so the
// question "can one record be claimed by two equally ranked rules of
// different codes?" is decidable: this package answers it with automata
// built from regexp/syntax programs, and answers "undecided" (never
// "disjoint") when a per-pair budget runs out or an assertion cannot be
// decided exactly.
//
// What it reports (see Analyze):
//
//   - collisions: two rules of equal rank (same tier, same priority, no
//     overrides between them) and different codes whose structured
//     constraints are compatible and whose text matches can be the same
//     text, overlap, or lie one inside the other in one record, with the
//     shortest such record (found breadth-first) as a witness;
//   - shadowed rules: every match of a rule is also claimed by a
//     higher-ranked rule of another code, so the rule never wins;
//   - unindexed rules: no required literal of 3 or more bytes, so every
//     record must run the rule's regex;
//   - stale overrides: an overrides entry naming a rule the engine never
//     ranks together with the overriding one (stale.go).
//
// Analysis is pure: it reads a compiled *tables.Catalogue and returns a
// Report. Witnesses are confirmed through match.Engine before they are
// reported, so a witness always replays as a fixture; a witness the
// engine does not confirm (a guard the automata did not model, a
// conjunction of matchers) turns the verdict into "undecided".
package collide
