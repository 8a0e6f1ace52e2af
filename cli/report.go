package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"haul/downloader"
	"haul/i18n"
)

// writeReportFile saves the CSV report of every item to path. The report
// is written beside it under a temporary name and takes path's name only
// once whole, so an earlier report at path is replaced whole or not at all.
func writeReportFile(path string, items []downloader.ItemSnapshot, opts downloader.ReportOptions) error {
	err := writeWhole(path, func(f *os.File) error { return downloader.WriteReport(f, items, opts) })
	if err != nil {
		return errors.New(tr().X("cli.report.unwritable", i18n.Data{"Report": path}) + ": " + i18n.ErrorText(tr(), err))
	}
	return nil
}

// writeWhole writes a file at path through write, under a temporary name
// in the same folder that is renamed to path once the file is complete.
func writeWhole(path string, write func(*os.File) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		return &fs.PathError{Op: pathErr.Op, Path: path, Err: pathErr.Err} // the file asked for, not the temporary name
	}
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // gone once renamed; removed when anything failed
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
