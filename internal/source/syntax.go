package source

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
)

// syntaxError places a yaml.v3 syntax error where the text goes wrong.
// yaml.v3 has no structured position for syntax errors, and the line its
// message names is where the enclosing block or flow collection begins
// whenever there is one (off by one, for parser errors), not where the
// problem is.
//
// The place is found by parsing prefixes of the text. The line at fault is
// the one whose prefix fails with the very error the whole text fails with,
// when the prefix one line shorter does not; a prefix that stops inside an
// unclosed collection or string fails too, but with a message or context
// of its own, so it is not mistaken for the error. The column is then the
// character of that line with which the prefix starts to fail so, except
// that an unknown anchor is placed at its alias. Each search halves its
// range at every step: a few dozen parses of the file at most.
func syntaxError(name string, data []byte, err error) *diag.Error {
	full := err.Error()
	msg, line := yamlMessage(full)
	fails := func(n int) bool {
		var doc yaml.Node
		e := yaml.Unmarshal(data[:n], &doc)
		return e != nil && e.Error() == full
	}
	ends := lineEnds(data)
	if len(ends) < 2 || fails(0) {
		col := 0
		if line > 0 {
			col = 1
		}
		return diag.Errorf(diag.Pos{File: name, Line: line, Col: col}, diag.Syntax, "%s", msg)
	}
	line = firstTrue(0, len(ends)-1, func(k int) bool { return fails(ends[k]) })
	start := ends[line-1]
	n := firstTrue(start, ends[line], fails)
	at := n - 1 // the last byte of the failing prefix; back to its character's start
	for at > start && !utf8.RuneStart(data[at]) {
		at--
	}
	if anchor, ok := unknownAnchor(msg); ok {
		if i := bytes.Index(data[start:ends[line]], []byte("*"+anchor)); i >= 0 {
			at = start + i
		}
	}
	return diag.Errorf(diag.Pos{File: name, Line: line, Col: utf8.RuneCount(data[start:at]) + 1}, diag.Syntax, "%s", msg)
}

// firstTrue returns the least n in (lo, hi] for which f holds, given that
// f(lo) is false and f(hi) is true: where f turns true, if it turns more
// than once.
func firstTrue(lo, hi int, f func(int) bool) int {
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if f(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// yamlMessage splits yaml.v3's "yaml: line N: reason" into the reason and
// N (0 when the message names no line).
func yamlMessage(s string) (string, int) {
	msg := strings.TrimPrefix(s, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				return strings.TrimSpace(rest[i+1:]), n
			}
		}
	}
	return msg, 0
}

func unknownAnchor(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, "unknown anchor '")
	if !ok {
		return "", false
	}
	return strings.CutSuffix(rest, "' referenced")
}

// lineEnds returns the byte offsets at which each line of data ends, after
// its line break, with ends[0] = 0, so that data[:ends[k]] is the first k
// lines. Breaks are those yaml.v3 counts lines by: LF, CR LF, a lone CR,
// NEL, LS and PS. Text in UTF-16, which yaml.v3 also reads, gives nil.
func lineEnds(data []byte) []int {
	if bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || bytes.HasPrefix(data, []byte{0xFF, 0xFE}) {
		return nil
	}
	ends := []int{0}
	for i := 0; i < len(data); i++ {
		switch {
		case data[i] == '\n':
		case data[i] == '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
		case bytes.HasPrefix(data[i:], []byte("\u0085")):
			i++
		case bytes.HasPrefix(data[i:], []byte("\u2028")), bytes.HasPrefix(data[i:], []byte("\u2029")):
			i += 2
		default:
			continue
		}
		ends = append(ends, i+1)
	}
	if ends[len(ends)-1] < len(data) {
		ends = append(ends, len(data))
	}
	return ends
}
