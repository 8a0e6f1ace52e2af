package main

import (
	"context"
	"path/filepath"
	"time"

	"haul/instance"
)

// handoverWait is how long a second launch waits for the running Haul to
// take its lists.
const handoverWait = 10 * time.Second

// handToRunning hands the lists a second launch was given (none: it only
// brings the window forward) to the Haul that already runs, and says
// whether one took them; the caller then ends instead of opening a second
// window on the same queue.
func handToRunning(files []string) bool {
	path, err := instance.DefaultPath()
	if err != nil {
		return false
	}
	req := instance.Request{}
	for _, f := range files {
		if abs, err := filepath.Abs(f); err == nil {
			f = abs
		}
		req.Files = append(req.Files, f)
	}
	ctx, cancel := context.WithTimeout(context.Background(), handoverWait)
	defer cancel()
	_, err = instance.Send(ctx, path, req)
	return err == nil
}
