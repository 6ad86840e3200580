package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"tandem/journal"
)

const verifyRecordUsage = `usage: tandem verify-record FILE

Checks a match record's audit trail (docs/record.md): every record reads
(length and CRC-32C), and the hash chain holds: each record carries the
SHA-256 of the one before it and the next sequence number. It reports the
first record that was altered, removed, reordered or duplicated, or a
damaged frame. A last record cut short by a power cut (a torn tail) is not
a problem: it is dropped and said so. A bad frame that is no torn tail (a
flipped bit, a length that reaches past good records) is damage.

The witness beside the record (FILE.head) says how much of it was durable
when the table last reported it: a record shorter than that lost records
no power cut can lose (results reported final among them), and the report
names them ("lost: records 25..31 are missing ..., including the final
result of match ID"); a witnessed record changed since is altered, and a
witness that does not read is damage too. A record without a witness
(written before tandem kept one, or copied without it) is checked without:
the report says so. The report ends with the record count and the last
record's hash, to compare with ones written down.

Exit status: 0 intact, 1 a problem found, 2 bad usage or not a record.
`

// runVerifyRecord runs tandem verify-record FILE: the audit of a match
// record's hash chain (journal.Verify).
func runVerifyRecord(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(stdout, verifyRecordUsage)
		return 0
	}
	if code, ok := oneFile("tandem verify-record", args, stderr, verifyRecordUsage); !ok {
		return code
	}
	path := args[0]
	l, p, err := journal.VerifyFile(path)
	if errors.Is(err, journal.ErrNotRecord) {
		fmt.Fprintf(stderr, "tandem verify-record: %s: not a tandem record (it does not start with %q)\n", path, journal.Header[:len(journal.Header)-1])
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem verify-record: %s\n", fileErr(path, err))
		return 2
	}
	if l.Torn != "" {
		fmt.Fprintf(stdout, "%s: torn last record dropped (%s): a power cut while it was written\n", path, l.Torn)
	}
	switch {
	case p != nil && p.What == "lost":
		fmt.Fprintf(stdout, "%s: LOST after record %d (offset %d); %s\n", path, p.Index-1, p.Offset, p.Msg)
		fmt.Fprintf(stdout, "%s: NOT INTACT: the first %d records are good, later ones were lost\n", path, p.Index-1)
		return 1
	case p != nil && p.What == "witness":
		fmt.Fprintf(stdout, "%s: WITNESS DAMAGED: %s\n", path, p.Msg)
		fmt.Fprintf(stdout, "%s: NOT INTACT: the first %d records read, but whether later ones were lost cannot be told\n", path, p.Index-1)
		return 1
	}
	if p != nil {
		seq := ""
		if p.What != "damaged" {
			seq = fmt.Sprintf("seq %d, ", p.Seq)
		}
		fmt.Fprintf(stdout, "%s: record %d (%soffset %d) %s: %s\n", path, p.Index, seq, p.Offset, verb(p.What), p.Msg)
		fmt.Fprintf(stdout, "%s: NOT INTACT: the first %d records are good\n", path, p.Index-1)
		return 1
	}
	head := "none"
	if n := len(l.Hashes); n > 0 {
		head = l.Hashes[n-1]
	}
	ms, _ := l.Matches()
	if l.Witness == nil {
		fmt.Fprintf(stdout, "%s: no witness (%s): whether records were cut off its end cannot be checked\n", path, journal.WitnessPath(path))
	}
	fmt.Fprintf(stdout, "%s: intact: %s, %s; last hash %s\n", path, plural(len(l.Records), "record"), plural(len(ms), "match"), head)
	return 0
}

// verb words a problem kind: "was altered", "is damaged", ...
func verb(what string) string {
	switch what {
	case "altered":
		return "was altered"
	case "removed":
		return "follows removed records"
	case "reordered":
		return "is out of order (reordered)"
	case "duplicated":
		return "is a duplicate"
	}
	return "is damaged"
}

// plural writes n and the noun, in the plural unless n is 1: "1 match",
// "2 matches", "32 records".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "ch") || strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// fileErr is "FILE: err", or err alone when its text names FILE already
// (an *fs.PathError's "open FILE: no such file or directory", a size
// limit's "FILE: too large"): a message names its file once.
func fileErr(file string, err error) string {
	if msg := err.Error(); strings.Contains(msg, file) {
		return msg
	}
	return file + ": " + err.Error()
}

// oneFile checks that args is one FILE, and otherwise writes what is
// wrong (a flag the command does not have, an argument too many, no
// FILE) with the usage and returns 2 and false.
func oneFile(cmd string, args []string, stderr io.Writer, usage string) (int, bool) {
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' {
			fmt.Fprintf(stderr, "%s: unknown flag %s\n\n%s", cmd, a, usage)
			return 2, false
		}
	}
	switch {
	case len(args) == 0:
		fmt.Fprintf(stderr, "%s: need one FILE\n\n%s", cmd, usage)
		return 2, false
	case len(args) > 1:
		fmt.Fprintf(stderr, "%s: unexpected argument %q after FILE %s\n\n%s", cmd, args[1], args[0], usage)
		return 2, false
	}
	return 0, true
}
