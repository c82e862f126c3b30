// Package regex runs the rules' patterns: compiled by regexp on first use
// (Lazy), and searched anchored at the places a match can begin (Fast),
// by a small backtracking program (Prog, RunAt) that hands back to regexp
// past its budget.
package regex
