package replay_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tandem/replay"
)

// runFile loads and replays a fixture of ../testdata.
func runFile(t testing.TB, path, preset string) *replay.Report {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := replay.Load(path, src, preset)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	r, err := p.Run(nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}

// normalJSON decodes a report's JSON, replacing each note's "why" (the
// engine's wording, owned by package rules) with "*" after checking it is
// not empty.
func normalJSON(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("bad JSON %s: %v", b, err)
	}
	notes, _ := m["notes"].([]any)
	for _, n := range notes {
		n := n.(map[string]any)
		if w, _ := n["why"].(string); w == "" {
			t.Errorf("note without a reason: %v", n)
		}
		n["why"] = "*"
	}
	return m
}

// The expected reports below were worked out by hand from each fixture's
// events (the fixtures' comments give the reasoning); they are not
// recorded output.
var timelineWant = map[string]string{
	"flag": `{"result":"1-0","reason":"flag","seats":["A-black"],"decided":true,"decided_at_ms":60250,"at_ms":60250,
		"clocks_ms":{"A-white":59750,"A-black":0,"B-white":59500,"B-black":250},"boards":{"A":"1-0","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"undecided": `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":12500,
		"clocks_ms":{"A-white":53000,"A-black":54500,"B-white":57000,"B-black":50500},"boards":{"A":"*","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"simultaneous_different_teams": `{"result":"1/2-1/2","reason":"simultaneous-flag","seats":["A-white","B-white"],"decided":true,
		"decided_at_ms":60000,"at_ms":60000,"clocks_ms":{"A-white":0,"A-black":60000,"B-white":0,"B-black":59999.5},
		"boards":{"A":"0-1","B":"0-1"},"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"simultaneous_same_team": `{"result":"0-1","reason":"simultaneous-flag","seats":["A-white","B-black"],"decided":true,
		"decided_at_ms":60000,"at_ms":60000,"clocks_ms":{"A-white":0,"A-black":60000,"B-white":59999.5,"B-black":0},
		"boards":{"A":"0-1","B":"1-0"},"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"flag_outside_window": `{"result":"0-1","reason":"flag","seats":["A-white"],"decided":true,"decided_at_ms":60000,"at_ms":60000,
		"clocks_ms":{"A-white":0,"A-black":60000,"B-white":59998,"B-black":2},"boards":{"A":"0-1","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"result_immutable": `{"result":"1-0","reason":"checkmate","seats":["A-black"],"decided":true,"decided_at_ms":2000,"at_ms":2000,
		"clocks_ms":{"A-white":59000,"A-black":59000,"B-white":58000,"B-black":60000},"boards":{"A":"1-0","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":2,"notes":[
		{"line":7,"at_ms":3000,"event":"result B 1-0 resignation","why":"*","refused":true},
		{"line":8,"at_ms":4000,"event":"press B-white","why":"*","refused":false}]}`,
	"same_instant_results": `{"result":"1/2-1/2","reason":"both-boards","seats":[],"decided":true,"decided_at_ms":10000,"at_ms":10000,
		"clocks_ms":{"A-white":59000,"A-black":51000,"B-white":50000,"B-black":60000},"boards":{"A":"1-0","B":"1-0"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"one_board_draw_other_continues": `{"result":"1-0","reason":"resignation","seats":["B-white"],"decided":true,"decided_at_ms":9000,"at_ms":9000,
		"clocks_ms":{"A-white":59000,"A-black":56000,"B-white":55000,"B-black":56000},"boards":{"A":"1/2-1/2","B":"0-1"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"one_board_draw_match_draw": `{"result":"1/2-1/2","reason":"agreement","seats":[],"decided":true,"decided_at_ms":5000,"at_ms":5000,
		"clocks_ms":{"A-white":59000,"A-black":56000,"B-white":58000,"B-black":57000},"boards":{"A":"1/2-1/2","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":1,"notes":[
		{"line":8,"at_ms":6000,"event":"press B-black","why":"*","refused":false}]}`,
	"both_boards_drawn": `{"result":"1/2-1/2","reason":"both-drawn","seats":[],"decided":true,"decided_at_ms":7000,"at_ms":7000,
		"clocks_ms":{"A-white":59000,"A-black":56000,"B-white":53000,"B-black":60000},"boards":{"A":"1/2-1/2","B":"1/2-1/2"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"pause_resume": `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":60000,
		"clocks_ms":{"A-white":35000,"A-black":45000,"B-white":40000,"B-black":40000},"boards":{"A":"*","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"adjust": `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":40500,
		"clocks_ms":{"A-white":25000,"A-black":29500,"B-white":25000,"B-black":180000},"boards":{"A":"*","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":1,"notes":[
		{"line":11,"at_ms":20000,"event":"adjust A-white +10s","why":"*","refused":true}]}`,
	"claim_loss_on_claim": `{"result":"0-1","reason":"illegal-move","seats":["A-white"],"decided":true,"decided_at_ms":4000,"at_ms":4000,
		"clocks_ms":{"A-white":58000,"A-black":59000,"B-white":57000,"B-black":60000},"boards":{"A":"0-1","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"claim_three_strikes": `{"result":"0-1","reason":"illegal-move","seats":["A-white"],"decided":true,"decided_at_ms":12000,"at_ms":12000,
		"clocks_ms":{"A-white":58000,"A-black":57000,"B-white":55000,"B-black":60000},"boards":{"A":"0-1","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"claim_arbiter": `{"result":"0-1","reason":"illegal-move","seats":["A-white"],"decided":true,"decided_at_ms":7000,"at_ms":7000,
		"clocks_ms":{"A-white":59000,"A-black":58000,"B-white":57000,"B-black":60000},"boards":{"A":"0-1","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":1,"notes":[
		{"line":11,"at_ms":5500,"event":"resume","why":"*","refused":true}]}`,
	"reset": `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":10000,
		"clocks_ms":{"A-white":59000,"A-black":54000,"B-white":53000,"B-black":60000},"boards":{"A":"*","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"black_press_start": `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":6000,
		"clocks_ms":{"A-white":58000,"A-black":59000,"B-white":57000,"B-black":60000},"boards":{"A":"*","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":1,"notes":[
		{"line":5,"at_ms":2000,"event":"press A-white","why":"*","refused":false}]}`,
	"delay": `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":6500,
		"clocks_ms":{"A-white":60000,"A-black":57000,"B-white":55500,"B-black":60000},"boards":{"A":"*","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m d2s","ignored":0,"notes":[]}`,
	"preset_fics": `{"result":"1/2-1/2","reason":"agreement","seats":[],"decided":true,"decided_at_ms":5000,"at_ms":5000,
		"clocks_ms":{"A-white":119000,"A-black":116000,"B-white":115000,"B-black":120000},"boards":{"A":"1/2-1/2","B":"*"},
		"source":"timeline","preset":"fics","control":"2m","ignored":0,"notes":[]}`,
	// The seeds' rules (docs/rules.md; each fixture's comment gives the
	// sentence and the arithmetic).
	"safety_move_limit": `{"result":"1/2-1/2","reason":"move-limit","seats":[],"decided":true,"decided_at_ms":6000,"at_ms":6000,
		"clocks_ms":{"A-white":57000,"A-black":57000,"B-white":56000,"B-black":58000},"boards":{"A":"1/2-1/2","B":"1/2-1/2"},
		"source":"timeline","preset":"online","control":"1m","ignored":1,"notes":[{"line":15,"at_ms":7000,"event":"press B-white","why":"match decided","refused":false}]}`,
	"safety_deadlock": `{"result":"1/2-1/2","reason":"deadlock","seats":[],"decided":true,"decided_at_ms":12000,"at_ms":12000,
		"clocks_ms":{"A-white":59000,"A-black":49000,"B-white":58000,"B-black":50000},"boards":{"A":"1/2-1/2","B":"1/2-1/2"},
		"source":"timeline","preset":"online","control":"1m","ignored":0,"notes":[]}`,
	"agreement_all_four": `{"result":"1/2-1/2","reason":"all-agreed","seats":[],"decided":true,"decided_at_ms":6000,"at_ms":6000,
		"clocks_ms":{"A-white":59000,"A-black":55000,"B-white":54000,"B-black":60000},"boards":{"A":"1/2-1/2","B":"1/2-1/2"},
		"source":"timeline","preset":"online","control":"1m","ignored":1,"notes":[{"line":8,"at_ms":5000,"event":"result A 1/2-1/2 agreement","why":"rules: a draw by agreement needs all four players under these rules (draw_agreement = all-four, seed 002): record it as the agreement of all four (agree)","refused":true}]}`,
	"one_board_draw_seed_001": `{"result":"1/2-1/2","reason":"repetition","seats":[],"decided":true,"decided_at_ms":5000,"at_ms":5000,
		"clocks_ms":{"A-white":59000,"A-black":56000,"B-white":58000,"B-black":57000},"boards":{"A":"*","B":"1/2-1/2"},
		"source":"timeline","preset":"pasapiezas","control":"1m","ignored":1,"notes":[{"line":10,"at_ms":6000,"event":"press A-black","why":"match decided","refused":false}]}`,
	"claim_opposing_team": `{"result":"0-1","reason":"illegal-move","seats":["A-white"],"decided":true,"decided_at_ms":4000,"at_ms":4000,
		"clocks_ms":{"A-white":59000,"A-black":58000,"B-white":58000,"B-black":59000},"boards":{"A":"0-1","B":"*"},
		"source":"timeline","preset":"pasapiezas","control":"1m","ignored":0,"notes":[]}`,
	"claim_board_opponent_only": `{"result":"0-1","reason":"illegal-move","seats":["A-white"],"decided":true,"decided_at_ms":4000,"at_ms":4000,
		"clocks_ms":{"A-white":59000,"A-black":58000,"B-white":57000,"B-black":60000},"boards":{"A":"0-1","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":1,"notes":[{"line":7,"at_ms":2000,"event":"claim B-white illegal-move A-white","why":"rules: only A-white's board opponent A-black may claim his illegal move (Art 29)","refused":true}]}`,
	"uscf_start_both_black": `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":8000,
		"clocks_ms":{"A-white":58000,"A-black":57000,"B-white":55000,"B-black":60000},"boards":{"A":"*","B":"*"},
		"source":"timeline","preset":"uscf-fics","control":"1m","ignored":1,"notes":[{"line":6,"at_ms":1000,"event":"press A-white","why":"not started","refused":false}]}`,
	"penalty_warning": `{"result":"1-0","reason":"penalty","seats":["A-black"],"decided":true,"decided_at_ms":5000,"at_ms":5000,
		"clocks_ms":{"A-white":59000,"A-black":47000,"B-white":56000,"B-black":60000},"boards":{"A":"1-0","B":"*"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"no_show_forfeit": `{"result":"1-0","reason":"forfeit","seats":["A-black","B-white"],"decided":true,"decided_at_ms":305000,"at_ms":305000,
		"clocks_ms":{"A-white":60000,"A-black":60000,"B-white":60000,"B-black":60000},"boards":{"A":"1-0","B":"0-1"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"fifty_moves": `{"result":"1-0","reason":"checkmate","seats":["B-white"],"decided":true,"decided_at_ms":9000,"at_ms":9000,
		"clocks_ms":{"A-white":59000,"A-black":56000,"B-white":55000,"B-black":56000},"boards":{"A":"1/2-1/2","B":"0-1"},
		"source":"timeline","preset":"reglamento","control":"1m","ignored":0,"notes":[]}`,
	"both_boards_sum": `{"result":"1-0","reason":"board-sum","seats":["B-white"],"decided":true,"decided_at_ms":64000,"at_ms":64000,
		"clocks_ms":{"A-white":59000,"A-black":56000,"B-white":0,"B-black":56000},"boards":{"A":"1/2-1/2","B":"0-1"},
		"source":"timeline","preset":"uscf-fics","control":"1m","ignored":0,"notes":[]}`,
}

func TestTimelineFixtures(t *testing.T) {
	files, err := filepath.Glob("../testdata/timeline/*.timeline")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(timelineWant) {
		t.Errorf("%d fixtures, %d expectations: every fixture needs one", len(files), len(timelineWant))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".timeline")
		t.Run(name, func(t *testing.T) {
			want, ok := timelineWant[name]
			if !ok {
				t.Fatalf("no expectation for %s", f)
			}
			r := runFile(t, f, "")
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			got := normalJSON(t, b)
			w := normalJSON(t, []byte(want))
			if !reflect.DeepEqual(got, w) {
				t.Errorf("got  %s\nwant %s", b, strings.Join(strings.Fields(want), ""))
			}
		})
	}
}

// --preset wins over the file's own preset line.
func TestTimeline_PresetFlagWinsOverHeader(t *testing.T) {
	r := runFile(t, "../testdata/timeline/preset_fics.timeline", "reglamento")
	b, _ := json.Marshal(r)
	want := `{"result":"*","reason":"","seats":[],"decided":false,"decided_at_ms":null,"at_ms":5000,
		"clocks_ms":{"A-white":299000,"A-black":296000,"B-white":295000,"B-black":300000},"boards":{"A":"1/2-1/2","B":"*"},
		"source":"timeline","preset":"reglamento","control":"5m","ignored":0,"notes":[]}`
	if got, w := normalJSON(t, b), normalJSON(t, []byte(want)); !reflect.DeepEqual(got, w) {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}
