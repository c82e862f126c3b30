package match

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// A program that retries says so, on the line that reports the failed
// attempt or on one of its own: pip's "WARNING: Retrying (Retry(total=4,
// ...)) after connection broken by ...", curl's "Will retry in 1 seconds.
// 3 retries left.", an SDK's "Retrying request to /v1/messages in 0.8
// seconds", Claude Code's "· Retrying in 1 seconds… (attempt 1/10)". Such
// a record is not the failure that ended the run, and the verdict of an
// input of several records weighs it less (verdict.go).
//
// The markers are one table here rather than entries of the catalogue:
// they name no code, so no rule can hold them; they say how programs
// report their own retry loops, which is the same whatever catalogue
// classifies the failures, so a catalogue of one's own gets them without
// copying them; and the generated package, which carries this source,
// gets them with no change to the code generator.
//
// A marker must mean that the program goes on: "Max retries exceeded",
// "reached max retries", "giving up after 3 attempts" and "attempt 5/5"
// end a run and are final errors, and a server's advice to its caller
// ("please retry in 20s", "please wait before trying again") is not a
// retry either. A record that holds one of the final words of retryFinal
// holds no marker.
//
// Markers are matched without case: each is written in lower case and
// searched for in the record's lowered copy, and only where one of its
// literals occurs, so that a failing record without retry words costs a
// few substring searches.
var retryMarkers = []retryMarker{
	{label: "Retrying (Retry(...))", lits: []string{"retrying (retry("}, re: `\bretrying \(retry\(`},
	{label: "retrying ... in <duration>", lits: []string{"retrying"}, re: `\bretrying\b.{0,80}?\bin \d+(?:\.\d+)? ?(?:ms|s|secs?|seconds?|m|mins?|minutes?)\b`},
	{label: "retrying after", lits: []string{"retrying after"}, re: `\bretrying after\b`},
	{label: "retrying due to", lits: []string{"retrying due to"}, re: `\bretrying due to\b`},
	{label: "retrying request", lits: []string{"retrying "}, re: `\bretrying (?:the )?(?:request|connection|download|fetch)\b`},
	{label: "retrying with backoff", lits: []string{"retrying with"}, re: `\bretrying with (?:exponential )?back-?off\b`},
	{label: "retrying...", lits: []string{"retrying"}, re: `\bretrying ?(?:\.\.\.|…)|(?:^|[,;:] ?)retrying\b\W*$`},
	{label: "will retry", lits: []string{"will retr", "will be retr"}, re: `\bwill (?:be )?retr(?:y|ied)\b`},
	{label: "attempt N/M", lits: []string{"attempt"}, re: `\battempt #?(\d+) ?(?:/|of) ?(\d+)\b`, more: retryLess},
	{label: "retry N/M", lits: []string{"retry"}, re: `\bretry #?(\d+) ?(?:/|of) ?(\d+)\b`, more: retryNotAbove},
	{label: "N retries left", lits: []string{" left", " remaining"}, re: `\b(\d+) (?:re)?tr(?:y|ies) (?:left|remaining)\b`, more: retryPositive},
	{label: "backing off", lits: []string{"backing off", "back off", "back-off"}, re: `\bbacking off\b|\bback[ -]off \d`},
	{label: "before trying again", lits: []string{"waiting "}, re: `\bwaiting \d+(?:\.\d+)? ?(?:ms|s|seconds?|minutes?)\b.{0,40}?\bbefore (?:trying again|retrying)\b`},
	{label: "trying again", lits: []string{"trying again"}, re: `(?:^|[.,;:] ?)trying again\b`},
	{label: "Retry needed", lits: []string{"retry needed"}, re: `\bretry needed\b`},
	{label: "reconnecting", lits: []string{"reconnecting"}, re: `\breconnecting (?:in|to)\b|\breconnecting ?(?:\.\.\.|…)`},
}

// retryFinal are the words with which a program says it stopped
// retrying: a record holding one is final whatever marker it also holds.
const retryFinal = `\b(?:giving up|gave up|gives up|no (?:more )?retries|retries exhausted|exhausted (?:all )?(?:\d+ )?retries|max(?:imum)? retries (?:exceeded|reached)|reached max retries|not retrying|stop(?:ped)? retrying|won't retry|will not (?:be )?retr)`

type retryMarker struct {
	label string   // what --explain names the marker by
	lits  []string // every match holds one of these
	re    string   // RE2 in lower case, matched against the lowered record
	// more, when set, checks the two numbers the pattern captures.
	more func(a, b int) bool
}

func retryLess(a, b int) bool     { return a < b }  // attempt 2/5: 3 more to come; 5/5 is the last
func retryNotAbove(a, b int) bool { return a <= b } // retry 3/3 is itself a retry
func retryPositive(a, _ int) bool { return a > 0 }  // 0 retries left: this one was the last

// retryTable is the markers compiled, on first use, so that a program
// classifying single messages never compiles them.
var retryTable = sync.OnceValue(func() *compiledRetry {
	t := &compiledRetry{final: regexp.MustCompile(retryFinal)}
	for _, m := range retryMarkers {
		t.res = append(t.res, regexp.MustCompile(m.re))
	}
	return t
})

type compiledRetry struct {
	res   []*regexp.Regexp
	final *regexp.Regexp
}

// retriedMarker returns the index in retryMarkers of the first marker
// the record holds, or -1 when it reports no retry. low is the record
// with its ASCII letters lowered.
func retriedMarker(low string) int {
	var t *compiledRetry
	for i := range retryMarkers {
		m := &retryMarkers[i]
		if !holdsAny(low, m.lits) {
			continue
		}
		if t == nil {
			t = retryTable()
		}
		if retryHolds(t.res[i], m, low) {
			if t.final.MatchString(low) {
				return -1
			}
			return i
		}
	}
	return -1
}

func retryHolds(re *regexp.Regexp, m *retryMarker, low string) bool {
	if m.more == nil {
		return re.MatchString(low)
	}
	for _, sub := range re.FindAllStringSubmatch(low, -1) {
		a, errA := strconv.Atoi(sub[1])
		b, errB := strconv.Atoi(sub[len(sub)-1])
		if errA == nil && errB == nil && m.more(a, b) {
			return true
		}
	}
	return false
}

func holdsAny(s string, lits []string) bool {
	for _, l := range lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}
