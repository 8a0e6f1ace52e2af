package cli

import (
	"bytes"
	"context"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBodyLongerThanAnnouncedStaysOffStderr serves a file followed by bytes
// beyond its Content-Length on a kept-alive connection. net/http reports
// them through the standard logger, quoting them; none may reach stderr.
func TestBodyLongerThanAnnouncedStaysOffStderr(t *testing.T) {
	var logged bytes.Buffer
	log.SetOutput(&logged)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	extra := strings.Repeat("\x00BINARY", 4096)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 5\r\n\r\nhello" + extra)
		buf.Flush()
		conn.(*net.TCPConn).CloseWrite()
	}))
	t.Cleanup(srv.Close)
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(context.Background(), "", "-state", "off", "-o", out, srv.URL+"/a.bin", srv.URL+"/b.bin")
	if r.code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	for _, name := range []string{"a.bin", "b.bin"} {
		checkFile(t, filepath.Join(out, name), []byte("hello"))
	}
	if strings.Contains(r.stderr, "BINARY") || logged.Len() > 0 {
		t.Errorf("the extra bytes were printed:\nstderr: %q\nlog: %.200q", r.stderr, logged.String())
	}
}
