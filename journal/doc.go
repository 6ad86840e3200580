// Package journal is a table's durable record: every event the match loop
// applies (press, pause, resume, claim, uphold/reject, adjustment,
// declared result, reset, start), every decision, every configuration in
// force, and a checkpoint of the four remaining times at least every
// second while clocks run. It restores an interrupted match after a
// power cut, proves the record unaltered, and exports a match.
//
// # Format
//
// The record is one append-only file: a 16-byte header "tandem-record 1\n"
// then frames, each
//
//	length  uint32, little endian: the payload's size in bytes (1..MaxPayload)
//	crc     uint32, little endian: CRC-32C (Castagnoli) of the payload
//	payload one Record as JSON
//
// Each Record holds its sequence number (from 1, one file-wide series) and
// the SHA-256 of the previous record's payload (Prev, hex): the records are
// a hash chain, so a record altered, removed or reordered breaks the chain
// at that place (Verify). A last frame cut short by a power cut, with
// nothing or only zero bytes after it, is a torn tail: Load drops it and
// Open truncates it away (Log.Torn, Log.Dropped: the caller reports it);
// it is never fatal. Any other bad frame (a flipped bit in a length, a
// checksum or a payload; a frame "cut short" with good frames after it) is
// damage, reported by Load, Verify and Open, which checks the chain too
// and never appends after damage. A file that cannot be written is read
// read-only (ErrReadOnly, OpenReadOnly). Every read goes through a size
// limit (MaxFile).
//
// Every batch of records is written with one write and made durable with
// one fsync before the writer reports it (Writer, Opts.Synced): group
// commit. Before the report, the writer also writes the record's witness
// (WitnessPath, FILE.head: two alternating slots, each fdatasync'd) with
// the durable length, the last record's seq and hash and the final results
// in it: a power cut can only lose what was never reported durable, so a
// record shorter than its witness is damage ("lost", naming the final
// results missing), never a torn tail; a torn tail is one only past the
// witnessed length. The match loop never waits for it (table.Opts.Record only
// queues); a decided result is shown final once its record is synced
// (table.Table.Final). docs/record.md explains the choice of an fsync'd log
// over SQLite, with the figures measured.
//
// # Instants
//
// Record.At is the table's monotonic instant (ns since its epoch, as
// rules.Event.At); Record.Wall the wall-clock time, for people only (a
// Raspberry Pi has no real-time clock: it can jump at NTP sync). A restored
// table chooses its epoch so that instants continue where the record
// stopped (table.Restore).
package journal
