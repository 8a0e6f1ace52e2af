package downloadtest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"
)

// resumeHeaders are the headers a client sends to continue a download of
// which it holds the first n bytes, with the validator of the first response.
func resumeHeaders(n int, first *http.Response) map[string]string {
	return map[string]string{"Range": fmt.Sprintf("bytes=%d-", n), "If-Range": first.Header.Get("ETag")}
}

func TestResumeAfterCut(t *testing.T) {
	s := newServer(t)
	body := Data(64<<10, 5)
	s.Handle("/big.bin", body, CutBody(51200, 1))

	first, part, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/big.bin"), nil)
	if !errors.Is(err, io.ErrUnexpectedEOF) || len(part) != 51200 {
		t.Fatalf("cut response: %d bytes, err %v; want 51200 bytes and an unexpected EOF", len(part), err)
	}
	resp, rest, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/big.bin"), resumeHeaders(len(part), first))
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	if resp.StatusCode != http.StatusPartialContent {
		t.Fatalf("resume status %d, want 206", resp.StatusCode)
	}
	if want := fmt.Sprintf("bytes 51200-%d/%d", len(body)-1, len(body)); resp.Header.Get("Content-Range") != want {
		t.Errorf("Content-Range %q, want %q", resp.Header.Get("Content-Range"), want)
	}
	if !bytes.Equal(append(part, rest...), body) {
		t.Error("the cut part and the resumed rest do not make the file")
	}
	reqs := s.Requests("/big.bin")
	if len(reqs) != 2 || reqs[1].Header.Get("Range") != "bytes=51200-" || reqs[1].Header.Get("If-Range") != first.Header.Get("ETag") {
		t.Errorf("recorded resume request does not carry the Range and If-Range sent: %+v", reqs)
	}
}

func TestResumeAfterChangeStartsOver(t *testing.T) {
	s := newServer(t)
	oldBody, newBody := Data(20000, 6), Data(30000, 7)
	s.Handle("/photo.png", oldBody, CutBody(5000, 1), ChangeAfter(1, newBody))

	first, part, _ := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/photo.png"), nil)
	resp, got, err := fetch(t, http.DefaultClient, http.MethodGet, s.URL("/photo.png"), resumeHeaders(len(part), first))
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	if resp.StatusCode != http.StatusOK || !bytes.Equal(got, newBody) {
		t.Errorf("resume after a change: status %d with %d bytes, want 200 with the new %d-byte file", resp.StatusCode, len(got), len(newBody))
	}
	if resp.Header.Get("ETag") == first.Header.Get("ETag") {
		t.Error("the ETag did not change with the content")
	}
}
