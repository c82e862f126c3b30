package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/errcat/errcat/fixtures"
	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/tables"
)

// inheritedFixtures loads the fixtures of every layer a layered catalogue
// inherits, in the order the layers apply: the built-in fixtures for the
// built-in catalogue, and for a directory the fixtures beside it
// (fixturesOf; none when there are none). dir is the top layer's
// directory as the user named it.
func inheritedFixtures(cat *tables.Catalogue, dir string) ([]fixture.Set, error) {
	var sets []fixture.Set
	for _, l := range cat.Layers[:max(len(cat.Layers)-1, 0)] {
		set := fixture.Set{Layer: l.Name}
		var err error
		if l.Builtin {
			set.Fixtures, err = fixture.Load(fixtures.FS, "fixtures")
		} else {
			fdir := fixturesOf(filepath.Join(dir, filepath.FromSlash(l.Dir)))
			if st, serr := os.Stat(fdir); serr != nil || !st.IsDir() {
				sets = append(sets, set)
				continue
			}
			set.Fixtures, err = fixture.Load(os.DirFS(fdir), path.Clean(filepath.ToSlash(fdir)))
		}
		if err != nil {
			return nil, err
		}
		sets = append(sets, set)
	}
	return sets, nil
}

// catalogueLabel names a catalogue in summary lines: its name and version,
// or, for a layered one, its version alone, which names every layer.
func catalogueLabel(cat *tables.Catalogue) string {
	if len(cat.Layers) > 0 {
		return cat.ID
	}
	return cat.Name + " " + cat.ID
}

// layersOf says which layers a check finding's rules come from, for a
// layered catalogue; "" otherwise.
func layersOf(f collide.Finding) string {
	switch {
	case f.Rule.Layer == "":
		return ""
	case f.Other == nil || f.Other.Layer == f.Rule.Layer:
		return " (layer " + f.Rule.Layer + ")"
	}
	return " (layers " + f.Rule.Layer + " and " + f.Other.Layer + ")"
}

// layerNote is " (layer NAME)" for a rule of a layered catalogue.
func layerNote(layer string) string {
	if layer == "" {
		return ""
	}
	return " (layer " + layer + ")"
}

// disabledRule says which layer disabled rule id, where and why; "" when
// none did. dir is the top layer's directory as the user named it.
func disabledRule(cat *tables.Catalogue, dir, id string) string {
	for _, l := range cat.Layers {
		for _, d := range l.Disabled {
			if d.Rule == id {
				return fmt.Sprintf("disabled by layer %s (%s:%d): %s", l.Name, path.Join(dir, d.File), d.Line, d.Reason)
			}
		}
	}
	return ""
}
