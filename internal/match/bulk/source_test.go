package bulk_test

import (
	"testing"

	"github.com/errcat/errcat/internal/embedcheck"
	"github.com/errcat/errcat/internal/match/bulk"
)

// TestSourceList checks that Source embeds exactly the package's Go files
// but its tests and source.go: a file left off the list would be missing
// from every generated package.
func TestSourceList(t *testing.T) { embedcheck.Check(t, bulk.Source, ".") }
