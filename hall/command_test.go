package hall

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"tandem/arbiter"
)

// Every field of the arbiter's request crosses the hall's wire: the hub
// sends one, the table reads it back as the console's request, the same
// one (docs/hall.md, Commands). Each field is set by reflection, so a
// field added to arbiter.Request is checked without a word here.
func TestCommand_CarriesEveryRequestField(t *testing.T) {
	var want arbiter.Request
	v := reflect.ValueOf(&want).Elem()
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		switch f.Kind() {
		case reflect.String:
			f.SetString(name)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{name, name + "2"}))
		case reflect.Array:
			for j := range f.Len() {
				f.Index(j).SetString(name + string(rune('0'+j)))
			}
		default:
			t.Fatalf("arbiter.Request.%s is a %s: teach this test to fill it", name, f.Kind())
		}
	}
	sent, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var c Command
	if err := json.Unmarshal(sent, &c); err != nil {
		t.Fatal(err)
	}
	wire, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var got arbiter.Request
	if err := json.Unmarshal(wire, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("a request through the hall's command:\n got %+v\nwant %+v\n(wire %s)", got, want, wire)
	}
}

// commandV1 is the command's shape as version 1 first sent it, field by
// field: what a table or a hub of that time writes and reads.
type commandV1 struct {
	V         int       `json:"v"`
	Action    string    `json:"action"`
	Seat      string    `json:"seat,omitempty"`
	Board     string    `json:"board,omitempty"`
	Outcome   string    `json:"outcome,omitempty"`
	Reason    string    `json:"reason,omitempty"`
	Delta     string    `json:"delta,omitempty"`
	Run       []string  `json:"run,omitempty"`
	Preset    string    `json:"preset,omitempty"`
	Control   string    `json:"control,omitempty"`
	Players   [4]string `json:"players,omitzero"`
	Accused   string    `json:"accused,omitempty"`
	Tolerance string    `json:"tolerance,omitempty"`
}

// The wire did not change: what version 1 wrote reads as the same
// command, and a command writes the bytes version 1 wrote for it.
func TestProperty_CommandWireUnchanged(t *testing.T) {
	word := rapid.OneOf(rapid.Just(""), rapid.StringMatching(`[A-Za-z0-9+:@-]{1,8}`), rapid.String())
	rapid.Check(t, func(t *rapid.T) {
		old := commandV1{V: rapid.IntRange(0, 2).Draw(t, "v"), Action: word.Draw(t, "action"), Seat: word.Draw(t, "seat"),
			Board: word.Draw(t, "board"), Outcome: word.Draw(t, "outcome"), Reason: word.Draw(t, "reason"),
			Delta: word.Draw(t, "delta"), Run: rapid.SliceOfN(word, 0, 3).Draw(t, "run"), Preset: word.Draw(t, "preset"),
			Control: word.Draw(t, "control"), Accused: word.Draw(t, "accused"), Tolerance: word.Draw(t, "tolerance")}
		if rapid.Bool().Draw(t, "players") {
			for i := range old.Players {
				old.Players[i] = word.Draw(t, "player")
			}
		}
		oldJSON, err := json.Marshal(old)
		if err != nil {
			t.Fatal(err)
		}
		var back commandV1
		if err := json.Unmarshal(oldJSON, &back); err != nil {
			t.Fatal(err)
		}
		var got Command
		if err := json.Unmarshal(oldJSON, &got); err != nil {
			t.Fatal(err)
		}
		if want := fromV1(back); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s reads as\n%+v, version 1 read\n%+v", oldJSON, got, want)
		}
		newJSON, err := json.Marshal(fromV1(old))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(newJSON, oldJSON) {
			t.Fatalf("writes\n%s\nversion 1 wrote\n%s", newJSON, oldJSON)
		}
	})
}

// fromV1 is the command a version 1 command is.
func fromV1(o commandV1) Command {
	return Command{V: o.V, Request: arbiter.Request{Action: o.Action, Seat: o.Seat, Board: o.Board,
		Outcome: o.Outcome, Reason: o.Reason, Delta: o.Delta, Run: o.Run, Preset: o.Preset,
		Control: o.Control, Players: o.Players, Accused: o.Accused, Tolerance: o.Tolerance}}
}

// The bytes a hub sends for the dashboard's actions, as version 1 sent
// them.
func TestCommand_WireExamples(t *testing.T) {
	for _, tc := range []struct {
		c    Command
		wire string
	}{
		{Command{V: Version, Request: arbiter.Request{Action: "pause"}}, `{"v":1,"action":"pause"}`},
		{Command{V: Version, Request: arbiter.Request{Action: "adjust", Seat: "A-white", Delta: "+30"}}, `{"v":1,"action":"adjust","seat":"A-white","delta":"+30"}`},
		{Command{V: Version, Request: arbiter.Request{Action: "resume", Run: []string{"A-black"}}}, `{"v":1,"action":"resume","run":["A-black"]}`},
		{Command{V: Version, Request: arbiter.Request{Action: "players", Players: [4]string{"Ana", "Bo", "Cy", "Di"}}}, `{"v":1,"action":"players","players":["Ana","Bo","Cy","Di"]}`},
		{Command{V: Version, Request: arbiter.Request{Action: "call", Tolerance: "15m"}}, `{"v":1,"action":"call","tolerance":"15m"}`},
		{Command{V: Version, Request: arbiter.Request{Action: "new", Preset: "reglamento", Control: "3m+2s"}}, `{"v":1,"action":"new","preset":"reglamento","control":"3m+2s"}`},
	} {
		got, err := json.Marshal(tc.c)
		if err != nil || string(got) != tc.wire {
			t.Errorf("%+v writes %s (%v), want %s", tc.c, got, err, tc.wire)
		}
		var back Command
		if err := json.Unmarshal([]byte(tc.wire), &back); err != nil || !reflect.DeepEqual(back, tc.c) {
			t.Errorf("%s reads as %+v (%v), want %+v", tc.wire, back, err, tc.c)
		}
	}
}
