package source

import (
	"testing"

	"github.com/errcat/errcat/schema"
)

// Schemas compile on first use, so a broken one would surface only in the
// command that reads its kind of file: check them all here.
func TestEmbeddedSchemasCompile(t *testing.T) {
	for _, name := range schema.Names() {
		if _, err := compiled(name); err != nil {
			t.Errorf("schema %s: %v", name, err)
		}
	}
	if _, err := compiled("nonesuch"); err == nil {
		t.Error("an unknown schema compiled")
	}
}
