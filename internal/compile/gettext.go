package compile

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/redact"
	"github.com/errcat/errcat/internal/source"
)

// A gettext matcher names a program's message by its gettext domain and
// msgid; the compiler expands it into a pattern for the msgid and one for
// each translation the catalogue's l10n data holds (see l10n.go), so a
// rule written against the English message also reads the message in the
// user's language. Each pattern is the message's first line (records are
// lines) with its printf directives turned into slots:
//
//   - fixed text matches as written, except that ASCII letters match
//     either case (the engine folds ASCII only; other letters are
//     compared as they are, as contains compares them);
//   - a %s slot matches a name: a run of non-space characters, which
//     stops at the closing quote when the translation opens a quote
//     before it ('%s', »%s«, « %s », 「%s」); %d and the other number
//     conversions match digits, %c one character, %m (strerror) any text;
//   - a slot at either end of the message is dropped (a record is
//     searched, not anchored), unless the rule says what it holds, and so
//     is a final "." or "?" (see trimEnds);
//   - \b bounds the pattern where its text begins or ends with an ASCII
//     letter or digit.
//
// A reference marked translations_only expands to its translations alone:
// its English words are another rule's, which reads them with guards and a
// layer of its own.
//
// A rule can say what a slot holds (slots: {N: ...}, N the msgid's
// argument number): an RE2 pattern, or another message whose translation
// in the same locale (or its msgid) fills it, as git's "Unable to create
// '%s.lock': %s." is filled with strerror's "File exists".
//
// Each pattern is a regex of the rule's own, indexed by the literals of
// its fixed text, so a record runs only the translations whose words it
// holds. (Joined into one alternation, they would be merged by the parser
// where they begin alike, and printed back from its tree.)
func (t *translator) gettextPatterns(f *source.File, id, where string, n *yaml.Node) (srcs []string, nodes []*yaml.Node) {
	for _, rn := range source.Items(n) {
		for _, src := range t.gettextPattern(f, id, where, rn) {
			srcs = append(srcs, src)
			nodes = append(nodes, rn)
		}
	}
	return srcs, nodes
}

// gettextPattern expands one reference: the msgid's pattern, then its
// translations' in the order of their locales, each once. It returns none
// when it reported an error.
func (t *translator) gettextPattern(f *source.File, id, where string, rn *yaml.Node) []string {
	domain, msgidNode := source.Get(rn, "domain").Value, source.Get(rn, "msgid")
	msg, ok := t.lookupMessage(f, id, domain, msgidNode)
	if !ok {
		return nil
	}
	msgidPieces, err := messagePieces(msg.msgid)
	if err != nil {
		t.errs.Add(f.Errorf(msgidNode, diag.BadValue, "rule %s: gettext: msgid %q: %v", id, msg.msgid, err))
		return nil
	}
	nargs := 0
	for _, p := range msgidPieces {
		nargs = max(nargs, p.arg)
	}
	// What the rule says its slots hold.
	fill := map[int]func(locale string) string{}
	good := true
	keys, vals := source.Pairs(source.Get(rn, "slots"))
	for i, k := range keys {
		arg, _ := strconv.Atoi(k.Value)
		if arg < 1 || arg > nargs {
			t.errs.Add(f.Errorf(k, diag.BadValue, "rule %s: gettext: msgid %q has no argument %d (it has %d)", id, msg.msgid, arg, nargs))
			good = false
			continue
		}
		v := vals[i]
		if v.Kind == yaml.ScalarNode {
			p, ok := t.regexSource(f, id, where+".slots", v, v.Value)
			if !ok {
				good = false
				continue
			}
			src := "(?:" + p.re.Src + ")"
			fill[arg] = func(string) string { return src }
			continue
		}
		inner, ok := t.lookupMessage(f, id, source.Get(v, "domain").Value, source.Get(v, "msgid"))
		if !ok {
			good = false
			continue
		}
		alts, err := inner.fillers()
		if err != nil {
			t.errs.Add(f.Errorf(source.Get(v, "msgid"), diag.BadValue, "rule %s: gettext: a slot's message %v", id, err))
			good = false
			continue
		}
		fill[arg] = func(locale string) string {
			var out []string
			if s, ok := alts[locale]; ok {
				out = append(out, s)
			}
			if s := alts[""]; !slices.Contains(out, s) {
				out = append(out, s)
			}
			return "(?:" + strings.Join(out, "|") + ")"
		}
	}
	if !good {
		return nil
	}
	var pats []string
	add := func(locale, text string, pos func() diag.Pos) bool {
		pieces, err := messagePieces(text)
		if err == nil {
			for _, p := range pieces {
				if p.arg > nargs {
					err = fmt.Errorf("directive for argument %d, which the msgid does not have", p.arg)
					break
				}
			}
		}
		var pat string
		if err == nil {
			pat, err = messagePattern(pieces, func(arg int) string {
				if fl, ok := fill[arg]; ok {
					return fl(locale)
				}
				return ""
			})
		}
		if err != nil {
			what := "msgid"
			if locale != "" {
				what = locale + " translation"
			}
			t.errs.Add(diag.Errorf(pos(), diag.BadValue, "rule %s: gettext: %s of %q in domain %s: %v", id, what, msg.msgid, domain, err))
			return false
		}
		if !slices.Contains(pats, pat) {
			pats = append(pats, pat)
		}
		return true
	}
	if scalar(source.Get(rn, "translations_only")) != "true" {
		good = add("", msg.msgid, func() diag.Pos { return f.Pos(msgidNode) })
	}
	for _, tr := range msg.translations {
		good = add(tr.locale, tr.text, func() diag.Pos { return msg.file.Pos(tr.node) }) && good
	}
	if !good {
		return nil
	}
	return pats
}

// lookupMessage finds a message in the l10n data, reporting at msgidNode
// when it is not there.
func (t *translator) lookupMessage(f *source.File, id, domain string, msgidNode *yaml.Node) (*l10nMessage, bool) {
	d, ok := t.l10n[domain]
	if !ok {
		t.errs.Add(f.Errorf(msgidNode, diag.BadValue, "rule %s: gettext: no msgid %q in domain %s: the catalogue has no %s/%s.yaml (run make l10n)",
			id, msgidNode.Value, domain, L10nDir, domain))
		return nil, false
	}
	msg, ok := d[msgidNode.Value]
	if !ok {
		t.errs.Add(f.Errorf(msgidNode, diag.BadValue, "rule %s: gettext: no msgid %q in domain %s (run make l10n)", id, msgidNode.Value, domain))
		return nil, false
	}
	return msg, true
}

// fillers are the patterns a message gives when it fills another's slot,
// by locale ("" for the msgid). Such a message has no slots of its own.
func (m *l10nMessage) fillers() (map[string]string, error) {
	out := map[string]string{}
	add := func(locale, text string) error {
		pieces, err := messagePieces(text)
		if err != nil {
			return err
		}
		var b strings.Builder
		for _, p := range pieces {
			if p.verb != 0 {
				return fmt.Errorf("%q has directives; only a fixed message can fill a slot", m.msgid)
			}
			b.WriteString(literalRegex(p.text))
		}
		if prev, ok := out[locale]; ok && prev != b.String() {
			// An earlier package's wording of the same locale: either fills.
			out[locale] = "(?:" + prev + "|" + b.String() + ")"
			return nil
		}
		out[locale] = b.String()
		return nil
	}
	if err := add("", m.msgid); err != nil {
		return nil, err
	}
	for _, tr := range m.translations {
		if err := add(tr.locale, tr.text); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// messagePieces parses the first non-empty line of a message, without
// the tabs or spaces it opens with: they are layout (libpq indents its
// hints), which a line pasted or joined to the one before it has lost.
func messagePieces(text string) ([]formatPiece, error) {
	text = strings.TrimLeft(text, "\n")
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	return parseFormat(strings.TrimLeft(text, "\t "))
}

// messagePattern builds the pattern of one message from its pieces; fill
// returns what the rule says a slot holds, or "".
func messagePattern(pieces []formatPiece, fill func(arg int) string) (string, error) {
	pieces = trimEnds(pieces, fill)
	fixed := false
	for _, p := range pieces {
		if strings.IndexFunc(p.text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			fixed = true
		}
	}
	if !fixed {
		return "", fmt.Errorf("no fixed text to match")
	}
	var b strings.Builder
	if first := pieces[0]; first.verb == 0 && wordStart(first.text) {
		b.WriteString(`\b`)
	}
	for i, p := range pieces {
		if p.verb == 0 {
			b.WriteString(literalRegex(p.text))
			continue
		}
		if s := fill(p.arg); s != "" {
			b.WriteString(s)
			continue
		}
		before := ""
		if i > 0 {
			before = pieces[i-1].text
		}
		b.WriteString(slotRegex(p.verb, before))
	}
	if last := pieces[len(pieces)-1]; last.verb == 0 && wordEnd(last.text) {
		b.WriteString(`\b`)
	}
	return b.String(), nil
}

// trimEnds cuts a message down to what is worth matching. A slot the
// rule says nothing of is dropped at either end, with the quotes and
// punctuation around it: the pattern of "Authentication failed for '%s'"
// is "Authentication failed for", that of "'%s' 鉴权失败" is " 鉴权失败",
// and that of "%s: command not found" is " command not found". A slot
// kept at an end would be a name that could spell another rule's phrase,
// and a quote or colon kept there could be the last character of another
// rule's match. At the front one space is kept where the message had
// one, so that the pattern begins where a word does; at the back nothing
// is kept (two patterns could share a space otherwise), and a final "."
// or "?" goes too: it says nothing, and programs differ in whether they
// print it.
func trimEnds(pieces []formatPiece, fill func(arg int) string) []formatPiece {
	open := func(p formatPiece) bool { return p.verb != 0 && fill(p.arg) == "" }
	sep := func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsSpace(r) }
	sepOnly := func(p formatPiece) bool { return p.verb == 0 && strings.TrimFunc(p.text, sep) == "" }
	pieces = append([]formatPiece(nil), pieces...)

	dropped := false
	for len(pieces) > 0 && (open(pieces[0]) || len(pieces) > 1 && sepOnly(pieces[0]) && open(pieces[1])) {
		dropped = dropped || open(pieces[0])
		pieces = pieces[1:]
	}
	if dropped && len(pieces) > 0 && pieces[0].verb == 0 {
		t := pieces[0].text
		rest := strings.TrimLeftFunc(t, sep)
		if strings.ContainsFunc(t[:len(t)-len(rest)], unicode.IsSpace) {
			rest = " " + rest
		}
		pieces[0].text = rest
	}

	for n := len(pieces); n > 0 && (open(pieces[n-1]) || n > 1 && sepOnly(pieces[n-1]) && open(pieces[n-2])); n = len(pieces) {
		pieces = pieces[:n-1]
	}
	if n := len(pieces); n > 0 && pieces[n-1].verb == 0 {
		pieces[n-1].text = strings.TrimRightFunc(pieces[n-1].text, sep)
	}

	out := pieces[:0]
	for _, p := range pieces {
		if p.verb != 0 || p.text != "" {
			out = append(out, p)
		}
	}
	return out
}

// literalRegex is fixed text as a pattern: runs of ASCII with letters in
// a case-insensitive group, everything else as written. The text is
// normalised as the engine normalises a record before matching it (a
// no-break space becomes a space, invisible characters go), or a
// translation that writes them (French puts a no-break space before a
// colon) could never match.
func literalRegex(s string) string {
	s = redact.Normalize(s)
	var b strings.Builder
	for len(s) > 0 {
		n := 0
		for n < len(s) && s[n] < utf8.RuneSelf {
			n++
		}
		if n > 0 {
			run := s[:n]
			if strings.IndexFunc(run, isASCIILetter) >= 0 {
				b.WriteString("(?i:" + regexp.QuoteMeta(run) + ")")
			} else {
				b.WriteString(regexp.QuoteMeta(run))
			}
			s = s[n:]
			continue
		}
		_, size := utf8.DecodeRuneInString(s)
		b.WriteString(regexp.QuoteMeta(s[:size]))
		s = s[size:]
	}
	return b.String()
}

// closers maps a quote that opens a slot to the runes that can close it.
var closers = map[rune]string{
	'\'': `'’`, '"': `"”`, '`': "'`", '‘': `’‘`, '’': `’`, '“': `”“`, '”': `”`, '„': `“”`,
	'»': `«»`, '«': `»«`, '‹': `›‹`, '›': `‹›`, '「': `」`, '『': `』`, '(': `)`, '[': `]`,
	'（': `）`, '【': `】`, '<': `>`,
}

// slotRegex is the pattern of a slot the rule says nothing of; before is
// the fixed text in front of it.
func slotRegex(verb byte, before string) string {
	switch verb {
	case 'd', 'i':
		return `[-+]?[0-9]+`
	case 'u':
		return `[0-9]+`
	case 'o':
		return `[0-7]+`
	case 'x', 'X', 'p':
		return `(?:0[xX])?[0-9a-fA-F]+`
	case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
		return `[-+]?[0-9][0-9a-fA-FxXpP.,+-]*`
	case 'c', 'C':
		return `[^\n]`
	case 'm':
		return `[^\n]+`
	}
	// A name: no spaces, and up to its closing quote when one was
	// opened, so that it cannot hold another rule's phrase.
	open := strings.TrimRight(before, " \u00a0\u202f")
	if r, _ := utf8.DecodeLastRuneInString(open); r != utf8.RuneError {
		if c, ok := closers[r]; ok {
			return `[^\s` + regexpClassQuote(c) + `]+`
		}
	}
	return `\S+`
}

// regexpClassQuote escapes runes for use inside a character class.
func regexpClassQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\]^-[`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func wordStart(s string) bool {
	return s != "" && isWordByte(s[0])
}

func wordEnd(s string) bool {
	return s != "" && isWordByte(s[len(s)-1])
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isASCIILetter(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }
