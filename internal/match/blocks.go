package match

import "strings"

// A program that prints a JSON body pretty-printed spreads one document
// over many lines ("Error: {", then one member per line, then "}"). Each
// line is a record, and no record holds the document, so a json matcher
// could not read it. jsonBlock gathers such a document as its lines go
// by; when its last line closes it, the document is read as one more
// record by the rules that have json matchers, and only by them: text
// matchers keep reading line by line, as the records they were written
// for.

// maxBlock bounds a gathered document: a body is rarely longer, and
// prose or code with an unclosed brace stops costing anything past it.
const maxBlock = 64 << 10

type jsonBlock struct {
	buf   []byte
	line  int // the line the document starts on
	depth int
	str   bool // inside a JSON string
	esc   bool // after a backslash inside one
}

func (b *jsonBlock) reset() {
	b.buf, b.line, b.depth, b.str, b.esc = b.buf[:0], 0, 0, false, false
}

// add reads the next record. When rec closes a document opened on an
// earlier line, add returns the document (valid until the next call) and
// the line it starts on.
func (b *jsonBlock) add(rec string, line int) (doc string, at int, ok bool) {
	if b.line == 0 {
		b.open(rec, line)
		return "", 0, false
	}
	if !continues(rec) {
		// Not a line of a document: what was gathered was not one (a
		// stray opener, a body cut off), and this line may open the next.
		b.reset()
		b.open(rec, line)
		return "", 0, false
	}
	end := b.scan(rec)
	if end < 0 {
		if len(b.buf)+len(rec) > maxBlock {
			b.reset()
			b.open(rec, line)
			return "", 0, false
		}
		b.buf = append(append(b.buf, '\n'), rec...)
		return "", 0, false
	}
	b.buf = append(append(b.buf, '\n'), rec[:end]...)
	doc, at = string(b.buf), b.line
	b.reset()
	// The rest of the closing line may open the next document.
	b.open(rec[end:], line)
	return doc, at, true
}

// continues reports whether rec can be a line inside a pretty-printed
// document: it begins with what a member, a value or a closer begins with.
func continues(rec string) bool {
	t := strings.TrimLeft(rec, " \t")
	if t == "" {
		return false
	}
	switch c := t[0]; {
	case c == '"' || c == '{' || c == '}' || c == '[' || c == ']' || c == '-' || c == ',':
		return true
	case c >= '0' && c <= '9':
		return true
	}
	return strings.HasPrefix(t, "true") || strings.HasPrefix(t, "false") || strings.HasPrefix(t, "null")
}

// pending returns the document gathered so far and the line it starts on,
// when the input ended inside one.
func (b *jsonBlock) pending() (doc string, at int, ok bool) {
	if b.line == 0 {
		return "", 0, false
	}
	return string(b.buf), b.line, true
}

// open starts a document at the first opener of rec that the line does
// not close, if the opener can begin a pretty-printed document: a brace
// or bracket that ends the line, or that a key or an object follows.
func (b *jsonBlock) open(rec string, line int) {
	// A line that leaves a document open ends inside it: after an opener,
	// or after a member and its comma. Most lines end otherwise, and are
	// passed over on their last byte.
	t := strings.TrimRight(rec, " \t")
	if t == "" {
		return
	}
	if c := t[len(t)-1]; c != '{' && c != '[' && c != ',' {
		return
	}
	for i := 0; i < len(rec); i++ {
		j := indexOpener(rec[i:])
		if j < 0 {
			return
		}
		i += j
		rest := strings.TrimSpace(rec[i+1:])
		if rest != "" && rest[0] != '"' && rest[0] != '{' {
			continue
		}
		b.depth, b.str, b.esc = 0, false, false
		end := b.scan(rec[i:])
		if end >= 0 {
			i += end - 1 // closed on this line: a record of its own
			continue
		}
		if len(rec)-i > maxBlock {
			b.reset()
			return
		}
		b.buf = append(b.buf[:0], rec[i:]...)
		b.line = line
		return
	}
}

// scan follows s from the block's state and returns the offset just past
// the closer that ends the document, or -1 when s leaves it open. A
// closer with no opener ends the document too: what was gathered is not
// JSON, and decoding it fails.
func (b *jsonBlock) scan(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case b.esc:
			b.esc = false
		case b.str:
			switch c {
			case '\\':
				b.esc = true
			case '"':
				b.str = false
			}
		case c == '"':
			b.str = true
		case c == '{' || c == '[':
			b.depth++
		case c == '}' || c == ']':
			b.depth--
			if b.depth <= 0 {
				return i + 1
			}
		}
	}
	// A JSON string does not span lines: a quote left open is prose.
	b.str, b.esc = false, false
	return -1
}

// indexOpener returns the index of the first brace or bracket in s, or -1.
// Two byte searches are quicker than one search for either byte, and a
// whole input's every line passes through here.
func indexOpener(s string) int {
	i := strings.IndexByte(s, '{')
	if i < 0 {
		i = len(s)
	}
	if j := strings.IndexByte(s[:i], '['); j >= 0 {
		i = j
	}
	if i == len(s) {
		return -1
	}
	return i
}
