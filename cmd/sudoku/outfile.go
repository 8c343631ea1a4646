package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// sameFile reports whether the paths a and b name the same file: the
// same file on disk (links included) or, for files that do not exist
// yet, the same cleaned absolute path.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// checkOutputs returns a usage error if an output path (flag name to
// path; empty paths are unset) names one of the inputs ("-" is standard
// input), or if standard output is a file that is also an input: writing
// would destroy the input before it is read.
func checkOutputs(env *Env, inputs []string, outputs map[string]string) error {
	for _, in := range inputs {
		if in == "-" {
			continue
		}
		for flag, out := range outputs {
			if out != "" && sameFile(in, out) {
				return fmt.Errorf("%s %s names the input %s", flag, out, in)
			}
		}
	}
	out, ok := osFile(env.Stdout)
	if !ok {
		return nil
	}
	so, err := out.Stat()
	if err != nil || !so.Mode().IsRegular() {
		return nil
	}
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	for _, in := range inputs {
		var si fs.FileInfo
		if in == "-" {
			f, ok := osFile(env.Stdin)
			if !ok {
				continue
			}
			si, err = f.Stat()
		} else {
			si, err = os.Stat(in)
		}
		if err == nil && os.SameFile(si, so) {
			if in == "-" {
				in = "standard input"
			}
			return fmt.Errorf("standard output is the input %s", in)
		}
	}
	return nil
}

// outFile is an output file written in a temporary file next to it and
// renamed into place by Commit, so that the old file stays whole until the
// new one is; a device or pipe (such as /dev/stdout) is written directly.
// It remembers the first write error.
type outFile struct {
	f    *os.File
	path string
	tmp  string // "" when writing path directly
	err  error
}

// createOutput starts the output file path.
func createOutput(path string) (*outFile, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return nil, fmt.Errorf("%s is a directory", path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &outFile{f: f, path: path}, nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		// Name the file asked for, not the temporary one beside it.
		if st, serr := os.Stat(filepath.Dir(path)); serr != nil || !st.IsDir() {
			return nil, fmt.Errorf("%s: no folder %s to write it in", path, filepath.Dir(path))
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %v", path, pe.Err)
		}
		return nil, err
	}
	return &outFile{f: f, path: path, tmp: f.Name()}, nil
}

func (o *outFile) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.f.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// Commit closes the file and puts it in place; it returns the first
// error of any write, the close or the rename, and leaves nothing behind
// on error.
func (o *outFile) Commit() error {
	err := errors.Join(o.err, o.f.Close())
	if o.tmp == "" {
		return err
	}
	if err == nil {
		err = os.Chmod(o.tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(o.tmp, o.path)
	}
	if err != nil {
		os.Remove(o.tmp)
	}
	return err
}

// Abort closes the file and removes the temporary file.
func (o *outFile) Abort() {
	o.f.Close()
	if o.tmp != "" {
		os.Remove(o.tmp)
	}
}
