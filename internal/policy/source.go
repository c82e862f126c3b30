package policy

import "embed"

// Source holds this package's Go files but its tests and this file. The
// code generator emits them into generated packages, so an embedded
// Decide is this very logic rather than a copy that could drift. The list
// is explicit so that test files stay out of errcat's binary;
// TestSourceList names a file that is missing from it.
//
//go:embed decide.go
//go:embed doc.go
//go:embed json.go
//go:embed policy.go
//go:embed validate.go
var Source embed.FS
