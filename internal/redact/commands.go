package redact

import "strings"

// Passwords given as short options. "-p" means a password only to some
// commands (to mkdir it means parents, to psql and ssh a port), so the
// rule reads the options of the commands that take one that way, on the
// same line and up to the end of the command (a pipe, ';' or '&').
//
//   - mysql and its tools (mysqldump, mysqladmin, ...), and mariadb's:
//     -pSECRET, and -p SECRET as people write it (to mysql itself that
//     names a database, which is no loss to hide);
//   - sshpass: -p SECRET, -pSECRET;
//   - redis-cli: -a SECRET.
//
// psql takes no password option: PGPASSWORD and connection URLs, which
// the key and URL rules read, are how it is given one.
var commandRule = rule{
	name: "command_password", kind: KindPassword, anchors: []string{"mysql", "mariadb", "sshpass", "redis-cli"}, word: true,
	custom: commandPassword,
}

// commandLimit bounds how far into a command line its options are read.
const commandLimit = 1024

func commandPassword(s string, p int) (f Finding, lo, hi int, ok bool) {
	i := p
	for i < len(s) && (isAlnum(s[i]) || s[i] == '-' || s[i] == '_') {
		i++
	}
	if i < len(s) && !isBlank(s[i]) {
		return // "mysql:" or "mysql.connector" is not a command line
	}
	name := strings.ToLower(s[p:i])
	opt := "-p"
	if name == "redis-cli" {
		opt = "-a"
	}
	lim := min(len(s), p+commandLimit)
	for i < lim {
		for i < lim && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
			i++
		}
		if i == lim || s[i] == '\n' || s[i] == '|' || s[i] == ';' || s[i] == '&' {
			return
		}
		j := i
		for j < lim && !isBlank(s[j]) {
			j++
		}
		tok := s[i:j]
		switch {
		case tok == opt:
			v, e, q := value(s, j)
			if v == j || v < len(s) && s[v] == '-' && !q || e == v {
				return
			}
			return Finding{KindPassword, v, e}, p, e, true
		case strings.HasPrefix(tok, opt) && opt == "-p" && tok[2] != '-':
			v, e, _ := value(s, i+2)
			if e == v {
				return
			}
			return Finding{KindPassword, v, e}, p, e, true
		}
		i = j
	}
	return
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
