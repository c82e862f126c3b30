package bulk

import "embed"

// Source holds this package's Go files but its tests and this file. The
// code generator emits them into generated packages, so generated code
// runs this very source rather than a copy that could drift. The list is
// explicit so that test files stay out of errcat's binary;
// TestSourceList names a file that is missing from it.
//
//go:embed doc.go
//go:embed light.go
//go:embed marks.go
//go:embed needs.go
//go:embed reader.go
//go:embed tables.go
var Source embed.FS
