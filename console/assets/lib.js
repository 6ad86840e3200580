// tandem console, the page's pure helpers (app.js uses them): the clock
// displays' time format and the board drawn as SVG. Nothing here holds
// state or touches the page but the element it is given.
"use strict";
window.tandemLib = (function () {
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
  return { two, fmt, signed, wallTime, matchTime, pieceSVG, drawBoard };
})();
