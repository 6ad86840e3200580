// Package faulttest is the record's fault-injection harness: it
// builds the real tandem binary, runs it on a scripted timeline (tandem run
// --script), kills it with SIGKILL at random instants (often in the middle
// of a write: records are written every few milliseconds), in a third of
// the trials also leaves the record as a power cut during its last group
// commit would (that commit's witness slot unwritten, journal.CutWitness,
// and its last frame cut short), restarts it, and checks that the record
// reads (a torn last record dropped, the hash chain intact, everything its
// witness says was durable there), that no result reported final was
// lost, and that the restored
// match is paused with each time within the checkpoint interval of its
// true value at the cut.
//
// go test runs 3 trials; TANDEM_KILL_TRIALS=30 (CI, .ci/steps/record.sh)
// or scripts/kill-trials.sh (200 and more) run more. The package has only
// tests.
package faulttest
