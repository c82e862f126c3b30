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
// names in positions (the directory as the user named it).
func Load(fsys fs.FS, display string) (*tables.Catalogue, error) {
	name := func(p string) string {
		if display == "" {
			return p
		}
		return path.Join(display, p)
	}
	var errs diag.List
	data, err := fs.ReadFile(fsys, CatalogueFile)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: name(CatalogueFile)}, diag.Read, "%v", unwrapPath(err))}
	}
	catFile, ferrs0 := source.Load(name(CatalogueFile), data, schema.Catalogue)
	errs = append(errs, ferrs0...)

	ruleFiles, err := ruleFileNames(fsys)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs.Add(diag.Errorf(diag.Pos{File: name(RulesDir)}, diag.Read, "%v", unwrapPath(err)))
	}
	var (
		files []*source.File
		rel   = map[*source.File]string{}
	)
	for _, p := range ruleFiles {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			errs.Add(diag.Errorf(diag.Pos{File: name(p)}, diag.Read, "%v", unwrapPath(err)))
			continue
		}
		f, ferrs := source.Load(name(p), data, schema.Rules)
		errs = append(errs, ferrs...)
		if f != nil && shapeOK(ferrs) {
			files = append(files, f)
			rel[f] = p
		}
	}
	// Translate whatever has a sound shape, so one run reports name errors
	// too; rules are only checked against a catalogue.yaml that is sound.
	if catFile == nil || !shapeOK(ferrs0) {
		return nil, errs.Err()
	}
	l10n, lerrs := loadL10n(fsys, name)
	errs = append(errs, lerrs...)
	t := &translator{l10n: l10n}
	cat := t.catalogue(catFile)
	for _, f := range files {
		t.rules(f, rel[f])
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
