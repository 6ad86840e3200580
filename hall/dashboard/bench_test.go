package dashboard

import (
	"fmt"
	"testing"
	"time"

	"tandem/hall"
	"tandem/hall/hub"
	"tandem/tournament"
)

// BenchmarkUpdate is the dashboard's work for one table's new snapshot in
// a hall of 100 tables with a tournament round paired: the table's view
// encoded, then the update message built for one page. At 100 tables
// pressing 4 times a second (the hall's load test) that is 400 a second, plus
// the tables' heartbeats.
func BenchmarkUpdate(b *testing.B) {
	s := &Server{states: map[string]hub.TableState{}, views: map[string][]byte{}, clients: map[*client]struct{}{}}
	tn, err := tournament.Parse("hall.toml", []byte(tournamentFile))
	if err != nil {
		b.Fatal(err)
	}
	if err := s.tn.load(tn, ""); err != nil {
		b.Fatal(err)
	}
	var ts []hub.TableState
	now := time.Now()
	for i := 1; i <= 100; i++ {
		ts = append(ts, hub.TableState{ID: fmt.Sprintf("t%d", i), Online: true, Since: now, LastSeen: now,
			Snap: hall.Snap{V: 1, Table: fmt.Sprintf("t%d", i), Status: "running", Players: [4]string{"Ana, A", "Ciro, C", "Dani, D", "Bea, B"},
				Clocks: [4]hall.Clock{{Ms: 150000, Running: true, Turn: true, Moves: 10}, {Ms: 149000, Moves: 10}, {Ms: 151000, Running: true, Turn: true, Moves: 9}, {Ms: 148000, Moves: 10}}}})
	}
	s.takeTables(ts, now)
	if _, _, err := s.upload(PairingUpload{Round: 1, Name: "r1.txt", Data: "2\n1 2\n3 4\n"}); err != nil {
		b.Fatal(err)
	}
	s.rebuildAlerts()
	s.rebuildLists()
	c := &client{wake: make(chan struct{}, 1), tables: map[string]bool{}}
	s.clients[c] = struct{}{}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		t := ts[i%len(ts)]
		t.Snap.Seq = uint64(i)
		t.Snap.Events = uint64(i)
		s.takeTables([]hub.TableState{t}, now)
		if len(s.updateMsg(c, now)) == 0 {
			b.Fatal("no message")
		}
	}
}
