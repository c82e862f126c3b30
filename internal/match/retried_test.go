package match_test

import (
	"testing"

	"github.com/errcat/errcat/internal/match"
)

// TestRetryMarkers pins what the table of retry markers says of lines
// programs print while they retry, and of lines that end a run or only
// talk about retries: the final ones must hold no marker, or a final
// error would weigh as a retried attempt.
func TestRetryMarkers(t *testing.T) {
	retried := map[string]string{
		"WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by 'SSLError(SSLEOFError(8, 'EOF occurred in violation of protocol'))': /simple/": "Retrying (Retry(...))",
		"INFO:anthropic._base_client:Retrying request to /v1/messages in 0.812000 seconds":                                                                                                                 "retrying ... in <duration>",
		"a2abf6c4d29d: Retrying in 5 seconds":                                                     "retrying ... in <duration>",
		"http: Accept error: accept tcp [::]:8080: accept4: too many open files; retrying in 5ms": "retrying ... in <duration>",
		"transient error from the registry, retrying after 2s":                                    "retrying after",
		"Retrying due to 503 Service Unavailable, sleeping 1.3s ...":                              "retrying due to",
		"[INFO] Retrying request to {s}->https://repo.example.com:443":                            "retrying request",
		"level=info msg=\"retrying request\" attempt=2 max=5 delay=1s":                            "retrying request",
		"Attempt 1 failed with status 429. Retrying with backoff...":                              "retrying with backoff",
		"info There appears to be trouble with your network connection. Retrying...":              "retrying...",
		"dial tcp 10.0.0.5:5432: connect: connection refused; retrying":                           "retrying...",
		"Warning: Problem : timeout. Will retry in 1 seconds. 3 retries left.":                    "will retry",
		"npm WARN retry will retry, error on last attempt: Error: read ECONNRESET":                "will retry",
		"the job will be retried":                                                                              "will retry",
		"deploy: attempt 2/3 failed: 503 Service Unavailable":                                                  "attempt N/M",
		"connect ECONNREFUSED 127.0.0.1:5432 (attempt 3 of 10)":                                                "attempt N/M",
		"Retrying in 1s [Retry 1/5].":                                                                          "retrying ... in <duration>",
		"[Retry 3/3] GET https://example.com/health":                                                           "retry N/M",
		"warning: spurious network error (1 tries remaining): [7] Couldn't connect to server":                  "N retries left",
		"[retry] backing off 2.5s before attempt 4":                                                            "backing off",
		"##[warning]Back off 23.5 seconds before retry.":                                                       "backing off",
		"Waiting 14 seconds before trying again":                                                               "before trying again",
		"npm WARN tarball tarball data for lodash@4.17.21 seems to be corrupted. Trying again.":                "trying again",
		"2026-01-01 00:00:01,204 - MainThread - botocore.retryhandler - DEBUG - Retry needed, action of: 0.57": "Retry needed",
		"websocket: close 1006 (abnormal closure): reconnecting in 5s":                                         "reconnecting",
	}
	final := []string{
		"requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.example.com', port=443): Max retries exceeded with url: /v1/chat (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))",
		"An error occurred (ThrottlingException) when calling the InvokeModel operation (reached max retries: 4): Too many requests, please wait before trying again.",
		"deploy: attempt 3/3 failed: 401 Unauthorized",
		"Warning: Problem : timeout. Will retry in 8 seconds. 0 retries left. Giving up.",
		"curl: (28) Operation timed out after 0 retries left",
		"Error: Rate limit reached for requests. Please try again in 20s.",
		"You exceeded your current quota. Please retry in 21.5s.",
		`{"message":"Too many requests, please wait before trying again."}`,
		"failed after retrying 3 times: connection refused",
		"stopped retrying after 5 attempts: 503 Service Unavailable",
		"Job has reached the specified backoff limit",
		"Back-off restarting failed container app in pod app-0",
		"error: retries exhausted: connect: connection refused",
		"giving up after 6 attempts: dial tcp: i/o timeout",
		"Retried 3 times; no more retries",
		"retry_on_status: [429, 500, 502, 503, 504]",
		"PASS  src/retry.test.ts (5 tests, 0 failures)",
		"Command succeeded after 1 retry",
		"Reconnected to database after 2 attempts",
		"This request will not be retried: 400 Bad Request",
	}
	for line, want := range retried {
		if got := match.RetryMarker(line); got != want {
			t.Errorf("%q: marker %q, want %q", line, got, want)
		}
	}
	for _, line := range final {
		if got := match.RetryMarker(line); got != "" {
			t.Errorf("%q: marker %q, want none", line, got)
		}
	}
}
