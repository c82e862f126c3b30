package compile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/errcat/errcat/internal/tables"
)

// Digest is a short hash of a catalogue's tables. It is computed over the
// canonical JSON of the tables with the source positions left out, so
// moving a rule between files or reformatting YAML keeps the version, and
// any change to what the catalogue means changes it.
func Digest(c *tables.Catalogue) string {
	clone := *c
	clone.ID = ""
	clone.Rules = make([]tables.Rule, len(c.Rules))
	for i, r := range c.Rules {
		r.File, r.Line = "", 0
		clone.Rules[i] = r
	}
	// A layer's directory is where errcat found it, as File is.
	clone.Layers = make([]tables.Layer, len(c.Layers))
	for i, l := range c.Layers {
		l.Dir = ""
		l.Disabled = append([]tables.Disabled(nil), l.Disabled...)
		for j := range l.Disabled {
			l.Disabled[j].File, l.Disabled[j].Line = "", 0
		}
		clone.Layers[i] = l
	}
	b, err := json.Marshal(&clone)
	if err != nil {
		panic("compile: tables do not marshal: " + err.Error()) // plain data; cannot happen
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}
