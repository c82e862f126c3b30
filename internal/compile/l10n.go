package compile

import (
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/schema"
)

// L10nDir holds a catalogue's translation data: one file per gettext
// domain, l10n/DOMAIN.yaml, holding for each msgid the catalogue's rules
// name its translation in each locale. The files are generated from the
// programs' own .mo catalogues (make l10n) and committed, so that loading
// a catalogue needs no translations installed.
const L10nDir = "l10n"

// l10nMessage is one msgid and its translations.
type l10nMessage struct {
	msgid        string
	file         *source.File
	translations []l10nTranslation // by locale
}

type l10nTranslation struct {
	locale, text string
	node         *yaml.Node
}

// l10nFileNames lists l10n/*.yaml in lexical order; none when the
// catalogue has no l10n directory.
func l10nFileNames(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, L10nDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".yaml") {
			out = append(out, path.Join(L10nDir, e.Name()))
		}
	}
	return out, nil // ReadDir sorts by name
}

// loadL10n reads the l10n data of a catalogue: messages by domain and
// msgid. name turns a path in fsys into the one positions show.
func loadL10n(fsys fs.FS, name func(string) string) (map[string]map[string]*l10nMessage, diag.List) {
	var errs diag.List
	files, err := l10nFileNames(fsys)
	if err != nil {
		errs.Add(diag.Errorf(diag.Pos{File: name(L10nDir)}, diag.Read, "%v", unwrapPath(err)))
		return nil, errs
	}
	out := map[string]map[string]*l10nMessage{}
	for _, p := range files {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			errs.Add(diag.Errorf(diag.Pos{File: name(p)}, diag.Read, "%v", unwrapPath(err)))
			continue
		}
		f, ferrs := source.Load(name(p), data, schema.L10n)
		errs = append(errs, ferrs...)
		if f == nil || len(ferrs) > 0 {
			continue
		}
		domainNode := source.Get(f.Root, "domain")
		domain := domainNode.Value
		if want := strings.TrimSuffix(path.Base(p), ".yaml"); domain != want {
			errs.Add(f.Errorf(domainNode, diag.BadValue, "domain %q is kept in %s/%s.yaml, not in %s", domain, L10nDir, domain, path.Base(p)))
			continue
		}
		msgs := map[string]*l10nMessage{}
		// A message's current translations, then the earlier packages'
		// wordings the current ones changed: programs of those versions
		// still print them, so they read as translations too.
		for _, section := range []string{"messages", "earlier"} {
			keys, vals := source.Pairs(source.Get(f.Root, section))
			for i, k := range keys {
				m := msgs[k.Value]
				if m == nil {
					if section == "earlier" {
						errs.Add(f.Errorf(k, diag.BadValue, "earlier wordings of %q, which messages does not hold", k.Value))
						continue
					}
					m = &l10nMessage{msgid: k.Value, file: f}
					msgs[k.Value] = m
				}
				lk, lv := source.Pairs(vals[i])
				for j := range lk {
					m.translations = append(m.translations, l10nTranslation{locale: lk[j].Value, text: lv[j].Value, node: lv[j]})
				}
			}
		}
		for _, m := range msgs {
			sortedLocales(m.translations)
		}
		out[domain] = msgs
	}
	return out, errs
}

// sortedLocales orders translations by locale, for a stable pattern.
func sortedLocales(trs []l10nTranslation) {
	sort.SliceStable(trs, func(i, j int) bool { return trs[i].locale < trs[j].locale })
}
