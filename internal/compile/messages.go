package compile

import (
	"io/fs"
	"sort"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/schema"
)

// Messages lists the gettext messages a catalogue's rules name, in their
// gettext matchers (a rule's own, and catalogue.yaml's guards) and in what
// those say fills a slot: the msgids by domain, sorted. It reads the rule
// files and catalogue.yaml only, not l10n data, so it answers for a
// catalogue whose l10n data is missing or stale, which is what the
// generator of that data needs.
func Messages(fsys fs.FS) (map[string][]string, error) {
	names, err := ruleFileNames(fsys)
	if err != nil {
		return nil, err
	}
	var errs diag.List
	seen := map[string]map[string]bool{}
	add := func(ref *yaml.Node) {
		d, id := source.Get(ref, "domain"), source.Get(ref, "msgid")
		if d == nil || id == nil {
			return
		}
		if seen[d.Value] == nil {
			seen[d.Value] = map[string]bool{}
		}
		seen[d.Value][id.Value] = true
	}
	addBlock := func(block *yaml.Node) {
		for _, ref := range source.Items(source.Get(block, "gettext")) {
			add(ref)
			_, slots := source.Pairs(source.Get(ref, "slots"))
			for _, s := range slots {
				if s.Kind == yaml.MappingNode {
					add(s)
				}
			}
		}
	}
	// catalogue.yaml's guards are not blocks that rules name.
	if data, err := fs.ReadFile(fsys, CatalogueFile); err == nil {
		if f, ferrs := source.Load(CatalogueFile, data, schema.Catalogue); len(ferrs) > 0 {
			errs = append(errs, ferrs...)
		} else {
			_, guards := source.Pairs(source.Get(f.Root, "guards"))
			for _, g := range guards {
				addBlock(g)
			}
		}
	}
	for _, p := range names {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		f, ferrs := source.Load(p, data, schema.Rules)
		if len(ferrs) > 0 {
			errs = append(errs, ferrs...)
			continue
		}
		for _, rule := range source.Items(source.Get(f.Root, "rules")) {
			addBlock(source.Get(rule, "match"))
			addBlock(source.Get(rule, "not"))
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for d, ids := range seen {
		for id := range ids {
			out[d] = append(out[d], id)
		}
		sort.Strings(out[d])
	}
	return out, nil
}
