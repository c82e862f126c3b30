package mine

import (
	"strings"
	"testing"
)

func masks(rec string) string {
	var t tokens
	t.cut([]byte(rec))
	parts := make([]string, t.n())
	for i := range parts {
		parts[i] = string(t.tok(i))
	}
	return strings.Join(parts, " ")
}

func TestMask(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"job 42 failed after 1.5s", "job <NUM> failed after <DURATION>"},
		{"2026-01-02T03:04:05.678Z ERROR [worker-3] boom", "<TIME> ERROR [worker-<NUM>] boom"},
		{"at 03:04:05,678 took 250ms and 2m30s", "at <TIME> took <DURATION> and <DURATION>"},
		{"request 3f2b8c1e-9a4d-4e2b-8c1f-0a1b2c3d4e5f not found", "request <UUID> not found"},
		{"dial 10.0.0.3:5432 and [::1]:80 and fe80::1", "dial <IP> and <IP> and <IP>"},
		{"GET https://api.example.com/v1/x?y=1 from ops@example.com", "GET <URL> from <EMAIL>"},
		{"open /var/lib/app/state.db: denied", "open <PATH>: denied"},
		{"at src/main.go:12:5 and ./run.sh and C:\\tmp\\x", "at <PATH> and <PATH> and <PATH>"},
		{"HTTP/1.1 read/write", "HTTP/1.1 read/write"},
		{"host db-3.svc.cluster.local:5432 and localhost:8080 and os.path", "host <HOST> and <HOST> and os.path"},
		{"digest sha256:9f86d081884c7d65 and 0xdeadbeef", "digest sha256:<HEX> and <NUM>"},
		{"tenant=acme id=17 user=\"bob\"", "tenant=acme id=<NUM> user=\"bob\""},
		{`{"ts":"2026-01-02","level":"error","code":500,"msg":"lease lost"}`, `{"ts":"<TIME>", "level":"error", "code":<NUM>, "msg":"lease lost"}`},
		{"prog[1234]: E0425 in v1.2.3, 12MB (80%)", "prog[<NUM>]: <ID> in v1.<NUM>.<NUM>, <NUM> (<NUM>%)"},
		{"No module named 'requests'", "No module named <QUOTED>"},
		{`cannot open "my file.txt": denied, step 'x y'.`, "cannot open <QUOTED>: denied, step <QUOTED>."},
		{`it's "unclosed`, `it's "unclosed`},
		{`"GET /v1/x HTTP/1.1" 503`, "<QUOTED> <NUM>"},
		{"", ""},
	} {
		if got := masks(c.in); got != c.want {
			t.Errorf("masks(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestMaskCapsTokens(t *testing.T) {
	var tk tokens
	tk.cut([]byte(strings.Repeat("word ", 500)))
	if tk.n() != MaxTokens || string(tk.tok(MaxTokens-1)) != maskRest {
		t.Errorf("%d tokens, last %q; want %d, the last %q", tk.n(), tk.tok(tk.n()-1), MaxTokens, maskRest)
	}
}
