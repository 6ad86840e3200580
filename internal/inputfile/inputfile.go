package inputfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// TooLargeError is the error of Read and ReadAll for an input larger than
// its limit.
type TooLargeError struct {
	// Name is the path read, or the name given to ReadAll ("-").
	Name string
	// Size is the input's size in bytes when the file system reported it,
	// -1 for a stream (only "more than Limit" is known).
	Size int64
	// Limit is the largest size accepted, in bytes.
	Limit int64
}

// Error says the name, the size and the limit: "big.bpgn: too large
// (5.0 MiB; at most 4 MiB)".
func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("%s: too large (more than %s; at most %s)", e.Name, Size(e.Limit), Size(e.Limit))
	}
	return fmt.Sprintf("%s: too large (%s; at most %s)", e.Name, Size(e.Size), Size(e.Limit))
}

// NotRegularError is the error of Read for a path that is not a regular
// file.
type NotRegularError struct {
	// Name is the path read.
	Name string
	// Mode is its type, as Lstat's after following symbolic links.
	Mode fs.FileMode
}

// Error names the path and what it is: "/dev/zero is a character device, not a
// regular file (tandem reads files, not devices or pipes that may never
// end)".
func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file (tandem reads files, not devices or pipes that may never end)", e.Name, kind(e.Mode))
}

// ErrTooLarge and ErrNotRegular are matched by errors.Is against a
// *TooLargeError and a *NotRegularError.
var (
	ErrTooLarge   = errors.New("inputfile: input too large")
	ErrNotRegular = errors.New("inputfile: not a regular file")
)

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeDir != 0:
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file"
}

// Read returns the contents of the regular file at path, at most limit
// bytes. A path that is not a regular file (after following symbolic
// links) is a *NotRegularError, a file larger than limit a
// *TooLargeError, read no further than limit+1 bytes (a file that grows
// while read stops there too). Other errors are the *fs.PathError of
// opening or reading.
func Read(path string, limit int64) ([]byte, error) {
	f, st, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, &TooLargeError{Name: path, Size: st.Size(), Limit: limit}
	}
	data, err := readAll(f, st.Size(), limit)
	if errors.Is(err, ErrTooLarge) {
		return nil, &TooLargeError{Name: path, Size: -1, Limit: limit}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return data, nil
}

// Open opens the regular file at path for reading, for a reader that
// follows a file as it grows (a record being written) and so cannot take
// it whole with Read. It never waits: a FIFO or a device is a
// *NotRegularError at once (opened without blocking, then closed), other
// errors are the *fs.PathError of opening it.
func Open(path string) (*os.File, error) {
	f, _, err := open(path)
	return f, err
}

// open opens path without blocking and refuses anything but a regular
// file, returning its FileInfo.
func open(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &NotRegularError{Name: path, Mode: st.Mode().Type()}
	}
	return f, st, nil
}

// ReadAll reads r to its end, at most limit bytes: more is a
// *TooLargeError naming name, after reading limit+1 bytes. Other errors
// are r's.
func ReadAll(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := readAll(r, 512, limit)
	if errors.Is(err, ErrTooLarge) {
		return nil, &TooLargeError{Name: name, Size: -1, Limit: limit}
	}
	return data, err
}

// readAll reads r through a limit of limit+1 bytes, growing a buffer of
// size hint first.
func readAll(r io.Reader, hint, limit int64) ([]byte, error) {
	buf := make([]byte, 0, min(hint, limit)+1)
	data, err := appendAll(buf, io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, ErrTooLarge
	}
	return data, nil
}

// appendAll is io.ReadAll into buf.
func appendAll(b []byte, r io.Reader) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// Size writes a byte count for people: "512 bytes", "64 KiB", "4 MiB",
// "2.5 GiB" (binary units, one decimal when not whole; bytes when that
// decimal would hide the difference: "1048577 bytes").
func Size(n int64) string {
	const k = 1024
	switch {
	case n < k:
		if n == 1 {
			return "1 byte"
		}
		return fmt.Sprintf("%d bytes", n)
	case n < k*k:
		return unit(n, k, "KiB")
	case n < k*k*k:
		return unit(n, k*k, "MiB")
	}
	return unit(n, k*k*k, "GiB")
}

func unit(n, u int64, name string) string {
	if n%u == 0 {
		return fmt.Sprintf("%d %s", n/u, name)
	}
	s := fmt.Sprintf("%.1f", float64(n)/float64(u))
	if strings.HasSuffix(s, ".0") {
		// Just over a whole unit (a limit plus a byte): "1.0 MiB" would
		// read as the limit itself.
		return fmt.Sprintf("%d bytes", n)
	}
	return s + " " + name
}
