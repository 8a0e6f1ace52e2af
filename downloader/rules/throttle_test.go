package rules

import (
	"net/http"
	"testing"
	"time"

	"haul/downloader/itemstate"
	"haul/downloader/throttle"
	"haul/downloader/transfer"
)

func TestRefusalsInTheSitesOwnWords(t *testing.T) {
	rule := ThrottleSigns{Statuses: []int{432}, Text: "Please Wait"}
	tests := []struct {
		name   string
		status int
		head   string
		signs  ThrottleSigns
		want   throttle.Kind
		retry  bool
	}{
		{name: "429", status: 429, want: throttle.Refusal, retry: true},
		{name: "403", status: 403, want: throttle.Possible, retry: true},
		{name: "418", status: 418, want: throttle.Possible, retry: true},
		{name: "412", status: 412, want: throttle.Possible, retry: true},
		{name: "503", status: 503, want: throttle.Possible, retry: true},
		{name: "404 is the link's own", status: 404, want: throttle.Neutral},
		{name: "410 is the link's own", status: 410, want: throttle.Neutral},
		{name: "500 is a server error", status: 500, want: throttle.Neutral, retry: true},
		{name: "432 named by the site's rule", status: 432, signs: rule, want: throttle.Refusal, retry: true},
		{name: "401 saying please wait, as the rule names", status: 401, head: "<p>please wait a few minutes</p>", signs: rule, want: throttle.Refusal, retry: true},
		{name: "403 saying too many requests", status: 403, head: "Too Many Requests", want: throttle.Refusal, retry: true},
		{name: "403 in Chinese", status: 403, head: "请求过于频繁，请稍后再试", want: throttle.Refusal, retry: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := &http.Response{StatusCode: tc.status, Header: http.Header{}}
			v := Classify(Failure{Ending: transfer.Refused, Resp: resp, Head: []byte(tc.head), Signs: tc.signs, Now: time.Now()})
			if v.Throttle != tc.want || v.Retry != tc.retry {
				t.Errorf("throttle %v, retry %v; want %v, %v", v.Throttle, v.Retry, tc.want, tc.retry)
			}
		})
	}
}

func TestAPageWhereAPictureWasExpected(t *testing.T) {
	notImage := &itemstate.ItemError{Kind: itemstate.ErrNotImage, Reason: itemstate.ReasonNotImage, Status: 200}
	for _, tc := range []struct {
		head string
		want throttle.Kind
	}{
		{"<html><body>hello</body></html>", throttle.Possible},
		{"<html><body><h1>Too many requests</h1></body></html>", throttle.Refusal},
	} {
		v := Classify(Failure{Refused: notImage, Head: []byte(tc.head)})
		if v.Throttle != tc.want || !v.Retry {
			t.Errorf("%q: throttle %v, retry %v; want %v, true", tc.head, v.Throttle, v.Retry, tc.want)
		}
	}
}

func TestDecideWhileASiteThrottles(t *testing.T) {
	forbidden := Verdict{Err: HTTPError(403), Retry: true, Throttle: throttle.Possible}
	slowDown := Verdict{Err: HTTPError(429), Retry: true, Throttle: throttle.Refusal, MinWait: 2 * time.Second}
	policy := Policy{Retries: 5, MaxRetryAfter: time.Minute, Backoff: func(int, time.Duration) time.Duration { return time.Second }}
	tests := []struct {
		name    string
		v       Verdict
		site    throttle.Judgement
		h       History
		kind    StepKind
		counted bool
		reason  itemstate.Reason
		wait    time.Duration
	}{
		{name: "a forbidden link while the site answers others", v: forbidden, kind: StepWait, counted: true, reason: itemstate.ReasonHTTP, wait: time.Second},
		{name: "a forbidden link the first time, its site's others arriving", v: forbidden, site: throttle.Judgement{Forbidden: true}, kind: StepWait, counted: true, reason: itemstate.ReasonHTTP, wait: time.Second},
		{name: "the same refusal again, its site's others arriving", v: forbidden, h: History{Failures: 1, LastStatus: 403}, site: throttle.Judgement{Forbidden: true}, kind: StepFail, counted: true, reason: itemstate.ReasonHTTP},
		{name: "the same 503 again: the server's trouble", v: Verdict{Err: HTTPError(503), Retry: true, Throttle: throttle.Possible}, h: History{Failures: 1, LastStatus: 503}, site: throttle.Judgement{Forbidden: true}, kind: StepWait, counted: true, reason: itemstate.ReasonHTTP, wait: time.Second},
		{name: "a refusal again after another failure", v: forbidden, h: History{Failures: 1, LastStatus: 500}, site: throttle.Judgement{Forbidden: true}, kind: StepWait, counted: true, reason: itemstate.ReasonHTTP, wait: time.Second},
		{name: "the same refusal again while the site may throttle", v: forbidden, h: History{Failures: 1, LastStatus: 403}, kind: StepWait, counted: true, reason: itemstate.ReasonHTTP, wait: time.Second},
		{name: "a forbidden link after its tries", v: forbidden, h: History{Failures: 5}, kind: StepFail, counted: true, reason: itemstate.ReasonHTTP},
		{name: "throttling: back in line", v: forbidden, site: throttle.Judgement{Throttled: true}, kind: StepRequeue, reason: itemstate.ReasonHTTP},
		{name: "throttling with Retry-After: waits it", v: slowDown, site: throttle.Judgement{Throttled: true}, kind: StepRequeue, reason: itemstate.ReasonHTTP, wait: 2 * time.Second},
		{name: "throttling, tries used up do not matter", v: forbidden, h: History{Failures: 5}, site: throttle.Judgement{Throttled: true}, kind: StepRequeue, reason: itemstate.ReasonHTTP},
		{name: "kept refusing", v: forbidden, site: throttle.Judgement{Throttled: true, KeptRefusing: true}, kind: StepFail, counted: true, reason: itemstate.ReasonKeptRefusing},
		{name: "put back too often: it counts", v: forbidden, h: History{Throttled: MaxThrottled}, site: throttle.Judgement{Throttled: true}, kind: StepWait, counted: true, reason: itemstate.ReasonHTTP, wait: time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Decide(Outcome{Verdict: tc.v, Site: tc.site}, tc.h, policy)
			if s.Kind != tc.kind || s.Counted != tc.counted || s.Err.Reason != tc.reason || s.Wait != tc.wait {
				t.Errorf("step %v counted %v reason %v wait %v; want %v %v %v %v", s.Kind, s.Counted, s.Err.Reason, s.Wait,
					tc.kind, tc.counted, tc.reason, tc.wait)
			}
		})
	}
}
