// Package redacttest holds fake secrets of every shape package redact
// finds, and text that each of its rules must leave alone, for the tests
// of redaction and of every output that shows evidence.
//
// Secrets are assembled at run time from a fixed pseudo-random sequence,
// so that they are fake by construction and the source does not look like
// it leaks credentials to secret scanners. They are not placeholders
// (redact.Placeholder): the fixture gate must refuse each.
package redacttest

import (
	"encoding/base64"
	"strings"
)

// A Case is a line of evidence that holds a secret.
type Case struct {
	Rule    string   // the redact rule that finds it
	Name    string   // unique among the cases
	Text    string   // the evidence
	Secrets []string // the secret's parts: none may be shown, whole or in part
}

// A Negative is text that a rule must leave alone: it has the rule's
// keyword, but no secret.
type Negative struct {
	Rule string
	Text string
}

// Alphabets of the generated bodies.
const (
	Alnum    = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	URLSafe  = Alnum + "_-"
	Base64   = Alnum + "+/"
	Hex      = "0123456789abcdef"
	Digits   = "0123456789"
	Upper    = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	Lower    = "0123456789abcdefghijklmnopqrstuvwxyz"
	Bech32Up = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
)

// Fake returns n characters of abc from a pseudo-random sequence chosen
// by seed. No character repeats the one before it, so that no run makes
// the value a placeholder.
func Fake(seed, n int, abc string) string {
	x := uint32(seed)*2654435761 + 12345
	var b strings.Builder
	var last byte
	for b.Len() < n {
		x = x*1664525 + 1013904223
		c := abc[(x>>24)%uint32(len(abc))]
		if c == last {
			continue
		}
		b.WriteByte(c)
		last = c
	}
	return b.String()
}

// Shown returns the first secret part of c, or a piece of one, that out
// shows, or "": a secret half shown is a secret leaked. Pieces are 12
// bytes, at every 6 bytes.
func Shown(out string, c Case) string {
	for _, s := range c.Secrets {
		if strings.Contains(out, s) {
			return s
		}
		const piece = 12
		for i := 0; i+piece <= len(s); i += piece / 2 {
			if strings.Contains(out, s[i:i+piece]) {
				return s[i : i+piece]
			}
		}
	}
	return ""
}

// lines splits a body into lines of n characters, as PEM writes it.
func lines(body string, n int) []string {
	var out []string
	for len(body) > n {
		out = append(out, body[:n])
		body = body[n:]
	}
	return append(out, body)
}

// tok is a case whose secret is one generated body after a prefix.
func tok(rule, name, before, prefix, body, after string) Case {
	return Case{Rule: rule, Name: name, Text: before + prefix + body + after, Secrets: []string{body}}
}

// Cases returns the table of fake secrets, at least one for each rule of
// package redact.
func Cases() []Case {
	seed := 0
	f := func(n int, abc string) string { seed++; return Fake(seed, n, abc) }
	uuid := func() string {
		return f(8, Hex) + "-" + f(4, Hex) + "-" + f(4, Hex) + "-" + f(4, Hex) + "-" + f(12, Hex)
	}
	cs := []Case{
		// Formats that rules.go lists.
		tok("openai", "openai project key", "openai.AuthenticationError: Incorrect API key provided: ", "sk-"+"proj-", f(48, URLSafe), "."),
		tok("stripe", "stripe live key", "stripe.error.AuthenticationError: Invalid API Key provided: ", "sk_"+"live_", f(24, Alnum), ""),
		tok("google_api", "google api key", "google.api_core.exceptions.PermissionDenied: API key not valid: ", "AI"+"za", f(35, URLSafe), ""),
		tok("slack", "slack bot token", "slack_sdk.errors.SlackApiError: invalid_auth for ", "xo"+"xb-", f(11, Digits)+"-"+f(12, Digits)+"-"+f(24, Alnum), ""),
		tok("github", "github classic token", "remote: Invalid username or token. Token used: ", "gh"+"p_", f(36, Alnum), ""),
		tok("github_pat", "github fine-grained token", "fatal: Authentication failed with ", "github"+"_pat_", f(22, Alnum)+"_"+f(59, Alnum), ""),
		tok("aws_key_id", "aws access key id", "InvalidClientTokenId: The security token included in the request is invalid (key ", "AK"+"IA", f(16, Upper[10:]+"234567"), ")"),
		tok("aws_secret", "aws secret key", "export aws_secret_access_key = ", "", f(40, Base64), ""),
		tok("jwt", "jwt", "401 Unauthorized: token ", "ey"+"JhbGciOiJIUzI1NiJ9.", f(40, URLSafe)+"."+f(43, URLSafe), " is expired"),
		tok("authorization", "basic authorization header", "> Authorization: Basic ", "", base64.StdEncoding.EncodeToString([]byte("deploy:"+f(14, Alnum))), ""),
		tok("bearer", "bearer token on a command line", "curl -sS https://api.internal.test/v1 -H 'X-Trace: 1' Bearer ", "", f(32, Alnum), " -> 401"),
		tok("url_param", "signed url parameter", "GET https://storage.internal.test/b/o?X-Goog-Signature=", "", f(64, Hex), "&alt=media 403 Forbidden"),
		tok("url_userinfo", "url password", "psycopg.OperationalError: could not connect to postgres://app:", "", f(20, Alnum), "@db.internal.test:5432/app"),
		tok("password", "password assignment", "connection refused with password=", "", f(12, Alnum), " for user app"),
		tok("api_key_name", "client secret in json", `{"error": "invalid_client", "client_secret": "`, "", f(32, Hex), `"}`),
		{Rule: "email", Name: "e-mail address", Text: "rejected recipient j.random.hacker@corp-mail.net: 550 mailbox unavailable", Secrets: []string{"j.random.hacker@corp-mail.net"}},

		// Shapes (shapes.go).
		tok("gitlab", "gitlab personal token", "remote: HTTP Basic: Access denied. Token ", "gl"+"pat-", f(20, URLSafe), " is revoked"),
		tok("gitlab", "gitlab deploy token", "fatal: could not read from remote with ", "gl"+"dt-", f(20, URLSafe), ""),
		tok("gitlab", "gitlab runner token", "ERROR: Verifying runner... is removed runner=", "gl"+"rt-", f(20, URLSafe), ""),
		tok("huggingface", "hugging face token", "huggingface_hub.errors.HfHubHTTPError: 401 Client Error for token ", "hf"+"_", f(34, Alnum), ""),
		tok("huggingface", "hugging face org token", "Invalid user token: ", "api"+"_org_", f(34, Alnum), ""),
		tok("google_oauth", "google oauth access token", "google.auth.exceptions.RefreshError: token ", "ya"+"29.", f(120, URLSafe), " expired"),
		tok("sendgrid", "sendgrid key", "python_http_client.exceptions.UnauthorizedError: HTTP Error 401 with key ", "SG"+".", f(22, URLSafe)+"."+f(43, URLSafe), ""),
		tok("twilio", "twilio api key", "twilio.base.exceptions.TwilioRestException: Authenticate with ", "SK", f(32, Hex), ""),
		tok("mailgun", "mailgun key", "mailgun: 401 Forbidden for api:", "key"+"-", f(32, Hex), ""),
		tok("sendinblue", "sendinblue key", "brevo: Key not found: ", "xkey"+"sib-", f(64, Hex)+"-"+f(16, Alnum), ""),
		tok("slack_app", "slack app token", "slack_bolt: socket mode failed with ", "xa"+"pp-", "1-A"+f(10, Upper)+"-"+f(13, Digits)+"-"+f(64, Hex), ""),
		tok("slack_webhook", "slack webhook", "POST https://", "hooks.slack.com/services/", "T"+f(8, Upper)+"/B"+f(10, Upper)+"/"+f(24, Alnum), " returned 404 no_service"),
		tok("discord_webhook", "discord webhook", "discord: 401 Unauthorized posting to https://", "discord.com/api/webhooks/", f(19, Digits)+"/"+f(68, URLSafe), ""),
		tok("teams_webhook", "teams webhook", "teams notify failed: https://contoso.", "webhook.office.com/webhookb2/", uuid()+"@"+uuid()+"/IncomingWebhook/"+f(32, Hex)+"/"+uuid(), " 400"),
		tok("npm", "npm token", "npm ERR! code E401 npm ERR! Unable to authenticate, token ", "np"+"m_", f(36, Alnum), ""),
		tok("pypi", "pypi upload token", "HTTPError: 403 Forbidden from upload with password ", "pypi-AgEIcHlwaS5vcmc", f(120, URLSafe), ""),
		tok("rubygems", "rubygems key", "gem push: Access Denied for ", "rubygems"+"_", f(48, Hex), ""),
		tok("clojars", "clojars token", "deploy failed: 401 Unauthorized with ", "CLOJARS"+"_", f(60, Lower), ""),
		tok("docker_hub", "docker hub token", "Error response from daemon: unauthorized: incorrect username or password ", "dckr"+"_pat_", f(27, URLSafe), ""),
		tok("digitalocean", "digitalocean token", "Error: GET https://api.digitalocean.com/v2/account: 401 Unable to authenticate you (", "dop"+"_v1_", f(64, Hex), ")"),
		tok("doppler", "doppler token", "Doppler Error: Invalid Auth token ", "dp.pt"+".", f(43, Alnum), ""),
		tok("databricks", "databricks token", "databricks.sdk.errors.Unauthenticated: invalid access token ", "da"+"pi", f(32, Hex), ""),
		tok("pulumi", "pulumi token", "error: problem logging in: [401] Unauthorized with ", "pul"+"-", f(40, Hex), ""),
		tok("flyio", "fly.io token", "Error: not authorized, token ", "fo1"+"_", f(43, URLSafe), ""),
		tok("heroku", "heroku key", "Error: Invalid credentials provided: ", "HRKU"+"-AA", f(58, URLSafe), ""),
		tok("vault", "vault token", "Error making API request. Code: 403. Errors: * permission denied for token ", "hv"+"s.", f(90, URLSafe), ""),
		tok("supabase", "supabase token", "Unauthorized: invalid access token ", "sb"+"p_", f(40, Hex), ""),
		tok("netlify", "netlify token", "Error: Unauthorized, token ", "nf"+"p_", f(36, Alnum), ""),
		tok("planetscale", "planetscale token", "Error: unauthorized service token ", "pscale"+"_tkn_", f(43, Alnum), ""),
		tok("tailscale", "tailscale auth key", "backend error: invalid key: ", "tskey"+"-", "auth-k"+f(10, Alnum)+"CNTRL-"+f(30, Alnum), " not valid"),
		tok("alibaba", "alibaba access key", "ErrorCode: InvalidAccessKeyId.NotFound AccessKeyId: ", "LT"+"AI", f(20, Alnum), ""),
		tok("cloudflare_origin_ca", "cloudflare origin ca key", "Authentication error with ", "v1.0"+"-", f(24, Hex)+"-"+f(146, Hex), ""),
		tok("openshift", "openshift token", "error: You must be logged in to the server (Unauthorized) token ", "sha256"+"~", f(43, URLSafe), ""),
		tok("scalingo", "scalingo token", "scalingo: 401 unauthorized for ", "tk-us"+"-", f(48, URLSafe), ""),
		tok("infracost", "infracost key", "Error: Invalid API key ", "ic"+"o-", f(32, Alnum), ""),
		tok("grafana", "grafana cloud token", "logcli: 401 Unauthorized: ", "gl"+"c_", f(80, Base64), "="),
		tok("grafana", "grafana service account token", "Error: 401 invalid API key ", "gl"+"sa_", f(32, Alnum)+"_"+f(8, Hex), ""),
		tok("sentry", "sentry user token", "sentry-cli error: API request failed: 401 Invalid token ", "sntr"+"yu_", f(64, Hex), ""),
		tok("new_relic", "new relic user key", "NerdGraph error: Invalid API key ", "NR"+"AK-", f(27, Upper), ""),
		tok("dynatrace", "dynatrace token", "Token authentication failed for ", "dt0"+"c01.", f(24, Upper)+"."+f(64, Upper), ""),
		tok("linear", "linear key", "Linear API error: Authentication required, key ", "lin"+"_api_", f(40, Alnum), ""),
		tok("postman", "postman key", "postman: AuthenticationError: Invalid API Key ", "PM"+"AK-", f(24, Hex)+"-"+f(34, Hex), ""),
		tok("atlassian", "atlassian token", "jira: 401 Unauthorized with token ", "ATA"+"TT3", f(186, URLSafe), ""),
		tok("octopus", "octopus key", "Octopus.Client.Exceptions.OctopusSecurityException: Invalid API key ", "AP"+"I-", f(26, Upper), ""),
		tok("prefect", "prefect key", "prefect.exceptions.PrefectHTTPStatusError: 401 for key ", "pn"+"u_", f(36, Alnum), ""),
		tok("readme", "readme key", "rdme: 401 The API key couldn't be located: ", "rdm"+"e_", f(70, Lower), ""),
		tok("notion", "notion token", "notion_client.errors.APIResponseError: API token is invalid: ", "nt"+"n_", f(11, Digits)+f(35, Alnum), ""),
		tok("notion_legacy", "notion legacy token", "APIResponseError: unauthorized for ", "secret"+"_", f(43, Alnum), ""),
		tok("airtable", "airtable token", "AUTHENTICATION_REQUIRED: Invalid authentication token ", "pa"+"t", f(14, Alnum)+"."+f(64, Hex), ""),
		tok("typeform", "typeform token", "typeform: 401 Unauthorized for ", "tf"+"p_", f(59, URLSafe), ""),
		tok("onepassword", "1password service account token", "[ERROR] invalid service account token ", "ops"+"_eyJ", f(250, Base64), ""),
		tok("age", "age secret key", "age: error: malformed secret key: ", "AGE-SECRET"+"-KEY-1", f(58, Bech32Up), ""),
		tok("langsmith", "langsmith key", "langsmith.utils.LangSmithAuthError: Authentication failed for ", "lsv2"+"_pt_", f(32, Hex)+"_"+f(10, Hex), ""),
		tok("shopify", "shopify token", "ShopifyAPI::Errors::HttpResponseError: 401 Unauthorized token ", "shp"+"at_", f(32, Hex), ""),
		tok("stripe_webhook", "stripe webhook secret", "stripe.error.SignatureVerificationError: No signatures found with ", "wh"+"sec_", f(32, Alnum), ""),
		tok("square", "square token", "square: 401 UNAUTHORIZED with ", "sq0"+"atp-", f(22, URLSafe), ""),
		tok("shippo", "shippo key", "shippo.error.AuthenticationError: Invalid key ", "shippo"+"_live_", f(40, Hex), ""),
		tok("easypost", "easypost key", "easypost.errors.UnauthorizedError: key ", "EZ"+"AK", f(54, Alnum), ""),
		tok("facebook", "facebook page token", "facebook.GraphAPIError: Error validating access token: ", "EA"+"AC", f(120, Alnum), ""),
		tok("mapbox", "mapbox secret token", "mapbox: 401 Not Authorized - Invalid Token ", "sk"+".eyJ1Ijoi", f(50, URLSafe)+"."+f(22, URLSafe), ""),
		tok("dropbox", "dropbox token", "dropbox.exceptions.AuthError: expired_access_token ", "s"+"l.", f(135, URLSafe), ""),
		tok("groq", "groq key", "groq.AuthenticationError: Error code: 401 - Invalid API Key ", "gs"+"k_", f(52, Alnum), ""),
		tok("xai", "xai key", "openai.AuthenticationError: Incorrect API key provided: ", "xa"+"i-", f(80, Alnum), ""),
		tok("perplexity", "perplexity key", "401 Authorization Required for ", "pp"+"lx-", f(48, Alnum), ""),
		tok("replicate", "replicate token", "replicate.exceptions.ReplicateError: Unauthenticated: ", "r"+"8_", f(37, Alnum), ""),
		tok("telegram_bot", "telegram bot token", "telegram.error.InvalidToken: Not Found at https://api.telegram.org/bot"+f(10, Digits)+":", "AA", f(33, URLSafe), "/getMe"),

		// The secret-named keys (keyvalue.go).
		tok("key", "PGPASSWORD", "+ PGPASSWORD=", "", f(16, Alnum), " psql -h db.internal.test -U app -c 'select 1'"),
		tok("key", "token=", "login failed: token=", "", f(32, Alnum), " rejected"),
		tok("key", "json token", `{"status": 401, "token": "`, "", f(40, Alnum), `", "error": "expired"}`),
		tok("key", "GITHUB_TOKEN", "env: GITHUB_TOKEN=", "", f(40, Alnum), " CI=true"),
		tok("key", "secret:", "vault: secret: ", "", "s3"+f(10, Alnum), ""),
		tok("key", "private_key=", "config error: private_key=", "", f(40, Alnum), " is not PEM"),
		tok("key", "docker config auth", `{"auths": {"registry.internal.test": {"auth": "`, "", base64.StdEncoding.EncodeToString([]byte("ci:"+f(14, Alnum))), `"}}}`),
		tok("key", "x-auth-token header", "< X-Auth-Token: ", "", f(32, Alnum), ""),
		tok("key", "escaped json token", `"{\"api_token\": \"`, "", f(32, Alnum), `\"}"`),
		tok("key", "MYSQL_PWD", "MYSQL_PWD=", "", f(14, Alnum), " mysqldump app"),
		tok("key", "azure account key", "DefaultEndpointsProtocol=https;AccountName=ci;AccountKey=", "", f(86, Base64)+"==", ";EndpointSuffix=core.windows.net"),
		tok("key", "DB_PASS", "DB_PASS=", "", f(12, Alnum), " ./migrate up"),
		tok("key", "aws session token", "aws_session_token = ", "", f(200, Base64), ""),
		tok("key", "ruby hash password", `ActiveRecord: {:password => "`, "", f(12, Alnum), `"}`),
		tok("flag", "--password X", "+ mysqladmin status --password ", "", f(14, Alnum), " --host db"),
		tok("flag", "--token X", "+ vault login --token ", "", f(32, Alnum), ""),
		tok("flag", "--api-key X", "+ deploy --api-key ", "", f(32, Alnum), " --env prod"),
		tok("command_password", "mysql -pX", "+ mysql -u root -p", "", f(12, Alnum), " app -e 'select 1'"),
		tok("command_password", "mysql -p X", "+ mysql -h db -u root -p ", "", f(12, Alnum), ""),
		tok("command_password", "sshpass -p X", "+ sshpass -p ", "", f(12, Alnum), " ssh deploy@host.internal.test uptime"),
		tok("command_password", "redis-cli -a X", "+ redis-cli -h cache -a ", "", f(20, Alnum), " ping"),
		{Rule: "cookie", Name: "cookie header", Text: func() string {
			return "> Cookie: sessionid=" + f(32, Alnum) + "; csrftoken=" + f(32, Alnum)
		}()},
		{Rule: "cookie", Name: "set-cookie header", Text: func() string {
			return "< Set-Cookie: __Host-session=" + f(40, Alnum) + "; Path=/; Secure; HttpOnly"
		}()},
	}
	// The cookie cases' secrets are the values in their text.
	for i := range cs {
		if cs[i].Rule == "cookie" {
			for _, part := range strings.Split(cs[i].Text, "=")[1:] {
				v, _, _ := strings.Cut(part, ";")
				if len(v) >= 32 {
					cs[i].Secrets = append(cs[i].Secrets, v)
				}
			}
		}
	}
	return append(cs, pemCases(f)...)
}

// pemCases are private keys, one line and many, whole and in part.
func pemCases(f func(int, string) string) []Case {
	body := func(n int) []string { return lines(f(n, Base64), 64) }
	join := func(ls []string, sep string) string { return strings.Join(ls, sep) }
	rsa, ssh, pk, ec, cut := body(600), body(400), body(500), body(220), body(300)
	return []Case{
		{Rule: "pem_private_key", Name: "pem one line", Secrets: rsa,
			Text: "ssh: no key found in -----BEGIN RSA PRIVATE KEY----- " + join(rsa, " ") + " -----END RSA PRIVATE KEY-----"},
		{Rule: "pem_private_key", Name: "pem lines", Secrets: ssh,
			Text: "Load key \"id\": invalid format\n-----BEGIN OPENSSH PRIVATE KEY-----\n" + join(ssh, "\n") + "\n-----END OPENSSH PRIVATE KEY-----\nPermission denied (publickey)."},
		{Rule: "pem_private_key", Name: "pem in json", Secrets: pk,
			Text: `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\n` + join(pk, `\n`) + `\n-----END PRIVATE KEY-----\n", "client_email": "ci@project.iam.gserviceaccount.test"}`},
		{Rule: "pem_private_key", Name: "pem cut off", Secrets: cut,
			Text: "error: cannot parse key\n-----BEGIN PRIVATE KEY-----\n" + join(cut, "\n")},
		{Rule: "pem_private_key_end", Name: "pem end only", Secrets: ec,
			Text: join(ec, "\n") + "\n-----END EC PRIVATE KEY-----\nerror: unsupported key"},
	}
}

// Negatives returns, for each rule, text that holds its keyword but no
// secret, and so must come out of redaction unchanged.
func Negatives() []Negative {
	return []Negative{
		{"openai", "ModuleNotFoundError: No module named 'sk-learn'"},
		{"stripe", "sk_live_ keys are not allowed in test mode"},
		{"google_api", "AIza keys must be restricted"},
		{"slack", "xoxb- token expected"},
		{"github", "ghp_ tokens are classic tokens"},
		{"github_pat", "github_pat_ tokens are fine-grained"},
		{"aws_key_id", "AKIA prefix means a long-term key"},
		{"aws_secret", "aws_secret_access_key: missing"},
		{"jwt", "eyJ is how a JSON header begins"},
		{"authorization", "Authorization header required"},
		{"bearer", "Bearer token required"},
		{"url_param", "GET /v1/items?page=2&limit=50 200"},
		{"url_userinfo", "https://api.internal.test:8443/v1 timed out"},
		{"password", "FATAL: password authentication failed for user \"app\""},
		{"api_key_name", "error: api_key: missing"},
		{"email", "npm ERR! 404 '@types/nod@latest' is not in this registry"},
		{"gitlab", "glpat- tokens expire after a year"},
		{"huggingface", "hf_hub_download failed: connection reset"},
		{"google_oauth", "ya29. tokens last an hour"},
		{"sendgrid", "SG.fromAddress is required"},
		{"twilio", "SKIPPED 3 tests in 0.2s"},
		{"mailgun", "key-value store unavailable"},
		{"sendinblue", "xkeysib- is the key prefix"},
		{"slack_app", "xapp-level tokens need connections:write"},
		{"slack_webhook", "https://hooks.slack.com/services/ returned 404"},
		{"discord_webhook", "https://discord.com/api/webhooks/ is unreachable"},
		{"teams_webhook", "webhook.office.com/webhookb2/ is retired"},
		{"npm", "npm_config_cache=/tmp/npm-cache"},
		{"pypi", "pypi-server returned 503"},
		{"rubygems", "rubygems_version 3.4.10"},
		{"clojars", "CLOJARS_USERNAME is not set"},
		{"docker_hub", "dckr_pat_ tokens replace passwords"},
		{"digitalocean", "dop_v1_ tokens are personal"},
		{"doppler", "dp.pt. tokens are personal"},
		{"databricks", "dapi tokens expire"},
		{"pulumi", "pul-request 42 merged"},
		{"flyio", "fo1_ tokens are org tokens"},
		{"heroku", "HRKU-AA is the key prefix"},
		{"vault", "hvs.service unavailable"},
		{"supabase", "sbp_ tokens are personal"},
		{"netlify", "nfp_ tokens are personal"},
		{"planetscale", "pscale_tkn_ tokens are service tokens"},
		{"tailscale", "tskey-auth- keys are reusable"},
		{"alibaba", "LTAI prefix means an access key"},
		{"cloudflare_origin_ca", "v1.0-beta released"},
		{"openshift", "sha256~ tokens are OAuth tokens"},
		{"scalingo", "tk-us-east-1 region"},
		{"infracost", "ico-file missing in bundle"},
		{"grafana", "glc_ tokens are cloud tokens"},
		{"sentry", "sntryu_ tokens are user tokens"},
		{"new_relic", "NRAK- keys are user keys"},
		{"dynatrace", "dt0c01. tokens are API tokens"},
		{"linear", "lin_api_ keys are personal"},
		{"postman", "PMAK- keys are personal"},
		{"atlassian", "ATATT3 tokens are API tokens"},
		{"octopus", "API-AUTHENTICATIONREQUIREDFORTHISCALL"},
		{"prefect", "pnu_ keys are user keys"},
		{"readme", "rdme_ keys are project keys"},
		{"notion", "ntn_ tokens are integration tokens"},
		{"notion_legacy", "secret_santa event cancelled"},
		{"airtable", "pattern mismatch in line 4"},
		{"typeform", "tfp_ tokens are personal"},
		{"onepassword", "ops_eyJ begins a service account token"},
		{"age", "AGE-SECRET-KEY-1 begins an age identity"},
		{"langsmith", "lsv2_pt_ keys are personal"},
		{"shopify", "shpat_ tokens are admin tokens"},
		{"stripe_webhook", "whsec_ secrets sign webhooks"},
		{"square", "sq0atp- tokens are access tokens"},
		{"shippo", "shippo_live_ keys are live keys"},
		{"easypost", "EZAK keys are production keys"},
		{"facebook", "EAAC tokens are page tokens"},
		{"mapbox", "sk.eyJ begins a secret token"},
		{"dropbox", "sl.no such file"},
		{"groq", "gsk_ keys are API keys"},
		{"xai", "xai-sdk 1.2.0 installed"},
		{"perplexity", "pplx-api is the model family"},
		{"replicate", "r8_ tokens are API tokens"},
		{"telegram_bot", "build 20260101:AA short"},
		{"pem_private_key", "-----BEGIN PRIVATE KEY----- is missing from the file"},
		{"pem_private_key", "-----BEGIN CERTIFICATE-----\n" + Fake(900, 64, Base64) + "\n-----END CERTIFICATE-----"},
		{"pem_private_key_end", "expected -----END PRIVATE KEY----- after the body"},
		{"key", "401 Unauthorized: invalid token"},
		{"key", "token: expired"},
		{"key", `{"error": "invalid_token", "error_description": "The access token expired"}`},
		{"key", "max_tokens: 4096"},
		{"key", "PWD=/home/runner/work/app"},
		{"key", "secret: required"},
		{"key", "auth: none"},
		{"key", "token_type: bearer"},
		{"key", `{"token": "Invalid token provided"}`},
		{"key", "bypass=true"},
		{"key", "input_tokens=1200 output_tokens=340"},
		{"key", "NextToken=" + Fake(901, 24, Alnum)},
		{"flag", "error: flag needs an argument: --password"},
		{"flag", "docker login --password-stdin --username ci"},
		{"flag", "--token-file /run/secrets/token"},
		{"flag", "use --token $GITHUB_TOKEN"},
		{"command_password", "+ mkdir -p /tmp/build"},
		{"command_password", "MySQL server has gone away"},
		{"command_password", "+ psql -h db -p 5432 -U app"},
		{"cookie", "cookie: missing"},
		{"cookie", "invalid cookie header"},
	}
}
