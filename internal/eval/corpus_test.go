package eval

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadErrors(t *testing.T) {
	in := strings.Join([]string{
		`{"text": "Rate limit reached", "expect": "rate_limited", "source": "forum"}`,
		``,
		`{"text": "x", "expect": "rate_limited", "colour": "red"}`,
		`{"text": "x"}`,
		`{"expect": "rate_limited"}`,
		`{"text": "", "expect": "unclassified"}`,
		`{"text": "", "http_status": 529, "expect": "provider_overloaded"}`,
		`{"text": "x", "http_status": 42, "expect": "rate_limited"}`,
		`not json`,
		`{"text": "x", "expect": "a"} {"text": "y", "expect": "b"}`,
		`{"text": 7, "expect": "a"}`,
		`{"text": "x", "expect": "a", "kind": "log"}`,
		`{"text": "x", "expect": "unclassified", "also": ["a"]}`,
		`{"text": "x", "expect": "a", "also": ["a"]}`,
		`{"text": "x", "expect": "unclassified", "also": ["unclassified"]}`,
		`{"text": "x", "expect": "a", "also": ["b"], "kind": "whole_output", "lang": "de"}`,
	}, "\n")
	_, err := Read(strings.NewReader(in), "c.jsonl")
	want := strings.Join([]string{
		`c.jsonl:3: unknown field "colour"`,
		`c.jsonl:4: missing "expect": a code or "unclassified"`,
		`c.jsonl:5: missing "text"`,
		`c.jsonl:6: empty "text" and no http_status or exit_code: nothing to classify`,
		`c.jsonl:8: http_status 42 is not an HTTP status`,
		`c.jsonl:9: invalid character 'o' in literal null (expecting 'u')`,
		`c.jsonl:10: more than one JSON value on the line`,
		`c.jsonl:11: cannot unmarshal number into Go struct field Entry.text of type string`,
		`c.jsonl:12: kind "log" is not one of error, whole_output, ordinary, near_miss`,
		`c.jsonl:14: "also" lists "unclassified" or the expected code itself`,
		`c.jsonl:15: "also" lists "unclassified" or the expected code itself`,
	}, "\n")
	if err == nil {
		t.Fatal("no error")
	}
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func TestReadEntries(t *testing.T) {
	in := `{"text": "Rate limit reached", "expect": "rate_limited", "source": "forum"}
{"text": "", "http_status": 529, "exit_code": 1, "provider": "anthropic", "expect": "provider_overloaded"}
`
	got, err := Read(strings.NewReader(in), "c.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Pos.String() != "c.jsonl:1" || got[1].Pos.String() != "c.jsonl:2" {
		t.Fatalf("entries = %+v", got)
	}
	ev := got[1].Evidence()
	if ev.HTTP == nil || ev.HTTP.Status != 529 || ev.ExitCode == nil || *ev.ExitCode != 1 || ev.Provider != "anthropic" {
		t.Errorf("evidence = %+v", ev)
	}
	if ev := got[0].Evidence(); ev.Text != "Rate limit reached" || ev.HTTP != nil || ev.ExitCode != nil {
		t.Errorf("evidence = %+v", ev)
	}
}

func TestAccepts(t *testing.T) {
	e := Entry{Expect: "quota_limited", Also: []string{"subscription_required"}}
	for got, want := range map[string]bool{"quota_limited": true, "subscription_required": true, "rate_limited": false, Unclassified: false} {
		if e.Accepts(got) != want {
			t.Errorf("Accepts(%q) = %v, want %v", got, !want, want)
		}
	}
	if n := (Entry{Expect: Unclassified}); !n.Accepts(Unclassified) || n.Accepts("rate_limited") {
		t.Errorf("a negative entry accepts only %q", Unclassified)
	}
	either := Entry{Expect: Unclassified, Also: []string{"rate_limited"}}
	for got, want := range map[string]bool{Unclassified: true, "rate_limited": true, "quota_limited": false} {
		if either.Accepts(got) != want {
			t.Errorf("unclassified also rate_limited: Accepts(%q) = %v, want %v", got, !want, want)
		}
	}
}
