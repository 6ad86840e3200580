package hall

import (
	"fmt"
	"regexp"
	"time"

	"tandem/arbiter"
	"tandem/bughouse"
	"tandem/rules"
)

// Version is the version of every message shape in this file (the "v"
// field). A reader refuses a message of a higher version rather than
// misread it; fields are only ever added within a version.
const Version = 1

// Subjects and streams. <id> is a table id (ValidTableID).
const (
	// SubjectPrefix begins every subject of a table: "tandem.table.<id>.".
	SubjectPrefix = "tandem.table."
	// RecordsStream is the JetStream stream of every table's journal
	// records (subjects "tandem.table.*.record", file storage).
	RecordsStream = "TANDEM_RECORDS"
	// ResultsStream is the JetStream stream of decided results (subjects
	// "tandem.table.*.result", file storage). It is kept apart from the
	// records so that a limit on the records never touches a result.
	ResultsStream = "TANDEM_RESULTS"
	// HeaderSeq is the header of a record or result message that holds
	// the journal record's sequence number (decimal): the catch-up after
	// a reconnect reads it from the last message of the table's subject.
	HeaderSeq = "Tandem-Seq"
	// HeaderKind is the header of a record message that holds the
	// journal record's kind ("match", "event", "decision", ...).
	HeaderKind = "Tandem-Kind"
)

// SnapSubject returns "tandem.table.<id>.snap": the table's live
// snapshots (core NATS, not stored), one per change and a heartbeat.
func SnapSubject(id string) string { return SubjectPrefix + id + ".snap" }

// CmdSubject returns "tandem.table.<id>.cmd": the table answers a Command
// sent there by request/reply with a Reply.
func CmdSubject(id string) string { return SubjectPrefix + id + ".cmd" }

// RecordSubject returns "tandem.table.<id>.record": the table's journal
// records, in order, each once (RecordsStream).
func RecordSubject(id string) string { return SubjectPrefix + id + ".record" }

// ResultSubject returns "tandem.table.<id>.result": the table's decided
// results (ResultsStream), each once.
func ResultSubject(id string) string { return SubjectPrefix + id + ".result" }

// StoreSubject returns "tandem.table.<id>.store": the table asks the hub
// there (request/reply, a StoreReply) to store one journal record or
// result in its stream. The tables never touch JetStream themselves:
// the hub stores under the table its subject names, which the embedded
// server's permissions bind to the table's login, with a message id it
// makes itself (MsgID), so that no table can file a message under
// another's name nor take another's message id (the stream's duplicate
// window is stream-wide). Headers: HeaderStream, HeaderSeq, HeaderKind
// (records), HeaderExpect.
func StoreSubject(id string) string { return SubjectPrefix + id + ".store" }

// LastSubject returns "tandem.table.<id>.last": the table asks the hub
// there (request/reply, a LastReply) for the last record or result its
// stream holds of this table (the catch-up after a reconnection). The
// request's data is StreamRecords or StreamResults.
func LastSubject(id string) string { return SubjectPrefix + id + ".last" }

// Which stream a StoreSubject or LastSubject request is about
// (HeaderStream, LastSubject's data).
const (
	StreamRecords = "record"
	StreamResults = "result"
)

// Headers of a StoreSubject request.
const (
	// HeaderStream is StreamRecords or StreamResults.
	HeaderStream = "Tandem-Stream"
	// HeaderExpect is the stream sequence (decimal) of the last message
	// the table expects its subject holds ("0": none): the hub stores the
	// message only then, so a stale catch-up never stores one twice.
	HeaderExpect = "Tandem-Expect"
)

// StoreReply is the hub's answer to a StoreSubject request.
type StoreReply struct {
	V int `json:"v"`
	// Seq is the message's stream sequence: stored now, or stored
	// before (the same message id within the duplicate window).
	Seq uint64 `json:"seq,omitempty"`
	// Refused says why the hub refuses the message for good (a result
	// naming another table, a malformed request): sending it again
	// changes nothing. Error says why it could not be stored now (the
	// stream unavailable, another last message than expected): the table
	// asks the stream again and retries.
	Refused string `json:"refused,omitempty"`
	Error   string `json:"error,omitempty"`
}

// LastReply is the hub's answer to a LastSubject request.
type LastReply struct {
	V int `json:"v"`
	// Seq is the last message's journal sequence number (HeaderSeq), At
	// its stream sequence, Data its data: all zero when the stream holds
	// none of this table.
	Seq  uint64 `json:"seq,omitempty"`
	At   uint64 `json:"at,omitempty"`
	Data []byte `json:"data,omitempty"`
	// Error says why the stream could not be asked; Refused why the
	// request is not one the hub reads.
	Error   string `json:"error,omitempty"`
	Refused string `json:"refused,omitempty"`
}

// InboxPrefix returns "_INBOX_<id>": table id's replies (the hub's
// answers to its StoreSubject and LastSubject requests) come on subjects
// under it, the only inboxes a table's login may read (docs/hall.md): no
// table reads another's replies, nor the hub's.
func InboxPrefix(id string) string { return "_INBOX_" + id }

// MsgID returns the JetStream message id of journal record seq of table
// id, "<id>/<seq>" (records) or "<id>/<seq>/result" (results): the
// stream drops a second publication of it within its duplicate window.
func MsgID(id string, seq uint64, result bool) string {
	if result {
		return fmt.Sprintf("%s/%d/result", id, seq)
	}
	return fmt.Sprintf("%s/%d", id, seq)
}

var tableID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// MaxTableID is the longest table id (bytes).
const MaxTableID = 64

// ValidTableID returns nil when id can name a table: 1 to MaxTableID
// characters among A-Z a-z 0-9 _ - (a NATS subject token without dots or
// wildcards). Otherwise the error says what is allowed.
func ValidTableID(id string) error {
	if !tableID.MatchString(id) {
		return fmt.Errorf("hall: table id %q: use 1 to %d letters, digits, _ or - (e.g. \"t07\")", id, MaxTableID)
	}
	return nil
}

// Clock is one seat's clock in a Snap.
type Clock struct {
	// Ms is the time left (ms, rounded down) at the snapshot's instant
	// (Snap.ClocksAtMs).
	Ms int64 `json:"ms"`
	// DelayMs is the unused part of the current move's delay (ms).
	DelayMs int64 `json:"delay_ms,omitempty"`
	// Running is true while this clock counts down; Turn when it is this
	// seat's turn (running or to run on resume); Flagged when its time
	// ran out.
	Running bool `json:"running,omitempty"`
	Turn    bool `json:"turn,omitempty"`
	Flagged bool `json:"flagged,omitempty"`
	// Moves counts the seat's completed moves.
	Moves int `json:"moves"`
}

// Board is one board's game in a Snap.
type Board struct {
	// Outcome is "1-0", "0-1", "1/2-1/2" or "" while the game goes on;
	// Reason its reason ("checkmate", "flag", ...).
	Outcome string `json:"outcome,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// Over is true when the board's clocks can no longer run.
	Over bool `json:"over,omitempty"`
}

// Claim is a pending claim (Art 29) in a Snap.
type Claim struct {
	Claimant string `json:"claimant"` // the seat, e.g. "A-white"
	Reason   string `json:"reason"`   // "illegal-move", "flag" or "other"
	// Accused is the seat an illegal-move claim accuses (the claimant's
	// board opponent unless named).
	Accused string `json:"accused,omitempty"`
}

// NoShow is a called match's no-show countdown (Art 44) in a Snap.
type NoShow struct {
	// LeftMs is the tolerance left at the snapshot's instant
	// (Snap.ClocksAtMs): it counts down from there; at 0 a team not at
	// the table loses by forfeit.
	LeftMs int64 `json:"left_ms"`
	// Arrived marks the players at the table, in bughouse.Seat order.
	Arrived [4]bool `json:"arrived"`
}

// Snap is a table's live snapshot, published on SnapSubject at each change
// of the match or of the table's state, and again as a heartbeat about
// every second (Heartbeat set). It is JSON; times are ms.
type Snap struct {
	V     int    `json:"v"`     // Version
	Table string `json:"table"` // the table id
	// Boot is a random id of the link's run and Seq counts the snapshots
	// it published (from 1): a reader drops a Seq not above the last one
	// of the same Boot (it came late).
	Boot string `json:"boot"`
	Seq  uint64 `json:"seq"`
	// Heartbeat is true when nothing changed since the last snapshot.
	Heartbeat bool `json:"heartbeat,omitempty"`
	// SentMs is the table's wall clock at publication and ClocksAtMs the
	// wall-clock instant the clocks are given for (Unix ms, both on the
	// table's clock): a running clock has lost SentMs - ClocksAtMs more by
	// the time the snapshot is sent, whatever the hub's clock says.
	SentMs     int64 `json:"sent_ms"`
	ClocksAtMs int64 `json:"clocks_at_ms"`
	// WallClock says whether the table's wall clock was set from a time
	// source since boot: "synchronised", "unsynchronised" (its times of
	// day, SentMs and its records' wall times, are the Pi's guess) or
	// "unknown" (clocksync.Status); "" from a table that does not say.
	WallClock string `json:"wall_clock,omitempty"`

	// Match is the match's id in the table's record ("" without one).
	Match string `json:"match,omitempty"`
	// Status is "ready", "running", "paused" or "decided".
	Status string `json:"status"`
	// Events counts the events the match applied (rules.Snapshot.Seq).
	Events uint64 `json:"events"`
	// LastEventNs is the instant of the last event the match applied (a
	// press, a pause, ...) as the table's wall clock read it (Unix ns; 0
	// before the first), and LastEvent names it ("press A-white"): a
	// press's latency to the hub and the dashboard is measured from it.
	LastEventNs int64  `json:"last_event_ns,omitempty"`
	LastEvent   string `json:"last_event,omitempty"`
	// Clocks are the four clocks in bughouse.Seat order: A-white, A-black,
	// B-white, B-black.
	Clocks [4]Clock `json:"clocks"`
	// Running names the seat whose clock runs on each board ("" when
	// none), boards A and B.
	Running [2]string `json:"running"`
	Boards  [2]Board  `json:"boards"`
	// Result ("1-0" team 1 wins, "0-1", "1/2-1/2", "" undecided), Reason
	// and the Decisive seats; Final is true once the decision is on the
	// table's disk (until then it is provisional).
	Result   string   `json:"result,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Decisive []string `json:"decisive,omitempty"`
	Final    bool     `json:"final,omitempty"`
	// Claim is the pending claim, nil when none.
	Claim *Claim `json:"claim,omitempty"`
	// Warnings counts each seat's warnings (Art 40), in bughouse.Seat
	// order; NoShow is the no-show countdown of a called match not yet
	// started, nil when none.
	Warnings [4]int  `json:"warnings"`
	NoShow   *NoShow `json:"no_show,omitempty"`
	// Points are the game points ("1.5-0.5", team 1 first) of a match
	// played with match_format = both-boards, "" otherwise.
	Points string `json:"points,omitempty"`
	// StartedMs is the match time (ms since the table's epoch) the match
	// started at, DecidedMs the decision's; 0 before.
	StartedMs int64 `json:"started_ms,omitempty"`
	DecidedMs int64 `json:"decided_ms,omitempty"`

	// Recovered is true when the match was restored from the record after
	// a restart (a power cut); RecoveredMs is the wall clock of the last
	// record before it (Unix ms).
	Recovered   bool  `json:"recovered,omitempty"`
	RecoveredMs int64 `json:"recovered_ms,omitempty"`
	// RecordErr says why the table's record failed ("" while it works).
	RecordErr string `json:"record_err,omitempty"`
	// HallErr says why the table cannot publish its records to the hall
	// ("" while it can), e.g. the hub holds another record for this id.
	HallErr string `json:"hall_err,omitempty"`
	// Logins reports the failed logins on the table's console in the
	// last LoginWindow; nil when there were none.
	Logins *Logins `json:"logins,omitempty"`
	// Players are the players' names in bughouse.Seat order ("" unknown).
	Players [4]string `json:"players"`
	// Preset is the rule preset, Control the time control
	// ("3m+2s").
	Preset  string `json:"preset,omitempty"`
	Control string `json:"control,omitempty"`
	// EBoard are the table's e-board alerts: a board that no legal move
	// explains, with the squares that differ (docs/eboard.md).
	EBoard []string `json:"eboard,omitempty"`
}

// LoginWindow is how long failed logins stay reported (Snap.Logins)
// after the last one.
const LoginWindow = 10 * time.Minute

// Logins is a table console's failed logins (wrong PINs, wrong one-time
// codes, attempts refused while PIN logins were locked) since SinceMs,
// each no more than LoginWindow after the one before.
type Logins struct {
	// Failed counts them; SinceMs is the first's wall time, LastMs the
	// last's (Unix ms).
	Failed  int   `json:"failed"`
	SinceMs int64 `json:"since_ms"`
	LastMs  int64 `json:"last_ms"`
	// First and Last are the addresses of the first and the last.
	First string `json:"first"`
	Last  string `json:"last"`
	// LockedUntilMs is when PIN logins unlock (Unix ms; 0: not locked).
	LockedUntilMs int64 `json:"locked_until_ms,omitempty"`
}

// ms converts a duration to whole ms (toward zero) in an int64, also on
// 32-bit machines.
func ms(d time.Duration) int64 { return int64(d / time.Millisecond) }

// SnapOf fills the match fields of a Snap from a table's snapshot s, whose
// instant s.At is the wall-clock time at (the table's epoch plus s.At).
// The table fields (Table, Boot, Seq, SentMs, Heartbeat) are the Link's;
// the others (Match, Recovered, RecordErr, Players, Preset, Control) the
// caller's.
func SnapOf(s rules.Snapshot, at time.Time) Snap {
	n := Snap{V: Version, Status: s.Status.String(), Events: s.Seq, ClocksAtMs: at.UnixMilli(), Final: s.Final}
	for i, c := range s.Clocks {
		n.Clocks[i] = Clock{Ms: ms(c.Remaining), DelayMs: ms(c.DelayLeft), Running: c.Running,
			Turn: c.Turn, Flagged: c.Flagged, Moves: c.Moves}
		if c.Running {
			n.Running[bughouse.Seats[i].Board()] = bughouse.Seats[i].String()
		}
	}
	for b, v := range s.Boards {
		if v.Outcome != rules.Undecided {
			n.Boards[b] = Board{Outcome: v.Outcome.String(), Reason: v.Reason.String(), Over: v.Over}
		} else {
			n.Boards[b] = Board{Over: v.Over}
		}
	}
	if s.Result != rules.NoResult {
		n.Result, n.Reason, n.DecidedMs = s.Result.String(), s.Reason.String(), ms(s.DecidedAt)
		for _, seat := range s.Decisive[:s.NDecisive] {
			n.Decisive = append(n.Decisive, seat.String())
		}
	}
	if s.Seq > 0 {
		// The event's instant on the same wall clock as ClocksAtMs: at
		// is the snapshot's instant s.At.
		n.LastEventNs, n.LastEvent = at.Add(s.Last.At-s.At).UnixNano(), s.Last.String()
	}
	if s.Claim.Active {
		n.Claim = &Claim{Claimant: s.Claim.Claimant.String(), Reason: s.Claim.Reason.String(), Accused: s.Claim.Accused.String()}
	}
	for i, w := range s.Warnings {
		n.Warnings[i] = int(w)
	}
	if s.NoShow.Active && s.Status == rules.Ready {
		n.NoShow = &NoShow{LeftMs: ms(s.NoShow.Left(s.At)), Arrived: s.NoShow.Arrived}
	}
	if s.Started {
		n.StartedMs = ms(s.StartedAt)
	}
	return n
}

// Command is a request on CmdSubject: one arbiter action on a table, the
// table's command layer's own request (arbiter.Request: the same actions
// and fields as the table's web console, docs/console.md, POST
// /api/action) with the message's version. Which fields matter depends
// on Action:
//
//	pause                       stop both boards
//	resume   run                resume; run lists the seats whose clock
//	                            runs (at most one per board; none: the
//	                            turns in progress)
//	adjust   seat, delta        add or remove time ("+30", "-0:10"),
//	                            clocks stopped (Art 40)
//	new      preset, control    a new match (both optional)
//	players  players            the players' names for the next match
//	                            (and the current one while it is ready)
//	warn, penalty  seat         a warning, a loss by penalty (Art 40)
//	call     tolerance          the no-show countdown starts (Art 44;
//	                            optional: the table's no_show_tolerance)
//	arrive   seat               a player is at the table
//	start, stop, claim (accused), uphold, reject, declare, agree, move,
//	takeback: as the console's
//
// The request's fields are the message's (encoding/json promotes them):
// {"v":1,"action":"adjust","seat":"A-white","delta":"+30"}.
type Command struct {
	V int `json:"v"`
	arbiter.Request
}

// Reply is a table's answer to a Command.
type Reply struct {
	V int `json:"v"`
	// OK is true when the action changed the match.
	OK bool `json:"ok"`
	// Refused says why the rules refused it, Ignored why it changed
	// nothing, Notice what the arbiter should know next.
	Refused string `json:"refused,omitempty"`
	Ignored string `json:"ignored,omitempty"`
	Notice  string `json:"notice,omitempty"`
	// Status is the match status after the action.
	Status string `json:"status,omitempty"`
	// Error says why the command was not understood (a bad field, an
	// unknown action) or could not run (the table stopped); the hub's
	// Command returns it as an error.
	Error string `json:"error,omitempty"`
}

// Result is a decided match, published on ResultSubject once its decision
// is in the table's record (ResultsStream).
type Result struct {
	V     int    `json:"v"`
	Table string `json:"table"`
	// Match is the match's id in the table's record; Seq the decision
	// record's sequence number there.
	Match string `json:"match"`
	Seq   uint64 `json:"seq"`
	// Result is team 1's view ("1-0": A-white and B-black win, "0-1",
	// "1/2-1/2"), Reason the reason ("flag", "checkmate", ...), Decisive
	// the decisive seats.
	Result   string   `json:"result"`
	Reason   string   `json:"reason"`
	Decisive []string `json:"decisive,omitempty"`
	// Boards are each board's result ("1/2-1/2 agreement", its White's
	// view), Points the game points of a match played with match_format
	// = both-boards ("1.5-0.5", team 1 first; "" otherwise), as the
	// decision record holds them (a record from before they existed has
	// none).
	Boards []string `json:"boards,omitempty"`
	Points string   `json:"points,omitempty"`
	// Players are the players' names in bughouse.Seat order, Preset and
	// Control the rules played, as the match's record says.
	Players [4]string `json:"players"`
	Preset  string    `json:"preset,omitempty"`
	Control string    `json:"control,omitempty"`
	// Wall is the table's wall clock at the decision (for people: a Pi
	// without network time may be off); MatchMs the match time of the
	// decision since the start (ms), as the console shows it.
	Wall    time.Time `json:"wall"`
	MatchMs int64     `json:"match_ms"`
}
