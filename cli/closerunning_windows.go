package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"

	"haul/instance"
)

// processes are the processes, other than this one, that run one program
// file, opened so that their end can be waited for.
type processes struct {
	handles []windows.Handle
}

// findRunning opens every process but this one whose program file is
// program. A process Windows does not let this user look at (another
// user's) is not counted: it is not this user's Haul.
func findRunning(program string) (*processes, error) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return nil, fmt.Errorf("list the running programs: %w", err)
	}
	defer windows.CloseHandle(snap)
	p := &processes{}
	self := uint32(os.Getpid())
	base := filepath.Base(program)
	e := windows.ProcessEntry32{Size: uint32(unsafe.Sizeof(windows.ProcessEntry32{}))}
	for err = windows.Process32First(snap, &e); err == nil; err = windows.Process32Next(snap, &e) {
		if e.ProcessID == self || !strings.EqualFold(windows.UTF16ToString(e.ExeFile[:]), base) {
			continue
		}
		if h, ok := openIfRuns(e.ProcessID, program); ok {
			p.handles = append(p.handles, h)
		}
	}
	return p, nil
}

// openIfRuns opens the process pid when its program file is program.
func openIfRuns(pid uint32, program string) (windows.Handle, bool) {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION|windows.SYNCHRONIZE, false, pid)
	if err != nil {
		return 0, false
	}
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n := uint32(len(buf))
	if err := windows.QueryFullProcessImageName(h, 0, &buf[0], &n); err != nil || !instance.SameProgram(windows.UTF16ToString(buf[:n]), program) {
		windows.CloseHandle(h)
		return 0, false
	}
	return h, true
}

// count is how many processes run the program.
func (p *processes) count() int { return len(p.handles) }

// wait waits up to d for the processes to end and returns how many still
// run.
func (p *processes) wait(ctx context.Context, d time.Duration) int {
	deadline := time.Now().Add(d)
	left := 0
	for _, h := range p.handles {
		ms := uint32(max(time.Until(deadline), 0) / time.Millisecond)
		if ctx.Err() != nil {
			ms = 0
		}
		if ev, err := windows.WaitForSingleObject(h, ms); err != nil || ev != windows.WAIT_OBJECT_0 {
			left++
		}
	}
	return left
}

// close lets go of the processes.
func (p *processes) close() {
	for _, h := range p.handles {
		windows.CloseHandle(h)
	}
	p.handles = nil
}
