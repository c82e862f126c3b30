package main

import (
	"encoding/xml"

	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/tables"
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

// writeJUnit writes the report atomically: a CI step never reads half a
// file.
func writeJUnit(path string, cat *tables.Catalogue, rep *fixture.Report) error {
	s := junitSuite{Name: "errcat " + cat.Name + " " + cat.ID}
	failed := map[string]fixture.Failure{}
	for _, f := range rep.Failures {
		failed[f.Fixture] = f
	}
	known := map[string]fixture.KnownCase{}
	for _, k := range rep.Known {
		known[k.Fixture] = k
	}
	for _, r := range rep.Results {
		c := junitCase{Name: r.Fixture.Name, Classname: "fixtures"}
		if f, ok := failed[r.Fixture.Name]; ok {
			c.Failure = &junitFailure{Message: f.Pos + ": " + f.Message, Type: f.Kind, Body: f.Diff}
		} else if k, ok := known[r.Fixture.Name]; ok {
			c.Skipped = &junitSkipped{Message: "known " + k.Kind + ": " + k.Reason + " (got " + k.Got + ")"}
		}
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
		return err
	}
	data = append([]byte(xml.Header), append(data, '\n')...)
	return atomicfile.Write(path, data, 0o644)
}
