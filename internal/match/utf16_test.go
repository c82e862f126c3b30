package match_test

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/match"
)

// utf16Text is s as Windows PowerShell 5 writes it to a file: UTF-16
// with a byte order mark.
func utf16Text(s string, bigEndian bool) string {
	b := []byte{0xff, 0xfe}
	if bigEndian {
		b = []byte{0xfe, 0xff}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return string(b)
}

// TestUTF16Input: UTF-16 text with a byte order mark gets the answers its
// UTF-8 form gets, on every path; read as bytes it matched nothing.
func TestUTF16Input(t *testing.T) {
	e := testEngine(t)
	const log = "starting job 42\r\nRate limit exceeded. try again in 3s\r\n{\r\n  \"error\": {\"type\": \"overloaded_error\"}\r\n}\r\nok ✓ 😀\r\n"
	want := bulk(t, e, log, 1)
	wantWhole := e.Classify(match.Evidence{Text: log}, match.Options{Now: now})
	if len(want) != 2 || wantWhole.Rule == "" {
		t.Fatalf("the UTF-8 log gives %d lines and %q: the test proves nothing", len(want), wantWhole.Rule)
	}
	for _, be := range []bool{false, true} {
		in := utf16Text(log, be)
		for _, w := range []int{1, 2} {
			if diff := cmp.Diff(want, bulk(t, e, in, w)); diff != "" {
				t.Errorf("big endian %v, %d workers: Lines (-utf-8 +utf-16):\n%s", be, w, diff)
			}
		}
		if diff := cmp.Diff(wantWhole, e.Classify(match.Evidence{Text: in}, match.Options{Now: now})); diff != "" {
			t.Errorf("big endian %v: Classify (-utf-8 +utf-16):\n%s", be, diff)
		}
		s := e.Begin(match.Evidence{}, match.Options{Now: now})
		n, err := s.Feed(strings.NewReader(in), 0)
		if err != nil || n != 6 {
			t.Fatalf("Feed: %d lines, %v", n, err)
		}
		if diff := cmp.Diff(wantWhole, s.Finish()); diff != "" {
			t.Errorf("big endian %v: Feed (-utf-8 +utf-16):\n%s", be, diff)
		}
	}
	// A body, as a caller that read one from a file would pass it.
	body := utf16Text(`{"error": {"type": "overloaded_error"}}`, false)
	c := e.Classify(match.Evidence{HTTP: &match.HTTP{Status: 529, Body: body}}, match.Options{Now: now})
	if c.Rule != "json.overloaded" {
		t.Errorf("UTF-16 body: rule %q, want json.overloaded", c.Rule)
	}
}
