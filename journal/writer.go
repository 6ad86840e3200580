package journal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
)

// File is what a Writer writes to: an *os.File, or a fake in tests (a
// full disk, a slow card).
type File interface {
	io.Writer
	// Sync makes everything written durable (fsync).
	Sync() error
	Close() error
}

var _ File = (*os.File)(nil)

// Opts configures a Writer. The zero value is valid.
type Opts struct {
	// Synced, when set, is called on the writer's goroutine after each
	// batch is durable, with the last record's Seq and the largest tag
	// appended with it (Append). It must not block for long: the next
	// batch waits for it.
	Synced func(seq, tag uint64)
	// Failed, when set, is called once, on the writer's goroutine, with
	// the first write or sync error. The writer then stops writing: the
	// file may end in a torn frame, which the next Open drops; a record
	// written after it would be taken for damage.
	Failed func(error)
}

// Writer appends records to a record file from its own goroutine. Append
// never waits for the disk; each batch of queued records is written with
// one write and one fsync (group commit). Close flushes and stops it.
type Writer struct {
	f    File
	opts Opts

	mu      sync.Mutex
	queue   []queued
	seq     uint64 // last Seq given
	wake    chan struct{}
	synced  uint64 // last Seq durable
	syncCh  chan struct{}
	err     error
	closing bool
	done    chan struct{}

	prev string // hash of the last record written; owned by the goroutine
	// head writes the witness after each batch (nil: none, NewWriter);
	// owned by the goroutine.
	head *witnessWriter
}

type queued struct {
	r   Record
	tag uint64
}

// NewWriter starts a writer that appends to f, which must end just after
// the record with sequence number lastSeq and payload hash lastHash (0 and
// "" for a new file that already holds Header). Open is the usual way.
//
// A Writer made by NewWriter keeps no witness: only Open's does (a record
// without one cannot tell records lost off its end from a power cut).
func NewWriter(f File, lastSeq uint64, lastHash string, opts *Opts) *Writer {
	return newWriter(f, lastSeq, lastHash, opts, nil)
}

// newWriter is NewWriter with the witness head writes after each batch
// (nil: none).
func newWriter(f File, lastSeq uint64, lastHash string, opts *Opts, head *witnessWriter) *Writer {
	w := &Writer{f: f, seq: lastSeq, synced: lastSeq, prev: lastHash, head: head,
		wake: make(chan struct{}, 1), syncCh: make(chan struct{}), done: make(chan struct{})}
	if opts != nil {
		w.opts = *opts
	}
	go w.run()
	return w
}

// ErrInUse is wrapped by Open's error when another process (another
// tandem table) has the record open for writing.
var ErrInUse = errors.New("journal: the record is in use by another tandem table (one table per record: stop the other, or give this one its own [journal] file)")

// ErrReadOnly is wrapped by Open's error when the record exists but cannot
// be opened for writing (a file system remounted read-only after errors,
// EROFS; a file or directory the table may not write, EACCES or EPERM):
// Open then reads it read-only (OpenReadOnly) and returns its Log, so the
// last match can be shown, with no Writer.
var ErrReadOnly = errors.New("journal: the record can be read but not written: nothing will be recorded")

// MaxFile is the largest record file read (bytes): more than 35 hours of
// play (a checkpoint a second while clocks run, about 235 bytes, plus the
// events), several tournament days. Restoring from one at the limit peaks
// at about 170 MB (docs/record.md, "Bounded input"). A larger file is
// refused (ErrTooLarge): move it aside, keep it, and start a new record.
const MaxFile = 32 << 20

// ErrTooLarge is wrapped by the error of Open, OpenReadOnly and LoadFile
// for a record file larger than MaxFile.
var ErrTooLarge = errors.New("journal: the record file is larger than tandem reads (move it aside, keep it, and start a new one)")

// Open opens the record file at path for appending, creating it (with its
// directory) when missing. It reads it first (at most MaxFile bytes: a
// larger one is an error wrapping ErrTooLarge and is not touched) and
// checks it as Verify does: frames and hash chain.
//
// It returns the Log read, for restoring the last match:
//   - intact: the Writer appends after the last record. A torn tail
//     (Log.Torn, Log.Dropped bytes) is truncated away and synced: the
//     caller must report it, as every truncation is reported;
//   - damaged (a frame that does not read and is no torn tail, or a
//     record altered, removed, reordered or duplicated): no Writer, the
//     file is left as it is, and the error wraps the *Problem (Log.Damage
//     too); the Log holds the records before the problem only, the part
//     a table can restore;
//   - not writable (ErrReadOnly): no Writer, the file untouched, the Log
//     read read-only as OpenReadOnly does (Log.Damage may be set too).
//
// A missing file on a read-only file system, a path that is not a regular
// file and other file system errors return no Log.
func Open(path string, opts *Opts) (*Writer, *Log, error) {
	if err := os.MkdirAll(dirOf(path), 0o755); err != nil {
		return nil, nil, err
	}
	f, err := openFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		if readOnly(err) {
			l, rerr := OpenReadOnly(path)
			if errors.Is(rerr, ErrInUse) {
				return nil, nil, rerr // another table writes it: not this one's to show
			}
			if rerr != nil {
				return nil, nil, err // nothing to read: no record, and none can be kept
			}
			if l.Damage != nil {
				// Said too: a loss must not hide behind the read-only
				// disk (a card remounted read-only after errors is
				// when the end goes missing).
				return nil, l, fmt.Errorf("%w: %w; and %s: %w", ErrReadOnly, err, path, l.Damage)
			}
			return nil, l, fmt.Errorf("%w: %w", ErrReadOnly, err) // err names the path
		}
		return nil, nil, err
	}
	// One writer per record: a second table on the same file (a terminal
	// table started beside the service) would write over the first's
	// records. The lock is the kernel's: it goes with the process, so a
	// SIGKILL or power cut never leaves it behind.
	if err := lockFile(f, true); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	l, data, err := read(f, path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	l, wf, err := witnessed(path, l)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if l.Damage != nil {
		f.Close()
		return nil, l, fmt.Errorf("%s: %w", path, l.Damage)
	}
	if len(data) == 0 || l.Size < int64(len(Header)) {
		// New, or only a torn header: start the file over.
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, nil, err
		}
		if _, err := f.WriteAt([]byte(Header), 0); err != nil {
			f.Close()
			return nil, nil, err
		}
		l.Size = int64(len(Header))
	} else if l.Size < int64(len(data)) {
		if err := f.Truncate(l.Size); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	if _, err := f.Seek(l.Size, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return nil, nil, err
	}
	if err := syncDir(dirOf(path)); err != nil {
		f.Close()
		return nil, nil, err
	}
	var seq uint64
	var hash string
	if n := len(l.Records); n > 0 {
		seq, hash = l.Records[n-1].Seq, l.Hashes[n-1]
	}
	// The witness says what the file holds now (a torn tail cut away),
	// before any record is appended and reported durable.
	head, err := openWitness(path, wf, witnessOf(l))
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("writing the record's witness: %w", err)
	}
	cur := head.cur
	l.Witness = &cur
	return newWriter(f, seq, hash, opts, head), l, nil
}

// witnessed checks l, the record at path as read, against its witness
// (WitnessPath): records it says were durable and l lacks are lost
// (damage, Problem.What "lost"), a witnessed record changed since is
// altered, a witness that does not read is damage too ("witness"). It
// returns l cut before the first problem with it as Log.Damage, and the
// witness file (nil when missing: l.Witness nil; or damaged). Another
// problem of l (l.Damage) comes first: it is returned as it is. Errors:
// the file system's.
func witnessed(path string, l *Log) (*Log, *WitnessFile, error) {
	wf, err := readWitness(path)
	var p *Problem
	switch {
	case errors.Is(err, errNoWitness):
		return l, nil, nil
	case errors.As(err, &p):
		if l.Damage == nil {
			p.Index, p.Offset = len(l.Records)+1, l.Size
			if l.Torn != "" {
				// Whether the torn tail was durable cannot be told.
				p.Msg += "; the record's last frame is torn: " + l.Torn
				l.Torn, l.Dropped = "", 0
			}
			l.Damage = p
		}
		return l, nil, nil
	case err != nil:
		return nil, nil, err
	}
	w := wf.Current()
	l.Witness = &w
	if l.Damage != nil {
		return l, wf, nil
	}
	if p := checkWitness(l, w); p != nil {
		l = l.upTo(p)
		l.Witness = &w
	}
	return l, wf, nil
}

// OpenReadOnly reads the record file at path without writing anything:
// no truncation of a torn tail (Log.Torn says what a writable Open would
// cut), no header written to an empty file. It checks the file as Open
// does and returns the Log up to the first problem, with Log.Damage set
// when there is one (no error: the Log is what reads). It takes a shared
// lock, so a table writing the file is ErrInUse. Errors: the file system's
// (a missing file), ErrTooLarge, ErrNotRecord, a path that is not a
// regular file.
func OpenReadOnly(path string) (*Log, error) {
	f, err := openFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := lockFile(f, false); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	l, _, err := read(f, path)
	if err != nil {
		return nil, err
	}
	l, _, err = witnessed(path, l)
	return l, err
}

// openFile is os.OpenFile; tests replace it to inject errors a root test
// cannot provoke (EACCES).
var openFile = os.OpenFile

// readOnly reports whether err from opening for writing means the record
// can at best be read.
func readOnly(err error) bool {
	return errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM)
}

// read reads f (a record file open at offset 0) as Open does: at most
// MaxFile bytes, a regular file only, then Load and the chain check. The
// Log returned stops before the first problem (Log.Damage).
func read(f *os.File, path string) (*Log, []byte, error) {
	data, err := readLimited(f, path)
	if err != nil {
		return nil, nil, err
	}
	l, err := loadChecked(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return l, data, nil
}

// loadChecked is Load and the chain check (Verify), as Open reads a file:
// the Log stops before the first problem, which is its Damage.
func loadChecked(data []byte) (*Log, error) {
	l, err := Load(data)
	if err != nil {
		return nil, err
	}
	if p := l.check(); p != nil {
		l = l.upTo(p)
	}
	return l, nil
}

// readFile reads the record file at path for LoadFile, with readLimited's
// limits.
func readFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, path)
}

// readLimited reads f to its end if it is a regular file of at most
// MaxFile bytes (a FIFO or a device may never end).
func readLimited(f *os.File, path string) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%v): a record is a file", path, st.Mode().Type())
	}
	if st.Size() > MaxFile {
		return nil, fmt.Errorf("%s: %w: %d MiB, at most %d MiB", path, ErrTooLarge, st.Size()>>20, MaxFile>>20)
	}
	// Sized by the file: io.ReadAll's doubling would allocate twice the
	// record on the way. A file that grew since Stat is read on.
	data := make([]byte, st.Size()+1)
	n, err := io.ReadFull(f, data)
	switch err {
	case io.EOF, io.ErrUnexpectedEOF:
		data = data[:n]
	case nil:
		more, err := io.ReadAll(io.LimitReader(f, MaxFile+1-int64(n)))
		if err != nil {
			return nil, err
		}
		data = append(data, more...)
	default:
		return nil, err
	}
	if len(data) > MaxFile {
		return nil, fmt.Errorf("%s: %w: more than %d MiB", path, ErrTooLarge, MaxFile>>20)
	}
	return data, nil
}

func dirOf(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			if i == 0 {
				return "/"
			}
			return path[:i]
		}
	}
	return "."
}

// syncDir makes a new file's directory entry durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// Append queues r (its Seq and Prev are set here) and returns its Seq at
// once, without waiting for the disk; tag is handed back by Opts.Synced
// once r is durable (e.g. table.Entry.Seq; 0 for none). After a failure or
// Close the record is dropped (Err says why) and Append returns 0.
func (w *Writer) Append(r Record, tag uint64) uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil || w.closing {
		return 0
	}
	w.seq++
	r.Seq = w.seq
	w.queue = append(w.queue, queued{r, tag})
	select {
	case w.wake <- struct{}{}:
	default:
	}
	return r.Seq
}

// Err returns the first write or sync error, nil while recording works.
func (w *Writer) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// Sync waits until every record appended before the call is durable and
// Opts.Synced has been called for it. It
// returns the writer's error if recording failed, ctx.Err() if ctx ends
// first.
func (w *Writer) Sync(ctx context.Context) error {
	w.mu.Lock()
	want := w.seq
	for {
		if w.err != nil {
			err := w.err
			w.mu.Unlock()
			return err
		}
		if w.synced >= want {
			w.mu.Unlock()
			return nil
		}
		ch := w.syncCh
		w.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
		w.mu.Lock()
	}
}

// Close writes what is queued, stops the goroutine and closes the file. It
// returns the writer's error or the file's Close error.
func (w *Writer) Close() error {
	w.mu.Lock()
	if !w.closing {
		w.closing = true
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
	w.mu.Unlock()
	<-w.done
	cerr := w.f.Close()
	if w.head != nil {
		if err := w.head.f.Close(); cerr == nil {
			cerr = err
		}
	}
	if err := w.Err(); err != nil {
		return err
	}
	return cerr
}

func (w *Writer) run() {
	defer close(w.done)
	var buf []byte
	for {
		<-w.wake
		w.mu.Lock()
		batch := w.queue
		w.queue = nil
		closing := w.closing
		w.mu.Unlock()
		if len(batch) > 0 {
			buf = buf[:0]
			var tag uint64
			var wit Witness
			if w.head != nil {
				wit = w.head.cur
			}
			for _, q := range batch {
				q.r.Prev = w.prev
				payload, err := json.Marshal(q.r)
				if err != nil {
					w.fail(fmt.Errorf("journal: encoding record %d: %w", q.r.Seq, err))
					return
				}
				buf = frame(buf, payload)
				w.prev = hashOf(payload)
				tag = max(tag, q.tag)
				if q.r.Kind == KindDecision {
					wit.Decisions++
					wit.LastDecision, wit.LastMatch = q.r.Seq, q.r.Match
				}
			}
			if _, err := w.f.Write(buf); err != nil {
				w.fail(fmt.Errorf("journal: writing the record: %w", err))
				return
			}
			if err := w.f.Sync(); err != nil {
				w.fail(fmt.Errorf("journal: syncing the record: %w", err))
				return
			}
			last := batch[len(batch)-1].r.Seq
			if w.head != nil {
				// Durable, then witnessed, then reported: a cut before
				// the witness is written leaves the batch unwitnessed
				// (a torn tail may be cut away), never a witness ahead
				// of the disk.
				wit.Size += int64(len(buf))
				wit.Seq, wit.Hash = last, w.prev
				if err := w.head.write(wit); err != nil {
					w.fail(fmt.Errorf("journal: writing the record's witness %s: %w", w.head.f.Name(), err))
					return
				}
			}
			// Report first: once Sync returns, the table knows too.
			if w.opts.Synced != nil {
				w.opts.Synced(last, tag)
			}
			w.mu.Lock()
			w.synced = last
			close(w.syncCh)
			w.syncCh = make(chan struct{})
			w.mu.Unlock()
		}
		if closing {
			w.mu.Lock()
			more := len(w.queue) > 0
			w.mu.Unlock()
			if !more {
				return
			}
			select {
			case w.wake <- struct{}{}:
			default:
			}
		}
	}
}

func (w *Writer) fail(err error) {
	w.mu.Lock()
	w.err = err
	w.queue = nil
	close(w.syncCh)
	w.syncCh = make(chan struct{})
	w.mu.Unlock()
	if w.opts.Failed != nil {
		w.opts.Failed(err)
	}
}
