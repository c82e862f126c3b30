package redact

import "strings"

// Secret-named keys. Most credentials in logs carry no prefix of their
// own, only the name they are assigned to: PGPASSWORD=..., "token": "...",
// GITHUB_TOKEN=..., secret: ..., X-Auth-Token: .... The key rule finds
// them from the separator, which is cheap to find and begins no word, and
// reads the name backwards from it.

// Classes of secret-named keys.
const (
	keyNone     = iota
	keyPassword // any value is a secret, as for the password rule
	keySecret   // the value must look like a credential (see secretValue)
)

// maxKey bounds how far back from a separator a key's name may start.
const maxKey = 64

// keyValue is the key rule: at a ':' or '=' at p, a secret-named key
// before it and a value after it.
func keyValue(s string, p int) (f Finding, lo, hi int, ok bool) {
	sep := p + 1
	switch s[p] {
	case ':':
		if sep < len(s) && s[sep] == ':' {
			return // "::", a scope or an IPv6 address
		}
		if sep < len(s) && s[sep] == '=' {
			sep++
		}
	case '=':
		if p > 0 && strings.IndexByte(":=!<>", s[p-1]) >= 0 {
			return // ":=" is the ':' case's; the rest compare
		}
		if sep < len(s) && s[sep] == '=' {
			return
		}
		if sep < len(s) && s[sep] == '>' {
			sep++
		}
	}
	k := p
	for k > 0 && p-k < 4 && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	if k > 0 && (s[k-1] == '"' || s[k-1] == '\'') {
		k--
		if k > 0 && s[k-1] == '\\' {
			k--
		}
	}
	end := k
	for k > 0 && end-k < maxKey && keyByte(s[k-1]) {
		k--
	}
	if k == end || k > 0 && keyByte(s[k-1]) {
		return
	}
	class := secretKey(s[k:end])
	if class == keyNone {
		return
	}
	v, e, q := value(s, sep)
	if !secretValue(class, s[v:e], q) {
		return
	}
	kind := KindSecret
	if class == keyPassword {
		kind = KindPassword
	}
	return Finding{kind, v, e}, k, e, true
}

// value reads the value that starts after blanks at i: quoted (the quote
// may be escaped, as in JSON inside a JSON string) up to its closing
// quote on the same line, else a run of valueByte. It returns the value's
// extent and whether it was quoted.
func value(s string, i int) (v, e int, quoted bool) {
	v = i
	for v < len(s) && v-i < 4 && (s[v] == ' ' || s[v] == '\t') {
		v++
	}
	var q byte
	switch {
	case v+1 < len(s) && s[v] == '\\' && (s[v+1] == '"' || s[v+1] == '\''):
		q, v = s[v+1], v+2
	case v < len(s) && (s[v] == '"' || s[v] == '\''):
		q, v = s[v], v+1
	}
	e = v
	if q != 0 {
		for e < len(s) && e-v < scanLimit && s[e] != q && s[e] != '\n' {
			e++
		}
		if e > v && s[e-1] == '\\' {
			e--
		}
		return v, e, true
	}
	for e < len(s) && e-v < scanLimit && valueByte(s[e]) {
		e++
	}
	return v, e, false
}

// keyByte reports whether c can be part of a key's name.
func keyByte(c byte) bool { return isAlnum(c) || c == '_' || c == '-' || c == '.' }

// valueByte reports whether c can continue an unquoted value.
func valueByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', '&', ',', ';', '<', '>':
		return false
	}
	return c > ' ' && c != 0x7f
}

// secretKey classifies a key's name. Names are compared in lower case
// with separators removed, so that PGPASSWORD, db_password and dbPassword
// are alike. Suffixes catch the long tail (GITHUB_TOKEN, X-Auth-Token,
// client_secret, OPENAI_API_KEY, AccountKey).
func secretKey(name string) int {
	// Most names end in no secret word: their last two letters settle
	// it without building the name.
	var buf [maxKey]byte
	n := buf[:0]
	for i := 0; i < len(name); i++ {
		if c := name[i]; isAlnum(c) {
			n = append(n, c|0x20) // ASCII lower case; digits are unaffected
		}
	}
	if len(n) < 2 || !secretEnd(n[len(n)-2], n[len(n)-1]) {
		return keyNone
	}
	key := string(n)
	switch key {
	case "pwd", "oldpwd":
		return keyNone // the shell's working directory
	case "nexttoken", "pagetoken", "continuationtoken", "paginationtoken":
		return keyNone // pagination cursors
	}
	for _, suf := range passwordKeys {
		if strings.HasSuffix(key, suf) {
			return keyPassword
		}
	}
	// "pass" and "pw" as the last word of a longer name (DB_PASS,
	// smtpPass, new_pw), but not "bypass" or "compass", and not alone:
	// "--- PASS: TestX" is go test's.
	if key != "pass" && key != "pw" && (lastWord(name, "pass") || lastWord(name, "pw")) {
		return keyPassword
	}
	for _, suf := range secretKeys {
		if strings.HasSuffix(key, suf) {
			return keySecret
		}
	}
	return keyNone
}

// secretEnd reports whether a name ending in the letters a, b can end in
// a word of passwordKeys or secretKeys, or in "pass" or "pw".
func secretEnd(a, b byte) bool {
	switch string([]byte{a, b}) {
	case "rd", "wd", "se", "en", "et", "al", "ls", "th", "id", "ey", "ta", "ss", "pw":
		return true
	}
	return false
}

// lastWord reports whether name ends with the word w (lower case): after
// a separator, or capitalised after a lower-case letter.
func lastWord(name, w string) bool {
	i := len(name) - len(w)
	if i < 0 || !strings.EqualFold(name[i:], w) {
		return false
	}
	if i == 0 {
		return true
	}
	c := name[i-1]
	return !isAlnum(c) || 'a' <= c && c <= 'z' && 'A' <= name[i] && name[i] <= 'Z'
}

// passwordKeys and secretKeys are suffixes of secret-named keys, in lower
// case without separators.
var (
	passwordKeys = []string{"password", "passwd", "passphrase", "pwd"}
	secretKeys   = []string{
		"token", "secret", "credential", "credentials", "auth", "sessionid",
		"apikey", "secretkey", "accesskey", "privatekey", "signingkey", "encryptionkey",
		"masterkey", "accountkey", "authkey", "sessionkey", "clientkey", "keydata",
	}
)

// secretValue reports whether v, assigned to a key of class class, is to
// be redacted. Any value of a password is, but an unquoted YES or NO. Other secret names also label
// prose and settings ("token: expired", "auth: none", "secret: required"),
// so their value must be one token of at least six bytes that is not a
// word: a value with no digit in a single case, or capitalised, is a word.
func secretValue(class int, v string, quoted bool) bool {
	if v == "" || strings.HasPrefix(v, markerPrefix) {
		return false
	}
	if class == keyPassword {
		// MySQL's "Access denied ... (using password: YES)" says whether
		// a password was sent, not which.
		w := strings.TrimSuffix(v, ")")
		return quoted || !strings.EqualFold(w, "yes") && !strings.EqualFold(w, "no")
	}
	if len(v) < 6 || quoted && strings.ContainsAny(v, " \t") {
		return false
	}
	digits := 0
	upper, lower := false, false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case '0' <= c && c <= '9':
			digits++
		case 'A' <= c && c <= 'Z':
			upper = upper || i > 0
		case 'a' <= c && c <= 'z':
			lower = true
		}
	}
	switch {
	case digits == len(v):
		return len(v) >= 16 // counts, sizes and times are not secrets
	case digits == 0:
		return upper && lower // not a word in one case, or Capitalised
	}
	return true
}

// flagRule redacts the value of a secret-named long option given as a
// separate word: --password X, --token X. A value given with '=' is the
// key rule's.
var flagRule = rule{
	name: "flag", kind: KindPassword, anchors: []string{"--"},
	custom: func(s string, p int) (f Finding, lo, hi int, ok bool) {
		n := p + 2
		for n < len(s) && n-p < maxKey && (isAlnum(s[n]) || s[n] == '-' || s[n] == '_') {
			n++
		}
		if n == p+2 || n >= len(s) || s[n] != ' ' && s[n] != '\t' || p > 0 && keyByte(s[p-1]) {
			return
		}
		class := secretKey(s[p+2 : n])
		if class == keyNone {
			return
		}
		v, e, q := value(s, n)
		if v == n || v < len(s) && s[v] == '-' && !q || !secretValue(class, s[v:e], q) {
			return // no blank before the value, or the next option
		}
		kind := KindSecret
		if class == keyPassword {
			kind = KindPassword
		}
		return Finding{kind, v, e}, p, e, true
	},
}

// cookieRule redacts the value of a Cookie or Set-Cookie header, which
// carries sessions: all of it, to the end of the line or of its quotes.
// Only a value holding '=' is one: "cookie: missing" is prose.
var cookieRule = rule{
	name: "cookie", kind: KindCookie, anchors: []string{"cookie"}, word: true,
	custom: func(s string, p int) (f Finding, lo, hi int, ok bool) {
		i := p + len("cookie")
		if i+1 < len(s) && s[i] == '\\' {
			i++
		}
		if i < len(s) && (s[i] == '"' || s[i] == '\'') {
			i++
		}
		for i < len(s) && i-p < 16 && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) || s[i] != ':' {
			return
		}
		v, e, quoted := value(s, i+1)
		if !quoted {
			for e < len(s) && e-v < scanLimit && s[e] != '\n' && s[e] != '"' && s[e] != '\'' {
				e++
			}
			for e > v && (s[e-1] == ' ' || s[e-1] == '\t' || s[e-1] == '\\') {
				e--
			}
		}
		if !strings.Contains(s[v:e], "=") || strings.HasPrefix(s[v:e], markerPrefix) {
			return
		}
		return Finding{KindCookie, v, e}, p, e, true
	},
}
