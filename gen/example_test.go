package gen_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/errcat/errcat/gen"
)

func ExampleClassify() {
	c := gen.Classify(gen.Evidence{Text: "curl: (6) Could not resolve host: api.example.com"})
	fmt.Println(c.State, c.Class, c.Code, c.Rule)
	// Output: classified transient network_unavailable net.dns_failure
}

func ExampleClassifyText() {
	c := gen.ClassifyText("INFO server listening on :8080")
	fmt.Println(c.State, c.Reason)
	// Output: unclassified no_match
}

func ExampleClassifyLines() {
	log := strings.Join([]string{
		"Cloning into 'repo'...",
		"fatal: Unable to create '/src/.git/index.lock': File exists.",
		"npm ERR! code ENOSPC",
	}, "\n")
	stats, err := gen.ClassifyLines(strings.NewReader(log), func(r gen.LineResult) bool {
		fmt.Println(r.Line, r.Class, r.Code)
		return true
	})
	fmt.Println(stats.Records, stats.Classified, err)
	// Output:
	// 2 transient resource_locked
	// 3 hard disk_full
	// 3 2 <nil>
}

func ExampleDecide() {
	p, err := gen.ParsePolicy([]byte(`{"version": 1,
		"transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval": "5s"}, "wait_for_reset": {"enabled": false}, "on_exhausted": "skip"}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := gen.ClassifyText("dial tcp 10.0.0.1:443: connect: connection refused")
	d := gen.Decide(c, p, gen.State{Now: now})
	fmt.Println(c.Code, d.Action, d.Delay, d.RetryOrdinal)

	hard := gen.ClassifyText("npm ERR! code ENOSPC")
	fmt.Println(hard.Code, gen.Decide(hard, p, gen.State{Now: now}).Action)
	// Output:
	// network_unavailable retry 5s 1
	// disk_full stop
}
