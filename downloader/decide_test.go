package downloader

import (
	"testing"
	"time"
)

// TestDecide walks the retry decision: one row per kind of outcome and history.
func TestDecide(t *testing.T) {
	policy := retryPolicy{retries: 3, maxRetryAfter: time.Minute,
		backoff: func(next int, minWait time.Duration) time.Duration {
			return max(time.Duration(next)*time.Second, minWait)
		}}
	short := verdict{retry: true, err: &ItemError{Kind: ErrShortBody}}
	refused := verdict{retry: true, slowDown: true, minWait: 5 * time.Second, err: &ItemError{Kind: ErrHTTP, Status: 429}}
	notFound := verdict{err: &ItemError{Kind: ErrHTTP, Status: 404}}
	tests := []struct {
		name string
		out  outcome
		hist history
		pol  *retryPolicy
		want step
	}{
		{"saved", outcome{done: true}, history{}, nil, step{kind: stepDone}},
		{"skipped", outcome{skipped: true}, history{failures: 2}, nil, step{kind: stepDone}},
		{"page", outcome{page: &PageFound{}}, history{}, nil, step{kind: stepDone}},
		{"a leftover of the same version resumes at once, free", outcome{resumeNow: true, reached: 1 << 20}, history{failures: 3}, nil,
			step{kind: stepResume}},
		{"a leftover resumes even without retries", outcome{resumeNow: true, reached: 1 << 20}, history{}, &retryPolicy{},
			step{kind: stepResume}},
		{"permanent fails at once", outcome{verdict: notFound}, history{}, nil,
			step{kind: stepFail, counted: true}},
		{"certificate fails at once", outcome{verdict: verdict{err: &ItemError{Kind: ErrCertificate}}}, history{}, nil,
			step{kind: stepFail, counted: true}},
		{"disk failure stops the batch", outcome{verdict: verdict{err: &ItemError{Kind: ErrDisk}}}, history{}, nil,
			step{kind: stepFail, counted: true, stopBatch: true}},
		{"first drop without bytes waits", outcome{verdict: short}, history{total: -1}, nil,
			step{kind: stepWait, counted: true, wait: 2 * time.Second}},
		{"third drop waits longer", outcome{verdict: short}, history{failures: 2, total: -1}, nil,
			step{kind: stepWait, counted: true, wait: 4 * time.Second}},
		{"drop after the last retry fails", outcome{verdict: short}, history{failures: 3, total: -1}, nil,
			step{kind: stepFail, counted: true}},
		{"big progress resumes at once, free", outcome{verdict: short, reached: 1 << 20}, history{failures: 3, reached: 1 << 10, total: 4 << 20}, nil,
			step{kind: stepResume}},
		{"small progress counts and waits", outcome{verdict: short, reached: 2000}, history{failures: 1, reached: 1000, total: 1 << 30}, nil,
			step{kind: stepWait, counted: true, wait: 3 * time.Second}},
		{"small progress after the last retry fails", outcome{verdict: short, reached: 2000}, history{failures: 3, reached: 1000, total: 1 << 30}, nil,
			step{kind: stepFail, counted: true}},
		{"a tenth of the file resumes at once", outcome{verdict: short, reached: 2000}, history{reached: 1000, total: 10000}, nil,
			step{kind: stepResume}},
		{"same cut point again counts", outcome{verdict: short, reached: 1 << 20}, history{failures: 1, reached: 1 << 20, total: 4 << 20}, nil,
			step{kind: stepWait, counted: true, wait: 3 * time.Second}},
		{"same cut point after the last retry fails", outcome{verdict: short, reached: 1 << 20}, history{failures: 3, reached: 1 << 20, total: 4 << 20}, nil,
			step{kind: stepFail, counted: true}},
		{"shorter than before counts", outcome{verdict: short, reached: 100}, history{reached: 1 << 20, total: -1}, nil,
			step{kind: stepWait, counted: true, wait: 2 * time.Second}},
		{"changed file restarts, counted", outcome{restart: true, verdict: verdict{retry: true, err: &ItemError{Kind: ErrServer}}}, history{reached: 1 << 20}, nil,
			step{kind: stepRestart, counted: true}},
		{"restart after the last retry fails", outcome{restart: true, verdict: verdict{retry: true, err: &ItemError{Kind: ErrServer}}}, history{failures: 3}, nil,
			step{kind: stepFail, counted: true}},
		{"too many requests waits its Retry-After", outcome{verdict: refused}, history{}, nil,
			step{kind: stepWait, counted: true, wait: 5 * time.Second}},
		{"Retry-After beyond the limit fails", outcome{verdict: verdict{retry: true, minWait: time.Hour, err: &ItemError{Kind: ErrHTTP, Status: 503}}}, history{}, nil,
			step{kind: stepFail, counted: true}},
		{"no retries: first failure fails", outcome{verdict: short, reached: 1 << 20}, history{}, &retryPolicy{},
			step{kind: stepFail, counted: true}},
		{"no reason given still retries", outcome{}, history{total: -1}, nil,
			step{kind: stepWait, counted: true, wait: 2 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := policy
			if tt.pol != nil {
				p = *tt.pol
			}
			got := decide(tt.out, tt.hist, p)
			if got.kind != tt.want.kind || got.wait != tt.want.wait || got.counted != tt.want.counted || got.stopBatch != tt.want.stopBatch {
				t.Fatalf("decide = %s wait %v counted %v stopBatch %v; want %s wait %v counted %v stopBatch %v",
					got.kind, got.wait, got.counted, got.stopBatch, tt.want.kind, tt.want.wait, tt.want.counted, tt.want.stopBatch)
			}
			if noFailure := got.kind == stepDone || tt.out.resumeNow; noFailure != (got.err == nil) {
				t.Fatalf("step %s with error %v", got.kind, got.err)
			}
		})
	}
}

// TestDecideCutEveryTimeEnds replays a server that cuts every answer at
// the same byte and ignores Range: the tries end Failed within the budget.
func TestDecideCutEveryTimeEnds(t *testing.T) {
	p := retryPolicy{retries: 5, maxRetryAfter: time.Minute,
		backoff: func(int, time.Duration) time.Duration { return time.Millisecond }}
	h := history{total: 10 << 20}
	for try := 1; try <= 100; try++ {
		s := decide(outcome{verdict: verdict{retry: true, err: &ItemError{Kind: ErrShortBody}}, reached: 3 << 20}, h, p)
		if s.kind == stepFail {
			if try != p.retries+2 {
				t.Fatalf("failed after %d tries, want %d (one free, then the retries)", try, p.retries+2)
			}
			return
		}
		if s.counted {
			h.failures++
		}
		h.reached = max(h.reached, 3<<20)
	}
	t.Fatal("a server that cuts at the same place every time is tried forever")
}

// TestDecideTrickleEnds replays servers that let each try bring a little
// more of a large file (100 bytes a connection, of a known or an unknown
// size): the tries end Failed after the retries, not after millions of
// free tries.
func TestDecideTrickleEnds(t *testing.T) {
	p := retryPolicy{retries: 5, maxRetryAfter: time.Minute,
		backoff: func(int, time.Duration) time.Duration { return time.Millisecond }}
	for _, total := range []int64{1 << 30, -1} {
		h := history{total: total}
		for try := 1; ; try++ {
			s := decide(outcome{verdict: verdict{retry: true, err: &ItemError{Kind: ErrShortBody}}, reached: h.reached + 100}, h, p)
			if s.kind == stepFail {
				if try != p.retries+1 {
					t.Errorf("size %d: failed after %d tries, want %d", total, try, p.retries+1)
				}
				break
			}
			if try > 1000 {
				t.Fatalf("size %d: a trickle is tried forever", total)
			}
			if s.counted {
				h.failures++
			}
			h.reached += 100
		}
	}
}
