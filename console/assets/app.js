// tandem console: draws the table's view (GET /ws, one JSON view per
// snapshot), animates running clocks locally from the view's instant, and
// sends the arbiter's actions and the simulated panel's presses.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SEATS = ["A-white", "A-black", "B-white", "B-black"];
  let view = null;     // the latest view
  let offset = 0;      // local clock minus server clock (ms)
  let arbiter = false, panel = false;
  let pendingForm = null;
  // The connection: live while the socket is open and the table was heard
  // from within SILENCE ms (a view or a heartbeat each second). Otherwise
  // the clocks are frozen at frozenAt (local ms), the last instant the
  // table was heard from: the page shows nothing it does not know.
  const SILENCE = 3500;
  let sock = null, sockSince = 0, lastHeard = 0, live = false, frozenAt = 0;
  // unsent is the arbiter's last action that the table did not take
  // because the session had ended: shown until he logs in again.
  let unsent = "";
  // matchNo counts the matches this page saw, for the sounds' low-time
  // warnings (once per player and match).
  let matchNo = 0, wasStarted = false;
  // The page's words (internal/pagekit's i18n.js): T a message, TN one
  // with plural forms, S a seat's name, RW a reason's words (the record's
  // word in English, as the page has always written it), RS a reason in
  // words, W a board's state or a reason in words, else as it is.
  const I = window.tandemI18n;
  const T = (id, d) => I.t(id, d), TN = (id, n, d) => I.tn(id, n, d), S = (seat) => (seat ? T("seat." + seat) : "");
  const RW = (r) => (I.lang() === "en" || !r ? r : T(r === "other" ? "reason.other-claim" : "reason." + r));
  const RS = (r) => (!r ? r : T(r === "other" ? "reason.other-claim" : "reason." + r));
  const W = (r) => { const x = T("reason." + r); return x.startsWith("!") ? r : x; };
  const ACT = (a) => T("console.action." + a);

  // --- time format: the clock displays' (package display's Format) ---
  const two = (n) => (n < 10 ? "0" : "") + n;
  function fmt(ms, tb) {
    if (ms < 0) ms = 0;
    const t = Math.ceil(ms / 100); // tenths, rounded up
    if (tb > 0 && t * 100 < tb) {
      const sec = Math.floor(t / 10), f = t % 10;
      if (sec >= 60) return Math.floor(sec / 60) + ":" + two(sec % 60) + "." + f;
      return sec + "." + f;
    }
    const n = Math.ceil(ms / 1000);
    if (n >= 3600) return Math.floor(n / 3600) + ":" + two(Math.floor(n / 60) % 60) + ":" + two(n % 60);
    return Math.floor(n / 60) + ":" + two(n % 60);
  }
  function signed(ms, tb) { return (ms < 0 ? "−" : "+") + fmt(Math.abs(ms), tb < 0 ? -1 : 60000); }
  // wallTime writes an RFC 3339 instant in this browser's time zone:
  // "2026-11-29 14:03:59".
  function wallTime(iso) {
    const d = new Date(iso);
    if (isNaN(d)) return iso;
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " + two(d.getHours()) + ":" + two(d.getMinutes()) + ":" + two(d.getSeconds());
  }
  function matchTime(ms) {
    const s = Math.floor(ms / 1000);
    return Math.floor(s / 60) + ":" + two(s % 60);
  }

  // remaining returns seat i's time now, from the view's instant: a
  // running clock loses the time since at_ms beyond its unused delay.
  function remaining(i, now) {
    const c = view.clocks[i];
    if (!c.running || view.status !== "running") return c.remaining_ms;
    if (!live) now = Math.min(now, frozenAt);
    const el = now - offset - view.at_ms;
    return Math.max(0, c.remaining_ms - Math.max(0, el - c.delay_ms));
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function buildClock(seat) {
    const box = $("clock-" + seat);
    box.replaceChildren();
    const head = el("div", "head");
    // The seat's label, then its player's name (the match's: [journal]
    // players or the hall's pairing; nothing when unknown).
    const label = el("span", "label");
    label.append(el("span", "seat", seat), el("span", "player"));
    head.append(label, el("span", "mark"));
    const time = el("div", "time", "–");
    const foot = el("div", "foot");
    foot.append(el("span", "moves"), el("span", "strikes"), el("span", "warnings"));
    const res = el("div", "reserves");
    res.append(el("b", "", T("console.reserve") + " "), el("span", "chips"));
    box.append(head, time, foot, res);
  }
  SEATS.forEach(buildClock);

  // --- drawing ---
  function draw() {
    if (!view) return;
    const v = view;
    $("rules").textContent = T("console.rules", { Preset: v.preset, Control: v.control });
    const st = $("status");
    // Without the connection the page does not know the status: it says
    // so instead (the clocks are frozen, greyed out).
    st.textContent = !live ? T("console.status.lost") : v.claim ? T("console.status.claim") : v.no_show ? T("console.status.called") : T("status." + v.status).toUpperCase();
    st.className = "status " + (live ? v.status : "lost");
    SEATS.forEach((seat, i) => {
      const c = v.clocks[i], box = $("clock-" + seat), runs = live && c.running && v.status === "running";
      box.className = "clock team" + c.team + (runs ? " running" : c.turn && live ? " turn" : "") + (c.flagged ? " flagged" : "");
      box.dataset.running = String(runs);
      box.dataset.flagged = String(c.flagged);
      box.querySelector(".seat").textContent = S(seat) + " · " + T("team.name", { N: c.team });
      box.querySelector(".player").textContent = c.player ? " · " + c.player : "";
      // Before the start: who is at the table while the match is called
      // (Art 44), and which Black has pressed under start = both-black.
      const pressed = v.status === "ready" && i % 2 === 1 && v.black_pressed[i >> 1];
      box.querySelector(".mark").textContent = c.flagged ? T("console.mark.flag") : !live ? "" : runs ? (c.delay_ms > 0 ? T("console.mark.delay") : "▶") : c.turn ? "▷" :
        v.no_show ? (c.arrived ? T("console.mark.here") : T("console.mark.absent")) : pressed ? T("console.mark.pressed") : "";
      box.querySelector(".moves").textContent = TN("console.moves", c.moves);
      box.querySelector(".strikes").textContent = c.strikes > 0 ? TN("console.strikes", c.strikes) : "";
      const w = box.querySelector(".warnings");
      w.textContent = c.warnings > 0 ? TN("console.warnings", c.warnings) : "";
      box.dataset.warnings = String(c.warnings);
    });
    ["A", "B"].forEach((b, i) => {
      const bv = v.boards[i];
      let t = "";
      if (bv.outcome !== "*") t = bv.outcome + " " + bv.text + (bv.article ? " (" + bv.article + ")" : "");
      else if (v.result !== "*") t = T("console.board.stopped", { Result: v.result, Reason: RW(v.reason) });
      $("board-" + b + "-result").textContent = t;
    });
    // A decided result is final only once it is on disk (v.final); until
    // then it is provisional, and when recording failed it is not
    // recorded at all: the arbiter writes it down.
    const res = $("result");
    let rt = "";
    if (v.result !== "*") {
      rt = v.result_text;
      if (v.result_state === "recording") rt += " — " + T("tui.result.recording");
      else if (v.result_state === "not-recorded") rt += " — " + T("tui.result.not-recorded");
    }
    res.textContent = rt;
    res.className = "banner result " + (v.result_state || "none");
    res.dataset.state = v.result_state || "";
    res.classList.toggle("hidden", v.result === "*");
    const cl = $("claim");
    cl.textContent = v.claim ? T("console.claim.banner", { Claimant: S(v.claim.claimant), Reason: RS(v.claim.reason), Accused: S(v.claim.accused) }) : "";
    cl.classList.toggle("hidden", !v.claim);
    const info = [];
    if (v.info.recovered) info.push(T("console.info.recovered") + (v.info.recovered_at ? T("console.info.last-recorded", { At: wallTime(v.info.recovered_at) }) : "") + ".");
    if (v.info.record_err) {
      // The daemon's record_err is the whole sentence ("recording failed,
      // the clocks run on WITHOUT a record: <why>"): its why in the
      // page's words, the sentence otherwise as it is.
      const e = v.info.record_err, why = e.replace(/^recording failed, the clocks run on WITHOUT a record: /, "");
      info.push(why !== e || !/^recording failed/i.test(e) ? T("console.info.record-failed", { Why: why }) : e);
    }
    // The link to the hall's hub, when the table has one: "hall online
    // since 14:02", or offline (the table plays on; the hub catches up).
    const hall = $("hall");
    hall.textContent = v.info.hall || "";
    hall.classList.toggle("hidden", !v.info.hall);
    hall.classList.toggle("off", !!v.info.hall && !v.info.hall_online);
    // The e-boards: each one's state in the header, and a board that no
    // legal move explains as an alert with the squares that differ.
    const ebs = v.info.eboard || [];
    const eb = $("eboards");
    eb.textContent = ebs.map((e) => e.text).join(" · ");
    eb.classList.toggle("hidden", ebs.length === 0);
    eb.classList.toggle("off", ebs.some((e) => !e.online));
    const alerts = ebs.filter((e) => e.alert);
    $("eboard-alerts").replaceChildren(...alerts.map((e) => el("div", "", T("console.eboard.alert", { Board: e.board, Alert: e.alert }) +
      (e.squares && e.squares.length ? T("console.eboard.check", { Squares: e.squares.join(" ") }) : ""))));
    $("eboard-alerts").classList.toggle("hidden", alerts.length === 0);
    $("info").replaceChildren(...info.map((t) => el("div", "", t)));
    $("info").classList.toggle("hidden", info.length === 0);
    $("act-uphold").classList.toggle("hidden", !v.claim);
    $("act-reject").classList.toggle("hidden", !v.claim);
    $("panel").classList.toggle("hidden", !(v.simulated && panel));
    // The display mirror is fetched from the table: hidden while it does
    // not answer, rather than shown broken.
    $("mirrors").classList.toggle("hidden", !live);
    $("mirror-off").classList.toggle("hidden", live);
    if (v.simulated && panel && live) {
      $("face-A").textContent = v.faces[0] || ""; $("face-B").textContent = v.faces[1] || "";
      // The displays as the SSD1306s draw them, fetched for this view.
      ["A", "B"].forEach((b, i) => { const img = $("face-" + b + "-img"); img.src = "/api/face/" + b + ".png?seq=" + v.seq + "&at=" + v.at_ms + "&final=" + v.final + "&info=" + encodeURIComponent(v.info.recovered_at + "|" + v.info.record_err); img.alt = v.faces[i] || ""; });
    }
    $("lost").classList.toggle("hidden", live);
    document.body.classList.toggle("offline", !live);
    drawLog(v);
    drawSheets(v);
    drawClaim(v);
    fillMenus();
    tick();
  }

  // hms writes an RFC 3339 instant as HH:MM:SS in this browser's zone.
  function hms(iso) { return wallTime(iso).slice(11); }

  // drawLog shows the log newest first. A recovered match's log holds
  // only the events since the restart: its first line says so.
  function drawLog(v) {
    const rows = [];
    for (let i = v.log.length - 1; i >= 0; i--) {
      const e = v.log[i], tr = el("tr", e.kind + (e.console ? " console" : ""));
      tr.append(el("td", "", e.time), el("td", "", e.event), el("td", "", e.note));
      rows.push(tr);
    }
    if (v.info.recovered) {
      const tr = el("tr", "recovered"), td = el("td", "", T("console.log.recovered") + (v.info.recovered_at ? T("console.log.last-recorded", { At: hms(v.info.recovered_at) }) : "") + T("console.log.earlier"));
      td.colSpan = 3;
      tr.append(td);
      rows.push(tr);
    }
    $("log").replaceChildren(...rows);
  }

  function fillMenus() {
    const p = $("new-preset");
    if (p.options.length !== view.presets.length) {
      p.replaceChildren(...view.presets.map((n) => el("option", "", n)));
    }
    if (!pendingForm) p.value = view.preset;
    const how = $("res-how"), list = $("res-outcome").value === "1/2-1/2" ? view.draw_how : view.win_how;
    const keep = how.value;
    how.replaceChildren(...list.map((c) => { const o = el("option", "", c.label); o.value = c.reason; return o; }));
    if (list.some((c) => c.reason === keep)) how.value = keep;
  }

  // tick redraws the times (every animation frame).
  function tick() {
    if (!view) return;
    const now = live ? Date.now() : frozenAt;
    const r = SEATS.map((_, i) => remaining(i, now));
    SEATS.forEach((seat, i) => { $("clock-" + seat).querySelector(".time").textContent = fmt(r[i], view.tenths_below_ms); });
    // Across the diagonals: each player against his partner's opponent.
    const t1 = r[0] + r[3] - r[1] - r[2];
    $("advantage").replaceChildren(
      el("span", "", S("A-white") + " vs " + S("B-white") + " "), el("b", "", signed(r[0] - r[2], view.tenths_below_ms)),
      el("span", "", " · " + S("B-black") + " vs " + S("A-black") + " "), el("b", "", signed(r[3] - r[1], view.tenths_below_ms)),
      el("span", "", " · " + T("team.name", { N: 1 }) + " (" + S("A-white") + " + " + S("B-black") + ") "), el("b", "", signed(t1, view.tenths_below_ms)),
      el("span", "", " · " + T("team.name", { N: 2 }) + " "), el("b", "", signed(-t1, view.tenths_below_ms)));
    $("elapsed").textContent = view.started ? T("console.match-time", { Time: matchTime(view.elapsed_ms + (view.status === "running" ? Math.max(0, now - offset - view.at_ms) : 0)) }) :
      view.no_show ? T("console.noshow-left", { Time: fmt(Math.max(0, view.no_show.left_ms - Math.max(0, now - offset - view.at_ms)), -1) }) : "";
  }
  function frame() { tick(); requestAnimationFrame(frame); }
  requestAnimationFrame(frame);

  // --- the live connection; it reconnects and then gets the whole view ---
  let backoff = 250;
  function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?lang=" + I.lang());
    sock = ws; sockSince = Date.now();
    window.tandem.ws = ws;
    // Each (re)connection checks the session again: a restarted table
    // has forgotten it.
    ws.onopen = () => { backoff = 250; lastHeard = Date.now(); session(); };
    ws.onmessage = (m) => {
      if (sock !== ws) return;
      lastHeard = Date.now();
      const v = JSON.parse(m.data);
      offset = lastHeard - v.server_ms;
      if (v.heartbeat) return;
      view = v;
      window.tandem.view = v;
      window.tandem.received++;
      if (!live) { live = true; $("conn").textContent = T("console.conn.live"); $("conn").className = "conn on"; }
      draw();
      // The buzzer's sounds, on the page (internal/pagekit's sound.js):
      // a new match is the clocks back to not started.
      if (wasStarted && !v.started) matchNo++;
      wasStarted = v.started;
      window.tandemSound.follow("table", {
        match: v.match || matchNo, status: v.status, started: v.started, claim: !!v.claim, seq: v.seq,
        flag: v.status === "decided" && (v.reason === "flag" || v.reason === "simultaneous-flag"),
        press: !!(v.last && v.last.kind === "" && v.last.event_kind === "press"),
        clocks: v.clocks.map((c) => ({ running: c.running, remaining_ms: c.remaining_ms })),
      });
    };
    ws.onclose = () => lost(ws);
  }
  // lost ends socket ws (closed, or silent for SILENCE ms): the clocks
  // freeze at the last instant the table was heard from, the page says
  // the connection is lost, and it reconnects.
  function lost(ws) {
    if (sock !== ws) return;
    sock = null;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try { ws.close(); } catch (e) { /* already closed */ }
    if (live) frozenAt = lastHeard;
    live = false;
    window.tandem.lost++;
    $("conn").textContent = T("console.conn.reconnecting"); $("conn").className = "conn off";
    $("lost").classList.remove("hidden");
    document.body.classList.add("offline");
    if (view) draw();
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 2000);
  }
  setInterval(() => { if (sock && Date.now() - Math.max(lastHeard, sockSince) > SILENCE) lost(sock); }, 250);
  window.tandem = { ws: null, view: null, received: 0, lost: 0 };

  // --- requests ---
  // post sends a request; status 0 when the table did not answer.
  async function post(path, body) {
    let r;
    try {
      r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
    } catch (e) {
      return { status: 0, body: { error: T("console.err.no-answer") } };
    }
    let j = {};
    try { j = await r.json(); } catch (e) { /* no body */ }
    return { status: r.status, body: j };
  }
  // describe writes an action as the arbiter asked for it: "adjust B-black +30".
  function describe(b) {
    if (b.action === "declare") return T("console.describe.declare", { Board: b.board, Outcome: b.outcome, Reason: RW(b.reason) });
    if (b.action === "new") return [ACT("new"), b.preset, b.control].filter((x) => x).join(" ");
    if (b.action === "stop") return T("console.describe.stop");
    if (b.action === "press") return b.seat ? T("event.press", { Seat: S(b.seat) }) : T("event.pause-switch");
    return [ACT(b.action), S(b.seat), RW(b.reason), b.delta, ...(b.run || []).map(S)].filter((x) => x).join(" ");
  }
  // sessionEnded says plainly that the table does not know this session
  // any more, and what it did not do.
  function sessionEnded(what) {
    if (what) unsent = what;
    loginMsg(T("console.session-ended") + (unsent ? T("console.not-done-suffix", { What: unsent }) : ""), true);
  }
  function loginMsg(t, bad) {
    const m = $("login-msg");
    m.textContent = t;
    m.className = "loginmsg" + (bad ? " bad" : "");
    m.classList.toggle("hidden", t === "");
  }
  function notice(text, refused) {
    const n = $("notice");
    n.textContent = text;
    n.className = "notice " + (refused ? "refused" : "ok");
  }
  // act sends an arbiter action and says what became of it. quiet: no
  // notice when it was done (the caller says what follows).
  async function act(body, quiet) {
    const r = await post("/api/action?lang=" + I.lang(), body);
    if (r.status === 401 || r.status === 403) {
      await session(true);
      sessionEnded(describe(body));
      return r;
    }
    if (r.status === 0) { notice(T("console.not-done", { What: describe(body), Why: r.body.error }), true); return r; }
    if (r.status !== 200) { notice(r.body.error || T("console.error-status", { Status: r.status }), true); return r; }
    const b = r.body;
    if (b.refused) notice(T("tui.last.refused", { Why: b.refused }) + (b.notice ? " — " + b.notice : ""), true);
    else if (b.ignored) notice(T("tui.last.ignored", { Why: b.ignored }), true);
    else if (!quiet) notice(b.notice || T("console.done", { Action: ACT(body.action) }), false);
    return r;
  }
  // session asks the table whether this page is the arbiter's. When a
  // session the page had is gone (the table restarted), it says so,
  // unless quiet (the caller says it).
  async function session(quiet) {
    let j;
    try {
      const r = await fetch("/api/session", { credentials: "same-origin" });
      if (!r.ok) return;
      j = await r.json();
    } catch (e) { return; }
    const had = arbiter;
    arbiter = j.arbiter; panel = j.panel;
    $("login").classList.toggle("hidden", arbiter);
    $("arbiter").classList.toggle("hidden", !arbiter);
    $("arbiter-panel").classList.toggle("hidden", !arbiter);
    document.body.dataset.arbiter = String(arbiter);
    if (had && !arbiter && !quiet) sessionEnded("");
    if (view) draw();
  }
  function ask(text) {
    return new Promise((resolve) => {
      $("confirm-text").textContent = text;
      $("confirm").classList.remove("hidden");
      const done = (yes) => { $("confirm").classList.add("hidden"); $("confirm-yes").onclick = $("confirm-no").onclick = null; resolve(yes); };
      $("confirm-yes").onclick = () => done(true);
      $("confirm-no").onclick = () => done(false);
    });
  }
  function showForm(id) {
    ["claim-form", "result-form", "new-form"].forEach((f) => $(f).classList.toggle("hidden", f !== id));
    pendingForm = id;
  }
  function hideForms() { showForm(null); }

  $("login").onsubmit = async (e) => {
    e.preventDefault();
    const r = await post("/api/login", { pin: $("pin").value });
    $("pin").value = "";
    if (r.status === 200) {
      await session();
      loginMsg("", false);
      notice(T("console.logged-in") + (unsent ? T("console.logged-in-unsent", { What: unsent }) : ""), !!unsent);
      unsent = "";
    } else loginMsg(r.status === 429 ? T("console.login-throttled") : r.body.error || T("console.login-failed-plain"), true);
  };
  $("logout").onclick = async () => { await post("/api/logout", {}); await session(true); };

  $("act-start").onclick = () => act({ action: "start" });
  $("act-pause").onclick = () => act({ action: "pause" });
  $("act-resume").onclick = () => {
    const run = [$("run-A").value, $("run-B").value].filter((s) => s);
    act({ action: "resume", run });
    $("run-A").value = ""; $("run-B").value = "";
  };
  $("act-adjust").onclick = async () => {
    const r = await act({ action: "adjust", seat: $("adj-seat").value, delta: $("adj-delta").value });
    if (r.status === 200 && r.body.ok) $("adj-delta").value = "";
  };
  function decided() { return view && view.status === "decided"; }
  function decidedText() { return T("console.decided", { Result: view.result, Reason: RW(view.reason) }); }
  // A claim or a result stops the clocks at once, before the form is
  // filled in (Art 29), as the terminal table's c and r do; the notice
  // speaks of stopping only when they were running.
  async function openForm(form, what, hint) {
    const r = await act({ action: "stop" }, true);
    if (r.status !== 200 || r.body.refused) return;
    showForm(form);
    fillMenus();
    notice(T(r.body.ok ? "console.form.stopped-" + what : "console.form." + what), false);
  }
  $("open-claim").onclick = async () => {
    if (view && view.claim) { notice(T("console.claim.pending", { Seat: S(view.claim.claimant) }), true); return; }
    if (decided()) { notice(T("tui.last.refused", { Why: decidedText() + T("console.claim.after-decision") }), true); return; }
    openForm("claim-form", "claim", "choose the claimant and the kind");
  };
  $("claim-form").onsubmit = async (e) => {
    e.preventDefault();
    const body = { action: "claim", seat: $("claim-seat").value, reason: $("claim-kind").value };
    if ($("claim-accused").value && body.reason === "illegal-move") body.accused = $("claim-accused").value;
    const r = await act(body);
    if (r.status === 200) hideForms();
  };
  $("act-uphold").onclick = async () => {
    const c = view && view.claim;
    if (!c) return;
    if (await ask(T("console.ask.uphold", { Claimant: S(c.claimant), Reason: RS(c.reason), Accused: S(c.accused) }))) act({ action: "uphold" });
  };
  $("act-reject").onclick = () => act({ action: "reject" });
  // Art 40: a warning; the loss of the match by penalty, confirmed.
  $("act-warn").onclick = () => act({ action: "warn", seat: $("pen-seat").value });
  $("act-penalty").onclick = async () => {
    const s = $("pen-seat").value;
    if (await ask(T("console.ask.penalty", { Seat: S(s) }))) act({ action: "penalty", seat: s });
  };
  $("act-agree").onclick = async () => {
    if (await ask(T("console.ask.agree"))) act({ action: "agree" });
  };
  // Art 44: the no-show countdown, and each player's arrival.
  $("act-call").onclick = () => {
    const tol = $("call-tol").value.trim();
    act(tol ? { action: "call", tolerance: tol } : { action: "call" });
  };
  $("act-arrive").onclick = () => act({ action: "arrive", seat: $("arr-seat").value });
  $("open-result").onclick = async () => {
    // After the decision a result is refused: at once, with no form.
    if (decided()) { notice(T("tui.last.refused", { Why: decidedText() + T("console.result.after-decision") }), true); return; }
    openForm("result-form", "result", "choose the board, the result and how");
  };
  $("res-outcome").onchange = fillMenus;
  // consequence says what the result does to the match, as the terminal
  // table's confirmation: "A-white wins; team 1 wins the match".
  function consequence(b, o) {
    const i = b === "A" ? 0 : 1, bv = view.boards[i];
    if (bv.over) return T("console.cons.over", { Board: b });
    if (view.format === "both-boards") {
      const other = view.boards[b === "A" ? 1 : 0];
      const what = o === "1/2-1/2" ? T("console.cons.drawn") : T("console.cons.wins-board", { Seat: S(b + (o === "1-0" ? "-white" : "-black")), Board: b });
      return what + (other.over ? T("console.cons.both-over") : T("console.cons.other-plays"));
    }
    if (o !== "1/2-1/2") {
      const w = b + (o === "1-0" ? "-white" : "-black");
      return T("console.cons.wins", { Seat: S(w), Team: T("team.name", { N: view.clocks[SEATS.indexOf(w)].team }) });
    }
    const other = b === "A" ? "B" : "A";
    if (view.boards[1 - i].outcome === "1/2-1/2") return T("console.cons.both-drawn", { Board: other });
    return T("console.cons.drawn");
  }
  $("result-form").onsubmit = async (e) => {
    e.preventDefault();
    const b = $("res-board").value, o = $("res-outcome").value, how = $("res-how").value;
    // Decided meanwhile (a flag): no confirmation; the table refuses it
    // and the log shows why.
    if (!decided() && !(await ask(T("console.ask.declare", { Board: b, Outcome: o, How: RW(how), Consequence: consequence(b, o) })))) return;
    const r = await act({ action: "declare", board: b, outcome: o, reason: how });
    if (r.status === 200) hideForms();
  };
  $("open-new").onclick = () => showForm("new-form");
  $("new-form").onsubmit = async (e) => {
    e.preventDefault();
    if (view && view.status !== "ready") {
      const lost = view.status === "decided" ? T("console.new.result-gone", { Result: view.result, Reason: RW(view.reason) }) + T("console.new.record-keeps") : T("console.new.abandoned") + ".";
      if (!(await ask(T("console.new.ask", { Lost: lost })))) return;
    }
    const r = await act({ action: "new", preset: $("new-preset").value, control: $("new-control").value.trim() });
    if (r.status === 200 && r.body.ok) { hideForms(); $("new-control").value = ""; }
  };
  document.querySelectorAll(".form .cancel").forEach((b) => { b.onclick = hideForms; });

  // --- the simulated panel ---
  async function press(seat) {
    const r = await post("/api/press", seat ? { seat } : { pause: true });
    if (r.status === 403) { await session(true); sessionEnded(describe({ action: "press", seat })); }
  }
  document.querySelectorAll(".press").forEach((b) => { b.onclick = () => press(b.dataset.seat); });
  $("press-pause").onclick = () => press(null);
  const KEYS = { q: "A-black", p: "B-white", z: "A-white", m: "B-black" };
  document.addEventListener("keydown", (e) => {
    if (!view || !view.simulated || !panel) return;
    const t = e.target.tagName;
    if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    const k = e.key.toLowerCase();
    if (KEYS[k]) { e.preventDefault(); press(KEYS[k]); }
    else if (e.key === " ") { e.preventDefault(); press(null); }
  });

  // --- the scoresheet: boards as SVG, reserves, move entry, claim view ---
  // Pieces are drawn as SVG paths in a 10 x 10 box (no font, no external
  // asset: the page's CSP forbids them).
  const SHAPES = {
    p: '<circle cx="5" cy="3.3" r="1.5"/><path d="M3,9 H7 L6.3,6.6 Q5,5 3.7,6.6 Z"/>',
    r: '<path d="M2.5,9 H7.5 V8 H6.6 L6.3,4.2 H7.2 V2 H6.2 V3 H5.5 V2 H4.5 V3 H3.8 V2 H2.8 V4.2 H3.7 L3.4,8 H2.5 Z"/>',
    n: '<path d="M3,9 H7.6 C7.7,6 7.2,3.4 5,2.1 L4.6,1.2 L4.1,2.2 C3,2.8 2.2,4.1 1.9,5.1 L2.6,5.7 L4,4.9 C4.2,5.8 3.6,6.6 3,7.3 Z"/>',
    b: '<circle cx="5" cy="1.7" r=".7"/><path d="M3,9 H7 L6.2,7.8 C7.3,6.5 7,4.6 5,2.5 C3,4.6 2.7,6.5 3.8,7.8 Z"/>',
    q: '<path d="M2.5,9 H7.5 L8.4,3.4 L6.4,6 L5,2.4 L3.6,6 L1.6,3.4 Z"/><circle cx="1.6" cy="3" r=".6"/><circle cx="5" cy="2" r=".6"/><circle cx="8.4" cy="3" r=".6"/>',
    k: '<path d="M3,9 H7 L7.5,5.6 C7.5,4.4 6,3.9 5,5 C4,3.9 2.5,4.4 2.5,5.6 Z"/><path d="M4.6,.8 H5.4 V1.8 H6.3 V2.6 H5.4 V4.2 H4.6 V2.6 H3.7 V1.8 H4.6 Z"/>',
  };
  function pieceMarkup(letter) {
    const white = letter === letter.toUpperCase();
    return '<g class="pc" fill="' + (white ? "#fafafa" : "#1b1b1b") + '" stroke="' + (white ? "#1b1b1b" : "#e0e0e0") +
      '" stroke-width=".4" stroke-linejoin="round">' + SHAPES[letter.toLowerCase()] + "</g>";
  }
  // pieceSVG returns a piece as an <svg> element (parsed as HTML: the
  // parser gives it the SVG namespace).
  function pieceSVG(letter) {
    const t = document.createElement("span");
    t.innerHTML = '<svg viewBox="0 0 10 10" aria-hidden="true">' + pieceMarkup(letter) + "</svg>";
    return t.firstChild;
  }
  // squares reads a FEN's placement: {"e4": "P", ...} ("~" of a promoted
  // piece dropped).
  function squares(fen) {
    const out = {}, rows = fen.split(" ")[0].split("[")[0].split("/");
    rows.slice(0, 8).forEach((row, i) => {
      let f = 0;
      for (const ch of row) {
        if (ch >= "1" && ch <= "8") f += +ch;
        else if (ch !== "~") { out["abcdefgh"[f] + (8 - i)] = ch; f++; }
      }
    });
    return out;
  }
  // drawBoard draws fen into box, White at the bottom unless flip; marks
  // holds classes per square ("sel", "to", "last").
  function drawBoard(box, fen, flip, marks) {
    const pcs = squares(fen);
    let h = '<svg viewBox="0 0 80 80" role="img" aria-label="board">';
    for (let r = 0; r < 8; r++) {
      for (let f = 0; f < 8; f++) {
        const file = flip ? 7 - f : f, rank = flip ? r + 1 : 8 - r, sq = "abcdefgh"[file] + rank;
        const light = (file + rank) % 2 === 0;
        const m = marks[sq] || "";
        const fill = m === "sel" ? "#c99a3b" : m === "last" ? (light ? "#cdd26a" : "#aaa23a") : light ? "#e6d2ac" : "#9b7b55";
        h += '<rect class="sq ' + m + '" data-sq="' + sq + '" x="' + f * 10 + '" y="' + r * 10 + '" width="10" height="10" fill="' + fill + '"/>';
        if (m === "to") h += '<circle class="pc dot" cx="' + (f * 10 + 5) + '" cy="' + (r * 10 + 5) + '" r="1.6" fill="#2e7d32" opacity=".8"/>';
        if (pcs[sq]) h += '<g class="pc" data-piece="' + pcs[sq] + '" data-at="' + sq + '" transform="translate(' + f * 10 + "," + r * 10 + ')">' + pieceMarkup(pcs[sq]) + "</g>";
      }
    }
    box.innerHTML = h + "</svg>";
  }
  // chips shows a reserve as piece + count; pick makes them clickable.
  const ORDER = ["Q", "R", "B", "N", "P"];
  function chips(box, seat, res, pick, selected) {
    const white = seat.endsWith("white");
    const list = ORDER.filter((k) => res && res[k] > 0).map((k) => {
      const c = el("span", "chip" + (pick ? " pick" : "") + (selected === k ? " sel" : ""));
      c.dataset.seat = seat; c.dataset.piece = k; c.dataset.count = String(res[k]);
      c.title = S(seat) + ": " + res[k] + " " + k;
      c.append(pieceSVG(white ? k : k.toLowerCase()), document.createTextNode("×" + res[k]));
      if (pick) c.onclick = () => pickDrop(seat, k);
      return c;
    });
    box.replaceChildren(...(list.length ? list : [el("span", "dim", T("console.sheet.none"))]));
  }

  // Per board: what the arbiter selected for click-to-move.
  const BOARDS = ["A", "B"];
  const TOP = { A: "A-black", B: "B-white" }, BOTTOM = { A: "A-white", B: "B-black" };
  const FLIP = { A: false, B: true }; // as seated: team 1 (A-white, B-black) at the bottom
  const sel = { A: null, B: null };   // {from: "e2"} or {drop: "N"}
  function buildSheet(b) {
    const box = $("sheet-" + b);
    const head = el("div", "sheethead");
    head.append(el("span", "", T("console.sheet.board", { Board: b })), el("span", "tomove"));
    const top = el("div", "res"); top.id = "res-" + TOP[b];
    const bd = el("div", "bd"); bd.id = "bd-" + b;
    const bottom = el("div", "res"); bottom.id = "res-" + BOTTOM[b];
    const form = el("form", "entry arb-only"); form.id = "entry-" + b;
    const input = el("input"); input.id = "san-" + b; input.autocomplete = "off"; input.placeholder = T("console.sheet.san-placeholder"); input.setAttribute("aria-label", T("console.sheet.move-on", { Board: b }));
    const send = el("button", "", T("console.sheet.enter")); send.type = "submit"; send.id = "enter-" + b;
    const back = el("button", "", T("console.sheet.takeback")); back.type = "button"; back.id = "takeback-" + b;
    const promo = el("span", "promo hidden"); promo.id = "promo-" + b;
    form.append(input, send, back, promo);
    const msg = el("div", "msg"); msg.id = "msg-" + b; msg.setAttribute("role", "status");
    const list = el("div", "movelist"); list.id = "list-" + b;
    box.append(head, top, bd, bottom, form, msg, list);
    form.onsubmit = (e) => { e.preventDefault(); enterMove(b, input.value.trim(), true); };
    back.onclick = () => takeBack(b);
    bd.onclick = (e) => { const sq = e.target.closest("[data-sq]"); if (sq) clickSquare(b, sq.dataset.sq); };
  }
  BOARDS.forEach(buildSheet);
  // A new language: the sheets again, then the view draws them.
  window.tandemI18n.onChange(() => { BOARDS.forEach((b) => $("sheet-" + b).replaceChildren()); BOARDS.forEach(buildSheet); });

  function sheetMsg(b, text, refused) {
    const m = $("msg-" + b);
    m.textContent = text;
    m.className = "msg " + (refused ? "refused" : "ok");
  }
  function legalOf(b) { const i = BOARDS.indexOf(b); return (view && view.moves[i].legal) || []; }
  function toMove(b) { return view ? view.moves[BOARDS.indexOf(b)].to_move : ""; }
  function canEnter() { return arbiter && view && view.started; }

  function pickDrop(seat, k) {
    const b = seat[0];
    if (!canEnter() || toMove(b) !== seat) return;
    sel[b] = sel[b] && sel[b].drop === k ? null : { drop: k };
    drawSheets(view);
  }
  function clickSquare(b, sq) {
    if (!canEnter()) return;
    const legal = legalOf(b), s = sel[b];
    const target = s && (s.drop ? legal.filter((u) => u === s.drop + "@" + sq) : legal.filter((u) => u.startsWith(s.from + sq)));
    if (target && target.length) {
      sel[b] = null;
      if (target.length > 1) { choosePromotion(b, target); return; }
      enterMove(b, target[0], false);
      return;
    }
    // A piece of the player to move that has a move: select it.
    sel[b] = legal.some((u) => u.startsWith(sq) && u[1] !== "@") ? { from: sq } : null;
    $("promo-" + b).classList.add("hidden");
    drawSheets(view);
  }
  function choosePromotion(b, ucis) {
    const p = $("promo-" + b);
    p.replaceChildren(el("span", "dim", T("console.sheet.promote")), ...["q", "r", "n", "b"].filter((k) => ucis.some((u) => u.endsWith(k))).map((k) => {
      const bt = el("button", "", k.toUpperCase()); bt.type = "button"; bt.id = "promo-" + b + "-" + k;
      bt.onclick = () => { p.classList.add("hidden"); enterMove(b, ucis.find((u) => u.endsWith(k)), false); };
      return bt;
    }));
    p.classList.remove("hidden");
    drawSheets(view);
  }
  // The arbiter's requests, with the session check of act.
  async function movePost(path, body, what) {
    const r = await post(path, body);
    if (r.status === 401 || r.status === 403) { await session(true); sessionEnded(what); return null; }
    if (r.status === 0) { sheetMsg(body.board, T("console.not-done", { What: what, Why: r.body.error }), true); return null; }
    if (r.status !== 200) { sheetMsg(body.board, r.body.error || T("console.error-status", { Status: r.status }), true); return null; }
    return r.body;
  }
  async function enterMove(b, text, typed) {
    const res = await movePost("/api/move", { board: b, move: text }, T("console.sheet.what-move", { Move: text, Board: b }));
    if (!res) return;
    if (res.ok) {
      sheetMsg(b, T("console.sheet.entered", { Move: res.move.number + ". " + res.move.san }), false);
      if (typed) $("san-" + b).value = "";
    } else sheetMsg(b, T("tui.last.refused", { Why: text + ": " + res.refused + (res.rule ? " (" + res.rule + ")" : "") }), true);
    sel[b] = null;
    if (view) drawSheets(view);
  }
  async function takeBack(b) {
    const res = await movePost("/api/takeback", { board: b }, T("console.sheet.what-takeback", { Board: b }));
    if (!res) return;
    if (res.ok) sheetMsg(b, T("console.sheet.taken-back", { Move: res.move.number + ". " + res.move.san }), false);
    else sheetMsg(b, T("tui.last.refused", { Why: res.refused }), true);
  }

  function drawSheets(v) {
    BOARDS.forEach((b, i) => {
      const bm = v.moves[i], s = sel[b], marks = {};
      const last = bm.moves[bm.moves.length - 1];
      if (last) {
        marks[last.uci.slice(2, 4)] = "last";
        if (last.uci[1] !== "@") marks[last.uci.slice(0, 2)] = "last";
      }
      if (s && s.from) {
        marks[s.from] = "sel";
        bm.legal.filter((u) => u.startsWith(s.from)).forEach((u) => { marks[u.slice(2, 4)] = "to"; });
      }
      if (s && s.drop) bm.legal.filter((u) => u.startsWith(s.drop + "@")).forEach((u) => { marks[u.slice(2, 4)] = "to"; });
      drawBoard($("bd-" + b), bm.fen, FLIP[b], marks);
      $("bd-" + b).dataset.fen = bm.fen;
      const status = bm.status !== "ongoing" ? " · " + W(bm.status) : bm.in_check ? " · " + T("console.sheet.check") : "";
      // After the decision the recorder may still be catching up: moves
      // are accepted then (the scoresheet's purpose), and the page says
      // what they are for.
      const when = !v.started ? T("console.sheet.not-started")
        : v.status === "decided" ? T("console.sheet.decided", { Seat: S(bm.to_move) })
        : T("console.sheet.to-move", { Seat: S(bm.to_move) });
      $("sheet-" + b).querySelector(".tomove").textContent = when + status;
      [TOP[b], BOTTOM[b]].forEach((seat) => {
        const pick = canEnter() && bm.to_move === seat;
        chips($("res-" + seat), seat, v.reserves[SEATS.indexOf(seat)], pick, s && s.drop && bm.to_move === seat ? s.drop : "");
      });
      const list = $("list-" + b), items = [];
      bm.moves.forEach((m) => {
        const sp = el("span", "mv");
        sp.dataset.ply = String(m.ply);
        if (m.ply % 2 === 1) sp.append(el("span", "num", (m.ply + 1) / 2 + "."));
        sp.append(document.createTextNode(m.san));
        sp.title = m.number + ". " + m.san + " (" + S(m.seat) + ")";
        items.push(sp);
      });
      list.replaceChildren(...(items.length ? items : [el("span", "dim", T("console.sheet.no-moves"))]));
      list.scrollTop = list.scrollHeight;
      $("san-" + b).disabled = $("enter-" + b).disabled = $("takeback-" + b).disabled = !v.started;
    });
    // The reserves beside each clock, read-only.
    SEATS.forEach((seat, i) => {
      const span = $("clock-" + seat).querySelector(".reserves .chips");
      chips(span, seat, v.reserves[i], false, "");
    });
  }

  // The claim view: the claimed-against board at a ply (the last move by
  // default), for every page; the arbiter steps and tests moves there.
  let claimKey = "", claimPly = 0, claimFetch = 0;
  function drawClaim(v) {
    const box = $("claim-view");
    box.classList.toggle("hidden", !v.claim);
    if (!v.claim) { claimKey = ""; return; }
    const key = v.claim.claimant + "|" + v.claim.at_ms;
    if (key !== claimKey) { claimKey = key; claimPly = v.claim.ply; $("claim-verdict").textContent = ""; $("claim-move").value = ""; }
    claimPly = Math.min(claimPly, v.moves[BOARDS.indexOf(v.claim.board)].moves.length);
    loadClaim();
  }
  async function loadClaim() {
    const c = view && view.claim;
    if (!c) return;
    const n = ++claimFetch, ply = claimPly;
    let p;
    try {
      const r = await fetch("/api/position?board=" + c.board + "&ply=" + ply, { credentials: "same-origin" });
      if (!r.ok) return;
      p = await r.json();
    } catch (e) { return; }
    if (n !== claimFetch) return; // a newer request is on its way
    $("claim-title").textContent = T("console.claimview.title", { Claimant: S(c.claimant), Accused: S(c.accused), Reason: RS(c.reason), Board: c.board });
    const marks = {};
    if (p.last) { marks[p.last.uci.slice(2, 4)] = "last"; if (p.last.uci[1] !== "@") marks[p.last.uci.slice(0, 2)] = "last"; }
    drawBoard($("claim-board"), p.fen, FLIP[c.board], marks);
    $("claim-board").dataset.fen = p.fen;
    $("claim-board").dataset.ply = String(p.ply);
    chips($("claim-res-top"), TOP[c.board], p.reserves[SEATS.indexOf(TOP[c.board])], false, "");
    chips($("claim-res-bottom"), BOTTOM[c.board], p.reserves[SEATS.indexOf(BOTTOM[c.board])], false, "");
    const at = p.last ? T("console.claimview.after", { Move: p.last.number + ". " + p.last.san, Seat: S(p.last.seat) }) : T("console.claimview.before-first");
    const next = p.next ? T("console.claimview.next", { Move: p.next.number + ". " + p.next.san }) : "";
    $("claim-pos").textContent = T("console.claimview.pos", { Board: c.board, At: at, Ply: p.ply, Moves: p.moves, Seat: S(p.to_move) }) +
      (p.status !== "ongoing" ? " (" + W(p.status) + ")" : p.in_check ? T("console.claimview.in-check") : "") + next + ".";
    $("claim-prev").disabled = p.ply === 0;
    $("claim-next").disabled = $("claim-last").disabled = p.ply >= p.moves;
  }
  $("claim-prev").onclick = () => { claimPly = Math.max(0, claimPly - 1); loadClaim(); };
  $("claim-next").onclick = () => { claimPly++; loadClaim(); };
  $("claim-last").onclick = () => { if (view && view.claim) { claimPly = view.moves[BOARDS.indexOf(view.claim.board)].moves.length; loadClaim(); } };
  $("claim-test-form").onsubmit = async (e) => {
    e.preventDefault();
    const c = view && view.claim, text = $("claim-move").value.trim();
    if (!c || !text) return;
    const res = await movePost("/api/test", { board: c.board, ply: claimPly, move: text }, T("console.claimview.what-test", { Move: text }));
    if (!res) return;
    const v = $("claim-verdict");
    v.textContent = text + " — " + res.verdict;
    v.className = "verdict " + (res.ok ? "legal" : "illegal");
  };

  // The language: the page's switch, the table's configuration or the
  // browser's (i18n.js); a change redraws the page and asks the table for
  // the view in the new language.
  I.onChange(() => {
    SEATS.forEach(buildClock);
    if (view) draw();
    if (sock) lost(sock);
  });
  window.tandemSound.init({ button: $("sound-toggle"), click: $("sound-clicks") });
  I.init({ switch: $("lang-switch") }).catch(() => {}).finally(() => {
    SEATS.forEach(buildClock);
    session();
    connect();
  });
})();
