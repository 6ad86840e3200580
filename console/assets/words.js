// tandem console, the page's words (app.js and sheet.js use them), from
// internal/pagekit's i18n.js: T a message, TN one with plural forms, S a
// seat's name, RW a reason's words (the record's word in English, as the
// page has always written it), RS a reason in words, W a board's state or
// a reason in words (else as it is), ACT an action's name.
"use strict";
window.tandemWords = (function () {
  const I = window.tandemI18n;
  const T = (id, d) => I.t(id, d), TN = (id, n, d) => I.tn(id, n, d);
  const S = (seat) => (seat ? T("seat." + seat) : "");
  const RW = (r) => (I.lang() === "en" || !r ? r : T(r === "other" ? "reason.other-claim" : "reason." + r));
  const RS = (r) => (!r ? r : T(r === "other" ? "reason.other-claim" : "reason." + r));
  const W = (r) => { const x = T("reason." + r); return x.startsWith("!") ? r : x; };
  const ACT = (a) => T("console.action." + a);
  return { I, T, TN, S, RW, RS, W, ACT };
})();
