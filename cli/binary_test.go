package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// buildHaul compiles the haul command into a temporary folder.
func buildHaul(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the haul binary")
	}
	bin := filepath.Join(t.TempDir(), "haul")
	cmd := exec.Command("go", "build", "-o", bin, "haul")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// exitCode runs cmd and returns its exit code and output.
func exitCode(t *testing.T, cmd *exec.Cmd) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String(), stderr.String()
	}
	t.Fatalf("run %s: %v", cmd.Path, err)
	return 0, "", ""
}

// binaryCase is one run of the haul binary and what it must answer.
type binaryCase struct {
	name       string
	args       []string
	env        []string // added to the environment
	wantCode   int
	wantStdout string
	wantStderr string
}

func TestHaulBinary(t *testing.T) {
	bin := buildHaul(t)
	s := newServer(t)
	bodies, list := batch(t, s, 30, 10_000, func(i int) []downloadtest.Option {
		if i%3 == 0 {
			return []downloadtest.Option{downloadtest.CutBody(2000, 1)}
		}
		return nil
	})
	out := filepath.Join(t.TempDir(), "out")
	tests := []binaryCase{
		{"download a list", []string{"get", "-o", out, list}, nil, 0, "Saved 30 · skipped 0 · failed 0 · canceled 0 · 300 kB in ", "saved f0003.bin (10 kB)"},
		{"version", []string{"version"}, nil, 0, "haul 0.", ""},
		{"help", []string{"--help"}, nil, 0, "haul get [flags] [FILE|URL|-]...", ""},
		{"bad flag", []string{"get", "-on-exists", "maybe", list}, nil, 2, "", "choose skip, rename or overwrite"},
	}
	if runtime.GOOS == "linux" {
		tests = append(tests,
			binaryCase{"window without a desktop", nil, []string{"DISPLAY=", "WAYLAND_DISPLAY="}, 2, "", "run \"haul get LINKS.txt\""},
			binaryCase{"window on a display that cannot be opened", nil, []string{"DISPLAY=:7777", "WAYLAND_DISPLAY="}, 2, "", "run \"haul get LINKS.txt\""})
	}
	for _, tt := range tests {
		cmd := exec.Command(bin, tt.args...)
		cmd.Env = append(os.Environ(), tt.env...)
		code, stdout, stderr := exitCode(t, cmd)
		if strings.Contains(stderr, "panic") {
			t.Errorf("%s: crashed:\n%s", tt.name, stderr)
		}
		if code != tt.wantCode || !strings.Contains(stdout, tt.wantStdout) || !strings.Contains(stderr, tt.wantStderr) {
			t.Errorf("%s: exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", tt.name, code, tt.wantCode, stdout, stderr)
		}
	}
	checkFiles(t, out, bodies)
	checkQuietLocales(t, bin)
}

// checkQuietLocales runs "haul get -h" under the C locales of containers
// and CI, where nothing but the usage may be printed.
func checkQuietLocales(t *testing.T, bin string) {
	t.Helper()
	for _, locale := range []string{"C", "C.UTF-8", "C.utf8", "POSIX", ""} {
		cmd := exec.Command(bin, "get", "-h")
		cmd.Env = append(withoutLocale(os.Environ()), "LANG="+locale)
		code, stdout, stderr := exitCode(t, cmd)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "Usage: haul get ") {
			t.Errorf("LANG=%q haul get -h: exit %d\nstdout:\n%s\nstderr:\n%s", locale, code, stdout, stderr)
		}
	}
}

// withoutLocale returns env without the variables that choose a locale.
func withoutLocale(env []string) []string {
	var kept []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES":
			continue
		}
		kept = append(kept, kv)
	}
	return kept
}

func TestHaulBinaryStopsOnCtrlC(t *testing.T) {
	bin := buildHaul(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd, out := startSlowBatch(t, bin)
			var stdout bytes.Buffer
			cmd.Stdout = &stdout
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitForFiles(t, out, 8)
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			sent := time.Now()
			err := cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
				t.Fatalf("haul ended with %v, want exit code 130", err)
			}
			if took := time.Since(sent); took > 2*time.Second {
				t.Errorf("haul took %s to stop, want at most 2 s", took)
			}
			if !strings.HasSuffix(stdout.String(), stoppedMessage()+"\n") {
				t.Errorf("stdout:\n%s", stdout.String())
			}
		})
	}
}

// TestHaulBinaryStopsQuietlyOnAClosedPipe closes the pipe haul writes its
// progress to, as "haul get ... 2>&1 | head -1" does: haul must stop as
// after Ctrl+C, keeping its partial files, rather than die of SIGPIPE.
func TestHaulBinaryStopsQuietlyOnAClosedPipe(t *testing.T) {
	bin := buildHaul(t)
	cmd, out := startSlowBatch(t, bin)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	waitForFiles(t, out, 8)
	r.Close()
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("haul ended with %v, want exit code 130 after a graceful stop", err)
	}
}

// startSlowBatch prepares "haul get" of 200 slow files; it returns the
// command and the folder it saves into.
func startSlowBatch(t *testing.T, bin string) (*exec.Cmd, string) {
	t.Helper()
	s := newServer(t)
	_, list := batch(t, s, 200, 16<<10, func(int) []downloadtest.Option {
		return []downloadtest.Option{downloadtest.Throttle(32 << 10)}
	})
	out := filepath.Join(t.TempDir(), "out")
	return exec.Command(bin, "get", "-o", out, list), out
}

// TestHaulGetSpeaksTheUsersLanguage runs haul get under a Chinese and an
// English locale: progress, summary and failure reasons follow LANG.
func TestHaulGetSpeaksTheUsersLanguage(t *testing.T) {
	bin := buildHaul(t)
	s := newServer(t)
	s.Handle("/cat.jpg", downloadtest.Picture(2000, 1))
	s.Handle("/gone.jpg", downloadtest.Data(10, 2), downloadtest.Status(404))
	tests := []struct {
		lang string
		want []string
	}{
		{"zh_CN.UTF-8", []string{"已保存 cat.jpg（2.0 kB）", "失败 " + s.URL("/gone.jpg") + "：找不到（404）：链接已失效，或文件已被删除。",
			"已保存 1 · 跳过 0 · 失败 1 · 取消 0 · 共 2.0 kB，用时 ", "失败：\n  " + s.URL("/gone.jpg") + "：找不到（404）"}},
		{"en_US.UTF-8", []string{"saved cat.jpg (2.0 kB)", "failed " + s.URL("/gone.jpg") + ": Not found (404)",
			"Saved 1 · skipped 0 · failed 1 · canceled 0 · 2.0 kB in ", "Failed:\n  " + s.URL("/gone.jpg") + ": Not found (404)"}},
	}
	for _, tt := range tests {
		cmd := exec.Command(bin, "get", "-state", "off", "-o", t.TempDir(), s.URL("/cat.jpg"), s.URL("/gone.jpg"))
		cmd.Env = append(os.Environ(), "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=", "LANG="+tt.lang)
		code, stdout, stderr := exitCode(t, cmd)
		if code != exitFailed {
			t.Errorf("%s: exit %d, want %d", tt.lang, code, exitFailed)
		}
		for _, w := range tt.want {
			if !strings.Contains(stdout+stderr, w) {
				t.Errorf("%s: output lacks %q\nstdout:\n%s\nstderr:\n%s", tt.lang, w, stdout, stderr)
			}
		}
	}
}

// TestHaulGetWordsBadFlagsInTheUsersLanguage gives haul get values that
// parse but make no sense: the message names the flag and what to choose,
// in the language LANG names.
func TestHaulGetWordsBadFlagsInTheUsersLanguage(t *testing.T) {
	bin := buildHaul(t)
	tests := []struct {
		lang string
		args []string
		want string
	}{
		{"zh_CN.UTF-8", []string{"-c", "0"}, "-c 0：同时下载的文件数请选 1 到 256"},
		{"zh_CN.UTF-8", []string{"-proxy", "ftp://proxy.example"}, `-proxy "ftp://proxy.example"：Haul 无法使用这个代理`},
		{"zh_CN.UTF-8", []string{"-name", "{title}.{ext}"}, "{title} 不是可用的字段"},
		{"en_US.UTF-8", []string{"-c", "0"}, "-c 0: choose between 1 and 256 downloads at once"},
		{"en_US.UTF-8", []string{"-proxy", "ftp://proxy.example"}, `-proxy "ftp://proxy.example": Haul cannot use that proxy`},
	}
	for _, tt := range tests {
		args := append(append([]string{"get", "-state", "off", "-o", t.TempDir()}, tt.args...), "https://example.com/a.jpg")
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=", "LANG="+tt.lang)
		code, _, stderr := exitCode(t, cmd)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s %q: exit %d (want %d), stderr lacks %q:\n%s", tt.lang, tt.args, code, exitUsage, tt.want, stderr)
		}
	}
}
