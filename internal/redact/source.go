package redact

import "embed"

// Source holds this package's Go files but its tests and this file. The
// code generator emits them into generated packages, so generated code
// runs this very source rather than a copy that could drift. The list is
// explicit so that test files stay out of errcat's binary;
// TestSourceList names a file that is missing from it.
//
//go:embed clean.go
//go:embed commands.go
//go:embed doc.go
//go:embed email.go
//go:embed escapes.go
//go:embed excerpt.go
//go:embed find.go
//go:embed ids.go
//go:embed invisible.go
//go:embed keyvalue.go
//go:embed normalize.go
//go:embed pem.go
//go:embed rules.go
//go:embed shapes.go
//go:embed text.go
//go:embed track.go
var Source embed.FS
