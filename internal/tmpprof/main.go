package main

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
)

const hit = `openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 29000. Please try again in 2.5s.', 'code': 'rate_limit_exceeded'}}`

func main() {
	cat, _ := compile.Load(catalogue.FS, "catalogue")
	match.New(cat)
	type row struct {
		id, src string
		d       time.Duration
	}
	var rows []row
	low := strings.ToLower(hit)
	for _, r := range cat.Rules {
		for _, re := range r.Match.Regex {
			trig := len(re.Triggers) == 0
			for _, t := range re.Triggers {
				if strings.Contains(low, t) {
					trig = true
				}
			}
			if !trig {
				continue
			}
			rx := re.Regexp()
			t0 := time.Now()
			for i := 0; i < 200; i++ {
				rx.FindStringIndex(hit)
			}
			rows = append(rows, row{r.ID, re.Src, time.Since(t0) / 200})
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].d > rows[j].d })
	for _, r := range rows[:12] {
		fmt.Println(r.d, r.id, r.src)
	}
}
