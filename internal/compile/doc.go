// Package compile turns a catalogue directory into the tables that
// internal/match runs on.
//
// Loading has three stages, and every stage reports all of its problems at
// once, positioned as file:line:col: each YAML file is parsed and checked
// against its JSON Schema (internal/source); the checked nodes are
// translated into tables, which resolves names (a rule's code, a code's
// class, overrides) and compiles patterns; finally the tables are put in
// canonical order and hashed, so that a catalogue's version names its exact
// contents. Nothing is half-built: a catalogue with any error yields none.
package compile
