package policyfile_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/policyfile"
)

var classes = []string{"transient", "hard", "request"}

const good = `# yaml-language-server: $schema=../schema/policy.schema.json
version: 1
transient:
  retry: {enabled: true, max_retries: 3, initial_interval: 5s}
  wait_for_reset: {enabled: true, max_wait: 5m}
  on_exhausted: skip
hard:
  retry: {enabled: false}
  wait_for_reset: {enabled: false}
  on_exhausted: stop
`

func TestLoad(t *testing.T) {
	p, err := policyfile.Load("p.yaml", []byte(good), classes)
	if err != nil {
		t.Fatal(err)
	}
	want := policy.Policy{Version: 1, Classes: map[string]policy.Section{
		"transient": {
			Retry:        policy.Retry{Enabled: true, MaxRetries: 3, InitialInterval: policy.Duration(5 * time.Second)},
			WaitForReset: policy.WaitForReset{Enabled: true, MaxWait: policy.Duration(5 * time.Minute)},
			OnExhausted:  policy.OnExhaustedSkip,
		},
		"hard": {OnExhausted: policy.OnExhaustedStop},
	}}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// JSON is YAML: the same document in JSON loads the same.
	pj, err := policyfile.Load("p.json", []byte(`{"version":1,"transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval":"5s"},"wait_for_reset":{"enabled":true,"max_wait":"5m"},"on_exhausted":"skip"},"hard":{"retry":{"enabled":false},"wait_for_reset":{"enabled":false},"on_exhausted":"stop"}}`), classes)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, pj); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"out of range", `version: 1
transient:
  retry: {enabled: true, max_retries: 11, initial_interval: 2h}
  wait_for_reset: {enabled: true, max_wait: 8d}
  on_exhausted: skip
`, []string{
			"p.yaml:3:39: transient.retry.max_retries: must be <= 10 but found 11",
			"p.yaml:3:61: transient.retry.initial_interval: 2h is out of range (1s to 1h when retry is enabled)",
			"p.yaml:4:45: transient.wait_for_reset.max_wait: 8d is out of range (1s to 7d when wait_for_reset is enabled)",
		}},
		{"unknown class and field", `version: 1
transiant:
  retry: {enabled: false}
  wait_for_reset: {enabled: false}
  on_exhausted: stop
hard:
  retry: {enabled: false, jitter: true}
  wait_for_reset: {enabled: false}
  on_exhausted: later
`, []string{
			`p.yaml:2:1: transiant: unknown class "transiant" (the catalogue declares hard, request, transient)`,
			`p.yaml:7:27: unknown field "jitter"`,
			`p.yaml:9:17: hard.on_exhausted: value must be one of "skip", "stop"`,
		}},
		{"missing section of a declared class", `version: 1
request:
  retry: {enabled: true, max_retries: 2}
  on_exhausted: stop
`, []string{
			"p.yaml:3:3: request: missing field 'wait_for_reset'",
			"p.yaml:3:10: request.retry: missing field 'initial_interval'",
		}},
		{"disabled sections hold zero values", `version: 1
hard:
  retry: {enabled: false, max_retries: 3, initial_interval: 5s}
  wait_for_reset: {enabled: false, max_wait: 1m}
  on_exhausted: stop
`, []string{
			"p.yaml:3:40: hard.retry.max_retries: must be 0 or absent when retry is disabled",
			"p.yaml:3:61: hard.retry.initial_interval: must be absent when retry is disabled",
			"p.yaml:4:46: hard.wait_for_reset.max_wait: must be absent when wait_for_reset is disabled",
		}},
		{"bad version and duration", `version: 2
transient:
  retry: {enabled: true, max_retries: 1, initial_interval: 5 seconds}
  wait_for_reset: {enabled: false}
  on_exhausted: skip
`, []string{
			`p.yaml:1:10: version: value must be "1"`,
			`p.yaml:3:60: transient.retry.initial_interval: does not match pattern '^([0-9]+d)?([0-9]+h)?([0-9]+m)?([0-9]+s)?$'`,
		}},
		{"unclassified takes no section", `version: 1
unclassified:
  retry: {enabled: false}
  wait_for_reset: {enabled: false}
  on_exhausted: stop
`, []string{
			"p.yaml:2:1: unclassified: unclassified takes no section: it always stops",
		}},
		{"syntax", "version: 1\ntransient: [\n", []string{"p.yaml:2:12: did not find expected node content"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := policyfile.Load("p.yaml", []byte(tt.in), classes)
			var got []string
			if err != nil {
				if len(diag.As(err)) == 0 {
					t.Errorf("error is not positioned: %v", err)
				}
				got = strings.Split(err.Error(), "\n")
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoadFileMissing(t *testing.T) {
	_, err := policyfile.LoadFile(t.TempDir()+"/none.yaml", classes)
	if err == nil || !strings.HasSuffix(err.Error(), "none.yaml: no such file or directory") {
		t.Errorf("got %v", err)
	}
}
