package dashboard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"tandem/hall/hub"
)

// The alerts list as a state machine: whatever the tables raise and clear,
// each alert a table raises now has exactly one active entry, every active
// entry is raised now, ids grow, and the list never exceeds MaxAlerts
// (dropping only the oldest).
func TestProperty_AlertsFollowTheTables(t *testing.T) {
	kinds := []hub.Alert{{Kind: hub.AlertFlag, Text: "flag: A-white"}, {Kind: hub.AlertClaim, Text: "claim by B-black (flag)"},
		{Kind: hub.AlertOffline, Text: "offline since 14:05"}, {Kind: hub.AlertRecord, Text: "disk full"},
		{Kind: hub.AlertRefused, Text: "login refused"}}
	rapid.Check(t, func(t *rapid.T) {
		s := &Server{states: map[string]hub.TableState{}}
		ids := []string{"t1", "t2", "t3"}
		steps := rapid.IntRange(1, 300).Draw(t, "steps")
		at := time.Unix(1_800_000_000, 0)
		for range steps {
			id := rapid.SampledFrom(ids).Draw(t, "table")
			var now []hub.Alert
			for _, a := range kinds {
				if rapid.Bool().Draw(t, "raised") {
					now = append(now, a)
				}
			}
			seen := rapid.IntRange(0, 5).Draw(t, "seen") > 0 // a table never seen raises only its refusal
			st := hub.TableState{ID: id, Alerts: now}
			if seen {
				st.LastSeen = at
			}
			at = at.Add(time.Second)
			s.alertsChanged(s.states[id], st, at)
			s.states[id] = st
			if len(s.alerts) > MaxAlerts {
				t.Fatalf("%d alerts kept", len(s.alerts))
			}
			for i := 1; i < len(s.alerts); i++ {
				if s.alerts[i].ID <= s.alerts[i-1].ID {
					t.Fatalf("ids not increasing: %+v", s.alerts)
				}
			}
			// The check holds for the tables whose raises are all still in
			// the list (nothing of theirs dropped by the cap).
			for _, tid := range ids {
				cur := s.alertKeys(s.states[tid])
				for _, e := range s.alerts {
					if e.Table == tid && e.Active && !slices.Contains(cur, hub.Alert{Kind: e.Kind, Text: e.Text}) {
						t.Fatalf("%s: active %+v not raised now (%+v)", tid, e, cur)
					}
				}
				if len(s.alerts) == MaxAlerts && s.nextID > MaxAlerts {
					continue
				}
				for _, a := range cur {
					n := 0
					for _, e := range s.alerts {
						if e.Table == tid && e.Active && e.Kind == a.Kind && e.Text == a.Text {
							n++
						}
					}
					if n != 1 {
						t.Fatalf("%s: %+v has %d active entries", tid, a, n)
					}
				}
			}
		}
	})
}

// A state file of any content loads or fails with an error naming it:
// never a panic, and a loaded one saves back to what it loads again.
func FuzzStateFile(f *testing.F) {
	f.Add([]byte(`{"v":1,"tournament":"Hall Open","round":1,"rounds":[{"round":1,"matches":[{"table":1,"team1":1,"team2":2},{"table":2,"team1":3,"team2":4,"result":"1-0"}]}],"sent":{"t1":1},"counted":{"t1/m1":{"round":1,"number":1}}}`))
	f.Add([]byte(`{"v":1,"tournament":"Hall Open","round":0}`))
	f.Add([]byte(`{"v":1,"tournament":"Hall Open","round":2,"rounds":[{"round":2,"matches":[{"table":0,"team1":1,"team2":0}]}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "dashboard.json")
		os.WriteFile(path, data, 0o644)
		var tn tourney
		if err := tn.load(loadTournament(t), path); err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		if err := tn.save(); err != nil {
			t.Fatal(err)
		}
		var again tourney
		if err := again.load(loadTournament(t), path); err != nil {
			t.Fatalf("saved state does not load: %v", err)
		}
		if again.round != tn.round || len(again.uploaded) != len(tn.uploaded) || len(again.counted) != len(tn.counted) {
			t.Fatalf("round trip: %d %d %d vs %d %d %d", again.round, len(again.uploaded), len(again.counted), tn.round, len(tn.uploaded), len(tn.counted))
		}
	})
}
