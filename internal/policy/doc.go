// Package policy decides what to do about a classified failure: retry,
// wait for a rate-limit reset, skip the target, or stop for a person.
//
// It imports only the standard library, because the code generator emits
// this package's source next to the engine: a program that embeds errcat
// decides exactly as `errcat decide` and `errcat run` do. A Policy can be
// built in Go, read from JSON with ParseJSON (or json.Unmarshal), or read
// from YAML with positions by internal/policyfile, which converts to this
// package's types.
//
// Decide applies these steps, in this order, and nothing else:
//
//  1. An unclassified failure (no match, low confidence, conflict, empty
//     evidence, garbled text) stops, whatever the policy says. So does a class that has
//     no section in the policy.
//  2. The server's x-should-retry: false (Classification.ShouldRetry)
//     goes straight to step 5: the server has said the request will fail
//     again. true changes nothing: it never makes a class retry that the
//     policy stops.
//  3. Wait for the reset if the class's wait_for_reset is enabled, the wait
//     has not been used for this class in this run, and the classification
//     carries a timing hint that is still in the future and no further
//     away than max_wait. The wait replaces the next retry delay; the
//     attempt after it does not consume a retry. A hint beyond max_wait is
//     not shortened: Decide goes on to step 4.
//  4. Otherwise retry if retries remain: retry n (1-based) waits
//     initial_interval × 2^(n-1), capped at 24 h.
//  5. Otherwise on_exhausted: skip (give up on this target, report it, let
//     the caller move on) or stop (stop for a person).
//
// Two guards of the caller's run can veto the wait or retry chosen in
// steps 3 and 4, and the decision then falls to step 5 with a reason that
// says so: effect safety (the failed attempt produced output that may
// already have been used, and the operation is not marked idempotent), and
// a deadline for the whole run that the delay would overshoot.
//
// The zero Policy (and Default) has no sections: nothing is retried and
// nothing waits. errcat never adds hidden delays.
package policy
