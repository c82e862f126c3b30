package mine

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// Looks reports whether rec reads as a failure: a word that says so in
// one of several languages (error, failed, fatal, exception, denied,
// refused, timeout, panic, Traceback, Fehler, erreur, ошибка, 错误, エラー,
// 오류, falha, …), a non-zero exit status, or an HTTP status of 400 to
// 599 where a status is named. A word counts at the start of a word or
// of a camel-case part (ConnectionError), not inside one. A word used as
// a counter or a setting (errors=0, timeout=30s) or denied by the word
// before it (0 errors, no error, without failure) does not count.
//
// It looks at every record the catalogue leaves unclassified, so it
// reads the record once, a word at a time, looks a keyword up by the
// first two letters, and allocates nothing.
func Looks(rec []byte) bool {
	if quietLevel(rec) {
		return quietFailure(rec)
	}
	ascii := true
	prev := uint8(other)
	for i, c := range rec {
		k := class[c]
		switch {
		case k == prev && k != upper:
			// Inside a word or a number: nothing starts here.
		case k == lower || k == upper:
			// A keyword may begin at the start of a word and at an upper
			// case letter after a lower case one.
			if (prev == lower && k == upper || prev != lower && prev != upper) && keywordAt(rec, i) {
				return true
			}
		case k == digit:
			if (c == '4' || c == '5') && httpStatus(rec, i) {
				return true
			}
		case k == high:
			ascii = false
		}
		prev = k
	}
	if ascii {
		return false
	}
	for _, w := range wide {
		if bytes.Contains(rec, w) {
			return true
		}
	}
	return false
}

// quietWord reports whether rec begins with a quiet level word, bare or
// in brackets: INFO, [DEBUG], TRACE:.
func quietWord(rec []byte) bool {
	q, ok := quietAt(rec)
	return ok && q
}

// quietAt reads the level word rec begins with, if it begins with one
// (INFO, [WARN], ERROR:): whether it is a quiet one, and whether there
// was a level word at all.
func quietAt(rec []byte) (quiet, ok bool) {
	if len(rec) > 0 && rec[0] == '[' {
		rec = rec[1:]
	}
	n := 0
	for n < len(rec) && rec[n] >= 'A' && rec[n] <= 'Z' {
		n++
	}
	if n < len(rec) && isLetter(rec[n]) {
		return false, false
	}
	switch string(rec[:n]) {
	case "INFO", "DEBUG", "TRACE", "NOTICE":
		return true, true
	case "WARN", "WARNING", "ERROR", "ERR", "FATAL", "CRITICAL", "CRIT", "PANIC", "ALERT", "EMERG", "SEVERE":
		return false, true
	}
	return false, false
}

// quietFailure reports whether rec, logged at a quiet level, holds a
// non-zero exit status or an HTTP status of 400 to 599: most lines of a
// log are such records, so it looks only for the x of exit and for the
// digits 4 and 5.
func quietFailure(rec []byte) bool {
	for _, x := range [...]byte{'x', 'X'} {
		for off := 1; off < len(rec); {
			j := bytes.IndexByte(rec[off:], x)
			if j < 0 {
				break
			}
			j += off
			if e := j - 1; hasFoldPrefix(rec[e:], "exit") && (e == 0 || !isLetter(rec[e-1])) && exitWord.holds(rec, e) {
				return true
			}
			off = j + 1
		}
	}
	// Eight bytes at a time, the places of a 4 or a 5: most quiet
	// records hold few, and long ones (payload dumps) often none.
	i := 0
	for ; i+8 <= len(rec); i += 8 {
		w := binary.LittleEndian.Uint64(rec[i:])
		for m := byteIs(w, '4') | byteIs(w, '5'); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)/8
			if c := rec[j]; (c == '4' || c == '5') && (j == 0 || !isDigit(rec[j-1])) && httpStatus(rec, j) {
				return true
			}
		}
	}
	for ; i < len(rec); i++ {
		if c := rec[i]; (c == '4' || c == '5') && (i == 0 || !isDigit(rec[i-1])) && httpStatus(rec, i) {
			return true
		}
	}
	return false
}

// byteIs has the high bit set in each byte of w that equals b, and
// perhaps in a byte after one that does, which the caller checks.
func byteIs(w uint64, b byte) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := w ^ ones*uint64(b)
	return (x - ones) &^ x & highs
}

// The classes of bytes Looks tells apart.
const (
	other = iota
	lower
	upper
	digit
	high // a byte of a UTF-8 sequence
)

var class = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c >= 'a' && c <= 'z':
			t[c] = lower
		case c >= 'A' && c <= 'Z':
			t[c] = upper
		case c >= '0' && c <= '9':
			t[c] = digit
		case c >= 0x80:
			t[c] = high
		}
	}
	return t
}()

// keywordAt reports whether a keyword that holds (keyword.holds) begins
// at rec[i], a letter.
func keywordAt(rec []byte, i int) bool {
	if i+1 >= len(rec) || !isLetter(rec[i+1]) {
		return false
	}
	for _, k := range byTwo[int(rec[i]|0x20-'a')*26+int(rec[i+1]|0x20-'a')] {
		if hasFoldPrefix(rec[i:], k.word) && k.holds(rec, i) {
			return true
		}
	}
	return false
}

// quietLevel reports whether rec says it is logged at a level below a
// warning: INFO, DEBUG, TRACE or NOTICE as a word in its first 96 bytes,
// or level=info, "level":"debug" and the like in its first 256. A program that
// logs "timeout served 12 items" or "job 4 failed, retrying" at INFO
// does not call it a failure, so in such a record only an exit status
// or an HTTP status counts.
func quietLevel(rec []byte) bool {
	// Most logs put the level first or after a time: those two tokens
	// are looked at before the head is searched.
	if quietWord(rec) {
		return true
	}
	if sp := bytes.IndexByte(rec[:min(len(rec), 64)], ' '); sp >= 0 {
		if q, ok := quietAt(rec[sp+1:]); ok {
			return q
		}
	}
	head := rec[:min(len(rec), 96)]
	for _, w := range [...]string{"INFO", "DEBUG", "TRACE", "NOTICE"} {
		for off := 0; ; {
			j := bytes.Index(head[off:], []byte(w))
			if j < 0 {
				break
			}
			j += off
			if (j == 0 || !isLetter(head[j-1])) && (j+len(w) == len(head) || !isLetter(head[j+len(w)])) {
				return true
			}
			off = j + 1
		}
	}
	rec = rec[:min(len(rec), 256)]
	for j := 0; ; {
		k := bytes.Index(rec[j:], []byte("level"))
		if k < 0 {
			return false
		}
		j += k + len("level")
		v := j
		for v < len(rec) && (rec[v] == '"' || rec[v] == '=' || rec[v] == ':' || rec[v] == ' ') {
			v++
		}
		if v > j {
			for _, w := range [...]string{"info", "debug", "trace", "notice"} {
				if hasFoldPrefix(rec[v:], w) && (v+len(w) == len(rec) || !isLetter(rec[v+len(w)])) {
					return true
				}
			}
		}
	}
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isAlnum(c byte) bool { return isLetter(c) || isDigit(c) }

// hasFoldPrefix reports whether b begins with word (lower case ASCII),
// ignoring ASCII case.
func hasFoldPrefix(b []byte, word string) bool {
	if len(b) < len(word) {
		return false
	}
	for j := 0; j < len(word); j++ {
		c := b[j]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != word[j] {
			return false
		}
	}
	return true
}

// keyword is one ASCII word that says a record is a failure.
type keyword struct {
	word string
	// whole: the word must end where word does (err, not errand).
	whole bool
	// exit: the word names an exit status, which must follow and be
	// non-zero.
	exit bool
	// not lists the words beginning with word that are not failures
	// (failover).
	not []string
}

// holds reports whether k, found at rec[i:], says rec is a failure.
func (k *keyword) holds(rec []byte, i int) bool {
	end := i + len(k.word)
	if k.whole && end < len(rec) && isLetter(rec[end]) {
		return false
	}
	for _, n := range k.not {
		if hasFoldPrefix(rec[i:], n) {
			return false
		}
	}
	if k.exit {
		return nonZeroExit(rec, end)
	}
	return !setting(rec, end) && !denied(rec, i)
}

// maxName bounds how far Looks reads a name before or after a word, so
// that a record of one long identifier costs no more than its length
// times maxName.
const maxName = 64

// setting reports whether the word ending at end is the name of a
// number: errors=0, timeout: 30s, error_count=2.
func setting(rec []byte, end int) bool {
	j := end
	for j < len(rec) && j-end < maxName && (isAlnum(rec[j]) || rec[j] == '_' || rec[j] == '-' || rec[j] == '.') {
		j++
	}
	if j < len(rec) && rec[j] == '"' {
		j++ // a JSON key: "errors":0
	}
	if j >= len(rec) || rec[j] != '=' && rec[j] != ':' {
		return false
	}
	j++
	for j < len(rec) && rec[j] == ' ' {
		j++
	}
	return j < len(rec) && isDigit(rec[j])
}

// denied reports whether the word before rec[i:] denies it: "0 errors",
// "no error", "without failures", "zero exceptions".
func denied(rec []byte, i int) bool {
	j := i
	for j > 0 && i-j < maxName && rec[j-1] == ' ' {
		j--
	}
	if j == i {
		return false // no space: the word is glued to what precedes it
	}
	k := j
	for k > 0 && isAlnum(rec[k-1]) {
		k--
	}
	w := rec[k:j]
	if k > 0 && isAlnum(rec[k-1]) || len(w) == 0 {
		return false
	}
	return oneOf(w, "0", "no", "without", "zero", "non")
}

// oneOf reports whether w is one of words (lower case), ignoring ASCII
// case.
func oneOf(w []byte, words ...string) bool {
	for _, n := range words {
		if len(w) == len(n) && hasFoldPrefix(w, n) {
			return true
		}
	}
	return false
}

// nonZeroExit reports whether an exit status other than 0 follows the
// word ending at end, with at most a few joining words between: "exit
// code 1", "exited with status 2", "exit(3)", "exit=137", "Exit code: 1".
func nonZeroExit(rec []byte, end int) bool {
	j := end
	for j < len(rec) && isLetter(rec[j]) {
		j++ // exited, exiting
	}
	for words := 0; j < len(rec); {
		c := rec[j]
		switch {
		case c == ' ' || c == ':' || c == '=' || c == '(' || c == '\t':
			j++
		case isDigit(c):
			for j < len(rec) && rec[j] == '0' {
				j++
			}
			return j < len(rec) && isDigit(rec[j])
		case isLetter(c) && words < 3:
			k := j
			for k < len(rec) && isLetter(rec[k]) {
				k++
			}
			if !oneOf(rec[j:k], "code", "status", "with", "value", "returned", "of") {
				return false
			}
			words++
			j = k
		default:
			return false
		}
	}
	return false
}

// httpStatus reports whether a status of 400 to 599 stands at rec[i:],
// a three-digit number by itself, named as one by what precedes it:
// "HTTP/1.1 503", "status 429", "status_code=500", "\"status\": 404",
// "returned 502", "code 401".
func httpStatus(rec []byte, i int) bool {
	if i+3 > len(rec) || !isDigit(rec[i+1]) || !isDigit(rec[i+2]) {
		return false
	}
	// The statuses in use: the registered ones, 499 and 520-529.
	switch n := int(rec[i]-'0')*100 + int(rec[i+1]-'0')*10 + int(rec[i+2]-'0'); {
	case n >= 400 && n <= 451, n == 499, n >= 500 && n <= 511, n >= 520 && n <= 529:
	default:
		return false
	}
	if i > 0 && (isAlnum(rec[i-1]) || rec[i-1] == '.' || rec[i-1] == ',' || rec[i-1] == '-' || rec[i-1] == '/') {
		return false
	}
	if e := i + 3; e < len(rec) && (isAlnum(rec[e]) || rec[e] == '.' && e+1 < len(rec) && isDigit(rec[e+1])) {
		return false
	}
	j := i
	for j > 0 && i-j < maxName && (rec[j-1] == ' ' || rec[j-1] == '"' || rec[j-1] == '\'' || rec[j-1] == ':' || rec[j-1] == '=') {
		j--
	}
	k := j
	for k > 0 && j-k < maxName && (isAlnum(rec[k-1]) || rec[k-1] == '_' || rec[k-1] == '/' || rec[k-1] == '.') {
		k--
	}
	if j-k < 4 || k == j {
		return false
	}
	w := rec[k:j]
	for _, cue := range [...]string{"http", "status", "code", "returned", "responded", "response"} {
		if hasFoldPrefix(w, cue) || len(w) > len(cue) && hasFoldPrefix(w[len(w)-len(cue):], cue) {
			return true
		}
	}
	return false
}

// byTwo holds the keywords by their first two letters.
var byTwo = func() (t [26 * 26][]keyword) {
	for _, k := range keywords {
		i := int(k.word[0]-'a')*26 + int(k.word[1]-'a')
		t[i] = append(t[i], k)
	}
	return t
}()

// exitWord is the keyword of exit statuses, the one a quiet record is
// read for.
var exitWord = keyword{word: "exit", exit: true, not: []string{"exits"}}

var keywords = []keyword{
	// English, and the words programs print in any language.
	{word: "erro", not: []string{"errorless"}}, // error, errors, erro (pt), errore (it)
	{word: "err", whole: true},                 // a level: [ERR], err:
	{word: "fail", not: []string{"failover", "failback", "failsafe"}},
	{word: "fatal"},
	{word: "excep"}, // exception, excepción, exceção
	{word: "denied"},
	{word: "refus"}, // refused, refusing
	{word: "reject"},
	{word: "timeout"},
	{word: "timed out"},
	{word: "panic"},
	{word: "traceback"},
	{word: "abort"},
	{word: "crash"},
	{word: "segfault"},
	{word: "segmentation fault"},
	{word: "unable to"},
	{word: "cannot"},
	{word: "can't"},
	{word: "could not"},
	{word: "couldn't"},
	{word: "unreachable"},
	{word: "unauthori"}, // unauthorized, unauthorised
	{word: "forbidden"},
	{word: "invalid"},
	{word: "violation"},
	{word: "no such"},
	{word: "critical", whole: true},
	{word: "killed", whole: true},
	{word: "out of memory"},
	{word: "exceeded"},
	{word: "unavailable"},
	{word: "expired"},
	{word: "non-zero"},
	{word: "nonzero"},
	exitWord,
	// errno names as Node and Go print them.
	{word: "econn"}, // ECONNREFUSED, ECONNRESET, ECONNABORTED
	{word: "etimedout", whole: true},
	{word: "enoent", whole: true},
	{word: "eacces", whole: true},
	{word: "eperm", whole: true},
	{word: "enotfound", whole: true},
	{word: "epipe", whole: true},
	{word: "eaddrinuse", whole: true},
	{word: "ehostunreach", whole: true},
	{word: "enetunreach", whole: true},
	// Other languages, in ASCII.
	{word: "erreur"},                 // fr
	{word: "echec"},                  // fr, without its accent
	{word: "echou"},                  // fr: échoué without its accent
	{word: "fehl"},                   // de: Fehler, fehlgeschlagen
	{word: "fallo"},                  // es: fallo, falló
	{word: "fallit"},                 // it: fallito
	{word: "falh"},                   // pt: falha, falhou
	{word: "hata"},                   // tr: hata, hatası
	{word: "hiba", whole: true},      // hu
	{word: "virhe", whole: true},     // fi
	{word: "fout", whole: true},      // nl
	{word: "mislukt", whole: true},   // nl
	{word: "feil", whole: true},      // no, da
	{word: "misslyckades"},           // sv
	{word: "nieudane", whole: true},  // pl
	{word: "selhal"},                 // cs
	{word: "gagal", whole: true},     // id, ms
	{word: "kesalahan", whole: true}, // id
	{word: "eroare", whole: true},    // ro
}

// wide holds the failure words written outside ASCII, looked for only in
// records that hold a byte outside it.
var wide = func() [][]byte {
	var out [][]byte
	for _, w := range []string{
		"错误", "失败", "异常", "超时", "拒绝", // zh-Hans
		"錯誤", "失敗", "異常", "逾時", // zh-Hant, ja
		"エラー", "例外", "タイムアウト", // ja
		"오류", "실패", "에러", "예외", // ko
		"шибк", "ШИБК", "е удалось", "сбой", "Сбой", "отказ", // ru: ошибка, не удалось
		"омилк",                              // uk: помилка
		"échec", "Échec", "échoué", "Échoué", // fr
		"falló", "Falló", "falhou", // es, pt
		"błąd", "Błąd", "BŁĄD", // pl
		"chyba:", "selhání", // cs
		"lỗi", "Lỗi", "LỖI", // vi
		"σφάλμα", "Σφάλμα", "αποτυχία", // el
		"שגיאה", "خطأ", "فشل", // he, ar
		"त्रुटि", "विफल", // hi
		"ข้อผิดพลาด", "ล้มเหลว", // th
		"başarısız", "Başarısız", // tr
		"sikertelen", // hu
	} {
		out = append(out, []byte(w))
	}
	return out
}()
