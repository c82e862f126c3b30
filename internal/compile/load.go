package compile

import (
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/internal/tables"
	"github.com/errcat/errcat/schema"
)

// CatalogueFile and RulesDir are where a catalogue keeps its parts.
const (
	CatalogueFile = "catalogue.yaml"
	RulesDir      = "rules"
)

// Load compiles the catalogue rooted at fsys. display is prefixed to file
// names in positions (the directory as the user named it). A catalogue
// that extends others is compiled with them (layers.go); display is then
// also where the directories it names are found.
func Load(fsys fs.FS, display string) (*tables.Catalogue, error) {
	l, errs := readLayer(fsys, display)
	if l.cat == nil {
		return nil, errs.Err()
	}
	if source.Get(l.cat.Root, "extends") != nil {
		return loadLayered(l, errs)
	}
	t := &translator{l10n: l.l10n}
	t.unlayered(l.cat)
	cat := t.catalogue(l.cat)
	for i, f := range l.files {
		t.rules(f, l.paths[i])
	}
	t.finish(cat)
	errs = append(errs, t.errs...)
	// No match.New here: every pattern was checked as it was translated,
	// and the caller builds its engine anyway. A trial engine built the
	// whole trigger automaton a second time at every start.
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return cat, nil
}

// layerFiles is what one catalogue directory holds, read and checked
// against the schemas: catalogue.yaml, the rule files with a sound shape
// and their paths inside the directory (paths), and the l10n data.
type layerFiles struct {
	display string
	cat     *source.File // nil when catalogue.yaml is unreadable or unsound
	files   []*source.File
	paths   []string
	l10n    map[string]map[string]*l10nMessage
}

// readLayer reads the catalogue rooted at fsys. It reads whatever has a
// sound shape, so one run reports name errors too; rules are only
// translated against a catalogue.yaml that is sound.
func readLayer(fsys fs.FS, display string) (layerFiles, diag.List) {
	name := func(p string) string {
		if display == "" {
			return p
		}
		return path.Join(display, p)
	}
	l := layerFiles{display: display}
	var errs diag.List
	data, err := fs.ReadFile(fsys, CatalogueFile)
	if err != nil {
		return l, diag.List{diag.Errorf(diag.Pos{File: name(CatalogueFile)}, diag.Read, "%v", unwrapPath(err))}
	}
	catFile, ferrs0 := source.Load(name(CatalogueFile), data, schema.Catalogue)
	errs = append(errs, ferrs0...)

	ruleFiles, err := ruleFileNames(fsys)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs.Add(diag.Errorf(diag.Pos{File: name(RulesDir)}, diag.Read, "%v", unwrapPath(err)))
	}
	for _, p := range ruleFiles {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			errs.Add(diag.Errorf(diag.Pos{File: name(p)}, diag.Read, "%v", unwrapPath(err)))
			continue
		}
		f, ferrs := source.Load(name(p), data, schema.Rules)
		errs = append(errs, ferrs...)
		if f != nil && shapeOK(ferrs) {
			l.files = append(l.files, f)
			l.paths = append(l.paths, p)
		}
	}
	if catFile == nil || !shapeOK(ferrs0) {
		return l, errs
	}
	l.cat = catFile
	var lerrs diag.List
	l.l10n, lerrs = loadL10n(fsys, name)
	errs = append(errs, lerrs...)
	return l, errs
}

// shapeOK reports whether errs leave a file's shape intact: a duplicate
// key is an error, but the rest of the file still translates.
func shapeOK(errs diag.List) bool {
	for _, e := range errs {
		if e.Code != diag.DuplicateKey {
			return false
		}
	}
	return true
}

// ruleFileNames lists rules/**/*.yaml (and .yml) in lexical order.
func ruleFileNames(fsys fs.FS) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, RulesDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// unwrapPath drops the *fs.PathError wrapper, whose path the position
// already names.
func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
