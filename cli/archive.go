package cli

import (
	"errors"
	"io"

	"haul/downloader"
	"haul/downloader/archive"
)

// runArchive is the download archive of a run (-archive FILE): nil when
// none was given, which every method allows.
type runArchive struct{ *archive.One }

// openArchive opens the -archive file, creating it when missing; "" is no archive.
func openArchive(path string) (*runArchive, error) {
	if path == "" {
		return nil, nil
	}
	a, err := archive.Open(path)
	if err != nil {
		return nil, err
	}
	return &runArchive{archive.NewOne(a)}, nil
}

// into gives the engine the archive.
func (r *runArchive) into(o downloader.Options) downloader.Options {
	if r != nil {
		o.Archive = r.One
	}
	return o
}

// Close closes the archive's database.
func (r *runArchive) Close() error {
	if r == nil {
		return nil
	}
	return r.One.Close()
}

// closedWith returns a closer that closes c and then the archive.
func (r *runArchive) closedWith(c io.Closer) io.Closer {
	if r == nil {
		return c
	}
	return closers{c, r}
}

// closers closes each of its closers in turn.
type closers []io.Closer

// Close closes them all and returns their errors joined.
func (cs closers) Close() error {
	var errs []error
	for _, c := range cs {
		if c != nil {
			errs = append(errs, c.Close())
		}
	}
	return errors.Join(errs...)
}
