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
  // The page's words are words.js's (internal/pagekit's i18n.js).
  const { I, T, TN, S, RW, RS, ACT } = window.tandemWords;

  // The formats are lib.js's.
  const { fmt, signed, wallTime, matchTime } = window.tandemLib;

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
    res.append(el("b", "", T("console.reserve-of", { Seat: S(seat) }) + " "), el("span", "chips"));
    box.append(head, time, foot, res);
  }
  SEATS.forEach(buildClock);
  // The scoresheet and the claim view are sheet.js's.
  const { drawSheets, drawClaim, rebuild: rebuildSheets } = window.tandemSheet({
    el, SEATS, post, session, sessionEnded,
    view: () => view, arbiter: () => arbiter,
  });

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
    // The arbiter's buttons only where the table would take them
    // (v.offers, the table's own look ahead): no Start while the clocks
    // run, no Resume unless paused, no claim, result or adjustment after
    // the decision, no New match while the clocks run (pause first).
    const can = (a) => v.offers.includes(a), show = (id, on) => $(id).classList.toggle("hidden", !on);
    show("act-start", can("start"));
    show("act-pause", can("pause"));
    show("resume-group", can("resume") && v.status !== "ready"); // before the start, Start is the same act
    show("adjust-group", can("adjust"));
    show("open-claim", can("claim"));
    show("act-uphold", can("uphold"));
    show("act-reject", can("reject"));
    show("open-result", can("declare"));
    show("open-new", can("new"));
    show("act-agree", can("agree"));
    show("act-warn", can("warn"));
    show("act-penalty", can("penalty"));
    show("conduct-group", can("warn") || can("penalty"));
    show("act-call-group", can("call"));
    show("arrive-group", can("arrive"));
    // Only a player not yet at the table can arrive.
    [...$("arr-seat").options].forEach((op) => { op.disabled = v.clocks[SEATS.indexOf(op.value)].arrived; });
    if ($("arr-seat").selectedOptions[0]?.disabled) $("arr-seat").value = SEATS.find((s, i) => !v.clocks[i].arrived) || SEATS[0];
    show("noshow-group", can("call") || can("arrive"));
    // A form open for an action the table no longer takes (a flag fell
    // meanwhile) closes.
    if (pendingForm === "claim-form" && !can("claim")) hideForms();
    if (pendingForm === "result-form" && !can("declare")) hideForms();
    if (pendingForm === "new-form" && !can("new")) hideForms();
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

  // drawLog shows the log newest first, each match's lines under a
  // heading that names it (its id, rules and players; "this match" for
  // the one on the table). A recovered match's log holds only the events
  // since the restart: its last line says so.
  function drawLog(v) {
    const rows = [], names = new Map(v.matches.map((m) => [m.id, m]));
    let group = null;
    for (let i = v.log.length - 1; i >= 0; i--) {
      const e = v.log[i];
      if (e.match !== group) { group = e.match; rows.push(matchHeading(names.get(group) || { id: group }, group === v.match)); }
      const tr = el("tr", e.kind + (e.console ? " console" : ""));
      tr.append(el("td", "", e.time), el("td", "", e.event), el("td", "", e.note));
      tr.dataset.match = e.match;
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
  // matchHeading is a match's heading row in the log: "match
  // 20261129-212200-3f9a · reglamento 5m · Ana + Di v Bo + Cy".
  function matchHeading(m, current) {
    const p = m.players || [], teams = p.some((n) => n) ? T("console.log.teams", { T1: (p[0] || "?") + " + " + (p[3] || "?"), T2: (p[1] || "?") + " + " + (p[2] || "?") }) : "";
    const tr = el("tr", "match" + (current ? " current" : "")), td = el("th", "", [T(current ? "console.log.this-match" : "console.log.match"), m.id, m.preset && m.preset + " " + m.control, teams].filter((x) => x).join(" · "));
    td.colSpan = 3;
    td.scope = "colgroup";
    tr.dataset.match = m.id;
    tr.append(td);
    return tr;
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
    // The match time counts from the start, pauses included (as the log
    // does), and stops at the decision (elapsed_ms is the decision's).
    $("elapsed").textContent = view.started ? T("console.match-time", { Time: matchTime(view.elapsed_ms + (view.status !== "decided" ? Math.max(0, now - offset - view.at_ms) : 0)) }) :
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
    return { status: r.status, body: j, retry: r.headers.get("Retry-After") || "" };
  }
  // loginRefusal says why a login (of a one-time code when code) failed:
  // the table's own words on an English page (they count the wrong
  // PINs), the same in the page's language otherwise.
  function loginRefusal(r, code) {
    if (I.lang() === "en" && r.body.error) return r.body.error;
    if (r.status === 429) return code ? T("page.login.codes-wait") : T("page.login.locked", { Wait: r.retry || "?" });
    if (r.status === 401) return T(code ? "page.login.wrong-code" : "page.login.wrong-pin");
    return r.body.error || T("page.login.failed", { Status: r.status });
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
    // Digits are the PIN; letters the one-time code the table shows.
    const v = $("pin").value.trim(), code = /[a-z]/i.test(v);
    const r = await post("/api/login", code ? { code: v } : { pin: v });
    $("pin").value = "";
    if (r.status === 200) {
      await session();
      loginMsg("", false);
      notice(T("console.logged-in") + (unsent ? T("console.logged-in-unsent", { What: unsent }) : ""), !!unsent);
      unsent = "";
    } else loginMsg(loginRefusal(r, code), true);
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
      // The record keeps what goes only when the table records (a
      // [journal] record that works): otherwise the page says so.
      const none = view.info.record_err ? T("console.new.not-recorded") : T("console.new.no-record");
      const lost = view.status === "decided"
        ? T("console.new.result-gone", { Result: view.result, Reason: RW(view.reason) }) + (view.recorded ? T("console.new.record-keeps") : T("console.new.write-down", { None: none }))
        : T("console.new.abandoned") + (view.recorded ? T("console.new.record-keeps-events") : T("console.new.and-none", { None: none }));
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

  // A new language: the clocks and the sheets again, then the view
  // draws them; the table is asked for the view in the new language.
  I.onChange(() => {
    SEATS.forEach(buildClock);
    rebuildSheets();
    if (view) draw();
    if (sock) lost(sock);
  });
  window.tandemSound.init({ button: $("sound-toggle"), click: $("sound-clicks") });
  I.init({ switch: $("lang-switch") }).catch(() => {}).finally(() => {
    SEATS.forEach(buildClock);
    rebuildSheets();
    session();
    connect();
  });
})();
