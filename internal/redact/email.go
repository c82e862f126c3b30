package redact

import "regexp"

// emailDomain matches "@domain.tld". The local part is found by scanning
// backwards from the "@" instead, because a rule anchored at "@" cannot
// look behind it, and an unanchored expression over the whole text would
// not be linear in practice.
//
// A TLD of letters only keeps "lodash@4.17.21", "tools@v0.1.0" and
// "image@sha256:..." (package and image references) from looking like
// addresses.
var emailDomain = regexp.MustCompile(`^@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)

// email is the custom matcher of the email rule, tried at an "@". E-mail
// addresses are personal data rather than credentials, but evidence is
// shared more widely than the logs it came from.
func email(s string, p int) (Finding, int, int, bool) {
	if p+1 >= len(s) || !isAlnum(s[p+1]) {
		return Finding{}, 0, 0, false
	}
	loc := emailDomain.FindStringIndex(s[p:min(len(s), p+scanLimit)])
	if loc == nil {
		return Finding{}, 0, 0, false
	}
	start := p
	for start > 0 && localByte(s[start-1]) {
		start--
	}
	// "git@github.com" is the SSH remote user, not a person, and a reader
	// needs it to understand the error; "scheme://user@host" is URL
	// userinfo, whose password (if any) another rule redacts.
	if start == p || s[start:p] == "git" || inAuthority(s, start) {
		return Finding{}, 0, 0, false
	}
	end := p + loc[1]
	return Finding{KindEmail, start, end}, start, end, true
}

func localByte(c byte) bool {
	return isAlnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'
}

// inAuthority reports whether offset i lies in the authority of a URL,
// i.e. follows "://" with no slash, space or "@" in between.
func inAuthority(s string, i int) bool {
	j := i
	for j > 0 && i-j < 256 {
		switch s[j-1] {
		case '/', ' ', '\t', '\n', '\r', '"', '\'', '<', '>', '@':
			return j >= 3 && s[j-3:j] == "://"
		}
		j--
	}
	return false
}
