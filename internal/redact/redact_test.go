package redact

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// Secrets in these tests are assembled at run time, so that the source
// itself does not look like it leaks credentials to secret scanners.

// alnum returns a deterministic n-character string that mixes digits and
// both cases, like a generated key.
func alnum(seed, n int) string {
	const abc = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	x := uint32(seed)*2654435761 + 1
	var b strings.Builder
	for i := 0; i < n; i++ {
		x = x*1664525 + 1013904223
		b.WriteByte(abc[(x>>24)%uint32(len(abc))])
	}
	return b.String()
}

func b64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

var (
	openAIKey    = "sk-" + alnum(1, 48)
	projKey      = "sk-" + "proj-" + alnum(2, 40) + "_" + alnum(3, 30) + "-" + alnum(4, 20)
	anthropicKey = "sk-" + "ant-api03-" + alnum(5, 80) + "-" + alnum(6, 12) + "AA"
	googleKey    = "AI" + "za" + alnum(7, 35)
	ghpToken     = "gh" + "p_" + alnum(8, 36)
	ghsToken     = "gh" + "s_" + alnum(9, 36)
	ghPAT        = "github" + "_pat_" + alnum(10, 22) + "_" + alnum(11, 59)
	awsID        = "AK" + "IA" + "IOSFODNN7EXAMPLE"
	awsTempID    = "AS" + "IA" + "Q3EGWRMUJTXVF6KB"
	awsSecret    = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
	jwtToken     = "ey" + b64(`{"alg":"HS256","typ":"JWT"}`)[2:] + "." + b64(`{"sub":"1234567890","name":"x"}`) + "." + alnum(12, 43)
	bearerTok    = alnum(13, 32)
	hexKey       = "3f9a0c" + "e1b27d4485f6a9c0d1e2f3a4b5c6d7e8"
)

// found renders findings as "kind=text" for readable diffs.
func found(s string) []string {
	var out []string
	for _, f := range Find(s) {
		out = append(out, f.Kind+"="+s[f.Start:f.End])
	}
	return out
}

func TestFind(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		// api_key
		{"openai", "error: Incorrect API key provided: " + openAIKey + ".", []string{"api_key=" + openAIKey}},
		{"openai project", "OPENAI_API_KEY=" + projKey, []string{"api_key=" + projKey}},
		{"anthropic", `{"x-api-key":"` + anthropicKey + `"}`, []string{"api_key=" + anthropicKey}},
		{"google", "https://maps.example.com/api?key=" + googleKey, []string{"api_key=" + googleKey}},
		{"stripe", "using sk_" + "live_" + alnum(14, 24), []string{"api_key=sk_live_" + alnum(14, 24)}},
		{"generic api_key", `api_key="` + hexKey + `"`, []string{"api_key=" + hexKey}},
		{"generic header", "X-Api-Key: " + hexKey + " rejected", []string{"api_key=" + hexKey}},
		{"generic json", `{"client_secret": "` + hexKey + `"}`, []string{"api_key=" + hexKey}},
		{"sk-learn", "ModuleNotFoundError: No module named 'sk-learn'; pip install scikit-learn", nil},
		{"sk- words", "see sk-learn-contrib-extensions-and-more for details", nil},
		{"task-", "task-" + alnum(15, 30) + " failed", nil},
		{"sk short", "sk-" + alnum(16, 12), nil},
		{"api_key missing", "error: api_key: missing", nil},
		{"api key prose", "the api key provided is not valid for this project", nil},

		// bearer
		{"bearer header", "Authorization: Bearer " + bearerTok, []string{"bearer=" + bearerTok}},
		{"basic header", "authorization: Basic dXNlcjpwYXNzd29yZA==", []string{"bearer=dXNlcjpwYXNzd29yZA=="}},
		{"bearer curl", "curl -H 'Bearer " + bearerTok + "' https://x", []string{"bearer=" + bearerTok}},
		{"bearer prose", "401: Bearer token required", nil},
		{"bearer realm", `WWW-Authenticate: Bearer realm="api", error="invalid_token"`, nil},
		{"authorization prose", "authorization failed for user", nil},

		// jwt
		{"jwt", "token " + jwtToken + " expired", []string{"jwt=" + jwtToken}},
		{"jwt after bearer", "Authorization: Bearer " + jwtToken, []string{"jwt=" + jwtToken}},
		{"jwt header only", "eyJhbGciOiJIUzI1NiJ9 is not a token", nil},
		{"jwt inside word", "x" + jwtToken, nil},

		// aws_key
		{"aws id", "AccessKeyId=" + awsID + ";", []string{"aws_key=" + awsID}},
		{"aws temp id", `"AccessKeyId": "` + awsTempID + `"`, []string{"aws_key=" + awsTempID}},
		{"aws secret", "aws_secret_access_key = " + awsSecret, []string{"aws_key=" + awsSecret}},
		{"aws secret json", `"SecretAccessKey": "` + awsSecret + `"`, []string{"aws_key=" + awsSecret}},
		{"aws id too long", awsID + "X", nil},
		{"aws id short", "AKIA1234", nil},
		{"aws lower", strings.ToLower(awsID), nil},

		// github_token
		{"ghp", "remote: " + ghpToken, []string{"github_token=" + ghpToken}},
		{"ghs", "GITHUB_TOKEN=" + ghsToken, []string{"github_token=" + ghsToken}},
		{"github pat", "token " + ghPAT, []string{"github_token=" + ghPAT}},
		{"ghp short", "ghp_abc123", nil},

		// email
		{"email", "contact bob.smith+ci@example.co.uk for access", []string{"email=bob.smith+ci@example.co.uk"}},
		{"mailto", "mailto:alice@example.org", []string{"email=alice@example.org"}},
		{"git remote", "git@github.com: Permission denied (publickey).", nil},
		{"npm version", "lodash@4.17.21 and react@latest", nil},
		{"go module", "golang.org/x/tools@v0.1.0", nil},
		{"scoped package", "cannot find @types/node", nil},
		{"image digest", "alpine@sha256:abcdef0123", nil},
		{"ssh url user", "ssh://deploy@host.example.com/repo", nil},

		// url_secret
		{"query api_key", "GET /v1?api_key=XYZ&x=1", []string{"url_secret=XYZ"}},
		{"amz signature", "https://b.s3.example.com/o?X-Amz-Credential=AKID%2F2024&X-Amz-Signature=deadbeef00", []string{"url_secret=AKID%2F2024", "url_secret=deadbeef00"}},
		{"sas sig", "https://acct.blob.example.net/c?sv=2021&sig=abc%3D", []string{"url_secret=abc%3D"}},
		{"oauth code", "/callback?code=4%2F0Adeu5B&state=xyz", []string{"url_secret=4%2F0Adeu5B"}},
		{"access_token", "#?access_token=ya29.a0Af&token_type=bearer", []string{"url_secret=ya29.a0Af"}},
		{"camel apiKey", "?apiKey=abc", []string{"url_secret=abc"}},
		{"html escaped", "?a=1&amp;token=abc", []string{"url_secret=abc"}},
		{"ordinary query", "GET /search?q=sk&page=2&sort=asc&error_code=42", nil},
		{"token_type", "?token_type=bearer", nil},

		// password
		{"url password", "dial postgres://admin:hunter2@db.internal:5432/app failed", []string{"password=hunter2"}},
		{"url password empty user", "redis://:s3cr3t@cache:6379", []string{"password=s3cr3t"}},
		{"url password with at", "https://u:p@ss@host/x", []string{"password=p@ss"}},
		{"url port", "https://example.com:8080/path?q=1", nil},
		{"password kv", "login failed: password=hunter2 user=bob", []string{"password=hunter2"}},
		{"password json", `{"user":"bob","password": "correct horse"}`, []string{"password=correct horse"}},
		{"password env", "DB_PASSWORD='p4ss'", []string{"password=p4ss"}},
		{"password prose", `FATAL: password authentication failed for user "x"`, nil},
		{"passwords plural", "passwords: 3 rotated", nil},
		{"mysql password sent", "Access denied for user 'app'@'localhost' (using password: YES)", nil},
		{"mysql no password sent", "Access denied for user 'app'@'localhost' (using password: NO)", nil},
		{"password yes quoted", `"password": "yes"`, []string{"password=yes"}},
		{"password beginning with yes", "password=yesterday", []string{"password=yesterday"}},
		{"pwd", "PWD=/home/user", nil},

		// overlaps and markers
		{"key in query", "?key=" + openAIKey + "&x=1", []string{"api_key=" + openAIKey}},
		{"marker", "password=[redacted:password] token [redacted:jwt]", nil},
		{"touching marker", "password=[redacted:jwt]rest", nil},
		{"after marker", "[redacted:jwt] " + ghpToken, []string{"github_token=" + ghpToken}},
		{"not a marker", "[redacted:] " + ghpToken, []string{"github_token=" + ghpToken}},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, found(tt.in)); diff != "" {
				t.Errorf("Find(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestFindSortedDisjoint(t *testing.T) {
	in := strings.Repeat("u="+openAIKey+" mail bob@example.com "+jwtToken+"?token=x&sig=y ", 50)
	fs := Find(in)
	if len(fs) != 250 {
		t.Fatalf("got %d findings, want 250", len(fs))
	}
	for i := 1; i < len(fs); i++ {
		if fs[i].Start < fs[i-1].End {
			t.Fatalf("findings %d and %d overlap: %v %v", i-1, i, fs[i-1], fs[i])
		}
	}
}

func TestFindLongToken(t *testing.T) {
	// A token longer than scanLimit is redacted to its end.
	long := "sk-" + strings.Repeat(alnum(20, 50), 200)
	in := "key " + long + " end"
	if diff := cmp.Diff([]string{"api_key=" + long}, found(in)); diff != "" {
		t.Error(diff)
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "hello, world\n\tok", "hello, world\n\tok"},
		{"url secret", "GET /v1?api_key=XYZ&x=1 failed", "GET /v1?api_key=[redacted:url_secret]&x=1 failed"},
		{"several", "user bob@example.com key " + openAIKey + "\n", "user [redacted:email] key [redacted:api_key]\n"},
		{"url password", "postgres://admin:hunter2@db/app", "postgres://admin:[redacted:password]@db/app"},
		{"csi colour", "\x1b[31merror\x1b[0m: \x1b[1;4mbad\x1b[m", "error: bad"},
		{"csi private", "\x1b[?25lhidden cursor\x1b[?25h", "hidden cursor"},
		{"csi clear", "a\x1b[2Jb\x1b[Hc", "abc"},
		{"osc bel", "\x1b]0;window title\x07text", "text"},
		{"osc st", "\x1b]8;;https://x/?token=abc\x1b\\link\x1b]8;;\x1b\\ done", "link done"},
		{"osc unterminated", "\x1b]0;title\nnext line", "title\nnext line"},
		{"osc unterminated at end", "\x1b]8;;rate limit exceeded", "rate limit exceeded"},
		{"osc title with a quote", "\x1b]0;\u201cx\u201d\x07text", "text"},
		{"dcs", "\x1bPq#0;2;0;0;0\x1b\\after", "after"},
		{"charset", "\x1b(Bplain\x1b7\x1b8", "plain"},
		{"lone esc", "a\x1bb", "a"},
		{"trailing esc", "abc\x1b", "abc"},
		{"unterminated csi", "a\x1b[12;", "a"},
		{"cr", "progress 10%\rprogress 100%\r\n", "progress 10%progress 100%\n"},
		{"nul", "a\x00b\x00\x00c", "abc"},
		{"c0 and del", "a\x01\x07\x08\x0b\x0c\x7fb", "ab"},
		{"c1", "a\u0085b\u0091c", "abc"},
		{"8-bit csi", "a\u009b31mred\u009b0m", "ared"},
		{"8-bit csi byte", "a\x9b31mred\x9b0m", "ared"},
		{"8-bit osc", "\u009d0;title\u009ctext \x9d0;t\x9cmore \x9d2;t\x07end", "text more end"},
		{"stray c1 byte", "a\x85b", "a\uFFFDb"},
		{"zero width", "quo\u200bta\u200c\u200d\u2060x", "quotax"},
		{"bidi marks", "a\u200eb\u200fc\u061cd", "abcd"},
		{"bom and soft hyphen", "\ufeffex\u00adceeded", "exceeded"},
		{"tag characters", "ok\U000E0001\U000E0041\U000E0042\U000E007F", "ok"},
		{"line separators", "a\u2028b\u2029c", "a\nb\nc"},
		{"no-break space kept", "a\u00a0b\u202fc", "a\u00a0b\u202fc"},
		{"bidi", "a\u202eb\u2066c\u2069", "abc"},
		{"invalid utf8", "a\xffb\xc3", "a\uFFFDb\uFFFD"},
		{"truncated rune", "\xe2\x82", "\uFFFD\uFFFD"},
		{"valid unicode", "héllo ✓ 日本", "héllo ✓ 日本"},
		{"secret split by colour", "key sk-" + alnum(1, 20) + "\x1b[0m" + alnum(1, 48)[20:], "key [redacted:api_key]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Text(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Text(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if again := Text(got); again != got {
				t.Errorf("Text not idempotent: %q -> %q", got, again)
			}
		})
	}
}

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("lorem ipsum dolor ", 40) + "MATCH" + strings.Repeat(" sit amet consectetur", 40)
	m := strings.Index(long, "MATCH")
	tests := []struct {
		name            string
		s               string
		start, end, max int
		want            string
	}{
		{"short", "connection refused", 11, 18, 240, "connection refused"},
		{"newlines", "line one\n\nline two\nthree", 0, 4, 0, "line one line two three"},
		{"tab kept", "a\tb", 0, 1, 10, "a\tb"},
		{"redacted", "failed with key " + openAIKey + " at boot", 0, 6, 0, "failed with key [redacted:api_key] at boot"},
		{"centred", long, m, m + 5, 41, "…em ipsum dolor MATCH sit amet conse…"},
		{"at start", "MATCH" + long, 0, 5, 20, "MATCHlorem ipsum …"},
		{"at end", long[:m+5], m, m + 5, 20, "…ipsum dolor MATCH"},
		{"negative span", "abc def", -5, -1, 10, "abc def"},
		{"inverted span", "abc def", 5, 2, 10, "abc def"},
		{"beyond end", "abc def", 50, 90, 10, "abc def"},
		{"empty", "", 0, 0, 10, ""},
		{"only controls", "\x1b[0m\x00", 0, 4, 10, ""},
		{"invisible", "a\u200bb\u2028c\U000E0041\u202e", 0, 1, 0, "ab c"},
		{"tiny max", long, m, m + 5, 4, "MATC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Excerpt(tt.s, tt.start, tt.end, tt.max)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Excerpt(%d, %d, %d) mismatch (-want +got):\n%s", tt.start, tt.end, tt.max, diff)
			}
			max := tt.max
			if max <= 0 {
				max = 240
			}
			if len(got) > max {
				t.Errorf("len %d > max %d", len(got), max)
			}
		})
	}
}

func TestExcerptDefaultMax(t *testing.T) {
	s := strings.Repeat("word ", 1000)
	got := Excerpt(s, 2500, 2504, 0)
	if len(got) > 240 || len(got) < 230 {
		t.Errorf("len %d, want close to 240", len(got))
	}
}

// TestExcerptStraddle places a secret at every offset relative to the
// excerpt window and checks that no 6-byte piece of it is ever shown.
func TestExcerptStraddle(t *testing.T) {
	secrets := map[string]string{
		"openai":   openAIKey,
		"github":   ghpToken,
		"jwt":      jwtToken,
		"google":   googleKey,
		"bearer":   "Authorization: Bearer " + bearerTok,
		"password": "password = " + alnum(30, 40),
		"url":      "https://h/x?access_token=" + alnum(31, 60) + "&y=1",
		"userinfo": "https://u:" + alnum(32, 30) + "@h/",
		"aws":      "aws_secret_access_key: " + awsSecret,
		"huge":     "sk-" + strings.Repeat(alnum(33, 61), 150),
	}
	fillers := map[string]string{
		"words":  "lorem ipsum dolor sit amet ",
		"dense":  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"colour": "\x1b[31mlorem\x1b[0m ipsum\n",
		"json":   `{"a":"b","c":"d"},`,
	}
	for sname, secret := range secrets {
		// The parts of the secret that must not show: the value after
		// any keyword.
		value := secret
		if i := strings.LastIndexAny(secret, " :=?@"); i >= 0 && sname != "userinfo" && sname != "url" {
			value = secret[i+1:]
		}
		switch sname {
		case "url":
			value = alnum(31, 60)
		case "userinfo":
			value = alnum(32, 30)
		}
		for fname, filler := range fillers {
			before := strings.Repeat(filler, 2000/len(filler)+1)
			after := strings.Repeat(filler, 2000/len(filler)+1)
			for _, sep := range []string{" ", "", "\n"} {
				s := before + sep + secret + sep + after
				at := len(before) + len(sep)
				for _, max := range []int{16, 40, 80, 240} {
					for off := -300; off <= len(secret)+300; off += 7 {
						p := at + off
						got := Excerpt(s, p, p+3, max)
						if len(got) > max {
							t.Fatalf("%s/%s: len %d > %d", sname, fname, len(got), max)
						}
						if leak := leaked(got, value, 6); leak != "" {
							t.Fatalf("%s/%s/sep %q/max %d/off %d: excerpt %q shows %q of the secret", sname, fname, sep, max, off, got, leak)
						}
					}
				}
			}
		}
	}
}

// leaked returns a substring of secret of length n that appears in got.
func leaked(got, secret string, n int) string {
	for i := 0; i+n <= len(secret); i++ {
		if strings.Contains(got, secret[i:i+n]) {
			return secret[i : i+n]
		}
	}
	return ""
}

func TestExcerptMaxRespected(t *testing.T) {
	s := strings.Repeat("héllo wörld 日本語 \x1b[1m"+openAIKey+"\x1b[0m bob@example.com\n", 50)
	for max := 1; max < 300; max += 3 {
		for p := 0; p < len(s); p += 97 {
			got := Excerpt(s, p, p+10, max)
			if len(got) > max {
				t.Fatalf("max %d at %d: len %d", max, p, len(got))
			}
			if !utf8.ValidString(got) {
				t.Fatalf("max %d at %d: invalid UTF-8 %q", max, p, got)
			}
			if strings.Contains(got, "[redac") && !strings.Contains(got, "]") {
				t.Fatalf("max %d at %d: cut marker %q", max, p, got)
			}
		}
	}
}

// BenchmarkFindAdversarial runs Find on inputs dense with rule anchors at
// two sizes: MB/s that holds steady from 1 MiB to 4 MiB shows Find stays
// linear. (Speed is measured by benchmarks, never asserted in tests.)
func BenchmarkFindAdversarial(b *testing.B) {
	for _, size := range []int{1 << 20, 4 << 20} {
		inputs := []struct{ name, in string }{
			{"logs", logText(size)},
			{"anchors", strings.Repeat("sk-eyJ@?&ghp_AKIA", size/17)},
			{"jwt_prefix", strings.Repeat("eyJ.", size/4)},
			{"at_signs", strings.Repeat("a", size/2) + strings.Repeat("@", size/2)},
			{"no_spaces", strings.Repeat("abcdefghij", size/10)},
			{"quotes", strings.Repeat(`password:"`, size/10)},
		}
		for _, in := range inputs {
			b.Run(fmt.Sprintf("%s/%dMiB", in.name, size>>20), func(b *testing.B) {
				b.SetBytes(int64(len(in.in)))
				for i := 0; i < b.N; i++ {
					Find(in.in)
				}
			})
		}
	}
}

// logText returns about n bytes of log-like text with occasional secrets.
func logText(n int) string {
	lines := []string{
		"2024-05-01T10:00:00Z INFO  request GET /api/v1/users?page=2&sort=asc status=200 took=12ms",
		"2024-05-01T10:00:01Z WARN  retrying connection to postgres://app:hunter2@db.internal:5432/app (attempt 3)",
		"2024-05-01T10:00:02Z ERROR \x1b[31mfailed\x1b[0m: 401 Unauthorized: Incorrect API key provided: " + openAIKey,
		"2024-05-01T10:00:03Z DEBUG headers: Authorization: Bearer " + bearerTok + " Accept: application/json",
		"    at com.example.Service.handle(Service.java:42) caused by java.io.IOException: Broken pipe",
		"npm ERR! code E404 npm ERR! 404 Not Found - GET https://registry.example.org/@types%2fnode - lodash@4.17.21",
		"2024-05-01T10:00:04Z INFO  user bob@example.com signed in from 10.0.0.1 task-runner=ok sk-learn=1.2",
	}
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(lines[i%len(lines)])
		b.WriteByte('\n')
	}
	return b.String()
}

func ExampleText() {
	fmt.Println(Text("GET /v1?api_key=XYZ&x=1 from bob@example.com \x1b[31mfailed\x1b[0m"))
	// Output: GET /v1?api_key=[redacted:url_secret]&x=1 from [redacted:email] failed
}

func TestStripEscapes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"\x1b[31mRate limit\x1b[0m exceeded", "Rate limit exceeded"},
		{"a\x1b]0;title\x07b", "ab"},
		{"keep\x00nul and \xff bytes", "keep\x00nul and \xff bytes"},
		{"lone \x1b", "lone "},
	}
	for _, tt := range tests {
		if got := StripEscapes(tt.in); got != tt.want {
			t.Errorf("StripEscapes(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPrefixedLowerCaseKey(t *testing.T) {
	key := "sk-" + "proj-" + strings.Repeat("abc1", 8)
	if got := Text("key " + key + " rejected"); got != "key [redacted:api_key] rejected" {
		t.Errorf("Text = %q", got)
	}
	if got := Text("use sk-learn-and-more-words-here"); strings.Contains(got, "redacted") {
		t.Errorf("prose redacted: %q", got)
	}
}

// TestFindKeepsItsOffsetsOnTheStack: find keeps each rule's next offset
// in a fixed array while the rules fit in it, so an excerpt costs no
// allocation for them; a rule table that outgrows it would.
func TestFindKeepsItsOffsetsOnTheStack(t *testing.T) {
	if len(rules) > stackRules {
		t.Errorf("%d redaction rules, more than find's %d offsets on the stack: raise stackRules", len(rules), stackRules)
	}
	text := "openai.RateLimitError: Error code: 429 - Rate limit reached for requests, please try again in 20s"
	if n := testing.AllocsPerRun(100, func() { Find(text) }); n != 0 {
		t.Errorf("Find on text without a secret: %v allocations, want none", n)
	}
}
