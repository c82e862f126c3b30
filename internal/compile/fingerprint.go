package compile

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
)

// Fingerprint hashes what Load reads of a catalogue: catalogue.yaml,
// every rule file and the l10n data, names and contents, in the order
// Load reads them. The same compiler gives two catalogues with one
// fingerprint the same tables, which is what lets tables compiled once be
// kept and used again. Files Load does not read (fixtures, a README)
// change nothing.
func Fingerprint(fsys fs.FS) (string, error) {
	h := sha256.New()
	add := func(p string) error {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		h.Write([]byte(p))
		h.Write([]byte{0})
		h.Write(data)
		h.Write([]byte{0})
		return nil
	}
	if err := add(CatalogueFile); err != nil {
		return "", err
	}
	names, err := ruleFileNames(fsys)
	if err != nil && !errors.Is(err, fs.ErrNotExist) { // a layer may have no rules
		return "", err
	}
	l10n, err := l10nFileNames(fsys)
	if err != nil {
		return "", err
	}
	for _, p := range append(names, l10n...) {
		if err := add(p); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
