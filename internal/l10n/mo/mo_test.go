package mo

import (
	"encoding/binary"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// build writes a .mo file as msgfmt lays it out: header, the table of
// originals (sorted), the table of translations, then the strings.
func build(order binary.ByteOrder, msgs map[string]string) []byte {
	ids := make([]string, 0, len(msgs))
	for id := range msgs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	n := uint32(len(ids))
	const header = 28
	origTab := uint32(header)
	transTab := origTab + 8*n
	data := transTab + 8*n
	out := make([]byte, data)
	put := func(off, v uint32) { order.PutUint32(out[off:], v) }
	put(0, magicLE)
	put(4, 0)
	put(8, n)
	put(12, origTab)
	put(16, transTab)
	for i, id := range ids {
		for tab, s := range map[uint32]string{origTab: id, transTab: msgs[id]} {
			put(tab+8*uint32(i), uint32(len(s)))
			put(tab+8*uint32(i)+4, uint32(len(out)))
			out = append(out, s...)
			out = append(out, 0)
		}
	}
	return out
}

const utf8Header = "Project-Id-Version: x\nContent-Type: text/plain; charset=UTF-8\n"

func TestParseBothByteOrders(t *testing.T) {
	msgs := map[string]string{
		"":                        utf8Header,
		"No space left on device": "Auf dem Gerät ist kein Speicherplatz mehr verfügbar",
		"%s: command not found":   "%s: Kommando nicht gefunden.",
		"File exists":             "Die Datei existiert bereits",
	}
	want := map[string]string{
		"No space left on device": "Auf dem Gerät ist kein Speicherplatz mehr verfügbar",
		"%s: command not found":   "%s: Kommando nicht gefunden.",
		"File exists":             "Die Datei existiert bereits",
	}
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		f, err := Parse(build(order, msgs))
		if err != nil {
			t.Fatalf("%v: %v", order, err)
		}
		if diff := cmp.Diff(want, f.Messages); diff != "" {
			t.Errorf("%v: messages (-want +got):\n%s", order, diff)
		}
		if f.Charset != "UTF-8" || f.Header != utf8Header {
			t.Errorf("%v: charset %q, header %q", order, f.Charset, f.Header)
		}
	}
}

func TestParsePluralAndContext(t *testing.T) {
	f, err := Parse(build(binary.LittleEndian, map[string]string{
		"":                          utf8Header,
		"%d file\x00%d files":       "%d Datei\x00%d Dateien",
		"menu\x04Open":              "Öffnen",
		"No such file or directory": "Datei oder Verzeichnis nicht gefunden",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"%d file":                   "%d Datei\x00%d Dateien",
		"menu\x04Open":              "Öffnen",
		"No such file or directory": "Datei oder Verzeichnis nicht gefunden",
	}
	if diff := cmp.Diff(want, f.Messages); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
}

func TestParseLegacyCharsets(t *testing.T) {
	cases := []struct {
		charset, raw, want string
	}{
		{"ISO-8859-1", "Permiss\xe3o negada", "Permissão negada"},
		{"KOI8-R", "\xf7\xd2\xc5\xcd\xd1", "Время"},
		{"EUC-JP", "\xa5\xa8\xa5\xe9\xa1\xbc", "エラー"},
	}
	for _, c := range cases {
		f, err := Parse(build(binary.LittleEndian, map[string]string{
			"":                  "Content-Type: text/plain; charset=" + c.charset + "\n",
			"Permission denied": c.raw,
		}))
		if err != nil {
			t.Errorf("%s: %v", c.charset, err)
			continue
		}
		if got := f.Messages["Permission denied"]; got != c.want {
			t.Errorf("%s: got %q, want %q, the text converted to UTF-8", c.charset, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	good := build(binary.LittleEndian, map[string]string{"": utf8Header, "a": "b"})
	corrupt := func(f func([]byte)) []byte {
		b := append([]byte(nil), good...)
		f(b)
		return b
	}
	cases := map[string]struct {
		data []byte
		want string
	}{
		"short":         {good[:20], "too short"},
		"magic":         {corrupt(func(b []byte) { b[0] = 0 }), "bad magic"},
		"revision":      {corrupt(func(b []byte) { binary.LittleEndian.PutUint32(b[4:], 2<<16) }), "major revision 2"},
		"count":         {corrupt(func(b []byte) { binary.LittleEndian.PutUint32(b[8:], 1<<20) }), "outside the file"},
		"table":         {corrupt(func(b []byte) { binary.LittleEndian.PutUint32(b[16:], uint32(len(b))) }), "outside the file"},
		"string offset": {corrupt(func(b []byte) { binary.LittleEndian.PutUint32(b[28+8+4:], uint32(len(b))) }), "string 1 lies outside"},
		"string length": {corrupt(func(b []byte) { binary.LittleEndian.PutUint32(b[28+8:], 1<<30) }), "string 1 lies outside"},
		"charset": {build(binary.LittleEndian, map[string]string{
			"": "Content-Type: text/plain; charset=X-NO-SUCH-CHARSET\n", "a": "b",
		}), `unsupported charset "X-NO-SUCH-CHARSET"`},
	}
	for name, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got error %v, want one saying %q", name, err, c.want)
		}
	}
}

func TestParseInvalidUTF8(t *testing.T) {
	f, err := Parse(build(binary.LittleEndian, map[string]string{"": utf8Header, "a": "b\xffc"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Messages["a"]; got != "b\uFFFDc" {
		t.Errorf("got %q, want the invalid byte replaced", got)
	}
}
