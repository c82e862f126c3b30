package match

import (
	"strings"

	"github.com/errcat/errcat/internal/redact"
)

// normalise returns a record as its matchers read it: the text a terminal
// shows of it, in plain spacing (redact.Normalize: no escape sequences,
// 7-bit or 8-bit, no invisible characters, one kind of space), with the
// two runes that fold to ASCII letters folded (foldSpecial). So colour
// codes, a zero-width space or a no-break space inside a phrase do not
// hide it. ASCII without ESC, most of every log, is returned as it is
// after a look at each eight bytes.
func normalise(rec string) string {
	if redact.Plain(rec) {
		return rec
	}
	return foldSpecial(redact.Normalize(rec))
}

// foldSpecial maps the two non-ASCII runes that case-fold to ASCII
// letters (the Kelvin sign to k, the long s to s) before a record is
// matched. Then the ASCII case folding of triggers and contains agrees with
// RE2's (?i), and no rule can be claimed through a look-alike rune that no
// real error message uses (the collision analysis assumes records without
// them). Records almost never hold them; when they do, a copy is made.
func foldSpecial(rec string) string {
	if !strings.Contains(rec, "\u212a") && !strings.Contains(rec, "\u017f") {
		return rec
	}
	return strings.NewReplacer("\u212a", "k", "\u017f", "s").Replace(rec)
}
