package transfer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// noLimits lets every request and byte through at once.
type noLimits struct{}

func (noLimits) WaitFileRequest(ctx context.Context) error { return ctx.Err() }
func (noLimits) Chunk(size int) int                        { return size }
func (noLimits) WaitBytes(context.Context, int) error      { return nil }

// failingFile fails every write.
type failingFile struct{}

func (failingFile) Write([]byte) (int, error) { return 0, errors.New("disk full") }
func (failingFile) Sync() error               { return nil }
func (failingFile) Close() error              { return nil }

// setup is one try's server, job and temporary file.
type setup struct {
	srv     *downloadtest.Server
	job     Job
	part    string
	written atomic.Int64
}

// newSetup serves body at /file.bin with opts, and makes the job for it;
// left, when not nil, is already in the item's temporary file with the
// version the server first gives.
func newSetup(t *testing.T, body, left []byte, opts ...downloadtest.Option) *setup {
	t.Helper()
	srv := downloadtest.New()
	t.Cleanup(srv.Close)
	srv.Handle("/file.bin", body, opts...)
	u, _ := url.Parse(srv.URL("/file.bin"))
	req, _ := http.NewRequest(http.MethodGet, u.String(), nil)
	s := &setup{srv: srv, part: filepath.Join(t.TempDir(), "file.bin.part")}
	s.job = Job{URL: u, Request: req, Total: -1}
	if left != nil {
		if err := os.WriteFile(s.part, left, 0o644); err != nil {
			t.Fatal(err)
		}
		resp, err := http.Head(u.String())
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		s.job.Part, s.job.ETag, s.job.Validator, s.job.Total = s.part, resp.Header.Get("ETag"), resp.Header.Get("ETag"), int64(len(body))
	}
	return s
}

// env is the try's environment.
func (s *setup) env() Env {
	return Env{Client: http.DefaultClient, Limits: noLimits{}, IdleTimeout: time.Second,
		Progress: func(n int) { s.written.Add(int64(n)) }}
}

// try makes one try as the engine does: Open, then Finish with the plan
// made of the answer; plan, when nil, writes into the part file.
func (s *setup) try(ctx context.Context, env Env, plan func(Answer) Plan) Result {
	if plan == nil {
		plan = func(a Answer) Plan {
			f, err := openPart(s.part, a.Offset)
			return Plan{File: f, OpenErr: err}
		}
	}
	opened, r := Open(ctx, s.job, env)
	if opened == nil {
		return r
	}
	return opened.Finish(plan(opened.Answer))
}

// openPart opens the temporary file: from byte 0, or appended to at offset.
func openPart(path string, offset int64) (PartFile, error) {
	if offset == 0 {
		return os.Create(path)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	return f, f.Truncate(offset)
}

// finish closes a complete result's file and returns its content's sha256.
func (s *setup) finish(t *testing.T, r Result) [32]byte {
	t.Helper()
	if err := r.File.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(s.part)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(got)
}

// TestRunSavesTheFile: a new file, and a resumed one, end Complete with
// the server's bytes in the temporary file; a resume asks only for the rest.
func TestRunSavesTheFile(t *testing.T) {
	body := downloadtest.Data(300<<10, 1)
	for _, left := range [][]byte{nil, body[:100<<10]} {
		s := newSetup(t, body, left)
		r := s.try(t.Context(), s.env(), nil)
		if r.Ending != Complete || r.Reached != int64(len(body)) {
			t.Fatalf("left %d: ending %d reached %d (%v), want Complete at %d", len(left), r.Ending, r.Reached, r.Err, len(body))
		}
		if s.finish(t, r) != sha256.Sum256(body) {
			t.Errorf("left %d: the temporary file is not the server's file", len(left))
		}
		if want := int64(len(body) - len(left)); s.written.Load() != want {
			t.Errorf("left %d: %d bytes counted, want %d", len(left), s.written.Load(), want)
		}
		reqs := s.srv.Requests("/file.bin")
		asked := reqs[len(reqs)-1].Header
		if left != nil && (asked.Get("Range") != "bytes=102400-" || asked.Get("If-Range") != s.job.ETag) {
			t.Errorf("the resume asked Range %q If-Range %q, want bytes=102400- and %s", asked.Get("Range"), asked.Get("If-Range"), s.job.ETag)
		}
	}
}

// TestRunEndings: every way a try can end short of a complete file, from
// the answer or the body, without the manager.
func TestRunEndings(t *testing.T) {
	body := downloadtest.Data(200<<10, 2)
	other := downloadtest.Data(200<<10, 3)
	stop := func(Answer) Plan { return Plan{Stop: true} }
	failing := func(Answer) Plan { return Plan{File: failingFile{}} }
	taken := func(Answer) Plan { return Plan{OpenErr: os.ErrExist} }
	tests := []struct {
		name string
		left []byte
		opts []downloadtest.Option
		job  func(*Job)
		plan func(Answer) Plan
		want Ending
	}{
		{"error status", nil, []downloadtest.Option{downloadtest.Status(404)}, nil, nil, Refused},
		{"too large", nil, nil, func(j *Job) { j.MaxSize = 1000 }, nil, TooLarge},
		{"cut short", nil, []downloadtest.Option{downloadtest.CutBody(50<<10, -1)}, nil, nil, ReadFailed},
		{"plan stops", nil, nil, nil, stop, Stopped},
		{"write fails", nil, nil, nil, failing, WriteFailed},
		{"name taken", nil, nil, nil, taken, OpenFailed},
		{"already whole", body, nil, nil, nil, AlreadyWhole},
		{"resume answered 416", append(bytes.Clone(body), "more"...), nil, func(j *Job) { j.Total = -1 }, nil, CannotResume},
		{"resume of another range", body[:10], nil, func(j *Job) { j.Total = 999 }, nil, WrongPart},
		{"resume of another version", body[:10], []downloadtest.Option{downloadtest.ChangeAfter(1, other), downloadtest.IgnoreIfRange()},
			nil, nil, Changed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSetup(t, body, tc.left, tc.opts...)
			if tc.job != nil {
				tc.job(&s.job)
			}
			r := s.try(t.Context(), s.env(), tc.plan)
			if r.Ending != tc.want {
				t.Fatalf("ending %d (%v), want %d", r.Ending, r.Err, tc.want)
			}
			if tc.want == ReadFailed && (r.Reached != 50<<10 || !errors.Is(r.Err, io.ErrUnexpectedEOF)) {
				t.Errorf("cut short at %d (%v), want at %d, unexpected EOF", r.Reached, r.Err, 50<<10)
			}
			if r.File != nil {
				r.File.Close()
			}
		})
	}
}

// TestRunInterrupted: a try whose item is paused or stopped mid-body ends
// Interrupted, not failed.
func TestRunInterrupted(t *testing.T) {
	body := downloadtest.Data(1<<20, 4)
	s := newSetup(t, body, nil, downloadtest.Throttle(256<<10))
	ctx, cancel := context.WithCancel(t.Context())
	env := s.env()
	env.Progress = func(int) { cancel() }
	if r := s.try(ctx, env, nil); r.Ending != Interrupted {
		t.Fatalf("ending %d (%v), want Interrupted", r.Ending, r.Err)
	}
}

// TestRunReadsAPage: a plan that asks for the page gets its pictures.
func TestRunReadsAPage(t *testing.T) {
	page := []byte(`<html><body><img src="/a.jpg"><img src="/b.png"></body></html>`)
	s := newSetup(t, page, nil, downloadtest.Header("Content-Type", "text/html"))
	r := s.try(t.Context(), s.env(), func(a Answer) Plan {
		if !bytes.HasPrefix(a.Head, []byte("<html>")) {
			t.Errorf("the plan saw %q", a.Head)
		}
		return Plan{ReadPage: true}
	})
	if r.Ending != PageRead || len(r.Page.Images) != 2 {
		t.Fatalf("ending %d, page %+v", r.Ending, r.Page)
	}
}
