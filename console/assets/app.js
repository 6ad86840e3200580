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
    st.textContent = v.claim ? "CLAIM" : v.status.toUpperCase();
    st.className = "status " + v.status;
    SEATS.forEach((seat, i) => {
      const c = v.clocks[i], box = $("clock-" + seat);
      box.className = "clock team" + c.team + (c.running && v.status === "running" ? " running" : c.turn ? " turn" : "") + (c.flagged ? " flagged" : "");
      box.dataset.running = String(c.running && v.status === "running");
      box.dataset.flagged = String(c.flagged);
      box.querySelector(".seat").textContent = seat + " · team " + c.team;
      box.querySelector(".mark").textContent = c.flagged ? "⚑ flag" : c.running && v.status === "running" ? (c.delay_ms > 0 ? "▶ delay" : "▶") : c.turn ? "▷" : "";
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
      // The daemon's record_err is already the whole sentence ("recording failed: ...").
      const e = v.info.record_err;
      info.push(/^recording failed/i.test(e) ? e.charAt(0).toUpperCase() + e.slice(1) + "." : "Recording failed: " + e + ". The clocks keep running without a record.");
    }
    $("info").textContent = info.join(" ");
    $("info").classList.toggle("hidden", info.length === 0);
    $("act-uphold").classList.toggle("hidden", !v.claim);
    $("act-reject").classList.toggle("hidden", !v.claim);
    $("panel").classList.toggle("hidden", !(v.simulated && panel));
    if (v.simulated && panel) {
      $("face-A").textContent = v.faces[0] || ""; $("face-B").textContent = v.faces[1] || "";
      // The displays as the SSD1306s draw them, fetched for this view.
      ["A", "B"].forEach((b, i) => { const img = $("face-" + b + "-img"); img.src = "/api/face/" + b + ".png?seq=" + v.seq + "&at=" + v.at_ms + "&final=" + v.final + "&info=" + encodeURIComponent(v.info.recovered_at + "|" + v.info.record_err); img.alt = v.faces[i] || ""; });
    }
    drawLog(v.log);
    fillMenus();
    tick();
  }

  function drawLog(log) {
    const rows = [];
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i], tr = el("tr", e.kind);
      tr.append(el("td", "", e.time), el("td", "", e.event), el("td", "", e.note));
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
    const now = Date.now();
    const r = SEATS.map((_, i) => remaining(i, now));
    SEATS.forEach((seat, i) => { $("clock-" + seat).querySelector(".time").textContent = fmt(r[i], view.tenths_below_ms); });
    // Across the diagonals: each player against his partner's opponent.
    const t1 = r[0] + r[3] - r[1] - r[2];
    $("advantage").replaceChildren(
      el("span", "", "A-white vs B-white "), el("b", "", signed(r[0] - r[2], view.tenths_below_ms)),
      el("span", "", " · B-black vs A-black "), el("b", "", signed(r[3] - r[1], view.tenths_below_ms)),
      el("span", "", " · team 1 (A-white + B-black) "), el("b", "", signed(t1, view.tenths_below_ms)),
      el("span", "", " · team 2 "), el("b", "", signed(-t1, view.tenths_below_ms)));
    $("elapsed").textContent = view.started ? "match time " + matchTime(view.elapsed_ms + (view.status === "running" ? now - offset - view.at_ms : 0)) : "";
  }
  function frame() { tick(); requestAnimationFrame(frame); }
  requestAnimationFrame(frame);

  // --- the live connection; it reconnects and then gets the whole view ---
  let backoff = 250;
  function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    window.tandem.ws = ws;
    ws.onopen = () => { backoff = 250; $("conn").textContent = "live"; $("conn").className = "conn on"; };
    ws.onmessage = (m) => {
      const v = JSON.parse(m.data);
      offset = Date.now() - v.server_ms;
      view = v;
      window.tandem.view = v;
      window.tandem.received++;
      draw();
    };
    ws.onclose = () => {
      $("conn").textContent = "reconnecting…"; $("conn").className = "conn off";
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 2000);
    };
  }
  window.tandem = { ws: null, view: null, received: 0 };

  // --- requests ---
  async function post(path, body) {
    const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
    let j = {};
    try { j = await r.json(); } catch (e) { /* no body */ }
    return { status: r.status, body: j };
  }
  function notice(text, refused) {
    const n = $("notice");
    n.textContent = text;
    n.className = "notice " + (refused ? "refused" : "ok");
  }
  async function act(body) {
    const r = await post("/api/action", body);
    if (r.status === 401) { await session(); notice("log in as the arbiter first", true); return r; }
    if (r.status !== 200) { notice(r.body.error || ("error " + r.status), true); return r; }
    const b = r.body;
    if (b.refused) notice("refused: " + b.refused + (b.notice ? " — " + b.notice : ""), true);
    else if (b.ignored) notice("ignored: " + b.ignored, true);
    else notice(b.notice || (body.action + ": done"), false);
    return r;
  }
  async function session() {
    const r = await fetch("/api/session", { credentials: "same-origin" });
    const j = await r.json();
    arbiter = j.arbiter; panel = j.panel;
    $("login").classList.toggle("hidden", arbiter);
    $("arbiter").classList.toggle("hidden", !arbiter);
    $("arbiter-panel").classList.toggle("hidden", !arbiter);
    document.body.dataset.arbiter = String(arbiter);
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
    if (r.status === 200) { await session(); notice("logged in as the arbiter", false); }
    else alertLogin(r.status === 429 ? "too many attempts: wait a few seconds" : r.body.error || "login failed");
  };
  function alertLogin(t) { $("pin").placeholder = t; $("pin").classList.add("bad"); }
  $("logout").onclick = async () => { await post("/api/logout", {}); await session(); };

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
  // A claim or a result stops the clocks at once, before the form is
  // filled in (Art 29), as the terminal table's c and r do.
  $("open-claim").onclick = async () => {
    if (view && view.claim) { notice("a claim by " + view.claim.claimant + " is pending: uphold or reject it first", true); return; }
    const r = await act({ action: "stop" });
    if (r.status === 200 && !r.body.refused) { showForm("claim-form"); notice("clocks stopped for the claim", false); }
  };
  $("claim-form").onsubmit = async (e) => {
    e.preventDefault();
    await act({ action: "claim", seat: $("claim-seat").value, reason: $("claim-kind").value });
    hideForms();
  };
  $("act-uphold").onclick = async () => {
    const c = view && view.claim;
    if (!c) return;
    if (await ask("Uphold " + c.claimant + "'s " + c.reason.replace("-", " ") + " claim against " + c.accused + "? This cannot be undone.")) act({ action: "uphold" });
  };
  $("act-reject").onclick = () => act({ action: "reject" });
  $("open-result").onclick = async () => {
    const r = await act({ action: "stop" });
    if (r.status === 200 && !r.body.refused) { showForm("result-form"); fillMenus(); notice("clocks stopped for the result", false); }
  };
  $("res-outcome").onchange = fillMenus;
  $("result-form").onsubmit = async (e) => {
    e.preventDefault();
    const b = $("res-board").value, o = $("res-outcome").value, how = $("res-how").value;
    const who = o === "1-0" ? b + "-white wins" : o === "0-1" ? b + "-black wins" : "draw";
    if (!(await ask("Declare board " + b + " " + o + " " + how + " (" + who + ")?"))) return;
    await act({ action: "declare", board: b, outcome: o, reason: how });
    hideForms();
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
  function press(seat) { post("/api/press", seat ? { seat } : { pause: true }); }
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
