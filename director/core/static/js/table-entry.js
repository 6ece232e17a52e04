// The table's entry page (templates/table/entry.html): live 208 check and scores as the players
// type (window.CalypsoScores from scores.js: the one check, shared with the director's pages),
// confirm / dispute, and a quiet poll so a second phone sees the sheet as soon as it is sent.
// The sheet's form is its kind's (director.sheets): data-send="json" is a 208-card sheet, read here
// and sent as JSON; data-send="boxes" is a pad, made live by the kind's own script and sent as its
// boxes, as the plain form would send them.
// The page survives the venue's wifi, as a Bridgemate does: what is typed (and the side) is kept
// on the phone per table link and game until the server has the sheet; a sheet sent without a
// connection is kept on the phone and sent by itself when the connection returns, always with the
// same idempotency key, so the server writes it once however many times it arrives.
// What happens to the sheet is said beside the Send button, where the player looks (#send-state),
// and the button says it too: Send is offered once the sheet adds up (the live check: so Enter in
// the side's radio posts no empty sheet), a pad with fewer hands than the event's asks first, a
// sheet kept offline turns the button into "Kept — will send".
// Once opened, the page opens offline too: a service worker (templates/table/worker.js) keeps it
// and its static files for this table's link.
// The server decides everything; without this file the page still works with plain form posts.
(function () {
  "use strict";
  var stateNode = document.getElementById("table-state");
  if (!stateNode) return;
  var state = JSON.parse(stateNode.textContent);
  var S = window.CalypsoScores;
  var form = document.querySelector("form[data-send]");
  // A pad's script (the kind's) runs after this file: a draft restored here shows when the pad starts.
  var asBoxes = !!form && form.dataset.send === "boxes";
  var errorsBox = document.getElementById("js-errors");
  var noteBox = document.getElementById("phone-note");
  var SECTION = { cal: "calypsos", unf: "unfinished", pile: "trick_piles", rev: "revokes" };
  var FLASH = "calypso-table-flash";
  // localStorage, per table link (the path holds the table's token): the typed sheet of each game,
  // and the one sheet waiting to be sent.
  var DRAFT = "calypso-table-draft:" + location.pathname + ":";
  var OUTBOX = "calypso-table-outbox:" + location.pathname;
  var KEPT = "Kept on this phone — will send when the wifi is back.";
  var sendButton = document.getElementById("send");
  var sendLabel = sendButton ? sendButton.textContent : "";
  var sendState = document.getElementById("send-state");  // beside the button
  var noun = asBoxes ? "pad" : "sheet";

  function uuid() {
    // crypto.randomUUID needs a secure context (https or localhost); a venue laptop on plain http
    // still has getRandomValues, so build the same version-4 UUID from it.
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    // A page with no form left on it (the game is confirmed) still sends a kept sheet: the cookie.
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function store(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); return true; } catch (e) { return false; }
  }
  function forget(key) { try { localStorage.removeItem(key); } catch (e) { /* private mode */ } }

  function words(problem) { return S && S.words ? S.words(problem) : problem; }

  function showErrors(lines) {
    errorsBox.innerHTML = "";
    (lines || []).forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = words(line);
      errorsBox.appendChild(li);
    });
    errorsBox.hidden = !lines || !lines.length;
    if (lines && lines.length) errorsBox.scrollIntoView({ block: "nearest" });
  }

  function note(text, kind) {
    if (!noteBox) return;
    noteBox.textContent = text || "";
    noteBox.dataset.kind = kind || "";
    noteBox.hidden = !text;
  }

  function flashThenReload(flash) {
    try { sessionStorage.setItem(FLASH, JSON.stringify(flash)); } catch (e) { /* private mode */ }
    location.replace(location.pathname);
  }

  try {
    var flash = JSON.parse(sessionStorage.getItem(FLASH) || "null");
    if (flash) {
      sessionStorage.removeItem(FLASH);
      if (flash.errors && flash.errors.length) showErrors(flash.errors);
      if (flash.note) note(flash.note, flash.kind);
    }
  } catch (e) { /* private mode */ }

  // --- one request, retried by the caller ----------------------------------------------------------
  // Resolves with the server's answer; rejects when there was none to act on (no connection, a
  // timeout, a busy or failing server): the same request may then simply be sent again.
  function post(url, body, asBoxes) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, 15000) : null;
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: asBoxes ? { "Accept": "application/json", "X-CSRFToken": csrf() }
        : { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf() },
      body: asBoxes ? new URLSearchParams(body) : JSON.stringify(body),
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (timer) clearTimeout(timer);
      if (response.status >= 500 || response.status === 429) throw new Error("server busy (" + response.status + ")");
      return response.json().catch(function () {
        return { error: "the server refused the request (" + response.status + ")" };
      }).then(function (data) { return { status: response.status, data: data }; });
    }, function (error) {
      if (timer) clearTimeout(timer);
      throw error;
    });
  }

  function sleep(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  // Confirm and dispute: a few quick retries of the very same request, then the players press again.
  function send(url, body) {
    var attempt = 0, delays = [0, 500, 1000, 2000, 4000, 8000];
    function once() {
      attempt++;
      return post(url, body).catch(function (error) {
        if (attempt >= delays.length || navigator.onLine === false) throw error;
        return sleep(delays[attempt]).then(once);
      });
    }
    return once();
  }

  // --- the live check ----------------------------------------------------------------------------
  function sheetOf() {
    var sheet = { calypsos: {}, unfinished: {}, trick_piles: {}, revokes: {} };
    form.querySelectorAll("input[name]").forEach(function (input) {
      var parts = input.name.split("-");
      if (parts.length === 2 && SECTION[parts[0]]) sheet[SECTION[parts[0]]][parts[1]] = input.value;
    });
    return sheet;
  }

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function gradeOf(total) {
    var node = document.getElementById("grade-ranges"), bands = node ? JSON.parse(node.textContent) : [];
    var found = bands.filter(function (b) { return total >= b.floor && (b.below === null || total < b.below); })[0];
    return found ? found.name : "–";
  }

  function update() {
    if (!S || asBoxes) return;
    var sheet = sheetOf();
    var live = document.getElementById("live");
    // the kind's check in its seats (a table of three: its variant's, scores.js checkSheet)
    var result = S.checkSheet(state.check, sheet, state.seats);
    var deck = result.deck || S.DECK;
    var typed = typedSomething();
    var check = live.querySelector("[data-role=check]"), list = live.querySelector("[data-role=problems]");
    live.classList.remove("ok", "bad");
    list.innerHTML = "";
    var scored = null;
    if (!typed) {
      check.textContent = "Type the sheet: the " + deck + "-card check and the scores appear here.";
    } else if (result.problems.length) {
      live.classList.add("bad");
      check.textContent = "✗ " + result.total + (result.complete ? " of " + deck + " cards" : " cards so far");
      result.problems.forEach(function (p) { var li = document.createElement("li"); li.textContent = words(p); list.appendChild(li); });
    } else if (!result.complete) {
      check.textContent = result.total + " of " + deck + " cards so far (" + result.blanks + " to fill)";
    } else {
      live.classList.add("ok");
      check.textContent = "✓ " + deck + " cards";
      scored = S.scoreSheet(state.check, sheet, state.seats);
    }
    live.dataset.live = !typed ? "blank" : result.problems.length ? "bad" : result.complete ? "ok" : "partial";
    ["majors", "minors"].forEach(function (k) {
      var node = live.querySelector("[data-role=" + k + "]");
      if (node) node.textContent = scored ? scored[k] : "–";
    });
    var net = live.querySelector("[data-role=net]");
    if (net) net.textContent = scored ? signed(scored.net) : "–";
    // a coöp table: its total and the grade of the event's band it reaches (sheets/phone.html)
    var total = live.querySelector("[data-role=total]"), grade = live.querySelector("[data-role=grade]");
    if (total) total.textContent = scored ? scored.majors + scored.minors : "–";
    if (grade) grade.textContent = scored ? gradeOf(scored.majors + scored.minors) : "–";
    form.querySelectorAll("td.points").forEach(function (td) {
      // a table of three shows each player's total (its variant's: scores.js scoreSheet)
      var points = scored ? scored.points[td.dataset.seat] : "";
      td.textContent = points === undefined ? "" : points;
    });
  }

  // --- what is typed stays on the phone (reload, locked screen, lost connection) ------------------
  // The boxes a draft keeps: every box of the sheet's form (a pad's selects too), not its hidden
  // fields nor the side (kept apart).
  function typedBoxes() {
    return Array.prototype.slice.call(form.querySelectorAll("input[name]:not([type=hidden]):not([type=radio]), select[name]"));
  }

  // The side entering the sheet: the radio chosen at a table's link, or — on the player's own
  // page, where the seating says it — the hidden field beside "You are ♠ (spades) with …".
  function chosenSide() {
    return form.querySelector("input[name=side]:checked, input[type=hidden][name=side]");
  }

  function saveDraft() {
    var values = {}, side = chosenSide();
    typedBoxes().forEach(function (input) { values[input.name] = input.value; });
    store(DRAFT + state.round, { side: side ? side.value : "", values: values });
  }

  function restoreDraft() {
    var draft = load(DRAFT + state.round);
    if (!draft) return;
    typedBoxes().forEach(function (input) {
      if (draft.values && Object.prototype.hasOwnProperty.call(draft.values, input.name)) input.value = draft.values[input.name];
    });
    var side = draft.side && form.querySelector("input[name=side][value=" + draft.side + "]");
    if (side) side.checked = true;
  }

  function forgetDrafts(keep) {
    // The game's sheet is on the server (or the game has moved on): its draft has done its work.
    try {
      for (var i = localStorage.length - 1; i >= 0; i--) {
        var key = localStorage.key(i);
        if (key && key.indexOf(DRAFT) === 0 && key !== DRAFT + keep) localStorage.removeItem(key);
      }
    } catch (e) { /* private mode */ }
  }

  // --- the outbox: one sheet waiting to be sent, with its idempotency key -------------------------
  var sending = false, retryTimer = null, retryDelay = 2000;

  var unstored = null;  // the outbox when the phone keeps nothing (private mode): this page only
  function pending() { return load(OUTBOX) || unstored; }
  function keep(item) { unstored = store(OUTBOX, item) ? null : item; }
  function unqueue() { unstored = null; forget(OUTBOX); }

  // The key belongs to one sheet: sending the same sheet again (after a reload, or when the wifi is
  // back) reuses it, so the server answers with the first result instead of writing a second one.
  function keyFor(text) {
    var kept = pending();
    return kept && kept.text === text ? kept.body.idempotency_key : uuid();
  }

  // --- the Send button and the line beside it ------------------------------------------------------
  // A kept sheet of this very game is said beside its button; one of another game (the page has
  // moved on) at the top of the page.
  function keptHere() {
    var kept = pending();
    return !!(kept && sendButton && String(kept.body.round) === String(state.round));
  }

  function beside(text, kind) {
    if (!sendState) { note(text, kind); return; }
    sendState.textContent = text || "";
    sendState.dataset.kind = kind || "";
    // what the player must read now comes into view under the button they pressed
    if (text && kind !== "wait" && sendState.scrollIntoView) sendState.scrollIntoView({ block: "nearest" });
  }

  function padRoot() { return form ? form.querySelector("[data-pad]") : null; }

  // The live check's verdict: "ok", "partial", "bad" or "blank"; "unknown" when no check ran (the
  // pad's own script did not load), when the server's check is the only one.
  function checked() {
    var node = asBoxes ? padRoot() : document.getElementById("live");
    if (!node || node.dataset.live === undefined) return "unknown";
    return node.dataset.live;
  }

  // The hands typed on a pad (each hand's fieldset says whether it is blank).
  function handsTyped(root) {
    return Array.prototype.filter.call(root.querySelectorAll(".pad-hand"), function (hand) {
      return !hand.hidden && hand.dataset.live && hand.dataset.live !== "blank";
    }).length;
  }

  function refreshSend() {
    if (!sendButton || sending) return;
    sendButton.classList.remove("kept");
    if (keptHere()) {
      sendButton.disabled = false;  // pressing again sends it now (the same key)
      sendButton.textContent = "Kept — will send";
      sendButton.classList.add("kept");
      return;
    }
    var verdict = checked(), ok = verdict === "ok" || verdict === "unknown";
    sendButton.disabled = !ok;
    if (!ok) delete sendButton.dataset.ask;
    sendButton.textContent = sendButton.dataset.ask ? askLabel(Number(sendButton.dataset.ask)) : sendLabel;
    if (!ok) {
      beside(verdict === "blank" ? "Send is offered once the " + noun + " is typed and adds up."
        : "Send is offered once the " + noun + " adds up: see the check above.", "wait");
    } else if (sendState && ["wait", "ask", "bad"].indexOf(sendState.dataset.kind) >= 0 && !sendButton.dataset.ask) {
      beside("");  // what it said no longer holds
    }
  }

  function askLabel(typed) { return "Send " + typed + " hand" + (typed === 1 ? "" : "s") + " anyway"; }

  // A pad with fewer hands typed than the event's asks once before it is sent (true: asked now).
  function askFirst() {
    var root = padRoot();
    if (!root || !sendButton) return false;
    var want = parseInt(root.dataset.hands, 10) || 0, typed = handsTyped(root);
    if (!want || typed >= want || sendButton.dataset.ask === String(typed)) return false;
    sendButton.dataset.ask = String(typed);
    sendButton.textContent = askLabel(typed);
    beside("Only " + typed + " of the " + want + " hands " + (typed === 1 ? "is" : "are") + " typed. Press “" +
      askLabel(typed) + "” to send the pad as it is, or add the hands still to type.", "ask");
    return true;
  }

  function setSending(on) {
    if (!sendButton) return;
    if (on) {
      sendButton.disabled = true;
      if (keptHere()) sendButton.textContent = "Sending…";  // not when it is another game's sheet
    } else {
      sendButton.disabled = false;
      refreshSend();
    }
  }

  function keptOnPhone() {
    if (keptHere()) {
      note("");
      beside(KEPT, "kept");
      refreshSend();
    } else {
      note(KEPT, "kept");
    }
  }

  function flush() {
    var kept = pending();
    if (!kept || sending) return;
    clearTimeout(retryTimer);
    if (navigator.onLine === false) { keptOnPhone(); return; }  // the online event sends it
    sending = true;
    setSending(true);
    if (keptHere()) {
      if (!sendState || sendState.dataset.kind !== "kept") beside("Sending…", "sending");
    } else if (!noteBox || noteBox.dataset.kind !== "kept") {
      note("Sending…", "sending");
    }
    post(kept.url, kept.body, kept.boxes).then(function (answer) {
      sending = false;
      unqueue();
      if (answer.status === 200 || answer.status === 201) {
        forget(DRAFT + kept.body.round);  // the server has this game's sheet
        flashThenReload({ note: "Sent ✓ — the opponents check it and confirm.", kind: "sent" });
        return;
      }
      if (answer.status === 409) { flashThenReload({ errors: [answer.data.error] }); return; }
      // Refused (nothing was written): the boxes are still there to put right.
      setSending(false);
      note("");
      beside("");
      showErrors(answer.data.problems && answer.data.problems.length ? answer.data.problems : [answer.data.error]);
    }, function () {
      sending = false;
      keptOnPhone();
      setSending(false);
      retryTimer = setTimeout(flush, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 30000);
    });
  }

  window.addEventListener("online", function () { retryDelay = 2000; flush(); });
  window.addEventListener("offline", function () { if (pending()) keptOnPhone(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) flush(); });

  if (state.status === "confirmed") forgetDrafts(null);
  else if (state.round) forgetDrafts(state.round);

  if (form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input[type=text]"));
    inputs.forEach(function (input, index) {
      input.addEventListener("keydown", function (e) {
        if (e.key === "Enter") {
          e.preventDefault();
          var next = inputs[index + 1];
          if (next) next.focus(); else document.getElementById("send").focus();
        }
      });
    });
    restoreDraft();
    // Typing again: a question about the hands is asked again for the pad as it now is.
    form.addEventListener("input", function () {
      if (sendButton) delete sendButton.dataset.ask;
      saveDraft(); update(); refreshSend();
    });
    form.addEventListener("change", function () { saveDraft(); refreshSend(); });
    update();
    // A pad's script runs after this one: the button follows its first check.
    document.addEventListener("DOMContentLoaded", refreshSend);
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var side = chosenSide();
      if (!side) {
        showErrors(["Say which side you are (♠♥ or ♦♣) before sending."]);
        beside("Say which side you are (above) before sending.", "bad");
        return;
      }
      var verdict = checked();
      if (verdict !== "ok" && verdict !== "unknown") { refreshSend(); return; }  // e.g. Enter in a radio
      if (!keptHere() && askFirst()) return;
      if (asBoxes) {  // a pad: its boxes, as the plain form sends them (the server reads and names them)
        var boxes = {};
        new FormData(form).forEach(function (value, name) {
          if (name !== "csrfmiddlewaretoken" && name !== "idempotency_key") boxes[name] = value;
        });
        outbox(form.action, boxes, JSON.stringify(boxes), true);
        return;
      }
      var sheet = sheetOf();
      Object.keys(sheet.revokes || {}).forEach(function (seat) {  // a blank revoke box means none
        if (String(sheet.revokes[seat]).trim() === "") sheet.revokes[seat] = "0";
      });
      if (state.tag) sheet.form = state.tag;  // a sheet of individual scores says which it is
      var body = { round: state.round, side: side.value, sheet: sheet };
      outbox(state.urls.submit, body, JSON.stringify({ sheet: body.sheet, side: body.side, round: body.round }), false);
    });
  }

  // Into the outbox first: whatever happens to the request, the sheet (or pad) is on the phone.
  function outbox(url, body, text, asBoxes) {
    body.idempotency_key = keyFor(text);
    showErrors([]);
    saveDraft();
    keep({ url: url, body: body, text: text, boxes: asBoxes });
    retryDelay = 2000;
    flush();
  }

  if (pending()) {
    if (keptHere()) beside("Sending the " + noun + " kept on this phone…", "sending");
    else note("Sending the sheet kept on this phone…", "sending");
    flush();
  }
  refreshSend();

  // --- the page opens offline once opened: its service worker, for this table's link ---------------
  var worker = document.querySelector("meta[name=calypso-table-worker]");
  if (worker && navigator.serviceWorker && window.isSecureContext) {
    var controlled = !!navigator.serviceWorker.controller;  // this page came through the worker: kept already
    navigator.serviceWorker.register(worker.content, { scope: location.pathname }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (controlled) return;
      var urls = [location.pathname];
      document.querySelectorAll("script[src], link[rel=stylesheet][href], link[rel=icon][href]").forEach(function (node) {
        urls.push(node.getAttribute("src") || node.getAttribute("href"));
      });
      if (registration.active) registration.active.postMessage({ type: "keep", urls: urls });
    }).catch(function () { /* no worker (private mode, an old browser): the page works online as before */ });
  }

  document.querySelectorAll("form.js-action").forEach(function (actionForm) {
    actionForm.addEventListener("submit", function (e) {
      e.preventDefault();
      var body = {};
      actionForm.querySelectorAll("input[name]").forEach(function (input) {
        if (input.name !== "csrfmiddlewaretoken") body[input.name] = input.value;
      });
      actionForm.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      send(actionForm.action, body).then(function (answer) {
        if (answer.status === 200) { flashThenReload({}); return; }
        if (answer.status === 409) { flashThenReload({ errors: [answer.data.error] }); return; }
        actionForm.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        showErrors([answer.data.error]);
      }).catch(function () {
        actionForm.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        showErrors(["No connection: press the button again."]);
      });
    });
  });

  // --- the other phone: reload when the sheet's state changes --------------------------------------
  function stamp(s) {
    var sub = s.submission;
    return [s.round, s.status, sub ? sub.id : "", sub ? sub.status : ""].join("|");
  }
  function typedSomething() {
    return Array.prototype.some.call(form.querySelectorAll("input[type=text]"), function (i) { return i.value.trim() !== ""; });
  }
  function showChanged() {
    var notice = document.getElementById("changed-meanwhile");
    if (notice) return;
    notice = document.createElement("div");
    notice.id = "changed-meanwhile";
    notice.className = "card warn";
    notice.setAttribute("role", "status");
    notice.textContent = "The other side has just sent a sheet for this game. Your numbers are kept: " +
      "press Send to compare them with it, or ";
    var show = document.createElement("button");
    show.type = "button";
    show.className = "link-button";
    show.textContent = "show their sheet (clears yours)";
    show.addEventListener("click", function () { location.replace(location.pathname); });
    notice.appendChild(show);
    form.parentNode.insertBefore(notice, form);
  }
  var seen = stamp(state), polls = 0;
  function poll() {
    if (++polls > 5000) return; // about five hours at most
    if (document.hidden) { setTimeout(poll, 4000); return; }
    fetch(state.urls.state, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (now) {
        if (now && stamp(now) !== seen && pending()) {
          // Likely this phone's own kept sheet, which reached the server: sending it again (same
          // key) gets the server's answer, and the page follows that.
          seen = stamp(now);
          flush();
        } else if (now && stamp(now) !== seen) {
          // A phone still typing its own sheet keeps it: reloading now would wipe the boxes. It is
          // told what happened instead; sending compares its sheet with the one that came in.
          if (form && typedSomething()) { seen = stamp(now); showChanged(); setTimeout(poll, 4000); return; }
          location.replace(location.pathname);
          return;
        }
        setTimeout(poll, 4000);
      })
      .catch(function () { setTimeout(poll, 8000); });
  }
  setTimeout(poll, 4000);
})();
