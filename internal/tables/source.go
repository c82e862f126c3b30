package tables

import "embed"

// Source holds this package's Go files but its tests and this file. The
// code generator emits them into generated packages, so generated code
// reads its tables through this very source. The list is explicit so that
// test files stay out of errcat's binary; TestSourceList names a file that
// is missing from it.
//
//go:embed catalogue.go
//go:embed doc.go
//go:embed features.go
//go:embed rank.go
//go:embed regex.go
//go:embed status.go
var Source embed.FS
