package rules

import (
	"haul/downloader/itemstate"
	"testing"
	"time"
)

// TestDecide walks the retry decision: one row per kind of outcome and history.
func TestDecide(t *testing.T) {
	policy := Policy{Retries: 3, MaxRetryAfter: time.Minute,
		Backoff: func(next int, minWait time.Duration) time.Duration {
			return max(time.Duration(next)*time.Second, minWait)
		}}
	short := Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrShortBody}}
	refused := Verdict{Retry: true, SlowDown: true, MinWait: 5 * time.Second, Err: &itemstate.ItemError{Kind: itemstate.ErrHTTP, Status: 429}}
	notFound := Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrHTTP, Status: 404}}
	noFiles := Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrTooManyOpen}}
	tests := []struct {
		name string
		out  Outcome
		hist History
		pol  *Policy
		want Step
	}{
		{"saved", Outcome{Finished: true}, History{}, nil, Step{Kind: StepDone}},
		{"skipped", Outcome{Finished: true}, History{Failures: 2}, nil, Step{Kind: StepDone}},
		{"page", Outcome{Finished: true}, History{}, nil, Step{Kind: StepDone}},
		{"a leftover of the same version resumes at once, free", Outcome{ResumeNow: true, Reached: 1 << 20}, History{Failures: 3}, nil,
			Step{Kind: StepResume}},
		{"a leftover resumes even without retries", Outcome{ResumeNow: true, Reached: 1 << 20}, History{}, &Policy{},
			Step{Kind: StepResume}},
		{"permanent fails at once", Outcome{Verdict: notFound}, History{}, nil,
			Step{Kind: StepFail, Counted: true}},
		{"certificate fails at once", Outcome{Verdict: Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrCertificate}}}, History{}, nil,
			Step{Kind: StepFail, Counted: true}},
		{"disk failure stops the batch", Outcome{Verdict: Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrDisk}}}, History{}, nil,
			Step{Kind: StepFail, Counted: true, StopBatch: true}},
		{"out of open files waits, free", Outcome{Verdict: noFiles}, History{Failures: 3, Total: -1}, nil,
			Step{Kind: StepWait, Wait: 100 * time.Millisecond, Shortage: true}},
		{"out of open files again waits longer", Outcome{Verdict: noFiles}, History{Shortages: 2, Total: -1}, nil,
			Step{Kind: StepWait, Wait: 400 * time.Millisecond, Shortage: true}},
		{"out of open files waits at most 2 s", Outcome{Verdict: noFiles}, History{Shortages: MaxShortages - 1, Total: -1}, nil,
			Step{Kind: StepWait, Wait: 2 * time.Second, Shortage: true}},
		{"out of open files waits even without retries", Outcome{Verdict: noFiles}, History{Total: -1}, &Policy{},
			Step{Kind: StepWait, Wait: 100 * time.Millisecond, Shortage: true}},
		{"out of open files too often counts", Outcome{Verdict: noFiles}, History{Shortages: MaxShortages, Total: -1}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 2 * time.Second}},
		{"first drop without bytes waits", Outcome{Verdict: short}, History{Total: -1}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 2 * time.Second}},
		{"third drop waits longer", Outcome{Verdict: short}, History{Failures: 2, Total: -1}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 4 * time.Second}},
		{"drop after the last retry fails", Outcome{Verdict: short}, History{Failures: 3, Total: -1}, nil,
			Step{Kind: StepFail, Counted: true}},
		{"big progress resumes at once, free", Outcome{Verdict: short, Reached: 1 << 20}, History{Failures: 3, Reached: 1 << 10, Total: 4 << 20}, nil,
			Step{Kind: StepResume}},
		{"small progress counts and waits", Outcome{Verdict: short, Reached: 2000}, History{Failures: 1, Reached: 1000, Total: 1 << 30}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 3 * time.Second}},
		{"small progress after the last retry fails", Outcome{Verdict: short, Reached: 2000}, History{Failures: 3, Reached: 1000, Total: 1 << 30}, nil,
			Step{Kind: StepFail, Counted: true}},
		{"a tenth of the file resumes at once", Outcome{Verdict: short, Reached: 2000}, History{Reached: 1000, Total: 10000}, nil,
			Step{Kind: StepResume}},
		{"same cut point again counts", Outcome{Verdict: short, Reached: 1 << 20}, History{Failures: 1, Reached: 1 << 20, Total: 4 << 20}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 3 * time.Second}},
		{"same cut point after the last retry fails", Outcome{Verdict: short, Reached: 1 << 20}, History{Failures: 3, Reached: 1 << 20, Total: 4 << 20}, nil,
			Step{Kind: StepFail, Counted: true}},
		{"shorter than before counts", Outcome{Verdict: short, Reached: 100}, History{Reached: 1 << 20, Total: -1}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 2 * time.Second}},
		{"changed file restarts, counted", Outcome{Verdict: Verdict{Retry: true, Restart: true, Err: &itemstate.ItemError{Kind: itemstate.ErrServer}}}, History{Reached: 1 << 20}, nil,
			Step{Kind: StepRestart, Counted: true}},
		{"restart after the last retry fails", Outcome{Verdict: Verdict{Retry: true, Restart: true, Err: &itemstate.ItemError{Kind: itemstate.ErrServer}}}, History{Failures: 3}, nil,
			Step{Kind: StepFail, Counted: true}},
		{"too many requests waits its Retry-After", Outcome{Verdict: refused}, History{}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 5 * time.Second}},
		{"Retry-After beyond the limit fails", Outcome{Verdict: Verdict{Retry: true, MinWait: time.Hour, Err: &itemstate.ItemError{Kind: itemstate.ErrHTTP, Status: 503}}}, History{}, nil,
			Step{Kind: StepFail, Counted: true}},
		{"no Retries: first failure fails", Outcome{Verdict: short, Reached: 1 << 20}, History{}, &Policy{},
			Step{Kind: StepFail, Counted: true}},
		{"no reason given still retries", Outcome{}, History{Total: -1}, nil,
			Step{Kind: StepWait, Counted: true, Wait: 2 * time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := policy
			if tt.pol != nil {
				p = *tt.pol
			}
			got := Decide(tt.out, tt.hist, p)
			if got.Kind != tt.want.Kind || got.Wait != tt.want.Wait || got.Counted != tt.want.Counted || got.StopBatch != tt.want.StopBatch ||
				got.Shortage != tt.want.Shortage {
				t.Fatalf("decide = %s wait %v counted %v stopBatch %v; want %s wait %v counted %v stopBatch %v",
					got.Kind, got.Wait, got.Counted, got.StopBatch, tt.want.Kind, tt.want.Wait, tt.want.Counted, tt.want.StopBatch)
			}
			if noFailure := got.Kind == StepDone || tt.out.ResumeNow; noFailure != (got.Err == nil) {
				t.Fatalf("step %s with error %v", got.Kind, got.Err)
			}
		})
	}
}

// TestDecideCutEveryTimeEnds replays a server that cuts every answer at
// the same byte and ignores Range: the tries end Failed within the budget.
func TestDecideCutEveryTimeEnds(t *testing.T) {
	p := Policy{Retries: 5, MaxRetryAfter: time.Minute,
		Backoff: func(int, time.Duration) time.Duration { return time.Millisecond }}
	h := History{Total: 10 << 20}
	for try := 1; try <= 100; try++ {
		s := Decide(Outcome{Verdict: Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrShortBody}}, Reached: 3 << 20}, h, p)
		if s.Kind == StepFail {
			if try != p.Retries+2 {
				t.Fatalf("failed after %d tries, want %d (one free, then the retries)", try, p.Retries+2)
			}
			return
		}
		if s.Counted {
			h.Failures++
		}
		h.Reached = max(h.Reached, 3<<20)
	}
	t.Fatal("a server that cuts at the same place every time is tried forever")
}

// TestDecideTrickleEnds replays servers that let each try bring a little
// more of a large file (100 bytes a connection, of a known or an unknown
// size): the tries end Failed after the retries, not after millions of
// free tries.
func TestDecideTrickleEnds(t *testing.T) {
	p := Policy{Retries: 5, MaxRetryAfter: time.Minute,
		Backoff: func(int, time.Duration) time.Duration { return time.Millisecond }}
	for _, total := range []int64{1 << 30, -1} {
		h := History{Total: total}
		for try := 1; ; try++ {
			s := Decide(Outcome{Verdict: Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrShortBody}}, Reached: h.Reached + 100}, h, p)
			if s.Kind == StepFail {
				if try != p.Retries+1 {
					t.Errorf("size %d: failed after %d tries, want %d", total, try, p.Retries+1)
				}
				break
			}
			if try > 1000 {
				t.Fatalf("size %d: a trickle is tried forever", total)
			}
			if s.Counted {
				h.Failures++
			}
			h.Reached += 100
		}
	}
}
