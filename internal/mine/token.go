package mine

import "bytes"

// MaxTokens is how many tokens of a record a template holds; the rest of
// a longer record is one token, <…>.
const MaxTokens = 64

// The masks a variable token is replaced by, named by its shape.
const (
	maskNum      = "<NUM>"
	maskHex      = "<HEX>"
	maskUUID     = "<UUID>"
	maskIP       = "<IP>"
	maskURL      = "<URL>"
	maskEmail    = "<EMAIL>"
	maskPath     = "<PATH>"
	maskHost     = "<HOST>"
	maskDuration = "<DURATION>"
	maskTime     = "<TIME>"
	maskID       = "<ID>"
	maskQuoted   = "<QUOTED>"
	maskRest     = "<…>"
	// Wildcard stands where the records of a template differ.
	Wildcard = "<*>"
)

// tokens is a record cut into masked tokens, in buffers kept from one
// record to the next: token i is buf[ends[i-1]:ends[i]].
type tokens struct {
	buf  []byte
	ends []int
	// keyless marks the tokens that never key the tree: masked, or a
	// quoted value, which vary from record to record.
	keyless []bool
}

func (t *tokens) n() int { return len(t.ends) }

func (t *tokens) tok(i int) []byte {
	start := 0
	if i > 0 {
		start = t.ends[i-1]
	}
	return t.buf[start:t.ends[i]]
}

// cut fills t with the masked tokens of rec. Tokens are separated by
// white space, and by a comma that is not followed by a space (the
// fields of a JSON object), which stays with the token before it.
func (t *tokens) cut(rec []byte) {
	t.buf, t.ends, t.keyless = t.buf[:0], t.ends[:0], t.keyless[:0]
	i := 0
	for i < len(rec) {
		for i < len(rec) && isSpace(rec[i]) {
			i++
		}
		if i == len(rec) {
			break
		}
		if len(t.ends) == MaxTokens-1 {
			t.buf = append(t.buf, maskRest...)
			t.ends = append(t.ends, len(t.buf))
			t.keyless = append(t.keyless, true)
			return
		}
		if j, ok := quotedValue(rec, i); ok {
			// A quoted value, spaces and all, is one token: its mask and
			// the punctuation after it.
			t.buf = append(t.buf, maskQuoted...)
			t.buf = append(t.buf, rec[j-trailLen(rec[i+1:j]):j]...)
			t.ends = append(t.ends, len(t.buf))
			t.keyless = append(t.keyless, true)
			i = j
			continue
		}
		j := i
		for j < len(rec) && !isSpace(rec[j]) {
			j++
			if rec[j-1] == ',' && j < len(rec) && (rec[j] == '"' || rec[j] == '{' || rec[j] == '[') {
				break
			}
		}
		var m bool
		t.buf, m = appendMasked(t.buf, rec[i:j], maxNesting)
		t.ends = append(t.ends, len(t.buf))
		q := rec[i]
		t.keyless = append(t.keyless, m || q == '"' || q == '\'' || q == '`')
		i = j
	}
}

// maxNesting is how deep appendMasked reads keys within keys.
const maxNesting = 4

// maxQuoted is the longest quoted value read as one token.
const maxQuoted = 256

// quotedValue reports whether a quoted value of free text begins at
// rec[i] ('requests', "my file.txt", `x`) and returns the end of its
// token: the closing quote and the punctuation after it, up to a space
// or the end. A double-quoted word followed by a colon is a JSON key,
// and a value inside a token (user="bob", "msg":"x y") is left to the
// token.
func quotedValue(rec []byte, i int) (int, bool) {
	q := rec[i]
	if q != '"' && q != '\'' && q != '`' {
		return 0, false
	}
	end := bytes.IndexByte(rec[i+1:min(len(rec), i+1+maxQuoted)], q)
	if end < 0 {
		return 0, false
	}
	e := i + 1 + end // the closing quote
	j := e + 1
	for j < len(rec) && trail[rec[j]] {
		j++
	}
	key := q == '"' && e+1 < len(rec) && rec[e+1] == ':' && bytes.IndexByte(rec[i+1:e], ' ') < 0
	if j < len(rec) && !isSpace(rec[j]) || key {
		return 0, false
	}
	return j, true
}

// trailLen is how many bytes of the punctuation after a quoted value's
// closing quote end s, the value and that punctuation.
func trailLen(s []byte) int {
	n := 0
	for n < len(s) && trail[s[len(s)-1-n]] && s[len(s)-1-n] != '"' && s[len(s)-1-n] != '\'' && s[len(s)-1-n] != '`' {
		n++
	}
	return n
}

func isSpace(c byte) bool { return space[c] }

var space = punct(" \t\n\r\v\f")

// lead and trail are the punctuation before and after the part of a
// token its shape is judged by.
var lead, trail = punct("([{<\"'`"), punct(")]}>\"'`,;:.!?%")

func punct(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// appendMasked appends tok to dst with its variable part masked, and
// reports whether it masked some: what lies inside brackets, quotes and
// trailing punctuation is judged by its shape, the value of key=value
// and "key":value on its own.
//
// A value is itself a token, so {"a":{"b":1}} is read key by key, down
// to depth levels; deeper, the value is kept as it is, so that a token
// of many keys (a=a=a=…) costs no more than its length times depth.
func appendMasked(dst, tok []byte, depth int) ([]byte, bool) {
	lo, hi := 0, len(tok)
	for lo < hi && lead[tok[lo]] {
		lo++
	}
	for hi > lo && trail[tok[hi-1]] {
		hi--
	}
	if lo > 0 && tok[0] == '[' && isIP(tok[:hi]) {
		return append(append(dst, maskIP...), tok[hi:]...), true // [::1]:80
	}
	masked := false
	dst = append(dst, tok[:lo]...)
	core := tok[lo:hi]
	if len(core) > 0 {
		tr := traitsOf(core)
		switch {
		case tr&hasSlash != 0 && isProtocol(core):
			dst = append(dst, core...)
		case tr&(hasKeySep) != 0 && depth > 0 && keyEnd(core) > 0:
			k := keyEnd(core)
			dst = append(dst, core[:k]...)
			dst, masked = appendMasked(dst, core[k:], depth-1)
		case tr&^(hasLetter|hasDash) == 0:
			dst = append(dst, core...) // a word: nothing to mask
		default:
			if m := shape(core, tr); m != "" {
				dst, masked = append(dst, m...), true
			} else if tr&hasDigitT != 0 {
				dst, masked = appendSegments(dst, core)
			} else {
				dst = append(dst, core...)
			}
		}
	}
	return append(dst, tok[hi:]...), masked
}

// keyEnd returns the end of the key of a key=value or "key":value token,
// separator included, or 0: the key is a name, the value not empty.
func keyEnd(core []byte) int {
	for i := 0; i < len(core)-1; i++ {
		c := core[i]
		switch {
		case isAlnum(c) || c == '_' || c == '-' || c == '.':
			continue
		case c == '=' && i > 0:
			return i + 1
		case c == '"' && i > 0 && core[i+1] == ':' && i+2 < len(core):
			return i + 2
		}
		return 0
	}
	return 0
}

// traits are what bytes a token holds, read in one pass so that shape
// tries only the shapes the token can have.
type traits uint8

const (
	hasLetter traits = 1 << iota // letters, and _ which words hold
	hasDash                      // -
	hasDigitT                    // 0-9
	hasSlash                     // / or \
	hasDot                       // .
	hasColon                     // :
	hasAt                        // @
	hasKeySep                    // = or "
)

func traitsOf(s []byte) traits {
	var tr traits
	for _, c := range s {
		switch {
		case isLetter(c) || c == '_' || c >= 0x80:
			tr |= hasLetter
		case isDigit(c):
			tr |= hasDigitT
		case c == '-':
			tr |= hasDash
		case c == '/' || c == '\\':
			tr |= hasSlash
		case c == '.':
			tr |= hasDot
		case c == ':':
			tr |= hasColon
		case c == '@':
			tr |= hasAt
		case c == '=' || c == '"':
			tr |= hasKeySep
		default:
			tr |= hasDash // any other punctuation: no shape needs it
		}
	}
	return tr
}

// shape returns the mask of a token whose whole is variable: a URL, an
// e-mail address, a UUID, an IP address, a time, a duration, a number,
// a path, a host; "" for any other. tr is traitsOf(s).
func shape(s []byte, tr traits) string {
	digits := tr&hasDigitT != 0
	switch {
	case tr&hasSlash != 0 && tr&hasColon != 0 && bytes.Contains(s, []byte("://")):
		return maskURL
	case len(s) == 36 && isUUID(s):
		return maskUUID
	case (digits || tr&hasColon != 0) && isIP(s):
		return maskIP
	case digits && isTime(s):
		return maskTime
	case digits && isDuration(s):
		return maskDuration
	case digits && isNumber(s):
		return maskNum
	case tr&hasAt != 0 && isEmail(s):
		return maskEmail
	case tr&hasSlash != 0 && isPath(s):
		return maskPath
	case tr&(hasDot|hasColon) != 0 && isHost(s) || string(s) == "localhost":
		return maskHost
	}
	return ""
}

// appendSegments appends s with each of its parts that holds a digit
// masked: worker-3 is worker-<NUM>, req_8f3a91c is req_<HEX>, E0425 is
// <ID>. Parts are separated by - _ . : # / @ [ ] ( ) and some others.
func appendSegments(dst, s []byte) ([]byte, bool) {
	masked := false
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && !isSeparator(s[j]) {
			j++
		}
		seg := s[i:j]
		switch {
		case !hasDigit(seg) || known(seg):
			dst = append(dst, seg...)
		case isNumber(seg):
			dst, masked = append(dst, maskNum...), true
		case isHex(seg):
			dst, masked = append(dst, maskHex...), true
		default:
			dst, masked = append(dst, maskID...), true
		}
		if j < len(s) {
			dst = append(dst, s[j])
			j++
		}
		i = j
	}
	return dst, masked
}

func isSeparator(c byte) bool {
	switch c {
	case '-', '_', '.', ':', '#', '/', '@', '[', ']', '(', ')', '{', '}', '=', ',', '"', '\'', '+', '|', '<', '>':
		return true
	}
	return false
}

func hasDigit(s []byte) bool {
	for _, c := range s {
		if isDigit(c) {
			return true
		}
	}
	return false
}

func isHexDigit(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

// isHex: six or more hex digits, among them a digit, or 0x and hex
// digits. Shorter ones (E0425, a1) are ids.
func isHex(s []byte) bool {
	lit := len(s) > 2 && s[0] == '0' && s[1]|0x20 == 'x'
	if lit {
		s = s[2:]
	}
	for _, c := range s {
		if !isHexDigit(c) {
			return false
		}
	}
	return len(s) > 0 && (lit || len(s) >= 6 && hasDigit(s))
}

// known reports whether seg is a word with a digit that names a thing
// rather than varies: sha256, utf8, ipv6, oauth2, amd64, v1.
func known(seg []byte) bool {
	if len(seg) > 8 {
		return false
	}
	var low [8]byte
	for i, c := range seg {
		low[i] = c | 0x20
	}
	switch string(low[:len(seg)]) {
	case "sha1", "sha256", "sha384", "sha512", "md5", "utf8", "utf16", "ipv4", "ipv6", "http2", "http3",
		"oauth2", "s3", "ec2", "base64", "x86", "amd64", "arm64", "int32", "int64", "uint32", "uint64",
		"float32", "float64", "h2", "i18n", "k8s", "v1", "v2", "v3", "v4", "x509", "tls13", "p2p", "2fa", "mp4", "mp3":
		return true
	}
	return false
}

// isProtocol: a protocol and its version, HTTP/1.1, HTTP/2, TLSv1.3.
func isProtocol(s []byte) bool {
	i := bytes.IndexByte(s, '/')
	if i <= 0 || !isLetters(s[:i]) {
		return false
	}
	v := s[i+1:]
	return len(v) > 0 && len(v) <= 4 && isDigit(v[0]) && isNumber(v)
}

// isNumber: an integer or decimal, perhaps signed, with perhaps a unit of
// up to three letters (12MB, 3.5k, 80%), or a hex literal 0x....
func isNumber(s []byte) bool {
	if len(s) > 2 && s[0] == '0' && s[1]|0x20 == 'x' {
		return isHex(s)
	}
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits := 0
	for i < len(s) && (isDigit(s[i]) || s[i] == '.' && digits > 0 || s[i] == ',' && digits > 0) {
		if isDigit(s[i]) {
			digits++
		}
		i++
	}
	if digits == 0 || !isDigit(s[i-1]) {
		return false
	}
	unit := 0
	for i < len(s) && isLetter(s[i]) && unit < 3 {
		i++
		unit++
	}
	return i == len(s)
}

// isDuration: numbers each followed by a unit of time, 250ms, 1.5s,
// 2m30s, 1h.
func isDuration(s []byte) bool {
	i, parts := 0, 0
	for i < len(s) {
		d := 0
		for i < len(s) && (isDigit(s[i]) || s[i] == '.' && d > 0) {
			i++
			d++
		}
		if d == 0 {
			return false
		}
		u := i
		for i < len(s) && (isLetter(s[i]) || s[i] == 0xc2 || s[i] == 0xb5) {
			i++
		}
		switch string(s[u:i]) {
		case "ns", "us", "\u00b5s", "ms", "s", "m", "h", "d", "sec", "secs", "min", "mins":
		default:
			return false
		}
		parts++
	}
	return parts > 0
}

// isTime: a date (2026-01-02, 2026/01/02), a date and time
// (2026-01-02T03:04:05.678Z), or a time of day (03:04:05, 03:04:05,678).
func isTime(s []byte) bool {
	if len(s) >= 10 && digitsAt(s, 0, 4) && (s[4] == '-' || s[4] == '/') && digitsAt(s, 5, 2) && s[7] == s[4] && digitsAt(s, 8, 2) {
		return len(s) == 10 || s[10] == 'T' || s[10] == '_' || s[10] == ' ' || s[10] == ':'
	}
	if len(s) >= 5 && digitsAt(s, 0, 1) {
		i := 0
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i > 2 || i >= len(s) || s[i] != ':' || !digitsAt(s, i+1, 2) {
			return false
		}
		for _, c := range s[i:] {
			if !isDigit(c) && c != ':' && c != '.' && c != ',' && c != 'Z' && c != '+' && c != '-' {
				return false
			}
		}
		return true
	}
	return false
}

func digitsAt(s []byte, at, n int) bool {
	if at+n > len(s) {
		return false
	}
	for _, c := range s[at : at+n] {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

// isUUID: 8-4-4-4-12 hex digits.
func isUUID(s []byte) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
		} else if !isHexDigit(c) {
			return false
		}
	}
	return true
}

// isIP: a dotted IPv4 address, or an IPv6 one ([::1], fe80::1), each
// with perhaps a port or a prefix length.
func isIP(s []byte) bool {
	if len(s) > 0 && s[0] == '[' {
		if j := bytes.IndexByte(s, ']'); j > 0 {
			return isIPv6(s[1:j])
		}
	}
	if end := bytes.IndexAny(s, "/"); end > 0 {
		s = s[:end]
	}
	groups, d := 0, 0
	i := 0
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case isDigit(c) && d < 3:
			d++
		case c == '.' && d > 0 && groups < 3:
			groups++
			d = 0
		default:
			if c == ':' && groups == 3 && d > 0 && i+1 < len(s) && digitsAt(s, i+1, len(s)-i-1) {
				return true
			}
			return isIPv6(s)
		}
	}
	return groups == 3 && d > 0
}

func isIPv6(s []byte) bool {
	colons, hex := 0, 0
	for _, c := range s {
		switch {
		case c == ':':
			colons++
		case isHexDigit(c) || c == '.':
			hex++
		default:
			return false
		}
	}
	return colons >= 2 && (bytes.Contains(s, []byte("::")) || colons == 7)
}

// isEmail: local@domain.tld.
func isEmail(s []byte) bool {
	at := bytes.IndexByte(s, '@')
	if at < 1 || bytes.IndexByte(s[at+1:], '@') >= 0 {
		return false
	}
	dom := s[at+1:]
	dot := bytes.LastIndexByte(dom, '.')
	return dot > 0 && dot < len(dom)-2 && isLetter(dom[dot+1])
}

// isPath: an absolute, home or relative path (/var/log, ~/x, ./a, ../b,
// C:\x, a\b), or two or more parts with a slash between, or a file
// name with a slash before it (src/main.go:12). A protocol and its
// version (HTTP/1.1) and word pairs (read/write) are not paths.
func isPath(s []byte) bool {
	if len(s) < 2 {
		return false
	}
	switch {
	case s[0] == '/' && (isAlnum(s[1]) || s[1] == '.' || s[1] == '_'),
		s[0] == '~' && s[1] == '/',
		s[0] == '.' && (s[1] == '/' || len(s) > 2 && s[1] == '.' && s[2] == '/'),
		len(s) > 2 && isLetter(s[0]) && s[1] == ':' && (s[2] == '\\' || s[2] == '/'):
		return true
	}
	if bytes.Count(s, []byte{'\\'}) >= 1 && !bytes.ContainsAny(s, " ") && bytes.IndexByte(s, '\\') > 0 {
		return true
	}
	slashes := bytes.Count(s, []byte{'/'})
	if slashes == 0 {
		return false
	}
	last := s[bytes.LastIndexByte(s, '/')+1:]
	first := s[:bytes.IndexByte(s, '/')]
	if slashes == 1 && isLetters(first) && (len(last) == 0 || isNumber(last) || isLetters(last)) {
		return false // HTTP/1.1, HTTP/2, read/write
	}
	return slashes >= 2 || bytes.IndexByte(last, '.') > 0
}

func isLetters(s []byte) bool {
	for _, c := range s {
		if !isLetter(c) {
			return false
		}
	}
	return len(s) > 0
}

// isHost: a name of two or more labels under a common top-level or
// internal domain (api.example.com, db-3.svc.cluster.local), or
// localhost, each with perhaps a port.
func isHost(s []byte) bool {
	if c := bytes.LastIndexByte(s, ':'); c > 0 && digitsAt(s, c+1, len(s)-c-1) && c+1 < len(s) {
		s = s[:c]
	}
	if string(s) == "localhost" {
		return true
	}
	dot := bytes.LastIndexByte(s, '.')
	if dot <= 0 || !isAlnum(s[0]) {
		return false
	}
	for _, c := range s {
		if !isAlnum(c) && c != '-' && c != '.' {
			return false
		}
	}
	var low [12]byte
	tld := s[dot+1:]
	if len(tld) > len(low) {
		return false
	}
	for i, c := range tld {
		low[i] = c | 0x20
	}
	switch string(low[:len(tld)]) {
	case "com", "net", "org", "io", "dev", "ai", "co", "app", "cloud", "internal", "local",
		"localdomain", "lan", "corp", "svc", "cluster", "test", "example", "invalid", "gov",
		"edu", "info", "biz", "me", "us", "uk", "de", "fr", "jp", "cn", "ru", "eu", "sh", "xyz":
		return true
	}
	return false
}
