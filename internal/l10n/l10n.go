// Package l10n generates a catalogue's translation data: for every gettext
// message the catalogue's rules name, its translation in each of Locales,
// read from the programs' own .mo catalogues and written as
// l10n/DOMAIN.yaml (see internal/compile's gettext matcher, which expands
// a message into its translations). The data is committed, so that
// building and testing errcat needs no translations installed; make l10n
// regenerates it where they are.
package l10n

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/l10n/mo"
)

// Locales are the locales the data covers: the languages most used on
// developers' machines that the catalogues of glibc, bash, git, apt and
// dpkg translate. A locale with a region falls back to its language, as
// gettext looks them up (pt_PT reads pt when a domain has no pt_PT).
var Locales = []string{
	"cs", "de", "es", "fr", "hu", "id", "it", "ja", "ko", "nl",
	"pl", "pt_BR", "pt_PT", "ru", "sv", "tr", "uk", "vi", "zh_CN", "zh_TW",
}

// Source finds a domain's catalogue for a locale.
type Source interface {
	// Catalogue returns the .mo file gettext would read for domain in
	// locale, and the package (name and version) it came from; nil and
	// no error when there is none.
	Catalogue(domain, locale string) (f *mo.File, pkg string, err error)
}

// Generate returns the data files for the messages named (msgids by
// domain, as compile.Messages lists them), keyed by their path inside the
// catalogue. prev holds the data files as they are now, keyed alike (nil
// for none): a translation in them that the installed catalogues word
// differently, or no longer hold, is kept under earlier, because programs
// of the older package still print it.
func Generate(messages map[string][]string, src Source, prev map[string][]byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	for domain, ids := range messages {
		p := path.Join(compile.L10nDir, domain+".yaml")
		data, err := generateDomain(domain, ids, src, prev[p])
		if err != nil {
			return nil, err
		}
		out[p] = data
	}
	return out, nil
}

// priorWordings reads a data file's translations by msgid and locale:
// the current one first, then the earlier one.
func priorWordings(data []byte) (map[string]map[string][]string, error) {
	var f struct {
		Messages map[string]map[string]string `yaml:"messages"`
		Earlier  map[string]map[string]string `yaml:"earlier"`
	}
	if err := yaml.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	out := map[string]map[string][]string{}
	for _, section := range []map[string]map[string]string{f.Messages, f.Earlier} {
		for id, trs := range section {
			if out[id] == nil {
				out[id] = map[string][]string{}
			}
			for locale, text := range trs {
				out[id][locale] = append(out[id][locale], text)
			}
		}
	}
	return out, nil
}

func generateDomain(domain string, ids []string, src Source, prev []byte) ([]byte, error) {
	prior, err := priorWordings(prev)
	if err != nil {
		return nil, fmt.Errorf("%s: the data as it is now: %w", domain, err)
	}
	type entry struct{ locale, text string }
	byID := map[string][]entry{}
	pkgs := map[string]bool{}
	for _, locale := range Locales {
		f, pkg, err := src.Catalogue(domain, locale)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", domain, locale, err)
		}
		if f == nil {
			continue
		}
		used := false
		for _, id := range ids {
			tr, ok := f.Messages[id]
			if !ok || tr == "" || tr == id {
				continue // untranslated: the msgid already matches it
			}
			if strings.IndexByte(tr, 0) >= 0 {
				return nil, fmt.Errorf("%s %s: %q is a plural message, which gettext matchers do not read", domain, locale, id)
			}
			byID[id] = append(byID[id], entry{locale, tr})
			used = true
		}
		if used {
			pkgs[pkg] = true
		}
	}
	for _, id := range ids {
		if len(byID[id]) == 0 {
			return nil, fmt.Errorf("%s: no locale translates %q: is the msgid spelled as the program writes it?", domain, id)
		}
	}

	root := mapping()
	add(root, "domain", scalar(domain))
	add(root, "packages", flow(sortedKeys(pkgs)))
	add(root, "locales", flow(Locales))
	msgs := mapping()
	sorted := append([]string(nil), ids...)
	sort.Strings(sorted)
	for _, id := range sorted {
		m := mapping()
		for _, e := range byID[id] { // in Locales order, which is sorted
			add(m, e.locale, scalar(e.text))
		}
		add(msgs, id, m)
	}
	add(root, "messages", msgs)
	earlier := mapping()
	for _, id := range sorted {
		now := map[string]string{}
		for _, e := range byID[id] {
			now[e.locale] = e.text
		}
		m := mapping()
		for _, locale := range Locales {
			// The most recent wording the installed one changed; one per
			// locale, as messages holds.
			for _, text := range prior[id][locale] {
				if text != now[locale] && text != id {
					add(m, locale, scalar(text))
					break
				}
			}
		}
		if len(m.Content) > 0 {
			add(earlier, id, m)
		}
	}
	if len(earlier.Content) > 0 {
		add(root, "earlier", earlier)
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, "# yaml-language-server: $schema=../../schema/l10n.schema.json\n")
	fmt.Fprintf(&b, "# Generated by make l10n (go run ./internal/l10n/gen) from the gettext\n")
	fmt.Fprintf(&b, "# catalogues (.mo files) of the packages below: the translations of the\n")
	fmt.Fprintf(&b, "# %s messages the catalogue's rules name. Do not edit; regenerate.\n", domain)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func mapping() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }

// scalar is s as a YAML string. A string that starts a line with a tab or
// a space is double-quoted: yaml.v3 writes it as a literal block whose
// first content line its own decoder then reads as indentation.
func scalar(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "\t") || strings.HasPrefix(line, " ") {
			n.Style = yaml.DoubleQuotedStyle
			break
		}
	}
	return n
}

func flow(xs []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, x := range xs {
		n.Content = append(n.Content, scalar(x))
	}
	return n
}

func add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, scalar(key), v)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
