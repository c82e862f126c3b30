package errcatprocessor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.opentelemetry.io/collector/pdata/plog"

	"github.com/errcat/errcat/internal/compile"
)

// Config is the processor's configuration. Every part validates itself, so
// that the collector's validation names the field at fault
// ("records::conditions::1: ...").
type Config struct {
	// Catalogue is "builtin" (or empty) for the catalogue built into
	// errcat, or a catalogue directory, compiled when the processor is
	// created.
	Catalogue Catalogue `mapstructure:"catalogue"`
	// Records selects the records that are classified; the others pass
	// through untouched.
	Records RecordsConfig `mapstructure:"records"`
	// Read names the attributes evidence is read from.
	Read ReadConfig `mapstructure:"read"`
	// Write names the attributes the answer is written to.
	Write WriteConfig `mapstructure:"write"`
	// MarkUnclassified writes class "unclassified" (and the reason) on a
	// failure-looking record that no rule classifies.
	MarkUnclassified bool `mapstructure:"mark_unclassified"`
	// KeepRawExcerpt also writes the matched text as it was, secrets and
	// all; by default only the sanitised excerpt is written.
	KeepRawExcerpt bool `mapstructure:"keep_raw_excerpt"`
}

// BuiltinCatalogue names the catalogue built into errcat.
const BuiltinCatalogue = "builtin"

// Catalogue is where the rules come from: BuiltinCatalogue, or a directory.
type Catalogue string

// Builtin reports whether c names the built-in catalogue.
func (c Catalogue) Builtin() bool { return c == "" || c == BuiltinCatalogue }

// Validate checks that a directory catalogue is a directory holding a
// catalogue file; whether its rules compile is known when the processor is
// created, with every problem positioned.
func (c Catalogue) Validate() error {
	if c.Builtin() {
		return nil
	}
	dir := string(c)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%q is neither %q nor a readable directory: %w", dir, BuiltinCatalogue, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%q is not a directory", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, compile.CatalogueFile)); err != nil {
		return fmt.Errorf("%q holds no %s: %w", dir, compile.CatalogueFile, err)
	}
	return nil
}

// RecordsConfig selects records: all of its tests must hold.
type RecordsConfig struct {
	// MinSeverity skips records whose severity is below it: TRACE, DEBUG,
	// INFO, WARN, ERROR or FATAL, optionally numbered 2 to 4 (ERROR2),
	// in any case. Empty selects every severity.
	MinSeverity Severity `mapstructure:"min_severity"`
	// SkipUnspecifiedSeverity skips records that carry no severity when
	// MinSeverity is set; by default they are classified, since a log
	// read without a parser has no severity and may still hold failures.
	SkipUnspecifiedSeverity bool `mapstructure:"skip_unspecified_severity"`
	// Conditions must all hold for a record to be classified.
	Conditions []Condition `mapstructure:"conditions"`
}

// Severity is a severity name as the log data model spells it.
type Severity string

// Number returns the severity number s names, 0 for an empty s.
func (s Severity) Number() (plog.SeverityNumber, error) {
	if s == "" {
		return plog.SeverityNumberUnspecified, nil
	}
	n, ok := severityNumber(string(s))
	if !ok {
		return 0, fmt.Errorf("unknown severity %q: want TRACE, DEBUG, INFO, WARN, ERROR or FATAL, optionally numbered 2 to 4 (ERROR2)", string(s))
	}
	return n, nil
}

// Validate checks that s names a severity.
func (s Severity) Validate() error {
	_, err := s.Number()
	return err
}

// severityBase is the number of each severity name's first level.
var severityBase = map[string]plog.SeverityNumber{
	"TRACE": plog.SeverityNumberTrace,
	"DEBUG": plog.SeverityNumberDebug,
	"INFO":  plog.SeverityNumberInfo,
	"WARN":  plog.SeverityNumberWarn,
	"ERROR": plog.SeverityNumberError,
	"FATAL": plog.SeverityNumberFatal,
}

// severityNumber reads a severity name: a base name, optionally followed by
// a level from 2 to 4, in any case; WARNING and ERR are read as WARN and
// ERROR, since loggers write them so.
func severityNumber(name string) (plog.SeverityNumber, bool) {
	name = strings.ToUpper(strings.TrimSpace(name))
	level := 1
	if n := len(name); n > 1 && name[n-1] >= '2' && name[n-1] <= '4' {
		level = int(name[n-1] - '0')
		name = name[:n-1]
	}
	switch name {
	case "WARNING":
		name = "WARN"
	case "ERR":
		name = "ERROR"
	}
	base, ok := severityBase[name]
	if !ok {
		return 0, false
	}
	return base + plog.SeverityNumber(level-1), true
}

// Condition tests one attribute of a record or of its resource. With
// Equals, the attribute's value (as a string) must be one of them; with
// Exists, the attribute must be present or absent.
type Condition struct {
	Attribute         string   `mapstructure:"attribute"`
	ResourceAttribute string   `mapstructure:"resource_attribute"`
	Exists            *bool    `mapstructure:"exists"`
	Equals            []string `mapstructure:"equals"`
}

// Validate checks that c names one attribute and one test.
func (c Condition) Validate() error {
	switch {
	case c.Attribute == "" && c.ResourceAttribute == "":
		return errors.New("names no attribute: set attribute or resource_attribute")
	case c.Attribute != "" && c.ResourceAttribute != "":
		return errors.New("names both attribute and resource_attribute: set one")
	case c.Exists == nil && len(c.Equals) == 0:
		return errors.New("tests nothing: set exists or equals")
	case c.Exists != nil && !*c.Exists && len(c.Equals) > 0:
		return errors.New("exists: false contradicts equals")
	}
	return nil
}

// ReadConfig names the attributes evidence is read from; an empty name is
// not read. The defaults are the OpenTelemetry semantic conventions'.
type ReadConfig struct {
	StatusCode          string `mapstructure:"status_code"`
	HeaderPrefix        string `mapstructure:"header_prefix"`
	ExceptionType       string `mapstructure:"exception_type"`
	ExceptionMessage    string `mapstructure:"exception_message"`
	ExceptionStacktrace string `mapstructure:"exception_stacktrace"`
	ExitCode            string `mapstructure:"exit_code"`
	Provider            string `mapstructure:"provider"`
	Model               string `mapstructure:"model"`
}

// WriteConfig names the attributes the answer is written to; an empty name
// is not written, except Code and Class, which are the answer.
type WriteConfig struct {
	Code             string `mapstructure:"code"`
	Class            string `mapstructure:"class"`
	Rule             string `mapstructure:"rule"`
	Confidence       string `mapstructure:"confidence"`
	RetryAfter       string `mapstructure:"retry_after"`
	ResetAt          string `mapstructure:"reset_at"`
	CatalogueVersion string `mapstructure:"catalogue_version"`
	Reason           string `mapstructure:"reason"`
	Excerpt          string `mapstructure:"excerpt"`
	RawExcerpt       string `mapstructure:"raw_excerpt"`
}

// named lists the fields of w by their configuration keys, in order.
func (w WriteConfig) named() [][2]string {
	return [][2]string{
		{"code", w.Code}, {"class", w.Class}, {"rule", w.Rule},
		{"confidence", w.Confidence}, {"retry_after", w.RetryAfter},
		{"reset_at", w.ResetAt}, {"catalogue_version", w.CatalogueVersion},
		{"reason", w.Reason}, {"excerpt", w.Excerpt}, {"raw_excerpt", w.RawExcerpt},
	}
}

// named lists the fields of r by their configuration keys, in order.
func (r ReadConfig) named() [][2]string {
	return [][2]string{
		{"status_code", r.StatusCode}, {"header_prefix", r.HeaderPrefix},
		{"exception_type", r.ExceptionType}, {"exception_message", r.ExceptionMessage},
		{"exception_stacktrace", r.ExceptionStacktrace}, {"exit_code", r.ExitCode},
		{"provider", r.Provider}, {"model", r.Model},
	}
}

// Validate checks that the answer has somewhere to go and that no two
// fields write the same attribute.
func (w WriteConfig) Validate() error {
	var errs []error
	if w.Code == "" {
		errs = append(errs, errors.New("code: must name an attribute"))
	}
	if w.Class == "" {
		errs = append(errs, errors.New("class: must name an attribute"))
	}
	seen := map[string]string{}
	for _, f := range w.named() {
		if f[1] == "" {
			continue
		}
		if first, ok := seen[f[1]]; ok {
			errs = append(errs, fmt.Errorf("%s: %q is already written by %s", f[0], f[1], first))
			continue
		}
		seen[f[1]] = f[0]
	}
	return errors.Join(errs...)
}

// Validate checks what no single part can: a written attribute that is also
// read would feed an answer back as evidence when a record passes twice,
// and a raw excerpt kept needs an attribute.
func (cfg *Config) Validate() error {
	var errs []error
	for _, wf := range cfg.Write.named() {
		if wf[1] == "" {
			continue
		}
		for _, rf := range cfg.Read.named() {
			if rf[1] == "" {
				continue
			}
			if wf[1] == rf[1] || (rf[0] == "header_prefix" && strings.HasPrefix(wf[1], rf[1])) {
				errs = append(errs, fmt.Errorf("write::%s: %q is also read (read::%s)", wf[0], wf[1], rf[0]))
			}
		}
	}
	if cfg.KeepRawExcerpt && cfg.Write.RawExcerpt == "" {
		errs = append(errs, errors.New("write::raw_excerpt: must name an attribute when keep_raw_excerpt is true"))
	}
	return errors.Join(errs...)
}

// defaultConfig is the configuration of a processor given no options: the
// built-in catalogue, every record, the semantic conventions' attributes.
func defaultConfig() *Config {
	return &Config{
		Catalogue: BuiltinCatalogue,
		Read: ReadConfig{
			StatusCode:          "http.response.status_code",
			HeaderPrefix:        "http.response.header.",
			ExceptionType:       "exception.type",
			ExceptionMessage:    "exception.message",
			ExceptionStacktrace: "exception.stacktrace",
			ExitCode:            "process.exit.code",
			Provider:            "gen_ai.provider.name",
			Model:               "gen_ai.request.model",
		},
		Write: WriteConfig{
			Code:             "error.type",
			Class:            "errcat.class",
			Rule:             "errcat.rule",
			Confidence:       "errcat.confidence",
			RetryAfter:       "errcat.retry_after",
			ResetAt:          "errcat.reset_at",
			CatalogueVersion: "errcat.catalogue_version",
			Reason:           "errcat.reason",
			Excerpt:          "errcat.excerpt",
			RawExcerpt:       "errcat.raw_excerpt",
		},
	}
}
