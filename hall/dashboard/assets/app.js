// tandem-hall dashboard: draws every table of the hall from GET /ws (a
// "state" message, then "update"s with the tables that changed), animates
// the running clocks locally from each table's instant, and sends the
// head arbiter's commands.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SEATS = ["A-white", "A-black", "B-white", "B-black"];
  const tables = new Map();   // id -> TableView
  const cards = new Map();    // id -> card element parts
  let order = [];             // ids, sorted as people number tables
  let alerts = [], results = [], standings = null, tour = null;
  let offset = 0;             // local clock minus hub clock (ms)
  let arbiter = false;
  // The connection: live while the socket is open and the hub was heard
  // from within SILENCE ms (news or a heartbeat every second); otherwise
  // the clocks freeze at frozenAt, the last instant the hub was heard
  // from, and the page says CONNECTION LOST.
  const SILENCE = 3000;
  let sock = null, sockSince = 0, lastHeard = 0, live = false, frozenAt = 0, backoff = 250;
  // The page's words (internal/pagekit's i18n.js): T a message, S a
  // seat's name, RW a reason's words (the record's word in English).
  const I = window.tandemI18n;
  const T = (id, d) => I.t(id, d), S = (seat) => (seat ? T("seat." + seat) : "");
  const RW = (r) => (I.lang() === "en" || !r ? r : T(r === "other" ? "reason.other-claim" : "reason." + r));
  const ACT = (a) => T("dashboard.action." + a);
  window.tandemHall = { tables, received: 0, lost: 0, frames: 0, alerts: () => alerts, results: () => results, standings: () => standings, tour: () => tour };

  // --- formats ---
  const two = (n) => (n < 10 ? "0" : "") + n;
  // fmt writes a clock: tenths under 10 s (rounded up, as the clocks'
  // displays), else m:ss or h:mm:ss (rounded up).
  function fmt(ms) {
    if (ms < 0) ms = 0;
    if (ms < 10000) { const t = Math.ceil(ms / 100); return Math.floor(t / 10) + "." + (t % 10); }
    const n = Math.ceil(ms / 1000);
    if (n >= 3600) return Math.floor(n / 3600) + ":" + two(Math.floor(n / 60) % 60) + ":" + two(n % 60);
    return Math.floor(n / 60) + ":" + two(n % 60);
  }
  function clockTime(ms) {
    if (!ms) return "";
    const d = new Date(ms);
    return two(d.getHours()) + ":" + two(d.getMinutes()) + ":" + two(d.getSeconds());
  }
  function compareIDs(a, b) {
    const re = /(\d+)|(\D+)/g;
    const pa = a.match(re) || [], pb = b.match(re) || [];
    for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
      const x = pa[i], y = pb[i], dx = /^\d/.test(x), dy = /^\d/.test(y);
      if (dx && dy) { const c = Number(x) - Number(y); if (c) return c; } else if (x !== y) return x < y ? -1 : 1;
    }
    return pa.length - pb.length;
  }
  // matchName names a tournament match: "R3 T2" sep "Caballos v Peones".
  function matchName(m, sep) { return "R" + m.round + " T" + m.number + sep + m.team1 + " v " + m.team2; }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // remaining is seat i's time on table v at local time now: a running
  // clock loses the time since at_ms beyond its unused delay, up to now
  // for a table online, up to its last snapshot's arrival for one
  // offline (the last value the hub knew: what it did since is unknown),
  // up to the last news while the page itself is cut off.
  function remaining(v, i, now) {
    const c = v.snap.clocks[i];
    if (!c.running || v.snap.status !== "running" || !v.last_seen_ms) return c.ms;
    if (!live) now = Math.min(now, frozenAt);
    let at = now - offset;
    if (!v.online) at = Math.min(at, v.last_seen_ms);
    const el = at - v.at_ms;
    return Math.max(0, c.ms - Math.max(0, el - (c.delay_ms || 0)));
  }

  // needsAttention: offline, a claim, or any alert.
  function needsAttention(v) { return !v.online || !!v.snap.claim || v.alerts.length > 0; }

  // noShowLeft is the no-show tolerance left on table v at local time
  // now (Art 44), counting down from the snapshot's instant; null when
  // the table's match is not called.
  function noShowLeft(v, now) {
    const n = v.snap.no_show;
    if (!n || v.snap.status !== "ready") return null;
    if (!live) now = Math.min(now, frozenAt);
    return Math.max(0, n.left_ms - Math.max(0, now - offset - v.at_ms));
  }

  // statusOf is the card's status word and class.
  function statusOf(v) {
    const s = v.snap;
    if (!v.last_seen_ms) return [T("dashboard.status.never"), "offline"];
    if (!v.online) return [T("dashboard.status.offline", { Since: clockTime(v.since_ms).slice(0, 5) }), "offline"];
    if (s.claim) return [T("dashboard.status.claim", { Seat: S(s.claim.claimant), Reason: RW(s.claim.reason) }) + (s.claim.accused ? T("dashboard.status.claim-by", { Seat: S(s.claim.accused) }) : "") + ")", "claim"];
    const left = noShowLeft(v, Date.now());
    if (left !== null) return [T("dashboard.status.called", { Time: fmt(left) }), "called"];
    if (s.status === "decided") return [s.result + " " + RW(s.reason) + (s.final ? "" : " (" + T("tui.result.recording") + ")"), "decided"];
    return [(s.status ? T("status." + s.status) : "?").toUpperCase(), s.status];
  }

  function buildCard(id) {
    const card = el("article", "card");
    card.id = "table-" + id;
    const head = el("div", "chead");
    const name = el("b", "tid", id), st = el("span", "st"), link = el("span", "link");
    st.id = "status-" + id;
    head.append(name, st, link);
    const teams = el("div", "teams");
    const grid = el("div", "clocks");
    const clocks = SEATS.map((seat) => {
      const c = el("div", "clk " + (seat === "A-white" || seat === "B-black" ? "team1" : "team2"));
      c.id = "clock-" + id + "-" + seat;
      const who = el("span", "who"), time = el("span", "time", "–");
      c.title = S(seat);
      c.append(who, time);
      grid.append(c);
      return { box: c, who, time, last: "" };
    });
    const al = el("div", "calerts");
    const pairing = el("div", "cpair dim");
    const acts = el("div", "cacts arb-only" + (arbiter ? "" : " hidden"));
    for (const action of ["pause", "resume", "call", "new"]) {
      const b = el("button", "", T("dashboard.button." + action));
      b.type = "button";
      b.id = action + "-" + id;
      b.addEventListener("click", () => command(id, action));
      acts.append(b);
    }
    const msg = el("div", "cmsg");
    msg.id = "msg-" + id;
    card.append(head, teams, grid, al, pairing, acts, msg);
    const parts = { card, st, link, teams, clocks, al, pairing, msg };
    cards.set(id, parts);
    return parts;
  }

  function placeCards() {
    const grid = $("grid");
    order = [...cards.keys()].sort(compareIDs);
    order.forEach((id) => grid.append(cards.get(id).card));
  }

  // drawTable redraws table id's card (the clocks' digits are the
  // animation's).
  function drawTable(id) {
    const v = tables.get(id);
    let p = cards.get(id);
    if (!p) { p = buildCard(id); placeCards(); }
    const s = v.snap;
    const [word, cls] = statusOf(v);
    p.st.textContent = word;
    p.st.className = "st " + cls;
    p.card.dataset.status = cls;
    p.card.dataset.online = String(v.online);
    p.card.dataset.attention = String(needsAttention(v));
    p.card.className = "card " + cls + (needsAttention(v) ? " attention" : "");
    p.link.textContent = v.online ? T("dashboard.link.online") : T("dashboard.link.offline");
    p.link.className = "link " + (v.online ? "on" : "off");
    p.link.title = v.last_seen_ms ? T("dashboard.link.last-seen", { At: clockTime(v.last_seen_ms) }) + (s.hall_err ? " · " + s.hall_err : "") : T("dashboard.link.never");
    // The head line is the match the clocks and the status show (a
    // decided match keeps its own round, teams and players); the current
    // round's pairing, when the table has not started it, is its next
    // match, on the line below.
    const pr = v.pairing, m = v.match;
    p.teams.textContent = m ? matchName(m, " · ") : (s.preset ? s.preset + " " + (s.control || "") : "");
    p.teams.title = p.teams.textContent;
    SEATS.forEach((seat, i) => {
      const c = s.clocks[i], k = p.clocks[i];
      const runs = live && v.online && c.running && s.status === "running";
      k.box.classList.toggle("running", runs);
      k.box.classList.toggle("turn", !runs && !!c.turn);
      k.box.classList.toggle("flagged", !!c.flagged);
      k.box.dataset.running = String(runs);
      k.box.dataset.flagged = String(!!c.flagged);
      // The name alone when there is one (the seat is the box's place
      // and colour, and its title): a short name is never cut for the
      // seat's label. Art 40: the seat's warnings; Art 44: who is at the
      // table while the match is called.
      const name = v.players && v.players[i] ? v.players[i] : "";
      const w = s.warnings ? s.warnings[i] : 0;
      const called = s.no_show && s.status === "ready";
      const marks = (w ? " ⚠" + w : "") + (called ? (s.no_show.arrived[i] ? T("dashboard.mark.here") : T("dashboard.mark.absent")) : "");
      k.who.textContent = (name || S(seat)) + marks;
      k.box.dataset.warnings = String(w || 0);
      k.who.title = S(seat) + (name ? " " + name : "") + marks;
    });
    p.al.replaceChildren(...v.alerts.map((a) => el("span", "tag " + a.kind, a.text)));
    let pt = "";
    if (pr) {
      pt = pr.sent ? T("dashboard.pairing.sent") : T("dashboard.pairing.not-sent", { Why: pr.err || T("dashboard.pairing.sending") });
      if (pr.next) pt = T("dashboard.pairing.next", { Match: matchName(pr, " "), State: pt });
      else if (pr.result) pt += T("dashboard.pairing.result", { Result: pr.result });
    }
    p.pairing.textContent = pt;
    p.pairing.title = pt;
    p.card.classList.toggle("hidden", $("attention").checked && !needsAttention(v));
    // A command's answer stays only while the table is as it answered:
    // online, the same status and match.
    const key = v.online + " " + s.status + " " + (s.match || "");
    if (p.msgKey !== undefined && p.msgKey !== key) { p.msg.textContent = ""; p.msg.className = "cmsg"; }
    p.msgKey = key;
  }

  // tick sets every clock's digits from its table's instant.
  function tick() {
    const now = Date.now();
    for (const [id, v] of tables) {
      const p = cards.get(id);
      if (!p) continue;
      for (let i = 0; i < 4; i++) {
        // A table never seen has no clocks: "—", not 0.0 (a flag).
        const t = v.last_seen_ms ? fmt(remaining(v, i, now)) : "—";
        const k = p.clocks[i];
        if (k.last !== t) { k.time.textContent = t; k.last = t; }
      }
      // A called match's countdown runs in its status line.
      if (v.snap.no_show && v.snap.status === "ready") {
        const word = statusOf(v)[0];
        if (p.st.textContent !== word) p.st.textContent = word;
      }
    }
    window.tandemHall.frames++;
    requestAnimationFrame(tick);
  }

  function drawCounts() {
    let online = 0, running = 0, attention = 0;
    for (const v of tables.values()) {
      if (v.online) online++;
      if (v.online && v.snap.status === "running") running++;
      if (needsAttention(v)) attention++;
    }
    $("counts").textContent = T("dashboard.counts", { Tables: tables.size, Online: online, Running: running, Attention: attention });
  }

  function drawAlerts() {
    const list = $("alerts");
    const open = alerts.filter((a) => !a.acked).length;
    $("alert-count").textContent = T("dashboard.alerts.count", { Open: open, All: alerts.length });
    $("ack-all").classList.toggle("hidden", !arbiter || open === 0);
    list.replaceChildren(...alerts.map((a) => {
      const li = el("li", "alert " + a.kind + (a.acked ? " acked" : "") + (a.active ? " active" : ""));
      li.id = "alert-" + a.id;
      li.dataset.table = a.table;
      li.dataset.kind = a.kind;
      const kind = T("dashboard.alert." + a.kind);
      li.append(el("span", "at", clockTime(a.at_ms)), el("b", "", a.table || T("dashboard.alerts.hub")), el("span", "kind", kind.startsWith("!") ? a.kind : kind), el("span", "text", a.text));
      if (!a.active) li.append(el("span", "dim", T("dashboard.alerts.cleared", { At: clockTime(a.cleared_ms) })));
      if (a.acked) li.append(el("span", "dim", " ✓ " + clockTime(a.acked_ms)));
      else if (arbiter) {
        const b = el("button", "", T("dashboard.alerts.ack"));
        b.type = "button";
        b.id = "ack-" + a.id;
        b.addEventListener("click", () => ack({ id: a.id }));
        li.append(b);
      }
      return li;
    }));
  }

  const num = (x) => (x === null || x === undefined ? "–" : String(x));
  function drawLists() {
    const tb = $("results");
    tb.replaceChildren(...results.map((r) => {
      const tr = el("tr", r.round ? "counted" : "uncounted");
      tr.dataset.table = r.table;
      tr.title = r.note || "";
      const cells = [r.round || "–", (r.number ? r.number + " " : "") + "(" + r.table + ")", r.team1, r.team2, r.result, RW(r.reason) + (r.decisive && r.decisive.length ? " " + r.decisive.map(S).join(", ") : ""), clockTime(r.wall_ms)];
      cells.forEach((c) => tr.append(el("td", "", String(c))));
      return tr;
    }));
    $("no-results").classList.toggle("hidden", results.length > 0);
    $("tourbox").classList.toggle("hidden", !tour);
    if (!tour) return;
    $("event").textContent = tour.name + " · " + (tour.round ? T("dashboard.tour.round", { Round: tour.round, Rounds: tour.rounds }) : T("dashboard.tour.no-pairing", { Rounds: tour.rounds }));
    // The standings count rounds 1 to the last with a recorded result.
    $("tour-round").textContent = tour.counted ? T("dashboard.tour.after", { Round: tour.counted }) : T("dashboard.tour.no-result");
    const sb = $("standings");
    sb.replaceChildren(...(standings || []).map((s) => {
      const tr = el("tr");
      [s.rank + (s.shared ? "=" : ""), s.team, s.players.join(" & "), s.points, num(s.direct_encounter), s.buchholz_cut1, s.buchholz, s.sonneborn_berger, s.wins]
        .forEach((c) => tr.append(el("td", "", String(c))));
      return tr;
    }));
    let ps = tour.round ? T("dashboard.tour.sent", { Round: tour.round, Sent: tour.sent, Tables: tour.tables }) : T("dashboard.tour.none");
    if (tour.byes.length) ps += T("dashboard.tour.bye", { Teams: tour.byes.join(", ") });
    if (tour.unplaced.length) ps += " · " + tour.unplaced.join("; ");
    $("pair-state").textContent = ps;
    const pr = $("pair-round");
    if (!pr.dataset.touched) pr.value = Math.min(tour.round + 1, tour.rounds);
    const se = $("save-err");
    se.textContent = tour.save_err || "";
    se.classList.toggle("hidden", !tour.save_err);
  }

  function setLive(on) {
    live = on;
    $("conn").textContent = on ? T("console.conn.live") : T("console.conn.reconnecting");
    $("conn").className = "conn " + (on ? "on" : "off");
    $("lost").classList.toggle("hidden", on);
    document.body.classList.toggle("offline", !on);
  }

  // --- the connection ---
  function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    sock = ws; sockSince = Date.now();
    ws.onopen = () => { backoff = 250; lastHeard = Date.now(); session(); };
    ws.onmessage = (m) => {
      if (sock !== ws) return;
      lastHeard = Date.now();
      const msg = JSON.parse(m.data);
      offset = lastHeard - msg.server_ms;
      window.tandemHall.received++;
      if (msg.type === "heartbeat") { if (!live) setLive(true); return; }
      if (msg.type === "state") { tables.clear(); cards.forEach((p) => p.card.remove()); cards.clear(); }
      if (!live) setLive(true);
      (msg.tables || []).forEach((v) => tables.set(v.id, v));
      (msg.tables || []).forEach((v) => drawTable(v.id));
      // Each table's events beep as its buzzer does (sound.js, once on).
      (msg.tables || []).forEach((v) => {
        const s = v.snap;
        if (!v.online || !s) return;
        window.tandemSound.follow(v.id, {
          match: s.match, status: s.status, seq: s.events, claim: !!s.claim,
          started: s.status === "running" || s.status === "paused" || !!s.started_ms,
          flag: s.status === "decided" && (s.reason === "flag" || s.reason === "simultaneous-flag"),
          press: /^press /.test(s.last_event || ""),
          clocks: (s.clocks || []).map((c) => ({ running: !!c.running, remaining_ms: c.ms })),
        });
      });
      if (msg.type === "state" && msg.tables) placeCards();
      if ("alerts" in msg) { alerts = msg.alerts; drawAlerts(); }
      if ("results" in msg) results = msg.results;
      if ("standings" in msg) standings = msg.standings;
      if ("tournament" in msg) tour = msg.tournament;
      if ("results" in msg || "standings" in msg || "tournament" in msg) drawLists();
      drawCounts();
    };
    ws.onclose = () => lost(ws);
  }
  function lost(ws) {
    if (sock !== ws) return;
    sock = null;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try { ws.close(); } catch (e) { /* already closed */ }
    if (live) frozenAt = lastHeard;
    setLive(false);
    window.tandemHall.lost++;
    tables.forEach((v, id) => drawTable(id));
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 2000);
  }
  setInterval(() => { if (sock && Date.now() - Math.max(lastHeard, sockSince) > SILENCE) lost(sock); }, 250);

  // --- requests ---
  async function post(path, body) {
    let r;
    try {
      r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
    } catch (e) {
      return { status: 0, body: { error: T("dashboard.err.no-answer") } };
    }
    let j = {};
    try { j = await r.json(); } catch (e) { /* no body */ }
    if (r.status === 403) setArbiter(false);
    return { status: r.status, body: j, retry: r.headers.get("Retry-After") || "" };
  }
  // loginRefusal says why a login (of a one-time code when code) failed:
  // the hub's own words on an English page (they count the wrong PINs),
  // the same in the page's language otherwise.
  function loginRefusal(r, code) {
    if (I.lang() === "en" && r.body.error) return r.body.error;
    if (r.status === 429) return code ? T("page.login.codes-wait") : T("page.login.locked", { Wait: r.retry || "?" });
    if (r.status === 401) return T(code ? "page.login.wrong-code" : "page.login.wrong-pin");
    return r.body.error || T("dashboard.login-failed");
  }
  // answer describes a table's answer to a command.
  function answer(r) {
    if (r.error) return T("dashboard.answer.failed", { Why: r.error });
    if (r.refused) return T("tui.last.refused", { Why: r.refused });
    if (r.ignored) return T("tui.last.ignored", { Why: r.ignored });
    return T("dashboard.answer.done") + (r.status ? " (" + T("status." + r.status) + ")" : "") + (r.notice ? " · " + r.notice : "");
  }
  async function command(id, action) {
    const msg = $("msg-" + id);
    if (action === "new") {
      // Two clicks: the first asks, the second (within 5 s) sends.
      const b = $("new-" + id);
      if (!b.dataset.armed) {
        b.dataset.armed = "1";
        b.textContent = T("dashboard.button.new-sure");
        setTimeout(() => { delete b.dataset.armed; b.textContent = T("dashboard.button.new"); }, 5000);
        return;
      }
      delete b.dataset.armed;
      b.textContent = T("dashboard.button.new");
    }
    msg.textContent = ACT(action) + "…";
    const r = await post("api/command", { table: id, action });
    msg.textContent = ACT(action) + ": " + (r.status === 200 ? answer(r.body) : T("dashboard.answer.failed", { Why: r.body.error || r.status }));
    msg.className = "cmsg " + (r.status === 200 && r.body.ok ? "ok" : "bad");
    const v = tables.get(id), p = cards.get(id);
    if (v && p) p.msgKey = v.online + " " + v.snap.status + " " + (v.snap.match || "");
  }
  async function all(action) {
    const out = $("all-result");
    out.textContent = T("dashboard.all.sending", { Action: ACT(action) });
    const r = await post("api/all", { action });
    if (r.status !== 200) { out.textContent = T("dashboard.all.failed", { Action: ACT(action), Why: r.body.error || r.status }); out.className = "allresult bad"; return; }
    const res = r.body;
    const bad = res.tables.filter((t) => t.error);
    let text = T("dashboard.all.answered", { Action: ACT(action), N: res.tables.length - bad.length, Of: res.tables.length });
    if (bad.length) text += T("dashboard.all.bad", { Tables: bad.map((t) => t.table + " (" + t.error.replace(/^hall: /, "") + ")").join("; ") });
    const refused = res.tables.filter((t) => !t.error && t.refused);
    if (refused.length) text += T("dashboard.all.refused", { Tables: refused.map((t) => t.table + " (" + t.refused + ")").join("; ") });
    out.textContent = text;
    out.className = "allresult " + (bad.length ? "bad" : "ok");
    res.tables.forEach((t) => { const m = $("msg-" + t.table); if (m) { m.textContent = action + ": " + answer(t); m.className = "cmsg " + (t.error ? "bad" : "ok"); } });
  }
  async function ack(body) { await post("api/ack", body); }

  function setArbiter(on) {
    arbiter = on;
    $("login").classList.toggle("hidden", on);
    $("arbiter").classList.toggle("hidden", !on);
    document.querySelectorAll(".arb-only").forEach((e) => e.classList.toggle("hidden", !on));
    drawAlerts(); // after: "Acknowledge all" only with an open alert
  }
  async function session() {
    try {
      const r = await fetch("api/session", { credentials: "same-origin" });
      setArbiter(!!(await r.json()).arbiter);
    } catch (e) { /* the socket will reconnect */ }
  }

  $("login").addEventListener("submit", async (e) => {
    e.preventDefault();
    const m = $("login-msg");
    // Digits are the PIN; letters the one-time code tandem-hall prints.
    const v = $("pin").value.trim(), code = /[a-z]/i.test(v);
    const r = await post("api/login", code ? { code: v } : { pin: v });
    $("pin").value = "";
    if (r.status === 200) { m.classList.add("hidden"); setArbiter(true); return; }
    m.textContent = loginRefusal(r, code);
    m.className = "loginmsg bad";
  });
  $("logout").addEventListener("click", async () => { await post("api/logout", {}); setArbiter(false); });
  $("pause-all").addEventListener("click", () => all("pause"));
  $("resume-all").addEventListener("click", () => all("resume"));
  $("call-all").addEventListener("click", () => all("call"));
  $("ack-all").addEventListener("click", () => ack({ all: true }));
  $("attention").addEventListener("change", () => tables.forEach((v, id) => drawTable(id)));
  $("pair-round").addEventListener("input", (e) => { e.target.dataset.touched = "1"; });
  let fileName = "";
  $("pair-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    fileName = f.name;
    $("pair-text").value = await f.text();
    $("pair-format").value = /\.csv$/i.test(f.name) ? "csv" : "engine";
  });
  $("pair-text").addEventListener("input", () => { fileName = ""; });
  $("pairing").addEventListener("submit", async (e) => {
    e.preventDefault();
    const fmtSel = $("pair-format").value;
    let name = fileName || "pasted";
    if (fmtSel === "csv" && !/\.csv$/i.test(name)) name += ".csv";
    if (fmtSel === "engine" && /\.csv$/i.test(name)) name += ".txt";
    const m = $("pair-msg");
    const req = { round: Number($("pair-round").value) || 0, name, data: $("pair-text").value };
    let r = await post("api/pairings", req);
    // A round with results is replaced only when the arbiter confirms.
    if (r.status === 409 && /already has results/.test(r.body.error || "") && confirm(r.body.error + "\n\n" + T("dashboard.pair.replace"))) {
      r = await post("api/pairings", { ...req, replace: true });
    }
    if (r.status !== 200) { m.textContent = T("dashboard.pair.not-uploaded", { Why: r.body.error || r.status }); m.className = "pairmsg bad"; return; }
    const res = r.body;
    m.textContent = T("dashboard.pair.uploaded", { Round: res.round, Tables: res.tables.length }) +
      res.tables.filter((t) => t.note).map((t) => T("dashboard.pair.note", { Table: t.number, Note: t.note })).join("") +
      (res.byes.length ? T("dashboard.tour.bye", { Teams: res.byes.join(", ") }) : "") +
      (res.absent.length ? T("dashboard.pair.absent", { Teams: res.absent.join(", ") }) : "");
    m.className = "pairmsg ok";
    $("pair-round").dataset.touched = "";
  });

  // The language: the switch's, the hall's configuration or the
  // browser's (i18n.js); a change redraws every card and list. The
  // sounds: each table's events, once the switch is on (sound.js).
  I.onChange(() => {
    cards.forEach((p) => p.card.remove());
    cards.clear();
    tables.forEach((v, id) => drawTable(id));
    placeCards();
    drawAlerts(); drawLists(); drawCounts();
    setLive(live);
  });
  window.tandemSound.init({ button: $("sound-toggle"), click: $("sound-clicks") });
  I.init({ switch: $("lang-switch") }).catch(() => {}).finally(() => {
    connect();
    requestAnimationFrame(tick);
  });
})();
