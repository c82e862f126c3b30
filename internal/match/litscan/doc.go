// Package litscan finds every occurrence of a set of literals in
// ASCII-folded text in one pass: an Aho-Corasick Automaton for records,
// and a Set anchored on rare grams for whole chunks, with the Tuning that
// re-anchors a Set on the text it scans.
package litscan
