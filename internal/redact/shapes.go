package redact

import (
	"regexp"
	"strings"
)

// A shape is a credential format that begins with a fixed prefix, as the
// issuer documents it and public secret-scanner rule sets list it. Shapes
// are data: each becomes one rule (see shapeRules), found from its prefixes
// like every other rule. Fake samples of each, and text each must leave
// alone, are kept with the tests under the shape's name.
type shape struct {
	name string
	kind string
	// prefixes are literal, in the case the issuer writes them; fold
	// accepts them in any case.
	prefixes []string
	fold     bool
	// body is a regular expression for what follows the prefix. Bodies
	// are open-ended where the format allows, so that a longer or newer
	// variant of a token is still covered whole.
	body string
	// keep shows the prefix: only the body is the secret. Webhook URLs
	// keep their host and path, which say what leaked.
	keep bool
	// random requires a body that looks generated (see random), for
	// prefixes short or common enough to begin an ordinary word.
	random bool
}

// shapes are ordered by issuer. A body's minimum length is the documented
// length or, for formats whose length varies, well above what prose
// produces after the prefix.
var shapes = []shape{
	// GitLab: personal, deploy, runner, trigger, CI job, feed,
	// incoming-mail, agent, OAuth, SCIM and feature-flag tokens, and
	// runner registration tokens (GR1348941).
	{name: "gitlab", kind: KindGitLabToken, prefixes: []string{
		"glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "glft-", "glimt-",
		"glagent-", "gloas-", "glsoat-", "glffct-", "GR1348941",
	}, body: `[A-Za-z0-9_.-]{20,}`},
	// Hugging Face user and organisation tokens.
	{name: "huggingface", kind: KindAPIKey, prefixes: []string{"hf_", "api_org_"}, body: `[A-Za-z0-9]{30,}`},
	// Google OAuth access tokens.
	{name: "google_oauth", kind: KindOAuthToken, prefixes: []string{"ya29."}, body: `[A-Za-z0-9_-]{20,}`},
	// Twilio SendGrid: "SG." + id + "." + secret.
	{name: "sendgrid", kind: KindAPIKey, prefixes: []string{"SG."}, body: `[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{30,}`},
	// Twilio API key SIDs.
	{name: "twilio", kind: KindAPIKey, prefixes: []string{"SK"}, body: `[0-9a-fA-F]{32}\b`},
	// Mailgun private keys.
	{name: "mailgun", kind: KindAPIKey, prefixes: []string{"key-"}, body: `[0-9a-f]{32}\b`},
	// Sendinblue (Brevo).
	{name: "sendinblue", kind: KindAPIKey, prefixes: []string{"xkeysib-", "xsmtpsib-"}, body: `[0-9a-f]{64}-[A-Za-z0-9]{16}`},
	// Slack app-level and configuration tokens (bot and user tokens are
	// the xox rule's).
	{name: "slack_app", kind: KindAPIKey, prefixes: []string{"xapp-", "xoxe.xox", "xoxe-"}, body: `[A-Za-z0-9-]{20,}`},
	// Webhook URLs: the path after the hook's base is the credential.
	{name: "slack_webhook", kind: KindWebhook, keep: true, prefixes: []string{
		"hooks.slack.com/services/", "hooks.slack.com/workflows/", "hooks.slack.com/triggers/",
	}, body: `[A-Za-z0-9_/+-]{24,}`},
	{name: "discord_webhook", kind: KindWebhook, keep: true, prefixes: []string{
		"discord.com/api/webhooks/", "discordapp.com/api/webhooks/",
	}, body: `[0-9]{16,20}/[A-Za-z0-9_-]{40,}`},
	{name: "teams_webhook", kind: KindWebhook, keep: true, prefixes: []string{"webhook.office.com/webhookb2/"}, body: `[A-Za-z0-9@/_-]{40,}`},
	// Package registries.
	{name: "npm", kind: KindAPIKey, prefixes: []string{"npm_"}, body: `[A-Za-z0-9]{36,}`},
	{name: "pypi", kind: KindAPIKey, prefixes: []string{"pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"}, body: `[A-Za-z0-9_-]{40,}`},
	{name: "rubygems", kind: KindAPIKey, prefixes: []string{"rubygems_"}, body: `[0-9a-f]{48,}`},
	{name: "clojars", kind: KindAPIKey, prefixes: []string{"CLOJARS_"}, fold: true, body: `[A-Za-z0-9]{60,}`},
	{name: "docker_hub", kind: KindAPIKey, prefixes: []string{"dckr_pat_", "dckr_oat_"}, body: `[A-Za-z0-9_-]{24,}`},
	// Cloud and hosting platforms.
	{name: "digitalocean", kind: KindAPIKey, prefixes: []string{"dop_v1_", "doo_v1_", "dor_v1_"}, body: `[0-9a-f]{64}`},
	{name: "doppler", kind: KindAPIKey, prefixes: []string{"dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."}, body: `[A-Za-z0-9]{40,}`},
	{name: "databricks", kind: KindAPIKey, prefixes: []string{"dapi"}, body: `[0-9a-f]{32}(?:-[0-9])?\b`},
	{name: "pulumi", kind: KindAPIKey, prefixes: []string{"pul-"}, body: `[0-9a-f]{40}\b`},
	{name: "flyio", kind: KindAPIKey, prefixes: []string{"fo1_", "fm1a_", "fm1r_", "fm2_"}, body: `[A-Za-z0-9_+/-]{40,}={0,3}`},
	{name: "heroku", kind: KindAPIKey, prefixes: []string{"HRKU-"}, body: `[A-Za-z0-9_-]{40,}`},
	{name: "vault", kind: KindAPIKey, prefixes: []string{"hvs.", "hvb.", "hvr."}, body: `[A-Za-z0-9_-]{24,}`},
	{name: "supabase", kind: KindAPIKey, prefixes: []string{"sbp_"}, body: `[0-9a-f]{40,}`},
	{name: "netlify", kind: KindAPIKey, prefixes: []string{"nfp_"}, body: `[A-Za-z0-9_]{36,}`},
	{name: "planetscale", kind: KindAPIKey, prefixes: []string{"pscale_tkn_", "pscale_pw_", "pscale_oauth_"}, body: `[A-Za-z0-9_=.-]{32,}`},
	{name: "tailscale", kind: KindAPIKey, prefixes: []string{"tskey-"}, body: `[a-z]{3,12}-[A-Za-z0-9_-]{20,}`},
	{name: "alibaba", kind: KindAWSKey, prefixes: []string{"LTAI"}, body: `[A-Za-z0-9]{20}\b`},
	{name: "cloudflare_origin_ca", kind: KindAPIKey, prefixes: []string{"v1.0-"}, body: `[0-9a-f]{24}-[0-9a-f]{100,}`},
	{name: "openshift", kind: KindAPIKey, prefixes: []string{"sha256~"}, body: `[A-Za-z0-9_-]{43}\b`},
	{name: "scalingo", kind: KindAPIKey, prefixes: []string{"tk-us-"}, body: `[A-Za-z0-9_-]{48}`},
	{name: "infracost", kind: KindAPIKey, prefixes: []string{"ico-"}, body: `[A-Za-z0-9]{32}\b`},
	// Observability and developer tools.
	{name: "grafana", kind: KindAPIKey, prefixes: []string{"glc_", "glsa_"}, body: `[A-Za-z0-9_+/]{32,}={0,3}`},
	{name: "sentry", kind: KindAPIKey, prefixes: []string{"sntrys_", "sntryu_"}, body: `[A-Za-z0-9_+/=]{40,}`},
	{name: "new_relic", kind: KindAPIKey, prefixes: []string{"NRAK-", "NRII-", "NRJS-"}, body: `[A-Za-z0-9-]{19,}`},
	{name: "dynatrace", kind: KindAPIKey, prefixes: []string{"dt0c01."}, body: `[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}`},
	{name: "linear", kind: KindAPIKey, prefixes: []string{"lin_api_"}, body: `[A-Za-z0-9]{40,}`},
	{name: "postman", kind: KindAPIKey, prefixes: []string{"PMAK-"}, body: `[0-9a-fA-F]{24}-[0-9a-fA-F]{34}`},
	{name: "atlassian", kind: KindAPIKey, prefixes: []string{"ATATT3", "ATCTT3"}, body: `[A-Za-z0-9_=-]{100,}`},
	{name: "octopus", kind: KindAPIKey, prefixes: []string{"API-"}, body: `[A-Z0-9]{26,}\b`, random: true},
	{name: "prefect", kind: KindAPIKey, prefixes: []string{"pnu_"}, body: `[A-Za-z0-9]{36,}`},
	{name: "readme", kind: KindAPIKey, prefixes: []string{"rdme_"}, body: `[a-z0-9]{70,}`},
	{name: "notion", kind: KindAPIKey, prefixes: []string{"ntn_"}, body: `[A-Za-z0-9]{40,}`},
	{name: "notion_legacy", kind: KindAPIKey, prefixes: []string{"secret_"}, body: `[A-Za-z0-9]{43}\b`, random: true},
	{name: "airtable", kind: KindAPIKey, prefixes: []string{"pat"}, body: `[A-Za-z0-9]{14}\.[0-9a-f]{64}`},
	{name: "typeform", kind: KindAPIKey, prefixes: []string{"tfp_"}, body: `[A-Za-z0-9_.=-]{50,}`},
	{name: "onepassword", kind: KindAPIKey, prefixes: []string{"ops_eyJ"}, body: `[A-Za-z0-9+/_-]{100,}={0,3}`},
	{name: "age", kind: KindPrivateKey, prefixes: []string{"AGE-SECRET-KEY-1"}, body: `[0-9A-Z]{58}`},
	{name: "langsmith", kind: KindAPIKey, prefixes: []string{"lsv2_pt_", "lsv2_sk_"}, body: `[0-9a-f]{32}_[0-9a-f]{10}`},
	// Payments and commerce.
	{name: "shopify", kind: KindAPIKey, prefixes: []string{"shpat_", "shpca_", "shppa_", "shpss_"}, body: `[0-9a-fA-F]{32}`},
	{name: "stripe_webhook", kind: KindAPIKey, prefixes: []string{"whsec_"}, body: `[A-Za-z0-9]{32,}`},
	{name: "square", kind: KindAPIKey, prefixes: []string{"sq0atp-", "sq0csp-"}, body: `[A-Za-z0-9_-]{22,}`},
	{name: "shippo", kind: KindAPIKey, prefixes: []string{"shippo_live_", "shippo_test_"}, body: `[0-9a-fA-F]{40}`},
	{name: "easypost", kind: KindAPIKey, prefixes: []string{"EZAK", "EZTK"}, body: `[A-Za-z0-9]{54}`},
	{name: "facebook", kind: KindAPIKey, prefixes: []string{"EAAC", "EAAM"}, body: `[A-Za-z0-9]{100,}`},
	{name: "mapbox", kind: KindAPIKey, prefixes: []string{"sk.eyJ"}, body: `[A-Za-z0-9_-]{40,}\.[A-Za-z0-9_-]{16,}`},
	{name: "dropbox", kind: KindAPIKey, prefixes: []string{"sl."}, body: `[A-Za-z0-9_=-]{130,}`},
	// Model providers with key formats of their own (sk- keys are the
	// sk- rule's).
	{name: "groq", kind: KindAPIKey, prefixes: []string{"gsk_"}, body: `[A-Za-z0-9]{48,}`},
	{name: "xai", kind: KindAPIKey, prefixes: []string{"xai-"}, body: `[A-Za-z0-9_]{70,}`},
	{name: "perplexity", kind: KindAPIKey, prefixes: []string{"pplx-"}, body: `[A-Za-z0-9]{40,}`},
	{name: "replicate", kind: KindAPIKey, prefixes: []string{"r8_"}, body: `[A-Za-z0-9_-]{37,}`},
}

// shapeRules turns the shapes into rules.
func shapeRules() []rule {
	out := make([]rule, 0, len(shapes))
	for _, sh := range shapes {
		alts := make([]string, len(sh.prefixes))
		anchors := make([]string, len(sh.prefixes))
		for i, p := range sh.prefixes {
			alts[i] = regexp.QuoteMeta(p)
			anchors[i] = strings.ToLower(p)
		}
		prefix := strings.Join(alts, "|")
		if sh.fold {
			prefix = "(?i:" + prefix + ")"
		}
		expr := "^(?:" + prefix + ")"
		if sh.keep {
			expr += "(" + sh.body + ")"
		} else {
			expr += sh.body
		}
		r := rule{name: sh.name, kind: sh.kind, anchors: anchors, word: true, re: regexp.MustCompile(expr)}
		if sh.random {
			r.ok = func(m string, loc []int) bool {
				// The body follows the longest prefix that begins m.
				end := loc[1]
				for _, p := range sh.prefixes {
					if len(p) <= end && strings.EqualFold(m[:len(p)], p) {
						return random(m[len(p):end])
					}
				}
				return false
			}
		}
		out = append(out, r)
	}
	return out
}

// telegramRule finds Telegram bot tokens, "<bot id>:AA<35 characters>",
// which sit in the path of every Bot API URL. The prefix is in the
// middle, so the rule reads the id back from it.
var telegramRule = rule{
	name: "telegram_bot", kind: KindAPIKey, anchors: []string{":aa"},
	custom: func(s string, p int) (f Finding, lo, hi int, ok bool) {
		k := p
		for k > 0 && p-k < 12 && '0' <= s[k-1] && s[k-1] <= '9' {
			k--
		}
		// The id is 8 to 10 digits, alone or after "bot" in a URL.
		if p-k < 8 || p-k > 10 || k > 0 && isAlnum(s[k-1]) && !strings.HasSuffix(s[:k], "bot") || s[p+1:p+3] != "AA" {
			return
		}
		e := p + 3
		for e < len(s) && e-p < 64 && (isAlnum(s[e]) || s[e] == '_' || s[e] == '-') {
			e++
		}
		if e-(p+3) < 30 {
			return
		}
		return Finding{KindAPIKey, k, e}, k, e, true
	},
}
