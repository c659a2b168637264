package page

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"

	"github.com/clockworksim/clockwork/sim"
)

// File names of the report pages; charts are written beside them as <chart name>.png / .svg.
const (
	MarkdownFile = "report.md"   // Markdown (Markdown)
	HTMLFile     = "report.html" // HTML (HTML)
)

// Files writes the files of a report into Dir, each through a temporary file and a rename
// (sim.WriteAtomic), so an interrupted run never leaves a half-written file; Written keeps the
// paths written, in order (also when a write fails part way).
type Files struct {
	Dir     string
	Written []string
	buf     bytes.Buffer
}

// Put writes data as the file name in Dir.
func (f *Files) Put(name string, data []byte) error {
	path := filepath.Join(f.Dir, name)
	if err := sim.WriteAtomic(path, data); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	f.Written = append(f.Written, path)
	return nil
}

// Render writes what write writes as the file name in Dir.
func (f *Files) Render(name string, write func(w io.Writer) error) error {
	f.buf.Reset()
	if err := write(&f.buf); err != nil {
		return err
	}
	return f.Put(name, f.buf.Bytes())
}

// ErrWriter remembers the first write error so that a writer can check once at the end (Err);
// after a failure it writes nothing more.
type ErrWriter struct {
	w   io.Writer
	err error
}

// NewErrWriter returns an ErrWriter writing to w.
func NewErrWriter(w io.Writer) *ErrWriter { return &ErrWriter{w: w} }

// Write implements io.Writer; after a failure it writes nothing more.
func (e *ErrWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// Err is the first write error, nil when every write succeeded.
func (e *ErrWriter) Err() error { return e.err }
