package guest

import (
	"testing"
	"time"

	"tandem/sound"
)

// A trace as tracefs writes it (trace_clock mono): the values set are
// read with their instants, the gets are not; a buffer that overflowed
// is an error, not a short pattern.
func TestParseTrace(t *testing.T) {
	text := `# tracer: nop
#
# entries-in-buffer/entries-written: 4/4   #P:1
#
#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION
#              | |         |   |||||     |         |
 tandem-kernel-t-93      [000] .....    41.000100: gpio_value: 592 set 1
 tandem-kernel-t-93      [000] .....    41.300200: gpio_value: 592 set 0
 tandem-kernel-t-93      [000] .....    41.300300: gpio_value: 512 get 1
 tandem-kernel-t-93      [000] .....    41.450000: gpio_value: 592 set 1
`
	ws, err := parseTrace([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []write{{41000100000, 592, true}, {41300200000, 592, false}, {41450000000, 592, true}}
	if len(ws) != len(want) {
		t.Fatalf("got %v", ws)
	}
	for i := range want {
		if ws[i] != want[i] {
			t.Errorf("write %d: %+v, want %+v", i, ws[i], want[i])
		}
	}
	if _, err := parseTrace([]byte("# entries-in-buffer/entries-written: 10/12   #P:1\n")); err == nil {
		t.Error("an overflowed buffer was read")
	}
	if _, err := oneLine(append(ws, write{gpio: 7})); err == nil {
		t.Error("writes on two lines taken as the buzzer's")
	}
}

// Writes become beeps: repeated levels are one, the line starts low, and
// a pattern is compared beep by beep, its last silence aside.
func TestBeeps(t *testing.T) {
	ms := int64(time.Millisecond)
	ws := []write{{0, 1, false}, {10 * ms, 1, true}, {11 * ms, 1, true}, {310 * ms, 1, false}, {460 * ms, 1, true}, {760 * ms, 1, false}, {910 * ms, 1, true}, {1212 * ms, 1, false}}
	b := beeps(changes(ws))
	ok, worst := compare(b, sound.PatternOf(sound.Flag))
	if !ok || worst != 2*time.Millisecond {
		t.Errorf("flag: %v %v (%s)", ok, worst, describePattern(b))
	}
	if ok, _ := compare(b, sound.PatternOf(sound.Start)); ok {
		t.Error("three beeps taken for the start's one")
	}
}
