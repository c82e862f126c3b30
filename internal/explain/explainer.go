package explain

import (
	"time"

	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// Explainer answers questions about one catalogue and its fixtures.
type Explainer struct {
	eng *match.Engine
	cat *tables.Catalogue
	dir string
	// wins lists, per rule, the fixtures it wins that pass, in the order
	// they were loaded.
	wins [][]*fixture.Fixture
}

// New replays the fixtures on the engine's catalogue once, to credit each
// fixture that passes to the rule that wins it (fixture.Winner). dir is
// the catalogue directory as the user named it; rule files are shown
// under it. now is the clock of fixtures that set none.
func New(eng *match.Engine, fixtures []fixture.Fixture, dir string, now time.Time) *Explainer {
	cat := eng.Catalogue()
	x := &Explainer{eng: eng, cat: cat, dir: dir, wins: make([][]*fixture.Fixture, len(cat.Rules))}
	byID := make(map[string]int, len(cat.Rules))
	for i := range cat.Rules {
		byID[cat.Rules[i].ID] = i
	}
	for _, res := range fixture.Replay(eng, fixtures, now).Results {
		if res.Failed || res.Known {
			continue
		}
		if i, ok := byID[fixture.Winner(res.Got)]; ok {
			x.wins[i] = append(x.wins[i], res.Fixture)
		}
	}
	return x
}

// Lookup finds a code or a rule id (the schema gives rule ids a dot and
// codes none, so a name is never both). ok is false when the catalogue
// has neither.
func (x *Explainer) Lookup(name string) (code, rule int, ok bool) {
	for i := range x.cat.Codes {
		if x.cat.Codes[i].Name == name {
			return i, -1, true
		}
	}
	for i := range x.cat.Rules {
		if x.cat.Rules[i].ID == name {
			return -1, i, true
		}
	}
	return -1, -1, false
}

// file is a rule's file as the user finds it.
func (x *Explainer) file(r *tables.Rule) string {
	return x.cat.Path(r, x.dir)
}

// ref names rule i.
func (x *Explainer) ref(i int) RuleRef {
	r := &x.cat.Rules[i]
	return RuleRef{ID: r.ID, Code: x.cat.Codes[r.Code].Name, Tier: r.Tier.String(), Priority: r.Priority, File: x.file(r), Line: r.Line, Layer: x.cat.LayerName(r)}
}

// RuleRef names a rule the way a person finds it.
type RuleRef struct {
	ID       string `json:"id"`
	Code     string `json:"code"`
	Tier     string `json:"tier"`
	Priority int    `json:"priority"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Layer    string `json:"layer,omitempty"` // the catalogue it comes from, in a layered catalogue
}
