package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tandem/board"
	"tandem/bpgn"
	"tandem/bughouse"
	"tandem/eboard/eboardtest"
	"tandem/gpio"
	"tandem/replay"
	"tandem/wiring"
)

// TestEBoardReplay_RealGame: the session file of testdata/eboard (a real
// FICS game on two e-boards, with noise) replays to the record's moves
// and reserves; exit 0, as text and as JSON.
func TestEBoardReplay_RealGame(t *testing.T) {
	const file = "../../testdata/eboard/fics_1934587_checkmate.session"
	src, err := os.ReadFile("../../testdata/bpgn/fics_1934587_checkmate.bpgn")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := replay.Load("g.bpgn", src, "")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := bpgn.Parse(src)
	var out, errb bytes.Buffer
	if code := run([]string{"eboard", "replay", file, "--preset", "fics", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s %s", code, errb.String(), out.String())
	}
	var v struct {
		A, B struct {
			Moves []string `json:"moves"`
			FEN   string   `json:"fen"`
		}
		Reserves map[string]string `json:"reserves"`
		Alerts   []struct {
			Resolved bool `json:"resolved"`
		} `json:"alerts"`
	}
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.A.Moves)+len(v.B.Moves) != len(g.Moves) || v.A.FEN+" | "+v.B.FEN != plan.Moves.FEN {
		t.Fatalf("%d+%d moves of %d; FEN %s | %s, want %s", len(v.A.Moves), len(v.B.Moves), len(g.Moves), v.A.FEN, v.B.FEN, plan.Moves.FEN)
	}
	for _, s := range bughouse.Seats {
		if v.Reserves[s.String()] != plan.Moves.Reserves[s] {
			t.Errorf("%s's reserve %q, want %q", s, v.Reserves[s.String()], plan.Moves.Reserves[s])
		}
	}
	out.Reset()
	if code := run([]string{"eboard", "replay", "--preset=fics", file}, nil, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "27. N@g4#") || !strings.Contains(out.String(), "reserves: A-white P A-black qn B-white QBBP B-black rb") {
		t.Fatalf("text: exit %d\n%s", code, out.String())
	}
}

// TestEBoardReplay_ExitStatus: 1 for a change left unexplained, 2 for
// malformed input with FILE:LINE, bad usage or an unknown preset.
func TestEBoardReplay_ExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(src), 0o644)
		return p
	}
	dump := "0 A 860043" + "08090A0C0B0A0908" + "0707070707070707" + strings.Repeat("00", 32) + "0101010101010101" + "0203040605040302\n"
	bad := write("knight.session", dump+"1 A 8E00053E00\n1.1 A 8E00052E03\n2 press A-white\n") // g1 to g3
	var out, errb bytes.Buffer
	if code := run([]string{"eboard", "replay", bad}, nil, &out, &errb); code != 1 || !strings.Contains(out.String(), "g1g3: no knight of white can move to g3") {
		t.Fatalf("unexplained: exit %d\n%s%s", code, out.String(), errb.String())
	}
	broken := write("broken.session", dump+"1 A 8E00053E\n")
	errb.Reset()
	if code := run([]string{"eboard", "replay", broken}, nil, &out, &errb); code != 2 || !strings.HasPrefix(errb.String(), broken+":2: message 8E00053E") {
		t.Fatalf("malformed: exit %d %s", code, errb.String())
	}
	for _, args := range [][]string{{"eboard", "replay"}, {"eboard", "replay", bad, "--preset", "nope"}, {"eboard", "replay", bad, "--what"}, {"eboard"}} {
		if code := run(args, nil, io.Discard, io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func waitOutput(t *testing.T, b *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(b.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in:\n%s", want, b.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// waitUpdating waits until the board has been asked for its updates (the
// reader is connected), at most 10 s.
func waitUpdating(t *testing.T, eb *eboardtest.Board) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !eb.Updating() {
		if time.Now().After(deadline) {
			t.Fatal("the e-board was never asked for its updates")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestProbe_EBoards: tandem probe names the e-board (serial number,
// version, orientation) and shows its field updates live, also on a
// machine without GPIO.
func TestProbe_EBoards(t *testing.T) {
	eb, err := eboardtest.NewBoard(&eboardtest.Opts{Serial: "P1234", Rotated: true})
	if err != nil {
		t.Fatal(err)
	}
	defer eb.Close()
	path := writeConfigFile(t, "eb.toml", "[eboard]\na = \""+eb.Path()+"\"\n")
	old := probeDeps
	defer func() { probeDeps = old }()
	probeDeps.lines = func(*wiring.Wiring) (gpio.Lines, []int, error) { return nil, nil, gpio.ErrNoDevice }
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan int)
	go func() { done <- probe(ctx, []string{"--config", path}, &out, io.Discard) }()
	waitOutput(t, &out, "DGT board serial P1234 version 1.7")
	waitOutput(t, &out, "(orientation rotated)")
	waitUpdating(t, eb)
	g1, _ := board.ParseSquare("g1")
	eb.Put(g1, 0)
	waitOutput(t, &out, "field  1: lifted from g1") // h1 is field 0 on a board turned round
	cancel()
	if code := <-done; code != 1 {
		t.Errorf("exit %d, want 1 (no GPIO)", code)
	}
}

// TestEBoardRecord_ThenReplay: tandem eboard record writes the e-board's
// messages and the presses typed on standard input; the file replays to
// the move made.
func TestEBoardRecord_ThenReplay(t *testing.T) {
	eb, err := eboardtest.NewBoard(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eb.Close()
	cfg := writeConfigFile(t, "eb.toml", "[eboard]\na = \""+eb.Path()+"\"\n")
	file := filepath.Join(t.TempDir(), "s.session")
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	var errb syncBuffer
	go func() { done <- eboardRecord(ctx, []string{"--config", cfg, "--out", file}, pr, io.Discard, &errb) }()
	waitUpdating(t, eb)
	e2, _ := board.ParseSquare("e2")
	e4, _ := board.ParseSquare("e4")
	eb.Play([]eboardtest.Change{{Square: e2}, {Square: e4, Piece: board.MakePiece(bughouse.White, board.Pawn)}})
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile(file)
		if strings.Count(string(b), "\n") >= 4 { // the comment, the dump, two updates
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("recorded:\n%s", b)
		}
		time.Sleep(2 * time.Millisecond)
	}
	io.WriteString(pw, "z\n")
	for {
		b, _ := os.ReadFile(file)
		if strings.Contains(string(b), "press A-white") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("recorded:\n%s", b)
		}
		time.Sleep(2 * time.Millisecond)
	}
	cancel()
	pw.Close()
	if code := <-done; code != 0 {
		t.Fatalf("record exit %d: %s", code, errb.String())
	}
	var out bytes.Buffer
	if code := run([]string{"eboard", "replay", file, "--json"}, nil, &out, io.Discard); code != 0 || !strings.Contains(out.String(), `"A":{"moves":["e4"]`) {
		b, _ := os.ReadFile(file)
		t.Fatalf("exit %d: %s\n%s", code, out.String(), b)
	}
}

// syncBuffer is a bytes.Buffer a command writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
