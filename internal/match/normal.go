package match

import "github.com/errcat/errcat/internal/redact"

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
