package match

import "embed"

// Source holds this package's Go files but its tests and this file. The
// code generator emits them into generated packages, so generated code
// runs this very source rather than a copy that could drift. The list is
// explicit so that test files stay out of errcat's binary;
// TestSourceList names a file that is missing from it.
//
//go:embed blocks.go
//go:embed buckets.go
//go:embed cond.go
//go:embed confirm.go
//go:embed doc.go
//go:embed engine.go
//go:embed evidence.go
//go:embed excerpt.go
//go:embed feed.go
//go:embed find.go
//go:embed finder.go
//go:embed frames.go
//go:embed garbled.go
//go:embed guards.go
//go:embed hints.go
//go:embed index.go
//go:embed jsonpath.go
//go:embed lines.go
//go:embed lower.go
//go:embed memo.go
//go:embed normal.go
//go:embed rank.go
//go:embed result.go
//go:embed retried.go
//go:embed scan.go
//go:embed shouldretry.go
//go:embed triggers.go
//go:embed verdict.go
var Source embed.FS
