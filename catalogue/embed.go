// Package catalogue embeds errcat's shipped catalogue, so that
// `errcat classify` works with no set-up and the binary and the generated
// code are built from the same files.
package catalogue

import "embed"

// FS holds catalogue.yaml, rules/ and l10n/.
//
//go:embed catalogue.yaml rules l10n
var FS embed.FS
