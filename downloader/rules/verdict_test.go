package rules

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"syscall"
	"testing"
	"time"

	"haul/downloader/itemstate"
	"haul/downloader/transfer"
)

// TestClassify walks the one verdict entry point: one row per kind of
// failure, with the reason it gives and whether another try may mend it.
func TestClassify(t *testing.T) {
	answer := func(status int, header ...string) *http.Response {
		h := http.Header{}
		for i := 0; i+1 < len(header); i += 2 {
			h.Set(header[i], header[i+1])
		}
		return &http.Response{StatusCode: status, Header: h}
	}
	tests := []struct {
		name    string
		f       Failure
		reason  itemstate.Reason
		retry   bool
		restart bool
		wait    time.Duration
	}{
		{"refused by the engine", Failure{Refused: &itemstate.ItemError{Reason: itemstate.ReasonSignIn}}, itemstate.ReasonSignIn, false, false, 0},
		{"journal cannot note the file", Failure{Unjournaled: errors.New("disk full")}, itemstate.ReasonDisk, true, false, 0},
		{"temporary file not removed", Failure{PartStuck: errors.New("busy"), Dir: "/f"}, itemstate.ReasonPartStuck, false, false, 0},
		{"404", Failure{Ending: transfer.Refused, Resp: answer(404)}, itemstate.ReasonHTTP, false, false, 0},
		{"503 with Retry-After", Failure{Ending: transfer.Refused, Resp: answer(503, "Retry-After", "7")}, itemstate.ReasonHTTP, true, false, 7 * time.Second},
		{"204", Failure{Ending: transfer.NoFile, Resp: answer(204)}, itemstate.ReasonNoFile, false, false, 0},
		{"beyond the size limit", Failure{Ending: transfer.TooLarge, MaxSize: 10}, itemstate.ReasonTooLarge, false, false, 0},
		{"no bytes", Failure{Ending: transfer.EmptyBody, Resp: answer(200)}, itemstate.ReasonEmptyBody, true, false, 0},
		{"resume refused", Failure{Ending: transfer.CannotResume}, itemstate.ReasonNoResume, true, true, 0},
		{"file changed", Failure{Ending: transfer.Changed}, itemstate.ReasonChanged, true, true, 0},
		{"wrong part", Failure{Ending: transfer.WrongPart}, itemstate.ReasonWrongPart, true, true, 0},
		{"name taken", Failure{Ending: transfer.OpenFailed, Err: fmt.Errorf("open: %w", fs.ErrExist)}, itemstate.ReasonNameTaken, true, true, 0},
		{"disk full", Failure{Ending: transfer.WriteFailed, Err: fmt.Errorf("write: %w", syscall.ENOSPC)}, itemstate.ReasonDiskFull, false, false, 0},
		{"too many open files", Failure{Ending: transfer.WriteFailed, Err: fmt.Errorf("open: %w", syscall.EMFILE)}, itemstate.ReasonTooManyOpen, true, false, 0},
		{"cut short", Failure{Ending: transfer.ReadFailed, Err: io.ErrUnexpectedEOF}, itemstate.ReasonCutShort, true, false, 0},
		{"plain HTTP to https", Failure{Ending: transfer.ReadFailed, Err: http.ErrSchemeMismatch}, itemstate.ReasonNotHTTPAnswer, false, false, 0},
		{"redirect loop", Failure{Ending: transfer.ReadFailed, Err: ErrTooManyRedirects}, itemstate.ReasonRedirectLoop, false, false, 0},
		{"proxy refused", Failure{Ending: transfer.ReadFailed, Err: &ProxyRefusedError{Status: "403 Forbidden"}}, itemstate.ReasonProxyRefused, false, false, 0},
		{"refused connection", Failure{Ending: transfer.ReadFailed, Err: syscall.ECONNREFUSED}, itemstate.ReasonRefused, true, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Classify(tt.f)
			if v.Err == nil || v.Err.Reason != tt.reason || v.Retry != tt.retry || v.Restart != tt.restart || v.MinWait != tt.wait {
				t.Fatalf("Classify = %+v (%v); want reason %s, retry %v, restart %v, wait %v", v, v.Err, tt.reason, tt.retry, tt.restart, tt.wait)
			}
		})
	}
}
