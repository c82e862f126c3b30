//go:build !race

package match_test

const raceEnabled = false
