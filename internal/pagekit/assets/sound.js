// tandem's page sounds (package internal/pagekit): the buzzer's patterns
// (GET /kit/sounds.json: package sound's, in ms) played with Web Audio, a
// square wave at the buzzer's frequency gated beep by beep. Off until the
// page's switch is clicked: a browser starts an AudioContext only after a
// gesture, and a page that beeps unasked is a nuisance. window.tandemSound:
//
//   await tandemSound.init({button: element, click: element})
//                        the switch (sound on / off) and the optional
//                        click-per-press switch
//   follow(key, state)   the events between key's last state and this one
//                        (as package sound's Follow finds them on the
//                        table's snapshots), played when on; returns them
//   play(event)          one event's pattern, when on
//   on(), played, schedule
//
// state: {match, status ("ready" | "running" | "paused" | "decided"),
// started, claim (a claim is pending), flag (decided by a flag), seq,
// press (the last event was a press the rules took), clocks: [{running,
// remaining_ms}], low_ms (0: the served default)}.
"use strict";
window.tandemSound = (function () {
  let patterns = {}, lowMs = 10000, freq = 2000;
  let ctx = null, enabled = false, clicks = false;
  let button = null, clickBox = null;
  const prevs = new Map(); // key -> {state, warned}
  // played lists what was played ({event, at}: at in the AudioContext's
  // seconds); schedule, each beep's [start, end] in ms from its pattern's
  // start: what the tests read.
  const played = [], schedule = [];
  const T = (id) => (window.tandemI18n ? window.tandemI18n.t(id) : id);

  function draw() {
    if (button) {
      button.textContent = enabled ? T("page.sound.on") : T("page.sound.off");
      button.setAttribute("aria-pressed", String(enabled));
      button.className = enabled ? "on" : "";
      button.dataset.state = enabled ? "on" : "off";
    }
    if (clickBox) clickBox.classList.toggle("hidden", !enabled);
  }

  async function toggle() {
    if (!enabled) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      if (!ctx) ctx = new AC();
      if (ctx.state !== "running") await ctx.resume();
      enabled = true;
    } else {
      enabled = false;
    }
    draw();
  }

  async function init(opts) {
    button = (opts && opts.button) || null;
    clickBox = (opts && opts.click) || null;
    try {
      const r = await fetch("/kit/sounds.json", { cache: "no-cache" });
      const s = await r.json();
      patterns = s.patterns || {};
      lowMs = s.low_time_ms || lowMs;
      freq = s.frequency || freq;
    } catch (e) { /* no sounds */ }
    if (button) button.addEventListener("click", toggle);
    if (clickBox) {
      const box = clickBox.querySelector("input") || clickBox;
      box.addEventListener("change", () => { clicks = !!box.checked; });
    }
    if (window.tandemI18n) window.tandemI18n.onChange(draw);
    draw();
  }

  // play schedules event's pattern from now: the oscillator runs for the
  // pattern's length, its gain 1 during each beep and 0 between.
  function play(event) {
    const pat = patterns[event];
    if (!enabled || !ctx || !pat) return false;
    if (event === "press" && !clicks) return false;
    const t0 = ctx.currentTime + 0.01;
    const osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.type = "square";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0, t0);
    let at = 0;
    const beeps = [];
    for (const b of pat) {
      gain.gain.setValueAtTime(0.2, t0 + at / 1000);
      gain.gain.setValueAtTime(0, t0 + (at + b.on) / 1000);
      beeps.push([at, at + b.on]);
      at += b.on + b.off;
    }
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + at / 1000 + 0.05);
    played.push({ event, at: t0 });
    schedule.push({ event, beeps });
    return true;
  }

  // follow finds the events between key's last state and s, in the order
  // they are played: a flag or a claim before the rest.
  function follow(key, s) {
    const p = prevs.get(key);
    if (!p || p.state.match !== s.match) {
      const warned = [false, false, false, false];
      prevs.set(key, { state: s, warned });
      if (!p || s.status !== "running") return [];
      p.warned = warned;
    }
    const prev = p.state, evs = [];
    if (s.status === "decided" && prev.status !== "decided" && s.flag) evs.push("flag");
    else if (s.claim && !prev.claim) evs.push("claim");
    else if (s.status === "running" && !prev.started) evs.push("start");
    else if (s.status === "paused" && prev.status === "running") evs.push("pause");
    if (s.seq !== prev.seq && s.press && s.status === "running") evs.push("press");
    const low = s.low_ms || lowMs;
    if (s.status === "running" && low > 0) {
      (s.clocks || []).forEach((c, i) => {
        if (c.running && c.remaining_ms < low && !p.warned[i]) {
          p.warned[i] = true;
          evs.push("low-time");
        }
      });
    }
    prevs.set(key, { state: s, warned: p.warned });
    evs.forEach(play);
    return evs;
  }

  return { init, follow, play, toggle, on: () => enabled, played, schedule };
})();
