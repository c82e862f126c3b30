// Package redact makes raw evidence safe to print.
//
// errcat classifies failures from the text a tool wrote: stderr, HTTP
// response bodies, log tails. That text is written by programs that never
// expected it to be shown to someone else, so it routinely carries
// credentials (API keys echoed back in an error, a URL with a signed query
// string, a connection string with a password) and terminal control
// sequences that can rewrite what a reader sees. errcat therefore never
// prints evidence directly; it prints [Text] or [Excerpt] of it.
//
// Detection is deliberately shape-based rather than exhaustive: each rule
// looks for a literal anchor ("sk-", "ghp_", "Bearer", "?token=", "@", ...)
// and then checks a short anchored regular expression at that anchor. This
// keeps the cost linear in the input (the anchors are found with
// strings.Index, and no expression runs more than a few kilobytes past its
// anchor) and keeps each rule readable on its own. Rules prefer to
// over-redact: showing "[redacted:api_key]" where there was none costs a
// little context, while showing a live credential cannot be undone. They
// still require realistic lengths and character mixes so that ordinary
// error text ("sk-learn", "task-runner", "Bearer token required") survives.
//
// Sanitising also removes terminal escape sequences and control
// characters, because evidence is printed to terminals and CI logs where
// an embedded escape could hide, recolour or overwrite the report around
// it, and replaces invalid UTF-8 so that the output is always valid text.
//
// The package uses only the standard library and keeps no mutable state,
// so that it can be copied verbatim into generated code.
package redact
