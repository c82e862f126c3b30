package errcatprocessor

import (
	"strings"
	"testing"

	"go.opentelemetry.io/collector/confmap"
	"go.opentelemetry.io/collector/pdata/plog"
)

// load unmarshals a configuration map over the defaults, as a collector
// does with the processor's section.
func load(t *testing.T, raw map[string]any) *Config {
	t.Helper()
	cfg := defaultConfig()
	if err := confmap.NewFromStringMap(raw).Unmarshal(cfg); err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	return cfg
}

func TestDefaultConfigIsValid(t *testing.T) {
	if err := confmap.Validate(createDefaultConfig()); err != nil {
		t.Fatalf("default config: %v", err)
	}
}

func TestConfigUnmarshal(t *testing.T) {
	cfg := load(t, map[string]any{
		"catalogue": "../../catalogue",
		"records": map[string]any{
			"min_severity": "warn",
			"conditions": []any{
				map[string]any{"resource_attribute": "service.name", "equals": []any{"checkout"}},
				map[string]any{"attribute": "http.response.status_code", "exists": true},
			},
		},
		"write":             map[string]any{"code": "errcat.code"},
		"mark_unclassified": true,
	})
	if err := confmap.Validate(cfg); err != nil {
		t.Fatalf("validate: %v", err)
	}
	if cfg.Catalogue.Builtin() || cfg.Write.Code != "errcat.code" || cfg.Write.Class != "errcat.class" ||
		!cfg.MarkUnclassified || len(cfg.Records.Conditions) != 2 || *cfg.Records.Conditions[1].Exists != true {
		t.Errorf("unmarshalled %+v", cfg)
	}
	if n, _ := cfg.Records.MinSeverity.Number(); n != plog.SeverityNumberWarn {
		t.Errorf("min_severity warn = %v, want WARN", n)
	}
}

// TestConfigErrorsNameTheField checks that each invalid setting is reported
// under its path in the configuration, as the collector prints it.
func TestConfigErrorsNameTheField(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want []string
	}{
		{"catalogue missing", func(c *Config) { c.Catalogue = "testdata/no-such-dir" },
			[]string{`catalogue: "testdata/no-such-dir" is neither "builtin" nor a readable directory`}},
		{"catalogue without catalogue.yaml", func(c *Config) { c.Catalogue = "testdata" },
			[]string{`catalogue: "testdata" holds no catalogue.yaml`}},
		{"severity", func(c *Config) { c.Records.MinSeverity = "LOUD" },
			[]string{`records::min_severity: unknown severity "LOUD"`}},
		{"condition without attribute", func(c *Config) { c.Records.Conditions = []Condition{{Exists: &yes}, {Attribute: "a"}} },
			[]string{"records::conditions::0: names no attribute", "records::conditions::1: tests nothing"}},
		{"condition with both", func(c *Config) {
			c.Records.Conditions = []Condition{{Attribute: "a", ResourceAttribute: "b", Exists: &yes}}
		}, []string{"records::conditions::0: names both attribute and resource_attribute"}},
		{"condition contradiction", func(c *Config) {
			c.Records.Conditions = []Condition{{Attribute: "a", Exists: &no, Equals: []string{"x"}}}
		}, []string{"records::conditions::0: exists: false contradicts equals"}},
		{"no code", func(c *Config) { c.Write.Code = "" }, []string{"write: code: must name an attribute"}},
		{"no class", func(c *Config) { c.Write.Class = "" }, []string{"write: class: must name an attribute"}},
		{"duplicate", func(c *Config) { c.Write.Rule = "errcat.class" },
			[]string{`write: rule: "errcat.class" is already written by class`}},
		{"write what is read", func(c *Config) { c.Write.Code = "exception.type" },
			[]string{`write::code: "exception.type" is also read (read::exception_type)`}},
		{"write under the header prefix", func(c *Config) { c.Write.Rule = "http.response.header.x-rule" },
			[]string{`write::rule: "http.response.header.x-rule" is also read (read::header_prefix)`}},
		{"raw excerpt nowhere", func(c *Config) { c.KeepRawExcerpt = true; c.Write.RawExcerpt = "" },
			[]string{"write::raw_excerpt: must name an attribute when keep_raw_excerpt is true"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := defaultConfig()
			tc.edit(cfg)
			err := confmap.Validate(cfg)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not say %q", err, w)
				}
			}
		})
	}
}

func TestSeverityNames(t *testing.T) {
	for name, want := range map[string]plog.SeverityNumber{
		"TRACE": plog.SeverityNumberTrace, "debug3": plog.SeverityNumberDebug3,
		"Info": plog.SeverityNumberInfo, "WARNING": plog.SeverityNumberWarn,
		"warn4": plog.SeverityNumberWarn4, "err": plog.SeverityNumberError,
		"ERROR2": plog.SeverityNumberError2, "fatal": plog.SeverityNumberFatal,
	} {
		if got, ok := severityNumber(name); !ok || got != want {
			t.Errorf("severityNumber(%q) = %v, %v; want %v", name, got, ok, want)
		}
	}
	for _, bad := range []string{"", "ERROR5", "ERROR1", "2", "notice"} {
		if got, ok := severityNumber(bad); ok {
			t.Errorf("severityNumber(%q) = %v, want no severity", bad, got)
		}
	}
}
