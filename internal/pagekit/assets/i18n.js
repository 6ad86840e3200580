// tandem's page languages (package internal/pagekit): the texts of the
// go-i18n catalogs (GET /kit/i18n/LANG.json), keyed like the Go side's
// messages, and the language switch. window.tandemI18n:
//
//   await tandemI18n.init({switch: element})  choose, load, apply, draw the switch
//   t(id, data)        the message in the page's language, {{.Name}} filled from data
//   tn(id, n, data)    the same with plural forms: ID.one for n = 1 (CLDR's rule
//                      for English and Spanish), else ID; {{.N}} is n
//   apply(root)        fill every [data-i18n] and [data-i18n-attr] under root
//   set(lang)          switch (kept in localStorage), then the onChange callbacks
//   lang(), onChange(fn)  fn(lang) once init has chosen, and after each switch
//
// The choice: the switch's, else the configuration's (lang.json's
// "configured"), else the browser's (navigator.languages, then the
// request's Accept-Language as the server matched it), else English. A
// message missing in the language is its English; an ID no catalog has is
// "!id", as Printer.T writes it.
"use strict";
window.tandemI18n = (function () {
  const KEY = "tandem.lang";
  let langs = ["en", "es"];
  let cur = "en";
  let cat = {}, en = {};
  const changed = [];
  let sw = null;

  async function fetchJSON(url) {
    const r = await fetch(url, { cache: "no-cache" });
    if (!r.ok) throw new Error(url + ": " + r.status);
    return r.json();
  }

  function fill(s, data) {
    return s.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (m, k) => (data && data[k] !== undefined && data[k] !== null ? String(data[k]) : m));
  }

  function t(id, data) {
    const s = cat[id] !== undefined ? cat[id] : en[id];
    return s === undefined ? "!" + id : fill(s, data);
  }

  function tn(id, n, data) {
    const d = Object.assign({ N: n }, data || {});
    if (n === 1 && (cat[id + ".one"] !== undefined || en[id + ".one"] !== undefined)) return t(id + ".one", d);
    return t(id, d);
  }

  // apply fills root's [data-i18n] elements' text and the attributes
  // [data-i18n-attr] names ("placeholder=console.san,title=console.x").
  function apply(root) {
    root = root || document;
    root.querySelectorAll("[data-i18n]").forEach((e) => { e.textContent = t(e.dataset.i18n); });
    root.querySelectorAll("[data-i18n-attr]").forEach((e) => {
      e.dataset.i18nAttr.split(",").forEach((pair) => {
        const [attr, id] = pair.split("=");
        if (attr && id) e.setAttribute(attr.trim(), t(id.trim()));
      });
    });
    if (root === document) document.documentElement.lang = cur;
  }

  function drawSwitch() {
    if (!sw) return;
    sw.replaceChildren();
    langs.forEach((l) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "lang-" + l;
      b.textContent = l.toUpperCase();
      b.title = t("page.lang." + l);
      b.className = l === cur ? "on" : "";
      b.setAttribute("aria-pressed", String(l === cur));
      b.addEventListener("click", () => set(l));
      sw.append(b);
    });
  }

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function fromNavigator() {
    for (const l of navigator.languages || [navigator.language || ""]) {
      const base = String(l).toLowerCase().split("-")[0];
      if (langs.includes(base)) return base;
    }
    return "";
  }

  async function load(l) {
    cat = l === "en" ? en : await fetchJSON("/kit/i18n/" + l + ".json");
    cur = l;
  }

  async function set(l) {
    if (!langs.includes(l)) return;
    try { localStorage.setItem(KEY, l); } catch (e) { /* private mode: this page only */ }
    await load(l);
    apply(document);
    drawSwitch();
    changed.forEach((fn) => fn(cur));
  }

  async function init(opts) {
    sw = (opts && opts.switch) || null;
    let info = { configured: "", browser: "", langs: langs };
    try { info = await fetchJSON("/kit/lang.json"); } catch (e) { /* the defaults */ }
    langs = info.langs && info.langs.length ? info.langs : langs;
    en = await fetchJSON("/kit/i18n/en.json");
    const pick = [stored(), info.configured, fromNavigator(), info.browser, "en"].find((l) => l && langs.includes(l));
    await load(pick);
    apply(document);
    drawSwitch();
    changed.forEach((fn) => fn(cur));
    return cur;
  }

  return { init, t, tn, apply, set, lang: () => cur, onChange: (fn) => changed.push(fn) };
})();
