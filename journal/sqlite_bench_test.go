//go:build sqlitebench

package journal

// The store the record did not choose, measured the same way for
// docs/record.md: SQLite through modernc.org/sqlite (pure Go), WAL,
// synchronous=FULL, one committed INSERT per event holding the same JSON
// payload and chain hash. Behind a build tag: compiling the driver takes
// about a minute, which every CI pass would pay.
//
//	go test -tags sqlitebench -run '^$' -bench 'EventDurable' ./journal

import (
	"database/sql"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	_ "modernc.org/sqlite"
)

func BenchmarkEventDurableSQLite(b *testing.B) {
	db, err := sql.Open("sqlite", filepath.Join(b.TempDir(), "rec.db")+"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE record (seq INTEGER PRIMARY KEY, prev TEXT NOT NULL, payload BLOB NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		b.Fatalf("journal_mode %q %v, want wal", mode, err)
	}
	prev := ""
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		r := benchRecord(i)
		r.Seq, r.Prev = uint64(i+1), prev
		p, err := json.Marshal(r)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO record (seq, prev, payload) VALUES (?, ?, ?)`, r.Seq, r.Prev, p); err != nil {
			b.Fatal(err)
		}
		prev = hashOf(p)
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	reportLatency(b, ds)
}
