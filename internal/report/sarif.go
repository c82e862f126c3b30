package report

import (
	"encoding/json"
	"io"

	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/version"
)

// SARIF 2.1.0, the subset code-scanning UIs read: one run, a rule per
// finding kind, and results located on the YAML line of the rule, with
// the other rule of the pair as a related location.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	DefaultConfig    sarifConfig  `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               int           `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifMessage `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

var sarifRules = []sarifRule{
	{collide.Collision, sarifMessage{"Equally ranked rules of different codes claim the same evidence"}, sarifConfig{"error"}},
	{collide.Shadowed, sarifMessage{"A rule never wins: a higher-ranked rule of another code claims all its matches"}, sarifConfig{"error"}},
	{collide.Undecided, sarifMessage{"The analysis of a pair of rules ran out of budget or could not confirm its witness"}, sarifConfig{"error"}},
	{collide.Unindexed, sarifMessage{"A text rule has no required literal of 3 or more bytes"}, sarifConfig{"warning"}},
	{collide.StaleOverride, sarifMessage{"An overrides entry names a rule the engine never ranks with the overriding one"}, sarifConfig{"warning"}},
}

// SARIF writes the findings of the collision analysis as a SARIF 2.1.0
// log, indented.
func SARIF(w io.Writer, rep *collide.Report) error {
	loc := func(r collide.RuleRef) sarifPhysical {
		return sarifPhysical{ArtifactLocation: sarifArtifact{URI: r.File}, Region: sarifRegion{StartLine: max(r.Line, 1)}}
	}
	results := []sarifResult{}
	for _, f := range rep.Findings {
		msg := f.Message
		if f.Witness != nil {
			msg += "\nWitness fixture:\n" + f.Witness.Fixture
		}
		res := sarifResult{
			RuleID:    f.Kind,
			Level:     f.Severity,
			Message:   sarifMessage{msg},
			Locations: []sarifLocation{{PhysicalLocation: loc(f.Rule)}},
		}
		if f.Other != nil {
			res.RelatedLocations = []sarifLocation{{ID: 1, PhysicalLocation: loc(*f.Other), Message: &sarifMessage{"rule " + f.Other.ID}}}
		}
		results = append(results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name: "errcat", Version: version.Version,
				InformationURI: "https://github.com/errcat/errcat",
				Rules:          sarifRules,
			}},
			Results: results,
		}},
	})
}
