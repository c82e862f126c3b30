package mine

import "bytes"

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
// reads the record once, byte by byte, and allocates nothing.
func Looks(rec []byte) bool {
	ascii := true
	prev := byte(' ') // the byte before i, for word starts
	for i := 0; i < len(rec); i++ {
		c := rec[i]
		p := prev
		prev = c
		if c >= 0x80 {
			ascii = false
			continue
		}
		switch {
		case c >= '0' && c <= '9':
			if c == '4' || c == '5' {
				if httpStatus(rec, i) {
					return true
				}
			}
			continue
		case c|0x20 < 'a' || c|0x20 > 'z':
			continue
		}
		// A letter: a word starts here after a non-letter, or at an upper
		// case letter after a lower case one.
		if isLetter(p) && !(c <= 'Z' && p >= 'a' && p <= 'z') {
			continue
		}
		for _, k := range byFirst[c|0x20-'a'] {
			if hasFoldPrefix(rec[i:], k.word) && k.holds(rec, i) {
				return true
			}
		}
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

// setting reports whether the word ending at end is the name of a
// number: errors=0, timeout: 30s, error_count=2.
func setting(rec []byte, end int) bool {
	j := end
	for j < len(rec) && (isAlnum(rec[j]) || rec[j] == '_' || rec[j] == '-' || rec[j] == '.') {
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
	for j > 0 && rec[j-1] == ' ' {
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
	for j > 0 && (rec[j-1] == ' ' || rec[j-1] == '"' || rec[j-1] == '\'' || rec[j-1] == ':' || rec[j-1] == '=') {
		j--
	}
	k := j
	for k > 0 && (isAlnum(rec[k-1]) || rec[k-1] == '_' || rec[k-1] == '/' || rec[k-1] == '.') {
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

// byFirst holds the keywords by their first letter.
var byFirst = func() (t [26][]keyword) {
	for _, k := range keywords {
		t[k.word[0]-'a'] = append(t[k.word[0]-'a'], k)
	}
	return t
}()

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
	{word: "exit", exit: true, not: []string{"exits"}},
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
		"омилк", "милка", // uk: помилка
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
		"hivatkozás sikertelen", "sikertelen", // hu
	} {
		out = append(out, []byte(w))
	}
	return out
}()
