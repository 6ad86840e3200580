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
    head.append(el("span", "seat", seat), el("span", "mark"));
    const time = el("div", "time", "–");
    const foot = el("div", "foot");
    foot.append(el("span", "moves"), el("span", "strikes"));
    const res = el("div", "reserves");
    res.append(el("b", "", seat + " reserves: "), el("span", "", "reserves appear when move entry is on"));
    box.append(head, time, foot, res);
  }
  SEATS.forEach(buildClock);

  // --- drawing ---
  function draw() {
    if (!view) return;
    const v = view;
    $("rules").textContent = "preset " + v.preset + " · time control " + v.control;
    const st = $("status");
    // Without the connection the page does not know the status: it says
    // so instead (the clocks are frozen, greyed out).
    st.textContent = !live ? "CONNECTION LOST" : v.claim ? "CLAIM" : v.status.toUpperCase();
    st.className = "status " + (live ? v.status : "lost");
    SEATS.forEach((seat, i) => {
      const c = v.clocks[i], box = $("clock-" + seat), runs = live && c.running && v.status === "running";
      box.className = "clock team" + c.team + (runs ? " running" : c.turn && live ? " turn" : "") + (c.flagged ? " flagged" : "");
      box.dataset.running = String(runs);
      box.dataset.flagged = String(c.flagged);
      box.querySelector(".seat").textContent = seat + " · team " + c.team;
      box.querySelector(".mark").textContent = c.flagged ? "⚑ flag" : !live ? "" : runs ? (c.delay_ms > 0 ? "▶ delay" : "▶") : c.turn ? "▷" : "";
      box.querySelector(".moves").textContent = c.moves + (c.moves === 1 ? " move" : " moves");
      box.querySelector(".strikes").textContent = c.strikes > 0 ? c.strikes + (c.strikes === 1 ? " strike" : " strikes") : "";
    });
    ["A", "B"].forEach((b, i) => {
      const bv = v.boards[i];
      let t = "";
      if (bv.outcome !== "*") t = bv.outcome + " " + bv.text + (bv.article ? " (" + bv.article + ")" : "");
      else if (v.result !== "*") t = "stopped: match " + v.result + " " + v.reason;
      $("board-" + b + "-result").textContent = t;
    });
    // A decided result is final only once it is on disk (v.final); until
    // then it is provisional, and when recording failed it is not
    // recorded at all: the arbiter writes it down.
    const res = $("result");
    let rt = "";
    if (v.result !== "*") {
      rt = v.result_text;
      if (v.result_state === "recording") rt += " — recording…";
      else if (v.result_state === "not-recorded") rt += " — NOT recorded: write it down (recording failed)";
    }
    res.textContent = rt;
    res.className = "banner result " + (v.result_state || "none");
    res.dataset.state = v.result_state || "";
    res.classList.toggle("hidden", v.result === "*");
    const cl = $("claim");
    cl.textContent = v.claim ? "Claim by " + v.claim.claimant + ": " + v.claim.reason.replace("-", " ") + " (against " + v.claim.accused + ") — waiting for the arbiter" : "";
    cl.classList.toggle("hidden", !v.claim);
    const info = [];
    if (v.info.recovered) info.push("Match recovered from the record after a restart" + (v.info.recovered_at ? ", last recorded " + wallTime(v.info.recovered_at) : "") + ".");
    if (v.info.record_err) {
      // The daemon's record_err is the whole sentence ("recording failed,
      // the clocks run on WITHOUT a record: <why>"): shown as it is.
      const e = v.info.record_err;
      info.push(/^recording failed/i.test(e) ? e : "recording failed, the clocks run on WITHOUT a record: " + e);
    }
    // The link to the hall's hub, when the table has one: "hall online
    // since 14:02", or offline (the table plays on; the hub catches up).
    const hall = $("hall");
    hall.textContent = v.info.hall || "";
    hall.classList.toggle("hidden", !v.info.hall);
    hall.classList.toggle("off", !!v.info.hall && !v.info.hall_online);
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
      const tr = el("tr", "recovered"), td = el("td", "", "recovered from the record after a restart" + (v.info.recovered_at ? " (last recorded " + hms(v.info.recovered_at) + ")" : "") + "; earlier events: tandem export");
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
      el("span", "", "A-white vs B-white "), el("b", "", signed(r[0] - r[2], view.tenths_below_ms)),
      el("span", "", " · B-black vs A-black "), el("b", "", signed(r[3] - r[1], view.tenths_below_ms)),
      el("span", "", " · team 1 (A-white + B-black) "), el("b", "", signed(t1, view.tenths_below_ms)),
      el("span", "", " · team 2 "), el("b", "", signed(-t1, view.tenths_below_ms)));
    $("elapsed").textContent = view.started ? "match time " + matchTime(view.elapsed_ms + (view.status === "running" ? Math.max(0, now - offset - view.at_ms) : 0)) : "";
  }
  function frame() { tick(); requestAnimationFrame(frame); }
  requestAnimationFrame(frame);

  // --- the live connection; it reconnects and then gets the whole view ---
  let backoff = 250;
  function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
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
      if (!live) { live = true; $("conn").textContent = "live"; $("conn").className = "conn on"; }
      draw();
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
    $("conn").textContent = "reconnecting…"; $("conn").className = "conn off";
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
      return { status: 0, body: { error: "the table does not answer (connection lost)" } };
    }
    let j = {};
    try { j = await r.json(); } catch (e) { /* no body */ }
    return { status: r.status, body: j };
  }
  // describe writes an action as the arbiter asked for it: "adjust B-black +30".
  function describe(b) {
    if (b.action === "declare") return "result " + b.board + " " + b.outcome + " " + b.reason;
    if (b.action === "new") return "new match " + [b.preset, b.control].filter((x) => x).join(" ");
    if (b.action === "stop") return "stop the clocks";
    if (b.action === "press") return b.seat ? "press " + b.seat : "pause switch";
    return [b.action, b.seat, b.reason, b.delta, ...(b.run || [])].filter((x) => x).join(" ");
  }
  // sessionEnded says plainly that the table does not know this session
  // any more, and what it did not do.
  function sessionEnded(what) {
    if (what) unsent = what;
    loginMsg("your session ended (the table restarted?) — log in again" + (unsent ? "; not done: " + unsent : ""), true);
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
    const r = await post("/api/action", body);
    if (r.status === 401 || r.status === 403) {
      await session(true);
      sessionEnded(describe(body));
      return r;
    }
    if (r.status === 0) { notice("not done: " + describe(body) + " — " + r.body.error, true); return r; }
    if (r.status !== 200) { notice(r.body.error || ("error " + r.status), true); return r; }
    const b = r.body;
    if (b.refused) notice("refused: " + b.refused + (b.notice ? " — " + b.notice : ""), true);
    else if (b.ignored) notice("ignored: " + b.ignored, true);
    else if (!quiet) notice(b.notice || (body.action + ": done"), false);
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
      notice("logged in as the arbiter" + (unsent ? "; not done before: " + unsent + " — do it again if it still applies" : ""), !!unsent);
      unsent = "";
    } else loginMsg(r.status === 429 ? "too many attempts: wait a few seconds, then log in" : r.body.error || "login failed", true);
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
  function decidedText() { return "the match is decided (" + view.result + " " + view.reason + ")"; }
  // A claim or a result stops the clocks at once, before the form is
  // filled in (Art 29), as the terminal table's c and r do; the notice
  // speaks of stopping only when they were running.
  async function openForm(form, what, hint) {
    const r = await act({ action: "stop" }, true);
    if (r.status !== 200 || r.body.refused) return;
    showForm(form);
    fillMenus();
    notice((r.body.ok ? "clocks stopped for the " + what + ": " : what + ": ") + hint, false);
  }
  $("open-claim").onclick = async () => {
    if (view && view.claim) { notice("a claim by " + view.claim.claimant + " is pending: uphold or reject it first", true); return; }
    if (decided()) { notice("refused: " + decidedText() + ": no claim after the decision", true); return; }
    openForm("claim-form", "claim", "choose the claimant and the kind");
  };
  $("claim-form").onsubmit = async (e) => {
    e.preventDefault();
    const r = await act({ action: "claim", seat: $("claim-seat").value, reason: $("claim-kind").value });
    if (r.status === 200) hideForms();
  };
  $("act-uphold").onclick = async () => {
    const c = view && view.claim;
    if (!c) return;
    if (await ask("Uphold " + c.claimant + "'s " + c.reason.replace("-", " ") + " claim against " + c.accused + "? This cannot be undone.")) act({ action: "uphold" });
  };
  $("act-reject").onclick = () => act({ action: "reject" });
  $("open-result").onclick = async () => {
    // After the decision a result is refused: at once, with no form.
    if (decided()) { notice("refused: " + decidedText() + ": no result after the decision; New match… starts another", true); return; }
    openForm("result-form", "result", "choose the board, the result and how");
  };
  $("res-outcome").onchange = fillMenus;
  // consequence says what the result does to the match, as the terminal
  // table's confirmation: "A-white wins; team 1 wins the match".
  function consequence(b, o) {
    const i = b === "A" ? 0 : 1, bv = view.boards[i];
    if (bv.over) return "board " + b + " is already over: the rules will refuse it";
    if (o !== "1/2-1/2") {
      const w = b + (o === "1-0" ? "-white" : "-black");
      return w + " wins; team " + view.clocks[SEATS.indexOf(w)].team + " wins the match";
    }
    const other = b === "A" ? "B" : "A";
    if (view.boards[1 - i].outcome === "1/2-1/2") return "drawn; board " + other + " is drawn too: the match is drawn";
    return "drawn";
  }
  $("result-form").onsubmit = async (e) => {
    e.preventDefault();
    const b = $("res-board").value, o = $("res-outcome").value, how = $("res-how").value;
    // Decided meanwhile (a flag): no confirmation; the table refuses it
    // and the log shows why.
    if (!decided() && !(await ask("Declare board " + b + " " + o + " " + how + " (" + consequence(b, o) + ")?"))) return;
    const r = await act({ action: "declare", board: b, outcome: o, reason: how });
    if (r.status === 200) hideForms();
  };
  $("open-new").onclick = () => showForm("new-form");
  $("new-form").onsubmit = async (e) => {
    e.preventDefault();
    if (view && view.status !== "ready") {
      const lost = view.status === "decided" ? "The result " + view.result + " " + view.reason + " will be gone from this page (the record keeps it)." : "The match in progress will be abandoned.";
      if (!(await ask("New match? " + lost))) return;
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

  session();
  connect();
})();
