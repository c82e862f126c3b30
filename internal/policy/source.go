package policy

import "embed"

// Source holds this package's Go files. The code generator emits them into
// generated packages, so an embedded Decide is this very logic rather than
// a copy that could drift.
//
//go:embed *.go
var Source embed.FS
