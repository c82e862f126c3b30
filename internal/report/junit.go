// Package report renders errcat's results in the formats other tools
// read: JUnit XML for the fixtures errcat test replays, SARIF for the
// findings of errcat check.
package report

import (
	"encoding/xml"

	"github.com/errcat/errcat/internal/fixture"
)

// JUnit XML, the format CI systems read test results from.
type junitSuite struct {
	XMLName  xml.Name    `xml:"testsuite"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
}

// junitSkipped marks a case of the known-issues ledger: CI shows it
// without failing the build.
type junitSkipped struct {
	Message string `xml:"message,attr"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",chardata"`
}

// JUnit renders a replay as one JUnit test suite named suite: a test case
// per fixture (failed, or skipped for a known issue or a disabled rule)
// and two for the coverage that errcat test also fails on.
func JUnit(suite string, rep *fixture.Report) ([]byte, error) {
	s := junitSuite{Name: suite}
	failed := map[string]fixture.Failure{}
	for _, f := range rep.Failures {
		failed[f.Fixture] = f
	}
	known := map[string]fixture.KnownCase{}
	for _, k := range rep.Known {
		known[k.Fixture] = k
	}
	for _, r := range rep.Results {
		if r.Skipped {
			continue // listed with rep.Skipped, below
		}
		c := junitCase{Name: r.Fixture.Name, Classname: "fixtures"}
		if f, ok := failed[r.Fixture.Name]; ok {
			c.Failure = &junitFailure{Message: f.Pos + ": " + f.Message, Type: f.Kind, Body: f.Diff}
		} else if k, ok := known[r.Fixture.Name]; ok {
			c.Skipped = &junitSkipped{Message: "known " + k.Kind + ": " + k.Reason + " (got " + k.Got + ")"}
		}
		s.Cases = append(s.Cases, c)
	}
	for _, k := range rep.Skipped {
		c := junitCase{Name: k.Fixture, Classname: "fixtures"}
		c.Skipped = &junitSkipped{Message: "rule " + k.Rule + " is disabled by layer " + k.By + ": " + k.Reason}
		s.Cases = append(s.Cases, c)
	}
	cover := func(name, kind string, missing []string) {
		c := junitCase{Name: name, Classname: "coverage"}
		if len(missing) > 0 {
			body := ""
			for _, m := range missing {
				body += m + "\n"
			}
			c.Failure = &junitFailure{Message: name, Type: kind, Body: body}
		}
		s.Cases = append(s.Cases, c)
	}
	cover("every code has a rule", "codes_without_rule", rep.CodesWithoutRule)
	cover("every rule wins a positive fixture", "rules_without_fixture", rep.RulesWithoutFixture)
	for _, c := range s.Cases {
		s.Tests++
		if c.Failure != nil {
			s.Failures++
		}
		if c.Skipped != nil {
			s.Skipped++
		}
	}
	data, err := xml.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(data, '\n')...), nil
}
