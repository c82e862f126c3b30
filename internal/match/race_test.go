//go:build race

package match_test

// raceEnabled slows tests that compare many searches: under the race
// detector they check a sample.
const raceEnabled = true
