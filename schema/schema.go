// Package schema holds the JSON Schemas (draft 2020-12) of errcat's files:
// catalogues, rules, fixtures, recovery policies and l10n data. They are embedded so
// that `errcat schema` prints exactly what the loaders validate against,
// and they sit in the repository so that editors can validate YAML through
// its `# yaml-language-server: $schema=` line.
package schema

import _ "embed"

// Names of the schemas, as `errcat schema NAME` takes them.
const (
	Catalogue = "catalogue"
	Rules     = "rules"
	Fixtures  = "fixtures"
	Policy    = "policy"
	L10n      = "l10n"
)

var (
	//go:embed catalogue.schema.json
	catalogueJSON []byte
	//go:embed rules.schema.json
	rulesJSON []byte
	//go:embed fixtures.schema.json
	fixturesJSON []byte
	//go:embed policy.schema.json
	policyJSON []byte
	//go:embed l10n.schema.json
	l10nJSON []byte
)

// Names lists the schemas in a fixed order.
func Names() []string { return []string{Catalogue, Rules, Fixtures, Policy, L10n} }

// Source returns a schema's JSON text, or nil for an unknown name.
func Source(name string) []byte {
	switch name {
	case Catalogue:
		return catalogueJSON
	case Rules:
		return rulesJSON
	case Fixtures:
		return fixturesJSON
	case Policy:
		return policyJSON
	case L10n:
		return l10nJSON
	}
	return nil
}

// FileName returns the file a schema is kept in, as $schema lines name it.
func FileName(name string) string { return name + ".schema.json" }
