// Package mo reads GNU gettext message catalogues (.mo files), the
// compiled translations that programs ship under
// /usr/share/locale/LANG/LC_MESSAGES/DOMAIN.mo.
//
// The format is small: a header of 32-bit words (magic, revision, the
// number of strings and the offsets of two tables), then two tables of
// (length, offset) pairs, one for the original strings and one for their
// translations, in the same order. The magic number's byte order is the
// file's byte order. A hash table follows for fast lookups; this reader
// does not need it. System-dependent strings (revision 1, for formats
// such as <PRIu64>) sit in tables of their own and are not read.
package mo

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/ianaindex"
)

const (
	magicLE = 0x950412de // the magic as a little-endian file stores it
	magicBE = 0xde120495 // the same bytes read with the wrong order
)

// File is one catalogue: translations by message, all in UTF-8.
type File struct {
	// Charset is the catalogue's declared encoding, as its header says.
	Charset string
	// Messages maps an original string to its translation. A message
	// with a context is keyed "context\x04msgid"; a plural message by its
	// singular msgid, and its translation holds the plural forms
	// separated by NUL. The header (msgid "") is not included.
	Messages map[string]string
	// Header is the catalogue's header entry, the translation of "".
	Header string
}

// Parse reads a .mo file. Translations are converted to UTF-8 from the
// charset the header declares; a charset the IANA registry does not know is
// an error rather than mojibake.
func Parse(data []byte) (*File, error) {
	if len(data) < 28 {
		return nil, errors.New("mo: file too short for a header")
	}
	var order binary.ByteOrder
	switch binary.LittleEndian.Uint32(data) {
	case magicLE:
		order = binary.LittleEndian
	case magicBE:
		order = binary.BigEndian
	default:
		return nil, errors.New("mo: not a gettext catalogue (bad magic number)")
	}
	word := func(off uint32) uint32 { return order.Uint32(data[off:]) }
	if major := word(4) >> 16; major > 1 {
		return nil, fmt.Errorf("mo: unknown major revision %d", major)
	}
	n, origTab, transTab := word(8), word(12), word(16)
	size := uint32(len(data))
	if n > size/16 || origTab > size || transTab > size || size-origTab < 8*n || size-transTab < 8*n {
		return nil, errors.New("mo: string tables lie outside the file")
	}
	str := func(tab, i uint32) (string, error) {
		length, off := word(tab+8*i), word(tab+8*i+4)
		if off > size || length > size-off {
			return "", fmt.Errorf("mo: string %d lies outside the file", i)
		}
		return string(data[off : off+length]), nil
	}
	f := &File{Messages: make(map[string]string, n)}
	raw := make(map[string]string, n)
	for i := uint32(0); i < n; i++ {
		id, err := str(origTab, i)
		if err != nil {
			return nil, err
		}
		tr, err := str(transTab, i)
		if err != nil {
			return nil, err
		}
		if id == "" {
			f.Header = tr
			continue
		}
		// A plural entry's original is "singular\x00plural".
		if k := strings.IndexByte(id, 0); k >= 0 {
			id = id[:k]
		}
		raw[id] = tr
	}
	f.Charset = charset(f.Header)
	decode, err := decoder(f.Charset)
	if err != nil {
		return nil, err
	}
	f.Header = decode(f.Header)
	for id, tr := range raw {
		f.Messages[decode(id)] = decode(tr)
	}
	return f, nil
}

// charset reads the charset parameter of the header's Content-Type line.
func charset(header string) string {
	for _, line := range strings.Split(header, "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "Content-Type") {
			continue
		}
		for _, param := range strings.Split(value, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(param), "=")
			if ok && strings.EqualFold(k, "charset") {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

// decoder returns the function that converts text in cs to UTF-8. UTF-8
// is checked rather than converted; every other charset is looked up in
// the IANA registry, which names the legacy encodings older catalogues
// still declare (ISO-8859-*, KOI8-R, EUC-JP, GB2312, Big5).
func decoder(cs string) (func(string) string, error) {
	switch strings.ToUpper(cs) {
	case "", "UTF-8", "UTF8", "ASCII", "US-ASCII", "CHARSET":
		// "CHARSET" is the placeholder of an untranslated template.
		return validUTF8, nil
	}
	enc, err := ianaindex.IANA.Encoding(cs)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("mo: unsupported charset %q", cs)
	}
	dec := enc.NewDecoder()
	return func(s string) string {
		out, err := dec.String(s)
		if err != nil {
			// The decoders mark undefined bytes with U+FFFD and do not
			// fail; should one fail, no text of it is trusted.
			return "\uFFFD"
		}
		return validUTF8(out)
	}, nil
}

// validUTF8 keeps UTF-8 text as it is and replaces the invalid bytes of
// a damaged catalogue with U+FFFD, so that no translation is not UTF-8.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
