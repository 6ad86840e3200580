package console

import (
	"slices"
	"time"

	"tandem/board"
	"tandem/bughouse"
	"tandem/display"
	"tandem/i18n"
	"tandem/i18n/lang"
	"tandem/rules"
	"tandem/scoresheet"
	"tandem/table"
)

// View is the JSON the page receives for every snapshot (GET /api/state
// and each WebSocket message). Its field names are stable: docs/console.md
// documents them. Times are integers in milliseconds; instants on the wall
// clock are Unix milliseconds.
type View struct {
	Seq    uint64 `json:"seq"`    // events applied so far
	Status string `json:"status"` // "ready", "running", "paused", "decided"
	// AtMs is the snapshot's instant on the server's wall clock (Unix ms):
	// a running clock's time is RemainingMs at AtMs.
	AtMs int64 `json:"at_ms"`
	// ElapsedMs is the match time at AtMs, from the start (0 before it),
	// pauses included, as the log counts it; after the decision the match
	// time of the decision: it runs no more.
	ElapsedMs int64 `json:"elapsed_ms"`
	// Match is the match's id ("20261129-212200-3f9a", table.NewMatchID).
	Match string `json:"match"`
	// Recorded is true while the match is recorded (a [journal] record
	// that works, table.Snapshot.Recording): the page says the record
	// keeps a result or a match's events only then.
	Recorded bool `json:"recorded"`
	// Offers are the arbiter's actions the table would take now, as
	// action words ("start", "pause", "claim", ...: table.Snapshot.Offers):
	// the page shows the buttons of these only, since any other could
	// only be refused or ignored.
	Offers  []string     `json:"offers"`
	Started bool         `json:"started"`
	Clocks  [4]ClockView `json:"clocks"` // indexed by seat: A-white, A-black, B-white, B-black
	Boards  [2]BoardView `json:"boards"` // A, B
	// Result is the match result from team 1's view ("1-0", "0-1",
	// "1/2-1/2", "*"), Reason its reason word, Article the rule cited,
	// Decisive the decisive seats, ResultText one line for people.
	Result     string   `json:"result"`
	Reason     string   `json:"reason"`
	Article    string   `json:"article"`
	Decisive   []string `json:"decisive"`
	ResultText string   `json:"result_text"`
	// Final is true once a decided result is on disk (rules.Snapshot.Final:
	// the record has synced the decision, or nothing records the match).
	// ResultState says how the page shows the result: "" while undecided,
	// "recording" (decided, not yet on disk: provisional), "final" (Final:
	// on disk, or no record is kept at all), or "not-recorded" (decided,
	// not on disk, and Info.RecordErr says recording failed: the arbiter
	// must write the result down).
	Final       bool   `json:"final"`
	ResultState string `json:"result_state"`
	// Advantage is team 1's time advantage (ms, team 1's clocks minus team
	// 2's, per board diagonal): [0] board A (A-white - A-black), [1] board
	// B (B-black - B-white), at AtMs.
	Advantage [2]int64   `json:"advantage_ms"`
	Claim     *ClaimView `json:"claim"`
	// NoShow is a called match's no-show countdown (Art 44) before the
	// start, nil when none: LeftMs is the tolerance left at AtMs.
	NoShow *NoShowView `json:"no_show"`
	// BlackPressed: under start = both-black, the boards (A, B) whose
	// Black has pressed to start; the second press starts the match.
	BlackPressed [2]bool `json:"black_pressed"`
	// Format is the match_format ("first-decision", "both-boards");
	// Points the boards' game points, team 1 first ("1.5-0.5"), under
	// both-boards ("" otherwise).
	Format string `json:"format"`
	Points string `json:"points"`
	// Last is the last applied event, as the log shows it.
	Last *LogEntry `json:"last"`
	// Preset, Control: the rules being played. TenthsBelowMs: a time
	// under it shows tenths (negative: never).
	Preset        string `json:"preset"`
	Control       string `json:"control"`
	TenthsBelowMs int64  `json:"tenths_below_ms"`
	Simulated     bool   `json:"simulated"`
	// Faces are the clock displays' text faces (board A, board B) for the
	// simulated panel's mirror; empty unless simulated.
	Faces []string `json:"faces"`
	// WinHow and DrawHow are the reasons the arbiter may declare under
	// these rules; Presets the presets a new match may use.
	WinHow  []Choice `json:"win_how"`
	DrawHow []Choice `json:"draw_how"`
	Presets []string `json:"presets"`
	Info    InfoView `json:"info"`
	// Log is the event log, oldest first (at most maxLog entries), and
	// Matches the matches its lines belong to (LogEntry.Match), oldest
	// first: the page heads each match's lines with its id and rules.
	Log     []LogEntry `json:"log"`
	Matches []LogMatch `json:"matches"`
	// Moves are the scoresheet of board A and board B (moves.go): the
	// moves entered, the position now, the legal moves for
	// click-to-move.
	Moves [2]BoardMoves `json:"moves"`
	// Reserves are the four players' reserves from the scoresheet,
	// indexed by seat: piece letter ("Q", "R", "B", "N", "P") to count,
	// kinds not held left out. A capture on one board shows at once in
	// the partner's reserve (Art 10).
	Reserves [4]scoresheet.Reserve `json:"reserves"`
}

// ClockView is one seat's clock.
type ClockView struct {
	Seat string `json:"seat"` // "A-white"
	// Player is the name of the seat's player in this match ("" when
	// unknown): [journal] players, or the hall's pairing.
	Player      string `json:"player"`
	Team        int    `json:"team"` // 1 or 2
	RemainingMs int64  `json:"remaining_ms"`
	DelayMs     int64  `json:"delay_ms"` // unused delay of the move in progress
	Running     bool   `json:"running"`
	Turn        bool   `json:"turn"`
	Flagged     bool   `json:"flagged"`
	Moves       int    `json:"moves"`
	Strikes     int    `json:"strikes"`
	// Warnings counts the seat's warnings (Art 40); Arrived is true once
	// its player is at the table (Art 44).
	Warnings int    `json:"warnings"`
	Arrived  bool   `json:"arrived"`
	Text     string `json:"text"` // the display's format at AtMs
}

// NoShowView is a called match's no-show countdown (Art 44).
type NoShowView struct {
	// LeftMs is the tolerance left at View.AtMs; at 0 a team not at the
	// table loses by forfeit.
	LeftMs int64 `json:"left_ms"`
}

// BoardView is one board's game.
type BoardView struct {
	Board   string `json:"board"`   // "A" or "B"
	Outcome string `json:"outcome"` // "1-0", "0-1", "1/2-1/2", "*"
	Reason  string `json:"reason"`
	Article string `json:"article"`
	Over    bool   `json:"over"`
	Text    string `json:"text"` // e.g. "A-black won (flag)"
}

// ClaimView is the pending claim.
type ClaimView struct {
	Claimant string `json:"claimant"`
	Accused  string `json:"accused"`
	Reason   string `json:"reason"`
	AtMs     int64  `json:"at_ms"` // match time of the claim
	// Board is the claimed-against board ("A", "B"), Ply its moves on the
	// scoresheet now: the claim view shows the board after its last move
	// by default, and the arbiter steps back from there.
	Board string `json:"board"`
	Ply   int    `json:"ply"`
}

// Choice is one reason in a menu.
type Choice struct {
	Reason string `json:"reason"` // the rules word, e.g. "checkmate"
	Label  string `json:"label"`  // e.g. "checkmate"
}

// InfoView is the table's own state (Info).
type InfoView struct {
	Recovered   bool   `json:"recovered"`
	RecoveredAt string `json:"recovered_at"` // RFC 3339, "" when not recovered
	RecordErr   string `json:"record_err"`
	// Hall is the link to the hall's hub ("hall online since 14:02", ""
	// without one), HallOnline whether it is connected.
	Hall       string `json:"hall"`
	HallOnline bool   `json:"hall_online"`
	// EBoard are the e-boards' states and alerts (Info.EBoard; [] when
	// the table has none).
	EBoard []EBoard `json:"eboard"`
}

// LogEntry is one line of the event log.
type LogEntry struct {
	Seq uint64 `json:"seq"`
	// TimeMs is the match time (ms from the start; negative before it).
	TimeMs int64  `json:"time_ms"`
	Time   string `json:"time"` // "0:12.345" or "before start"
	Event  string `json:"event"`
	// Note says what the event did: "ignored: ...", "refused: ...", a
	// decision with its reason and article, or "".
	Note string `json:"note"`
	// Kind is "ignored", "refused", "decision" or "" (applied).
	Kind string `json:"kind"`
	// EventKind is the event's word as the record writes it ("press",
	// "pause", "flag"; rules.EventKind): what the page's sounds follow,
	// whatever the language of Event.
	EventKind string `json:"event_kind,omitempty"`
	// Match is the id of the match the line belongs to (table.Logged's
	// Match; a new match's reset is the last line of the match it ends).
	Match string `json:"match"`
	// Console is true for the console's own line, not a match event (not
	// in the record): a new match the table refused while the clocks run.
	// Its Seq is the last event's before it.
	Console bool `json:"console,omitempty"`
}

// LogMatch is a match the log has lines of (View.Matches).
type LogMatch struct {
	ID string `json:"id"`
	// Preset, Control and Players are the match's rules and players as
	// the console saw them; "" and no names for a match that ended before
	// the console started (its lines came with the table's log).
	Preset  string    `json:"preset"`
	Control string    `json:"control"`
	Players [4]string `json:"players"`
}

// maxLog is how many log entries the page gets (the record keeps all).
const maxLog = 200

func ms(d time.Duration) int64 { return int64(d / time.Millisecond) }

// buildView turns snap into the page's view, its texts in language l.
// s.mu is held.
func (s *Server) buildView(ts *table.Snapshot, l lang.Lang) View {
	s.builds[l].Add(1)
	snap, o := &ts.Snapshot, &ts.Options
	w := wordsFor(l)
	v := View{
		Seq: snap.Seq, Status: snap.Status.String(),
		AtMs:    s.t.Epoch().Add(snap.At).UnixMilli(),
		Started: snap.Started,
		Result:  snap.Result.String(), Reason: "", Decisive: []string{},
		Preset: ts.Preset, Control: o.Control.String(),
		Simulated: s.sim, Faces: []string{},
		WinHow: w.choices(winHow(o)), DrawHow: w.choices(drawHow(o)), Presets: rules.PresetNames(),
		Log: s.logs[l],
	}
	if v.Log == nil {
		v.Log = []LogEntry{}
	}
	v.Match, v.Matches, v.Offers = ts.Match, s.logMatches(), []string{}
	for _, k := range ts.Offers.Kinds() {
		v.Offers = append(v.Offers, k.String())
	}
	v.Moves, v.Reserves = s.sheet.moves, s.sheet.reserves
	if snap.Started {
		v.ElapsedMs = ms(snap.At - snap.StartedAt)
		if snap.Status == rules.Decided {
			// The snapshots after the decision (moves entered, the
			// record's sync) come later: the match time stopped at it.
			v.ElapsedMs = ms(snap.DecidedAt - snap.StartedAt)
		}
	}
	v.Recorded = ts.Recording
	v.TenthsBelowMs = ms(s.disp.TenthsBelow)
	if s.disp.TenthsBelow == 0 {
		v.TenthsBelowMs = ms(display.DefaultTenthsBelow)
	} else if s.disp.TenthsBelow < 0 {
		v.TenthsBelowMs = -1
	}
	players := ts.Players
	for _, seat := range bughouse.Seats {
		c := snap.Clocks[seat]
		v.Clocks[seat] = ClockView{
			Seat: seat.String(), Player: players[seat], Team: int(seat.Team()),
			RemainingMs: ms(c.Remaining), DelayMs: ms(c.DelayLeft),
			Running: c.Running, Turn: c.Turn, Flagged: c.Flagged, Moves: c.Moves,
			Strikes:  int(snap.Strikes[seat]),
			Warnings: int(snap.Warnings[seat]), Arrived: snap.NoShow.Arrived[seat],
			Text: display.Format(c.Remaining, s.disp),
		}
	}
	v.Advantage = [2]int64{
		ms(snap.Clocks[bughouse.AWhite].Remaining - snap.Clocks[bughouse.ABlack].Remaining),
		ms(snap.Clocks[bughouse.BBlack].Remaining - snap.Clocks[bughouse.BWhite].Remaining),
	}
	for b := range snap.Boards {
		bv := snap.Boards[b]
		v.Boards[b] = BoardView{
			Board: bughouse.Board(b).String(), Outcome: bv.Outcome.String(), Over: bv.Over,
			Text: w.boardText(bughouse.Board(b), bv),
		}
		if bv.Outcome != rules.Undecided {
			v.Boards[b].Reason = bv.Reason.String()
			v.Boards[b].Article = o.Article(bv.Reason)
		}
	}
	if snap.Result != rules.NoResult {
		v.Reason = snap.Reason.String()
		v.Article = o.Article(snap.Reason)
		for _, seat := range snap.Decisive[:snap.NDecisive] {
			v.Decisive = append(v.Decisive, seat.String())
		}
		v.ResultText = w.resultText(snap, o)
	}
	v.Final = snap.Status == rules.Decided && snap.Final
	if snap.Status == rules.Decided {
		switch {
		case v.Final:
			v.ResultState = "final"
		case ts.RecordErr != "":
			v.ResultState = "not-recorded"
		default:
			v.ResultState = "recording"
		}
	}
	if snap.Claim.Active {
		c := snap.Claim
		v.Claim = &ClaimView{Claimant: c.Claimant.String(), Accused: c.Accused.String(),
			Reason: c.Reason.String(), AtMs: ms(c.At - snap.StartedAt), Board: c.Accused.Board().String()}
		if ts.Sheet != nil {
			v.Claim.Ply = ts.Sheet.Len(c.Accused.Board())
		}
	}
	if snap.NoShow.Active && snap.Status == rules.Ready {
		v.NoShow = &NoShowView{LeftMs: ms(snap.NoShow.Left(snap.At))}
	}
	v.BlackPressed, v.Format = snap.BlackPressed, o.Format.String()
	if o.Format == rules.FormatBothBoards {
		p1, p2 := snap.Points()
		v.Points = rules.PointsText(p1, p2)
	}
	log := s.logs[l]
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Console {
			continue
		}
		if log[i].Seq == snap.Seq && snap.Seq > 0 {
			last := log[i]
			v.Last = &last
		}
		break
	}
	if s.sim {
		for _, b := range []bughouse.Board{bughouse.BoardA, bughouse.BoardB} {
			v.Faces = append(v.Faces, display.RenderIn(snap, b, true, s.disp, s.texts).String())
		}
	}
	v.Info = InfoView{Recovered: ts.Recovered, RecordErr: ts.RecordErr, Hall: s.info.Hall, HallOnline: s.info.HallOnline,
		EBoard: append([]EBoard{}, s.info.EBoard...)}
	if ts.Recovered && !ts.RecoveredAt.IsZero() {
		v.Info.RecoveredAt = ts.RecoveredAt.UTC().Format(time.RFC3339)
	}
	return v
}

// appendLog adds the table's log lines the console has not shown yet
// (table.Snapshot.Log) to its own log. s.mu is held. Every event the loop
// applied is in the table's log, so the console shows each of its own
// actions, and the presses between them; only when more events than the
// table's log holds went by unseen does it say how many it does not show
// (the record keeps them all).
func (s *Server) appendLog(ts table.Snapshot) {
	o := &ts.Options
	s.seeMatch(ts)
	if len(ts.Log) == 0 {
		return
	}
	if first := ts.Log[0].N; first > s.logged+1 {
		unseen := first - s.logged - 1
		s.add(func(w words) LogEntry {
			return LogEntry{Seq: ts.Log[0].Seq - 1, Time: "", Match: ts.Log[0].Match, Event: w.p.T("page.log.more", "N", unseen)}
		})
	}
	for _, l := range ts.Log {
		if l.N <= s.logged {
			continue
		}
		s.logged = l.N
		snap := rules.Snapshot{Started: l.Started, StartedAt: l.StartedAt, Result: l.Result, Reason: l.Reason,
			Decisive: l.Decisive, NDecisive: l.NDecisive}
		if l.Flag || l.NoShow {
			s.add(func(w words) LogEntry {
				at := l.At - l.StartedAt
				entry := LogEntry{Seq: l.Seq, TimeMs: ms(at), Time: w.matchTime(at), Event: w.flag(l.Flagged[:l.NFlagged]), EventKind: "flag", Match: l.Match}
				if l.NoShow {
					entry.TimeMs, entry.Time, entry.Event = -1, w.matchTime(-1), w.p.T("page.log.no-show")
				}
				if l.Result != rules.NoResult {
					entry.Kind, entry.Note = "decision", w.resultText(&snap, o)
				} else {
					entry.Note = w.p.T("page.log.board-over", "Board", l.Flagged[0].Board().String())
				}
				return entry
			})
			s.prevStart, s.prevStarted = l.StartedAt, l.Started
			continue
		}
		e := l.Event
		at := e.At - l.StartedAt
		if !l.Started {
			at = -1
		}
		if e.Kind == rules.Reset {
			// The reset is the match's last line: at its match time (the
			// line's own start is the new match's: none yet).
			at = -1
			if s.prevStarted {
				at = e.At - s.prevStart
			}
		}
		s.prevStart, s.prevStarted = l.StartedAt, l.Started
		s.add(func(w words) LogEntry {
			entry := LogEntry{Seq: l.Seq, TimeMs: ms(at), Time: w.matchTime(at), Event: w.event(e), EventKind: e.Kind.String(), Match: l.Match}
			if e.Kind == rules.Reset {
				entry.Event = w.p.T("page.log.new-match")
			}
			switch {
			case l.Effect.Refused != "":
				entry.Kind, entry.Note = "refused", w.refused(l.Effect.Refused)
			case l.Effect.Ignored != "":
				entry.Kind, entry.Note = "ignored", w.ignored(l.Effect.Ignored)
			case l.Effect.Decided:
				entry.Kind, entry.Note = "decision", w.resultText(&snap, o)
			}
			if e.Kind == rules.Declare || (e.Kind == rules.Claim && entry.Kind == "") {
				if a := o.Article(e.Reason); a != "" && entry.Note == "" {
					entry.Note = a
				}
			}
			return entry
		})
	}
}

// seeMatch notes the match of snapshot ts for the log's headings, and
// forgets the matches the log no longer has lines of. s.mu is held.
func (s *Server) seeMatch(ts table.Snapshot) {
	m := LogMatch{ID: ts.Match, Preset: ts.Preset, Control: ts.Options.Control.String(), Players: ts.Players}
	if n := len(s.matches); n > 0 && s.matches[n-1].ID == m.ID {
		s.matches[n-1] = m
	} else {
		s.matches = append(s.matches, m)
	}
	// Every language's log has the same lines: English's stands for all.
	log := s.logs[lang.English]
	keep := s.matches[:0]
	for _, lm := range s.matches {
		if lm.ID == ts.Match || slices.ContainsFunc(log, func(e LogEntry) bool { return e.Match == lm.ID }) {
			keep = append(keep, lm)
		}
	}
	s.matches = keep
}

// logMatches is View.Matches: each match the log has lines of, oldest
// first, as seeMatch saw it (only its id for one it never saw). s.mu is
// held.
func (s *Server) logMatches() []LogMatch {
	out := []LogMatch{}
	known := map[string]bool{}
	for _, m := range s.matches {
		known[m.ID] = true
	}
	for _, e := range s.logs[lang.English] {
		if e.Match != "" && !known[e.Match] {
			known[e.Match] = true
			out = append(out, LogMatch{ID: e.Match})
		}
	}
	return append(out, s.matches...)
}

// logConsole adds the console's own line to the log (a refusal that is
// not a match event) at instant now, and shows it; texts writes its event
// and note in a printer's language.
func (s *Server) logConsole(texts func(p *i18n.Printer) (event, note string), kind string, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := &s.lastSnap.Snapshot
	at := time.Duration(-1)
	if snap.Started {
		at = max(s.t.Since(now)-snap.StartedAt, 0)
	}
	s.add(func(w words) LogEntry {
		event, note := texts(w.p)
		return LogEntry{Seq: snap.Seq, TimeMs: ms(at), Time: w.matchTime(at), Event: event, Note: note, Kind: kind, Console: true, Match: s.lastSnap.Match}
	})
	s.rebuild()
}

// add adds a line to the log of every language: entry writes it in w's.
// Each log keeps the last maxLog lines.
func (s *Server) add(entry func(w words) LogEntry) {
	for _, l := range lang.Langs {
		log := append(s.logs[l], entry(wordsFor(l)))
		if len(log) > maxLog {
			log = append([]LogEntry(nil), log[len(log)-maxLog:]...)
		}
		s.logs[l] = log
	}
}

// winHow lists how a game may be won under o (as the terminal table's
// result menu): stalemate only where it is decisive.
func winHow(o *rules.Options) []Choice {
	c := []Choice{{"checkmate", "checkmate"}, {"resignation", "resignation"}, {"illegal-move", "illegal move"}, {"forfeit", "forfeit"}}
	if o.Stalemate == board.StalemateWinForStalemated || o.Stalemate == board.StalemateLossForStalemated {
		c = append(c, Choice{"stalemate", "stalemate"})
	}
	return c
}

// drawHow lists how a game may be drawn under o: agreement where a
// board's players agree (draw_agreement = one-board; all four agree with
// their own action), repetition, stalemate and the fifty-move rule only
// where they draw.
func drawHow(o *rules.Options) []Choice {
	var c []Choice
	if o.DrawAgreement == rules.AgreeOneBoard {
		c = append(c, Choice{"agreement", "agreement"})
	}
	if o.RepetitionDraw {
		c = append(c, Choice{"repetition", "repetition"})
	}
	if o.FiftyMoveDraw {
		c = append(c, Choice{"fifty-moves", "fifty-move rule"})
	}
	if o.Stalemate == board.StalemateDraw {
		c = append(c, Choice{"stalemate", "stalemate"})
	}
	return c
}

// buildViewNow returns the view of the latest snapshot, in English (for
// tests and GET /api/state's readers).
func (s *Server) buildViewNow() View { return s.buildViewIn(lang.English) }

// buildViewIn returns the view of the latest snapshot in language l.
func (s *Server) buildViewIn(l lang.Lang) View {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buildView(&s.lastSnap, l)
}
