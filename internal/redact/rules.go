package redact

import (
	"regexp"
	"slices"
	"strings"
)

// Kinds reported by Find and written into "[redacted:KIND]" markers.
const (
	KindAPIKey      = "api_key"
	KindBearer      = "bearer"
	KindJWT         = "jwt"
	KindAWSKey      = "aws_key"
	KindGitHubToken = "github_token"
	KindEmail       = "email"
	KindURLSecret   = "url_secret"
	KindPassword    = "password"
	KindGitLabToken = "gitlab_token"
	KindOAuthToken  = "oauth_token"
	KindWebhook     = "webhook"
	KindPrivateKey  = "private_key"
	KindCookie      = "cookie"
	KindSecret      = "secret"
)

// A rule finds one shape of secret. Every match starts at one of its
// anchors, so the rule only has to run its expression where an anchor
// occurs, which is what keeps Find linear.
type rule struct {
	// name says which rule found a secret, for tests and their samples.
	name string
	kind string
	// anchors are lower-case literals; Find searches a lower-cased copy of
	// the text for them, so case-sensitive rules check case in re.
	anchors []string
	// word requires that the anchor not follow a letter or digit, so that
	// "task-..." is not read as "sk-..." and "aeyJ" is not a JWT.
	word bool
	// re is anchored with ^ and applied at the anchor. The secret is the
	// last capture group that took part in the match, or the whole match if
	// there is none.
	re *regexp.Regexp
	// ok, if set, vets a candidate: loc is re's submatch index, relative to
	// the slice re was applied to, and m that slice.
	ok func(m string, loc []int) bool
	// run, if set, is how many bytes of [A-Za-z0-9_-] must follow the
	// anchor. It is implied by re and only saves running re where it
	// cannot match, which matters on text dense with anchors.
	run int
	// custom, if set, replaces re and ok (see try).
	custom func(s string, p int) (f Finding, lo, hi int, ok bool)
}

// Rules are in rank order: on overlapping findings of equal length, the
// earlier rule names the Kind. Specific token formats come first because
// they say the most about what leaked; then the shapes (shapes.go), the
// formats that need their context (a header, a URL, a name), the
// secret-named keys (keyvalue.go, commands.go) and last e-mail addresses.
var rules = slices.Concat(
	tokenRules,
	shapeRules(),
	[]rule{telegramRule, pemBeginRule, pemEndRule},
	contextRules,
	[]rule{keyRule, flagRule, commandRule, cookieRule, emailRule},
)

// tokenRules are the formats of the providers errcat classifies most.
var tokenRules = []rule{
	{
		// OpenAI ("sk-", "sk-proj-", "sk-svcacct-") and Anthropic
		// ("sk-ant-api03-...") keys. Random bodies of this length all but
		// certainly mix digits and both cases; words like "sk-learn" don't.
		// A known key prefix is enough on its own: a fixture or a test key
		// in lower case is still a key.
		name: "openai", kind: KindAPIKey, anchors: []string{"sk-"}, word: true, run: 20,
		re: regexp.MustCompile(`^sk-[A-Za-z0-9_-]{20,}`),
		ok: func(m string, loc []int) bool { return mixed(m[3:loc[1]]) || keyPrefixed(m[3:loc[1]]) },
	},
	{
		// Stripe secret and restricted keys.
		name: "stripe", kind: KindAPIKey, anchors: []string{"sk_live_", "sk_test_", "rk_live_", "rk_test_"}, word: true, run: 16,
		re: regexp.MustCompile(`^[sr]k_(?:live|test)_[A-Za-z0-9]{16,}`),
	},
	{
		// Google API keys are "AIza" plus 35 characters.
		name: "google_api", kind: KindAPIKey, anchors: []string{"aiza"}, word: true, run: 35,
		re: regexp.MustCompile(`^AIza[A-Za-z0-9_-]{35,}`),
	},
	{
		// Slack tokens.
		name: "slack", kind: KindAPIKey, anchors: []string{"xoxb-", "xoxa-", "xoxp-", "xoxr-", "xoxs-"}, word: true, run: 10,
		re: regexp.MustCompile(`^xox[abprs]-[A-Za-z0-9-]{10,}`),
	},
	{
		name: "github", kind: KindGitHubToken, anchors: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}, word: true, run: 36,
		re: regexp.MustCompile(`^gh[pousr]_[A-Za-z0-9]{36,}`),
	},
	{
		name: "github_pat", kind: KindGitHubToken, anchors: []string{"github_pat_"}, word: true, run: 22,
		re: regexp.MustCompile(`^github_pat_[A-Za-z0-9_]{22,}`),
	},
	{
		// AWS access key IDs: AKIA (long-term) and ASIA (temporary).
		name: "aws_key_id", kind: KindAWSKey, anchors: []string{"akia", "asia"}, word: true, run: 16,
		re: regexp.MustCompile(`^(?:AKIA|ASIA)[A-Z0-9]{16}\b`),
	},
	{
		// The secret half of an AWS key pair has no prefix of its own, so
		// it is only recognised by the name it is assigned to.
		name: "aws_secret", kind: KindAWSKey, anchors: []string{"aws_secret_access_key", "aws-secret-access-key", "secretaccesskey", "aws_secret_key"}, word: true,
		re: regexp.MustCompile(`(?i)^(?:aws[_-]secret[_-]access[_-]key|secretaccesskey|aws_secret_key)["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9/+=]{20,})`),
	},
}

// contextRules are formats known by what surrounds them.
var contextRules = []rule{
	{
		// A JWT is three base64url segments; the header always starts
		// with `{"`, which encodes as "eyJ". The signature may be empty
		// (alg "none").
		name: "jwt", kind: KindJWT, anchors: []string{"eyj"}, word: true, run: 5,
		re: regexp.MustCompile(`^eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`),
	},
	{
		// The credentials of an Authorization header, whatever the scheme.
		name: "authorization", kind: KindBearer, anchors: []string{"authorization"}, word: true,
		re: regexp.MustCompile(`(?i)^authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:basic|bearer|token)[ \t]+)?([A-Za-z0-9._~+/-]{8,}=*)`),
	},
	{
		// "Bearer TOKEN" outside a header, e.g. in a curl command line.
		// Prose ("Bearer token required") fails the length or mix test.
		name: "bearer", kind: KindBearer, anchors: []string{"bearer"}, word: true,
		re: regexp.MustCompile(`(?i)^bearer[ \t]+([A-Za-z0-9._~+/-]{12,}=*)`),
		ok: func(m string, loc []int) bool { return random(m[loc[2]:loc[3]]) },
	},
	{
		// Only the value of a query parameter is redacted, so the reader
		// still sees which parameter carried it.
		name: "url_param", kind: KindURLSecret, anchors: []string{"?", "&", ";"},
		re: regexp.MustCompile(`^[?&;]([A-Za-z0-9_.\[\]-]+)=([^&#\s"'<>]+)`),
		ok: func(m string, loc []int) bool { return secretParam(m[loc[2]:loc[3]]) },
	},
	{
		// URL userinfo: scheme://user:password@host.
		name: "url_userinfo", kind: KindPassword, anchors: []string{"://"},
		re: regexp.MustCompile(`^://[^\s/?#@:"'<>]*:([^\s/?#"'<>]+)@`),
	},
	{
		// password=..., "password": "...", passwd: ...
		name: "password", kind: KindPassword, anchors: []string{"password", "passwd"}, word: true,
		re: regexp.MustCompile(`(?i)^pass(?:word|wd)["']?[ \t]*[:=][ \t]*(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'&,;]+))`),
		// MySQL's "Access denied ... (using password: YES)" says whether a
		// password was sent, not which.
		ok: func(m string, loc []int) bool {
			if loc[6] < 0 {
				return true
			}
			v := strings.TrimSuffix(m[loc[6]:loc[7]], ")")
			return !strings.EqualFold(v, "yes") && !strings.EqualFold(v, "no")
		},
	},
	{
		// Generic "api_key = VALUE" style assignments. Values must be long
		// enough to be credentials; "api_key: missing" is not one.
		name: "api_key_name", kind: KindAPIKey, anchors: []string{"api", "secret", "client", "access", "auth", "refresh"}, word: true,
		re: regexp.MustCompile(`(?i)^(?:api[_-]?key|secret[_-]?key|client[_-]?secret|access[_-]?token|auth[_-]?token|refresh[_-]?token)["']?(?:[ \t]*[:=][ \t]*["']?|[ \t]+["'])([A-Za-z0-9_./+=~-]{16,})`),
	},
}

// emailRule comes last: an address that is part of a longer secret is
// reported as that secret.
var emailRule = rule{name: "email", kind: KindEmail, anchors: []string{"@"}, custom: email}

// keyRule reads secret-named keys back from their separator (keyvalue.go).
var keyRule = rule{name: "key", kind: KindSecret, anchors: []string{":", "="}, custom: keyValue}

// try applies r at offset p, where one of its anchors starts. It returns
// the finding and the extent [lo, hi) of the text the match covered,
// keyword included; r may match again from hi.
func (r *rule) try(s string, p int, anchor string) (f Finding, lo, hi int, ok bool) {
	if r.custom != nil {
		return r.custom(s, p)
	}
	if r.run > 0 && !tokenRun(s[p+len(anchor):], r.run) {
		return Finding{}, 0, 0, false
	}
	lim := min(len(s), p+scanLimit)
	if i := strings.IndexByte(s[p:lim], '\n'); i >= 0 {
		lim = p + i
	}
	m := s[p:lim]
	loc := r.re.FindStringSubmatchIndex(m)
	if loc == nil || (r.ok != nil && !r.ok(m, loc)) {
		return Finding{}, 0, 0, false
	}
	start, end := loc[0], loc[1]
	for g := len(loc)/2 - 1; g > 0; g-- {
		if loc[2*g] >= 0 {
			start, end = loc[2*g], loc[2*g+1]
			break
		}
	}
	start, end = p+start, p+end
	if p+loc[1] == lim && end == lim {
		for end < len(s) && tokenByte(s[end]) {
			end++
		}
	}
	return Finding{r.kind, start, end}, p, max(p+loc[1], end), true
}

// tokenRun reports whether s starts with at least n bytes of
// [A-Za-z0-9_-].
func tokenRun(s string, n int) bool {
	if len(s) < n {
		return false
	}
	for i := 0; i < n; i++ {
		if c := s[i]; !isAlnum(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// keyPrefixed reports whether an sk- key body starts with a prefix only
// provider keys use.
func keyPrefixed(body string) bool {
	for _, p := range []string{"proj-", "ant-", "svcacct-", "admin-", "or-v1-"} {
		if strings.HasPrefix(body, p) {
			return true
		}
	}
	return false
}

// mixed reports whether v has a digit, an upper-case and a lower-case
// letter, as generated keys of 20 or more characters practically always do.
func mixed(v string) bool {
	d, u, l := classes(v)
	return d && u && l
}

// random is a looser test for opaque tokens, which may be hex (digits and
// one case) or long base64 without digits.
func random(v string) bool {
	d, u, l := classes(v)
	return d && (u || l) || u && l && len(v) >= 20
}

func classes(v string) (digit, upper, lower bool) {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case '0' <= c && c <= '9':
			digit = true
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z':
			lower = true
		}
	}
	return
}

// secretParam reports whether a query parameter name looks like it carries
// a credential: api_key, access_token, X-Amz-Signature, client_secret,
// sig, code (OAuth), auth, ... Names are compared with separators removed
// so that apiKey, api_key and api-key are alike. Suffixes catch the long
// tail (csrftoken, X-Amz-Credential); the short names that are common
// words elsewhere ("code", "sig", "auth") must be the whole name, so that
// error_code=42 is left alone.
func secretParam(name string) bool {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		if c := name[i]; isAlnum(c) {
			b.WriteByte(c | 0x20) // ASCII lower case; digits are unaffected
		}
	}
	n := b.String()
	switch n {
	case "code", "authcode", "authorizationcode", "sig", "auth", "authorization", "pwd", "passwd", "pass", "jwt":
		return true
	}
	for _, suf := range []string{"key", "token", "secret", "signature", "password", "credential", "credentials"} {
		if strings.HasSuffix(n, suf) {
			return true
		}
	}
	return false
}
