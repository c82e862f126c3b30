package api

import "embed"

// Source holds this package's Go files but its tests and this file, for
// the code generator to emit. TestSourceList names a file that is missing
// from the list.
//
//go:embed api.go
var Source embed.FS
