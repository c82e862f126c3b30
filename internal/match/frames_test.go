package match_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

// streamEngine has json rules only, so that what a test body answers says
// what the json matcher read in it.
func streamEngine(t testing.TB) *match.Engine {
	t.Helper()
	fsys := fstest.MapFS{
		"catalogue.yaml": {Data: []byte(`name: streams
version: 0.0.1
classes:
  transient: {description: d, exit_code: 75}
  hard: {description: d, exit_code: 78}
codes:
  overloaded: {class: transient, description: d}
  rate_limited: {class: transient, description: d}
  server_error: {class: transient, description: d}
  quota_limited: {class: hard, description: d, unblock: d}
`)},
		"rules/r.yaml": {Data: []byte(`rules:
  - id: s.overloaded
    code: overloaded
    confidence: high
    priority: 10
    match: {json: {error.type: overloaded_error}}
  - id: s.event_rate
    code: rate_limited
    confidence: high
    priority: 10
    match: {json: {type: error, code: rate_limit_exceeded}}
    extract:
      retry_after:
        - {json: retry_after_s}
  - id: s.event_server
    code: server_error
    confidence: high
    priority: 10
    match: {json: {type: error, code: server_error}}
  - id: s.exhausted
    code: rate_limited
    confidence: high
    priority: 10
    match: {json: {error.status: RESOURCE_EXHAUSTED}}
  - id: s.raw_overloaded
    code: overloaded
    confidence: high
    priority: 20
    match: {json: {error.metadata.raw.error.type: overloaded_error}}
  - id: s.raw_text
    code: rate_limited
    confidence: high
    priority: 20
    match: {json: {error.metadata.raw: {regex: 'rate-limited upstream'}}}
  - id: s.inner_quota
    code: quota_limited
    confidence: high
    priority: 20
    match: {json: {error.message.error.code: "1113"}}
  - id: s.envelope
    code: rate_limited
    confidence: high
    priority: 20
    match: {json: {is_error: true, result.error.type: rate_limit_error}}
`)},
	}
	cat, err := compile.Load(fsys, "")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestStreamBodies(t *testing.T) {
	e := streamEngine(t)
	body := func(b string) match.Evidence { return match.Evidence{HTTP: &match.HTTP{Status: 200, Body: b}} }
	tests := []struct {
		name string
		ev   match.Evidence
		want got
	}{
		{
			name: "an SSE error event after a 200",
			ev: body("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_0\"}}\n\n" +
				"event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"),
			want: got{State: "classified", Code: "overloaded", Rule: "s.overloaded", Candidates: 1},
		},
		{
			name: "a CRLF SSE stream",
			ev:   body("event: error\r\ndata: {\"type\":\"error\",\"code\":\"server_error\",\"message\":\"x\"}\r\n\r\n"),
			want: got{State: "classified", Code: "server_error", Rule: "s.event_server", Candidates: 1},
		},
		{
			name: "a json matcher's fields hold in one frame, not across two",
			ev: body("data: {\"type\":\"error\",\"code\":\"server_error\"}\n" +
				"data: {\"type\":\"response.output_text.delta\",\"code\":\"rate_limit_exceeded\"}\n"),
			want: got{State: "classified", Code: "server_error", Rule: "s.event_server", Candidates: 1},
		},
		{
			name: "JSON Lines: the second object is the error",
			ev:   body("{\"type\":\"thread.started\"}\n{\"type\":\"error\",\"code\":\"rate_limit_exceeded\",\"retry_after_s\":3}\n"),
			want: got{State: "classified", Code: "rate_limited", Rule: "s.event_rate", Candidates: 1, RetryAfter: 3, ResetAt: "2026-01-01T00:00:03Z"},
		},
		{
			name: "a hint is read from the frame that has it",
			ev:   body("data: {\"type\":\"ping\",\"retry_after_s\":\"soon\"}\ndata: {\"type\":\"error\",\"code\":\"rate_limit_exceeded\",\"retry_after_s\":7}\n"),
			want: got{State: "classified", Code: "rate_limited", Rule: "s.event_rate", Candidates: 1, RetryAfter: 7, ResetAt: "2026-01-01T00:00:07Z"},
		},
		{
			name: "a JSON array stream whose last element is the error",
			ev:   body("[{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hel\"}]}}]}\n,\n{\"error\":{\"code\":429,\"status\":\"RESOURCE_EXHAUSTED\"}}\n]"),
			want: got{State: "classified", Code: "rate_limited", Rule: "s.exhausted", Candidates: 1},
		},
		{
			name: "a JSON array stream cut off after the error",
			ev:   body("[{\n  \"candidates\": []\n}\n,\r\n{\n  \"error\": {\n    \"code\": 429,\n    \"status\": \"RESOURCE_EXHAUSTED\"\n  }\n}\n"),
			want: got{State: "classified", Code: "rate_limited", Rule: "s.exhausted", Candidates: 1},
		},
		{
			name: "an event-stream frame as a log prints it",
			ev:   body(":event-type: chunk\n:exception-type: throttlingException\n:message-type: exception\n{\"type\":\"error\",\"code\":\"rate_limit_exceeded\"}\n"),
			want: got{State: "classified", Code: "rate_limited", Rule: "s.event_rate", Candidates: 1},
		},
		{
			name: "a stream without an error event",
			ev:   body("event: message_start\ndata: {\"type\":\"message_start\"}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"),
			want: got{State: "unclassified", Reason: "no_match"},
		},
		{
			name: "a body that is not JSON",
			ev:   body("upstream connect error or disconnect/reset before headers\nreset reason: overflow\n"),
			want: got{State: "unclassified", Reason: "no_match"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := e.Classify(tt.ev, match.Options{Now: now})
			if diff := cmp.Diff(tt.want, view(c)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestStreamBodyExcerpt checks that the excerpt of a json match in a long
// stream shows the frame that matched, not the start of the body.
func TestStreamBodyExcerpt(t *testing.T) {
	e := streamEngine(t)
	var b strings.Builder
	for i := 0; i < 40; i++ {
		b.WriteString("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"delta\":{\"text\":\"lorem ipsum\"}}\n\n")
	}
	b.WriteString("event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n")
	c := e.Classify(match.Evidence{HTTP: &match.HTTP{Status: 200, Body: b.String()}}, match.Options{Now: now})
	if c.Rule != "s.overloaded" || !strings.Contains(c.SafeExcerpt, "overloaded_error") {
		t.Errorf("rule %q, excerpt %q; want s.overloaded and the error frame", c.Rule, c.SafeExcerpt)
	}
}

func TestNestedJSONStrings(t *testing.T) {
	e := streamEngine(t)
	tests := []struct {
		name string
		ev   match.Evidence
		want got
	}{
		{
			name: "a body relayed as a JSON string",
			ev:   match.Evidence{Text: `{"error":{"message":"Provider returned error","code":502,"metadata":{"raw":"{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}","provider_name":"Anthropic"}}}`},
			want: got{State: "classified", Code: "overloaded", Rule: "s.raw_overloaded", Candidates: 1},
		},
		{
			name: "the same in an HTTP body",
			ev: match.Evidence{HTTP: &match.HTTP{Status: 502,
				Body: `{"error":{"message":"Provider returned error","code":502,"metadata":{"raw":"{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"}}}`}},
			want: got{State: "classified", Code: "overloaded", Rule: "s.raw_overloaded", Candidates: 1},
		},
		{
			name: "a string that is not JSON is still compared as a string",
			ev:   match.Evidence{Text: `{"error":{"message":"Provider returned error","code":429,"metadata":{"raw":"x is temporarily rate-limited upstream"}}}`},
			want: got{State: "classified", Code: "rate_limited", Rule: "s.raw_text", Candidates: 1},
		},
		{
			name: "a string read through for one rule is compared whole by another",
			ev:   match.Evidence{Text: `{"error":{"metadata":{"raw":"{\"error\":{\"type\":\"rate_limit_error\",\"message\":\"rate-limited upstream\"}}"}}}`},
			want: got{State: "classified", Code: "rate_limited", Rule: "s.raw_text", Candidates: 1},
		},
		{
			name: "JSON after a gateway's own words",
			ev:   match.Evidence{Text: `{"error":{"message":"litellm.APIError: ZhipuException - {\"error\":{\"code\":\"1113\",\"message\":\"余额不足或无可用资源包,请充值。\"}}","type":null,"param":null,"code":"500"}}`},
			want: got{State: "classified", Code: "quota_limited", Rule: "s.inner_quota", Candidates: 1},
		},
		{
			name: "an agent CLI's result envelope",
			ev:   match.Evidence{Text: `{"type":"result","subtype":"success","is_error":true,"result":"API Error: 429 {\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"This request would exceed the rate limit for your organization\"}}"}`},
			want: got{State: "classified", Code: "rate_limited", Rule: "s.envelope", Candidates: 1},
		},
		{
			name: "the same envelope without is_error",
			ev:   match.Evidence{Text: `{"type":"result","is_error":false,"result":"API Error: 429 {\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\"}}"}`},
			want: got{State: "unclassified", Reason: "no_match"},
		},
		{
			name: "a string holding JSON twice over",
			ev:   match.Evidence{Text: `{"error":{"metadata":{"raw":"{\"error\":{\"metadata\":{\"raw\":\"{\\\"error\\\":{\\\"type\\\":\\\"overloaded_error\\\"}}\"}}}"}}}`},
			want: got{State: "unclassified", Reason: "no_match"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := e.Classify(tt.ev, match.Options{Now: now})
			if diff := cmp.Diff(tt.want, view(c)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
