package match

import "embed"

// Source holds this package's Go files. The code generator emits them into
// generated packages, so generated code runs this very source rather than a
// copy that could drift.
//
//go:embed *.go
var Source embed.FS
