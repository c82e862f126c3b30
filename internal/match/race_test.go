//go:build race

package match_test

// raceEnabled is true under the race detector, whose sync.Pool drops
// items at random, so allocation counts are not the program's own.
const raceEnabled = true
