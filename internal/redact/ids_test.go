package redact

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFindIDs(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // "kind:text"
	}{
		{"uuid", "request 123e4567-e89b-12d3-a456-426614174000 failed", []string{"hex_id:123e4567-e89b-12d3-a456-426614174000"}},
		{"prefixed hex request id", "x-request-id: req_8f3a2b1c9d4e5f6a7b8c9d0e1f2a3b4c", []string{"hex_id:8f3a2b1c9d4e5f6a7b8c9d0e1f2a3b4c"}},
		{"sha256 digest", "image@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", []string{"hex_id:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}},
		{"git sha", "fatal: bad object 4b825dc642cb6eb9a060e54bf8d69288fbee4904", []string{"hex_id:4b825dc642cb6eb9a060e54bf8d69288fbee4904"}},
		{"base62 request id", `"request_id":"req_011CQJt1mxQyM8sP9ZZKnW3b"`, []string{"base64_id:req_011CQJt1mxQyM8sP9ZZKnW3b"}},
		{"base64 padding kept", "token=dGhpcyBpcyBhIHRlc3Qgb2YgYmFzZTY0IQ==", []string{"base64_id:dGhpcyBpcyBhIHRlc3Qgb2YgYmFzZTY0IQ=="}},
		{"short hex is fine", "commit 4b825dc6 and trace abcdef0123456789", nil},
		{"hex without letters is a number", "nanos 12345678901234567890123456789012345", nil},
		{"hex inside a word is not an id", "x4b825dc642cb6eb9a060e54bf8d69288fbee4904", nil},
		{"camel case name", "Base64EncodedStringValue2 AnthropicOverloadedError529", nil},
		{"model names and dates", "claude-3-5-sonnet-20241022 gpt-4o-2024-08-06 gemini-2.0-flash-exp", nil},
		{"paths split at slashes", "/Users/JohnDoe/Projects/App2/src/main_test.go", nil},
		{"marker is not an id", "[redacted:base64_id] [redacted:hex_id]", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range FindIDs(tt.in) {
				got = append(got, f.Kind+":"+tt.in[f.Start:f.End])
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FindIDs(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestPlaceholder(t *testing.T) {
	tests := []struct {
		kind, value string
		want        bool
	}{
		{KindAPIKey, "sk-proj-XXXXXXXXXXXXXXXXXXXXXXXX", true},
		{KindHexID, "00000000-0000-0000-0000-000000000000", true},
		{KindAWSKey, "AKIAIOSFODNN7EXAMPLE", true},
		{KindAPIKey, "sk-your-api-key-here-1234567890", true},
		{KindBearer, "YOUR_KEY", true},
		{KindAPIKey, "sk-proj-Ab3dE5gH7jK9mN1pQ3sT5vW7yZ9b", false},
		{KindEmail, "jane.doe@example.com", true},
		{KindEmail, "ops@mail.example.org", true},
		{KindEmail, "dev@build.test", true},
		{KindEmail, "jane.doe@gmail.com", false},
		{KindEmail, "x@example.com.evil.io", false},
		{KindHexID, "123e4567-e89b-12d3-a456-426614174000", false},
		{KindBase64ID, "req_011CQJt1mxQyM8sP9ZZKnW3b", false},
		{KindJWT, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl", false},
	}
	for _, tt := range tests {
		if got := Placeholder(tt.kind, tt.value); got != tt.want {
			t.Errorf("Placeholder(%s, %q) = %v, want %v", tt.kind, tt.value, got, tt.want)
		}
	}
}

func TestRedactIDs(t *testing.T) {
	tests := []struct{ in, want string }{
		{"id 123e4567-e89b-12d3-a456-426614174000 and 00000000-0000-0000-0000-000000000000",
			"id [redacted:hex_id] and 00000000-0000-0000-0000-000000000000"},
		{"no ids here", "no ids here"},
		{`{"request_id":"req_011CQJt1mxQyM8sP9ZZKnW3b"}`, `{"request_id":"[redacted:base64_id]"}`},
	}
	for _, tt := range tests {
		got := RedactIDs(tt.in)
		if got != tt.want {
			t.Errorf("RedactIDs(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again := RedactIDs(got); again != got {
			t.Errorf("RedactIDs is not idempotent: %q -> %q", got, again)
		}
	}
}

// TestFindIDsCatchesRandomIDs checks the base64_id heuristic against what
// it is for: generated ids. The generator is seeded, so the count is fixed.
func TestFindIDsCatchesRandomIDs(t *testing.T) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{24, 32, 48} {
		missed := 0
		for range 1000 {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			if len(FindIDs("id="+string(b))) == 0 {
				missed++
			}
		}
		if missed > 50 {
			t.Errorf("length %d: %d of 1000 random base62 ids missed, want at most 50", n, missed)
		}
		t.Logf("length %d: %d of 1000 missed", n, missed)
	}
}
