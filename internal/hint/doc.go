// Package hint reads the retry timing hints that services put in their failures, so a
// classified error can say not only "wait and retry" but for how long.
//
// Every provider spells the hint differently, and the same parser has to read all of them
// because a catalogue rule only says where the value lives (a header, a JSON path, a regex
// capture) and, for bare numbers, which unit they are in:
//
//   - Retry-After (RFC 9110 §10.2.3), sent with 429 and 503: delay-seconds ("20") or an
//     HTTP-date. RFC 9110 still requires recipients to accept the obsolete RFC 850 and
//     asctime date forms, as net/http.ParseTime does, so this package accepts them too.
//   - retry-after-ms: milliseconds, sent by OpenAI and Azure OpenAI and honoured by their
//     SDKs ahead of Retry-After because whole seconds are too coarse for token limits.
//   - x-ratelimit-reset-requests / x-ratelimit-reset-tokens (OpenAI): Go-style durations
//     such as "6m0s", "1s", "20ms" or "1h2m3.5s".
//   - anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-reset (Anthropic):
//     RFC 3339 times, with or without fractional seconds.
//   - Gemini and other Google APIs: google.rpc.RetryInfo.retryDelay, a protobuf Duration
//     whose JSON form is decimal seconds ending in "s" ("21s", "21.548797579s"), and the
//     same delay again in the message ("Please retry in 21.548797579s.").
//   - Free text in error messages and logs: "Please try again in 20s", "try again in
//     20 seconds", "retry after 2 minutes", "in 1 hour", "1.5 sec", "500ms".
//   - x-ratelimit-reset (GitHub and others) and "usage limit reached|1780315260": Unix
//     epoch seconds. A bare number of seconds from 10^9 on is read as one whatever the
//     unit (as a delay it would be 31 years), from 10^12 on as epoch milliseconds; [Epoch]
//     makes a smaller number one too.
//   - The IETF RateLimit header field ("default";r=0;t=30) and the earlier drafts'
//     RateLimit-Remaining / RateLimit-Reset: a reset in seconds once nothing remains
//     ([RateLimit], [RateLimitFields]).
//   - Usage-limit messages that name a calendar time ("You will regain access on
//     2026-12-01 at 00:00 UTC"), and the ISO and "Dec 1, 2026 at 12:00 AM UTC" variants
//     around them.
//   - Wall-clock resets ("resets 3pm (Europe/Lisbon)", "try again at 9:35 AM", "reset at
//     2026-07-12 04:30:37"): read in the IANA zone named beside them, else in the zone of
//     the clock they are resolved against, at the next occurrence after it ([Wall]).
//
// Parsing and judging are separate: [Parse] only says what the text means, and [Resolve],
// given the time the failure was seen, decides whether the hint is still worth trusting.
// A hint that has already passed, or that points implausibly far ahead, is far more often
// a misread (a wrong unit, an epoch taken for a delay) than a real plan, and a wrong wait
// is worse than none.
//
// The package uses the standard library only and has no init, because it is also emitted
// verbatim into generated classifiers.
package hint
