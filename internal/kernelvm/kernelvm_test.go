package kernelvm

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/journal"
	"tandem/timeline"
)

// The one change to irq_sim.c is made exactly once, and a source without
// the call (another kernel) is refused rather than built unchanged.
func TestPatchIRQSim(t *testing.T) {
	src := []byte("static void irq_sim_handle_irq(struct irq_work *work)\n{\n\t\thandle_simple_irq(irq_to_desc(irqnum));\n}\n")
	got, err := patchIRQSim(src)
	if err != nil || !bytes.Contains(got, []byte("\t\tgeneric_handle_irq(irqnum);\n")) || bytes.Contains(got, []byte("irq_to_desc")) {
		t.Fatalf("patch: %q %v", got, err)
	}
	if _, err := patchIRQSim([]byte("generic_handle_irq(irqnum);")); err == nil {
		t.Error("a source without the call was patched")
	}
	if _, err := patchIRQSim(bytes.Repeat(src, 2)); err == nil {
		t.Error("a source with the call twice was patched")
	}
}

// The init loads the modules in the order given, exports the kernel
// command line's tandem.* words and powers off after the command.
func TestInitScript(t *testing.T) {
	s := string(InitScript([]string{"configfs", "gpiosim"}, "/bin/x guest"))
	for _, want := range []string{"insmod /lib/modules/configfs.ko", "mount -t configfs", "TANDEM_${k#tandem.}", "/bin/x guest\n", "poweroff -f"} {
		if !strings.Contains(s, want) {
			t.Errorf("init lacks %q:\n%s", want, s)
		}
	}
	if strings.Index(s, "configfs.ko") > strings.Index(s, "gpiosim.ko") {
		t.Error("modules out of order")
	}
}

// Every generated match is a timeline tandem accepts, of about five
// seconds, and its results are where the script declares them.
func TestScript_Parses(t *testing.T) {
	for seed := range uint64(300) {
		src, results := Script(rand.New(rand.NewPCG(seed, 15)))
		sc, err := timeline.Parse([]byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		last := sc.Entries[len(sc.Entries)-1].Event.At
		if last < 5*time.Second || last > 9*time.Second {
			t.Errorf("seed %d: the script ends at %v", seed, last)
		}
		n := strings.Count(src, " result ")
		if n != len(results) {
			t.Errorf("seed %d: %d results in the script, %d listed", seed, n, len(results))
		}
	}
}

// The firmware's terminal escapes are dropped from the console's lines.
func TestANSI(t *testing.T) {
	if got := ansi.ReplaceAllString("\x1bc\x1b[?7l\x1b[2JCHECK-BEFORE records=3", ""); got != "CHECK-BEFORE records=3" {
		t.Errorf("got %q", got)
	}
}

// A record that does not read, or a failed verify-record, fails the trial.
func TestJudge_BadRecord(t *testing.T) {
	v := Judge(&Trial{Data: []byte("not a record"), VerifyExit: 1, VerifyText: "NOT INTACT"})
	if len(v.Problems) < 2 {
		t.Errorf("problems %v", v.Problems)
	}
}

// loadTrial reads a trial the harness kept (--keep): records left by true
// power cuts in the kernel VM.
func loadTrial(t *testing.T, name string) *Trial {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var tr Trial
	if err := json.Unmarshal(b, &tr); err != nil {
		t.Fatal(err)
	}
	return &tr
}

// Records real power cuts left pass the judge: a random cut (paused), a
// cut right after a declared result, one right after a result went final
// (decided), and a cut so soon after a reset that the disk never had it
// (the ended match comes back, judged against its truth at the reset).
func TestJudge_RealCuts(t *testing.T) {
	for _, c := range []struct {
		file               string
		decided, lostReset bool
	}{{"cut-14.json", false, false}, {"cut-91.json", false, false}, {"cut-92.json", true, false}, {"cut-87.json", false, true}} {
		tr := loadTrial(t, c.file)
		v := Judge(tr)
		if len(v.Problems) > 0 || !v.Recovered || v.Decided != c.decided || v.LostReset != c.lostReset {
			t.Errorf("%s (%s cut at %v): %+v", c.file, tr.How, tr.Cut, v)
		}
	}
}

// The judge fails what a broken record would show: a result reported
// final that is not in it, clocks restored far from the truth (the cut
// dated 3 s later than it was), a failed verify-record.
func TestJudge_Failures(t *testing.T) {
	tr := loadTrial(t, "cut-14.json")
	tr.Finals = append(tr.Finals, "final 1-0 resignation at=123")
	if v := Judge(tr); len(v.Problems) != 1 || !strings.Contains(v.Problems[0], "not in the record") {
		t.Errorf("a missing final: %v", v.Problems)
	}
	tr = loadTrial(t, "cut-14.json")
	tr.Cut += 3 * time.Second
	if v := Judge(tr); len(v.Problems) == 0 {
		t.Error("clocks 3 s off passed")
	}
	tr = loadTrial(t, "cut-92.json")
	tr.VerifyExit = 1
	if v := Judge(tr); len(v.Problems) == 0 {
		t.Error("a failed verify-record passed")
	}
}

// A cut before the fresh record's first group commit leaves nothing on
// the disk: the restart begins a new match. That passes when the cut came
// within the checkpoint interval of the start and nothing was reported
// final; not when the record was behind by more, or a match was
// "recovered" from nothing.
func TestJudge_CutBeforeTheFirstWrite(t *testing.T) {
	tr := loadTrial(t, "cut-14.json")
	l, _, err := journal.Verify(tr.Data)
	if err != nil || len(l.Offsets) < 2 {
		t.Fatalf("cut-14: %v, %d records", err, len(l.Offsets))
	}
	full := tr.Data
	// The restart's new record: its first record only (a match begun).
	tr.Data, tr.Before, tr.Finals, tr.Cut = full[:l.Offsets[1]], 0, nil, 300*time.Millisecond
	if v := Judge(tr); len(v.Problems) > 0 || !v.LostStart || v.Recovered {
		t.Errorf("a cut 0.3 s after the start with nothing on the disk: %+v", v)
	}
	tr.Cut = 1500 * time.Millisecond
	if v := Judge(tr); len(v.Problems) == 0 {
		t.Error("nothing on the disk 1.5 s after the start passed")
	}
	tr.Cut = 300 * time.Millisecond
	tr.Finals = []string{"final 1-0 resignation at=123"}
	if v := Judge(tr); len(v.Problems) == 0 {
		t.Error("a result reported final and not on the disk passed")
	}
	tr.Data, tr.Finals = full, nil
	if v := Judge(tr); len(v.Problems) == 0 {
		t.Error("a match recovered from a record that held nothing passed")
	}
}
