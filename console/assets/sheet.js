// tandem console, the scoresheet: both boards drawn as SVG with their
// reserves, the arbiter's move entry (typed, or a piece then its square,
// a reserve piece then a square to drop), and the claim view. app.js
// makes it with its context (tandemSheet(ctx)) and calls drawSheets and
// drawClaim on each view, and rebuild when the page's language changes.
"use strict";
window.tandemSheet = function (ctx) {
  const $ = (id) => document.getElementById(id);
  const { el, SEATS } = ctx;
  const { pieceSVG, drawBoard } = window.tandemLib;
  const { T, S, RS, W } = window.tandemWords;

  // chips shows a reserve as piece + count; pick makes them clickable.
  const ORDER = ["Q", "R", "B", "N", "P"];
  // label, when set, names the seat before the pieces (the scoresheet's
  // rows, away from the clock that names it).
  function chips(box, seat, res, pick, selected, label) {
    const white = seat.endsWith("white");
    const list = ORDER.filter((k) => res && res[k] > 0).map((k) => {
      const c = el("span", "chip" + (pick ? " pick" : "") + (selected === k ? " sel" : ""));
      c.dataset.seat = seat; c.dataset.piece = k; c.dataset.count = String(res[k]);
      c.title = S(seat) + ": " + res[k] + " " + k;
      c.append(pieceSVG(white ? k : k.toLowerCase()), document.createTextNode("×" + res[k]));
      if (pick) c.onclick = () => pickDrop(seat, k);
      return c;
    });
    const none = list.length ? list : [el("span", "dim", T("console.sheet.none"))];
    box.replaceChildren(...(label ? [el("span", "rlabel", T("console.reserve-of", { Seat: S(seat) })), ...none] : none));
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
  // rebuild makes the sheets again (a new language); the next view draws
  // them.
  function rebuild() {
    BOARDS.forEach((b) => $("sheet-" + b).replaceChildren());
    BOARDS.forEach(buildSheet);
  }

  function sheetMsg(b, text, refused) {
    const m = $("msg-" + b);
    m.textContent = text;
    m.className = "msg " + (refused ? "refused" : "ok");
  }
  function legalOf(b) { const i = BOARDS.indexOf(b); return (ctx.view() && ctx.view().moves[i].legal) || []; }
  function toMove(b) { return ctx.view() ? ctx.view().moves[BOARDS.indexOf(b)].to_move : ""; }
  function canEnter() { return ctx.arbiter() && ctx.view() && ctx.view().started; }

  function pickDrop(seat, k) {
    const b = seat[0];
    if (!canEnter() || toMove(b) !== seat) return;
    sel[b] = sel[b] && sel[b].drop === k ? null : { drop: k };
    drawSheets(ctx.view());
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
    drawSheets(ctx.view());
  }
  function choosePromotion(b, ucis) {
    const p = $("promo-" + b);
    p.replaceChildren(el("span", "dim", T("console.sheet.promote")), ...["q", "r", "n", "b"].filter((k) => ucis.some((u) => u.endsWith(k))).map((k) => {
      const bt = el("button", "", k.toUpperCase()); bt.type = "button"; bt.id = "promo-" + b + "-" + k;
      bt.onclick = () => { p.classList.add("hidden"); enterMove(b, ucis.find((u) => u.endsWith(k)), false); };
      return bt;
    }));
    p.classList.remove("hidden");
    drawSheets(ctx.view());
  }
  // The arbiter's requests, with the session check of act.
  async function movePost(path, body, what) {
    const r = await ctx.post(path, body);
    if (r.status === 401 || r.status === 403) { await ctx.session(true); ctx.sessionEnded(what); return null; }
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
    if (ctx.view()) drawSheets(ctx.view());
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
        chips($("res-" + seat), seat, v.reserves[SEATS.indexOf(seat)], pick, s && s.drop && bm.to_move === seat ? s.drop : "", true);
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
      $("san-" + b).disabled = $("enter-" + b).disabled = !v.started;
      $("takeback-" + b).disabled = !v.started || bm.moves.length === 0; // nothing to take back
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
    const c = ctx.view() && ctx.view().claim;
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
    chips($("claim-res-top"), TOP[c.board], p.reserves[SEATS.indexOf(TOP[c.board])], false, "", true);
    chips($("claim-res-bottom"), BOTTOM[c.board], p.reserves[SEATS.indexOf(BOTTOM[c.board])], false, "", true);
    const at = p.last ? T("console.claimview.after", { Move: p.last.number + ". " + p.last.san, Seat: S(p.last.seat) }) : T("console.claimview.before-first");
    const next = p.next ? T("console.claimview.next", { Move: p.next.number + ". " + p.next.san }) : "";
    $("claim-pos").textContent = T("console.claimview.pos", { Board: c.board, At: at, Ply: p.ply, Moves: p.moves, Seat: S(p.to_move) }) +
      (p.status !== "ongoing" ? " (" + W(p.status) + ")" : p.in_check ? T("console.claimview.in-check") : "") + next + ".";
    $("claim-prev").disabled = p.ply === 0;
    $("claim-next").disabled = $("claim-last").disabled = p.ply >= p.moves;
  }
  $("claim-prev").onclick = () => { claimPly = Math.max(0, claimPly - 1); loadClaim(); };
  $("claim-next").onclick = () => { claimPly++; loadClaim(); };
  $("claim-last").onclick = () => { if (ctx.view() && ctx.view().claim) { claimPly = ctx.view().moves[BOARDS.indexOf(ctx.view().claim.board)].moves.length; loadClaim(); } };
  $("claim-test-form").onsubmit = async (e) => {
    e.preventDefault();
    const c = ctx.view() && ctx.view().claim, text = $("claim-move").value.trim();
    if (!c || !text) return;
    const res = await movePost("/api/test", { board: c.board, ply: claimPly, move: text }, T("console.claimview.what-test", { Move: text }));
    if (!res) return;
    const v = $("claim-verdict");
    v.textContent = text + " — " + res.verdict;
    v.className = "verdict " + (res.ok ? "legal" : "illegal");
  };

  return { drawSheets, drawClaim, rebuild };
};
