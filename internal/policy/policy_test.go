package policy_test

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/policy"
)

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		err  bool
	}{
		{"5s", 5 * time.Second, false},
		{"90s", 90 * time.Second, false},
		{"1m30s", 90 * time.Second, false},
		{"1h0m0s", time.Hour, false},
		{"7d", 7 * 24 * time.Hour, false},
		{"1d12h", 36 * time.Hour, false},
		{"", 0, true},
		{"5", 0, true},
		{"s", 0, true},
		{"1.5s", 0, true},
		{"5ms", 0, true},
		{"30s1m", 0, true}, // out of order
		{"1m1m", 0, true},  // repeated
		{"-5s", 0, true},
		{"99999999999999999999s", 0, true},
		{"100d", 0, true}, // far beyond any limit
	}
	for _, tt := range tests {
		d, err := policy.ParseDuration(tt.in)
		if (err != nil) != tt.err || time.Duration(d) != tt.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v, error %v", tt.in, time.Duration(d), err, tt.want, tt.err)
		}
	}
}

func TestFormatDurationRoundTrips(t *testing.T) {
	for _, d := range []time.Duration{0, time.Second, 90 * time.Second, time.Hour, 25*time.Hour + time.Second, 7 * 24 * time.Hour} {
		s := policy.FormatDuration(d)
		back, err := policy.ParseDuration(s)
		if err != nil || time.Duration(back) != d {
			t.Errorf("%v -> %q -> %v, %v", d, s, time.Duration(back), err)
		}
	}
	if got := policy.FormatDuration(1500 * time.Millisecond); got != "1.5s" {
		t.Errorf("fractions fall back to Go's form: got %q", got)
	}
}

func TestRetryDelay(t *testing.T) {
	r := policy.Retry{Enabled: true, MaxRetries: 10, InitialInterval: sec(5)}
	var got []string
	for n := 1; n <= 10; n++ {
		got = append(got, policy.FormatDuration(r.Delay(n)))
	}
	want := []string{"5s", "10s", "20s", "40s", "1m20s", "2m40s", "5m20s", "10m40s", "21m20s", "42m40s"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if d := (policy.Retry{InitialInterval: policy.Duration(time.Hour)}).Delay(60); d != policy.MaxDelay {
		t.Errorf("Delay(60) = %v, want the cap", d)
	}
}

func TestValidate(t *testing.T) {
	bad := policy.Policy{Version: 2, Classes: map[string]policy.Section{
		"transient": {
			Retry:        policy.Retry{Enabled: true, MaxRetries: 11, InitialInterval: policy.Duration(2 * time.Hour)},
			WaitForReset: policy.WaitForReset{Enabled: true, MaxWait: policy.Duration(8 * 24 * time.Hour)},
			OnExhausted:  "later",
		},
		"hard":         {Retry: policy.Retry{MaxRetries: 3, InitialInterval: sec(1)}, WaitForReset: policy.WaitForReset{MaxWait: sec(1)}},
		"request":      {Retry: policy.Retry{Enabled: true}, OnExhausted: policy.OnExhaustedStop},
		"quota":        {OnExhausted: policy.OnExhaustedStop},
		"unclassified": {OnExhausted: policy.OnExhaustedStop},
		"Bad-Name":     {OnExhausted: policy.OnExhaustedStop},
	}}
	err := bad.Validate("transient", "hard", "request")
	var got []string
	for _, e := range err.(policy.Errors) {
		got = append(got, e.Kind+" "+e.Error())
	}
	want := []string{
		`unknown_class Bad-Name: bad class name "Bad-Name"`,
		`missing_field hard.on_exhausted: missing (skip or stop)`,
		`bad_value hard.retry.initial_interval: must be absent when retry is disabled`,
		`bad_value hard.retry.max_retries: must be 0 or absent when retry is disabled`,
		`bad_value hard.wait_for_reset.max_wait: must be absent when wait_for_reset is disabled`,
		`unknown_class quota: unknown class "quota" (the catalogue declares hard, request, transient)`,
		`bad_value request.retry.initial_interval: 0s is out of range (1s to 1h when retry is enabled)`,
		`bad_value request.retry.max_retries: 0 is out of range (1 to 10 when retry is enabled)`,
		`bad_value transient.on_exhausted: "later" is not skip or stop`,
		`bad_value transient.retry.initial_interval: 2h is out of range (1s to 1h when retry is enabled)`,
		`bad_value transient.retry.max_retries: 11 is out of range (1 to 10 when retry is enabled)`,
		`bad_value transient.wait_for_reset.max_wait: 8d is out of range (1s to 7d when wait_for_reset is enabled)`,
		`unknown_class unclassified: unclassified takes no section: it always stops`,
		`bad_value version: unsupported version 2 (want 1)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if err := testPolicy().Validate("transient", "hard", "request"); err != nil {
		t.Errorf("test policy: %v", err)
	}
	if err := policy.Default().Validate(); err != nil {
		t.Errorf("default policy: %v", err)
	}
}

func TestParseJSON(t *testing.T) {
	good := `{"version": 1,
	  "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval": "5s"},
	                "wait_for_reset": {"enabled": true, "max_wait": "5m"},
	                "on_exhausted": "skip"},
	  "hard": {"retry": {"enabled": false}, "wait_for_reset": {"enabled": false}, "on_exhausted": "stop"},
	  "request": {"retry": {"enabled": true, "max_retries": 1, "initial_interval": "2s"},
	              "wait_for_reset": {"enabled": false}, "on_exhausted": "stop"}}`
	p, err := policy.ParseJSON([]byte(good), "transient", "hard", "request")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(testPolicy(), p); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// MarshalJSON writes what ParseJSON reads.
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var back policy.Policy
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if diff := cmp.Diff(p, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`[]`, []string{"want an object"}},
		{`{"version": 1,`, []string{"not JSON: unexpected end of JSON input (at byte 14)"}},
		{`{}`, []string{"version: missing"}},
		{`{"version": "1"}`, []string{"version: want an integer"}},
		{`{"version": 1, "transient": {}}`, []string{"transient.on_exhausted: missing", "transient.retry: missing", "transient.wait_for_reset: missing"}},
		{`{"version": 1, "transient": 3}`, []string{"transient: want an object"}},
		{`{"version": 1, "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval": "5 s", "jitter": true}, "wait_for_reset": {"max_wait": 5}, "on_exhausted": 1}}`, []string{
			"transient.on_exhausted: want skip or stop",
			`transient.retry.initial_interval: bad duration "5 s": want whole numbers with units d, h, m, s in that order, such as 30s, 5m or 1h30m`,
			"transient.retry.jitter: unknown field",
			"transient.wait_for_reset.enabled: missing",
			"transient.wait_for_reset.max_wait: want a duration string such as 30s, 5m or 1h30m",
		}},
		{`{"version": 1, "transient": {"retry": {"enabled": true, "max_retries": 30, "initial_interval": "5s"}, "wait_for_reset": {"enabled": false}, "on_exhausted": "skip"}}`, []string{
			"transient.retry.max_retries: 30 is out of range (1 to 10 when retry is enabled)",
		}},
	}
	for _, tt := range tests {
		_, err := policy.ParseJSON([]byte(tt.in))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseJSON(%s) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestStandardLibraryOnly guards the reason this package exists apart: the
// code generator emits it into generated code, which imports nothing but
// the standard library.
func TestStandardLibraryOnly(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		n++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
				t.Errorf("%s imports %s: internal/policy must import only the standard library", name, path)
			}
		}
	}
	if n == 0 {
		wd, _ := os.Getwd()
		t.Fatalf("no source files found in %s", wd)
	}
}
