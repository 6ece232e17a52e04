// The table's entry page (templates/table/entry.html): live 208 check and scores as the players
// type (window.CalypsoScores from scores.js), sending with one idempotency key kept across retries,
// confirm / dispute, and a quiet poll so a second phone sees the sheet as soon as it is sent.
// The server decides everything; without this file the page still works with plain form posts.
(function () {
  "use strict";
  var stateNode = document.getElementById("table-state");
  if (!stateNode) return;
  var state = JSON.parse(stateNode.textContent);
  var S = window.CalypsoScores;
  var form = document.getElementById("table-sheet");
  var errorsBox = document.getElementById("js-errors");
  var SECTION = { cal: "calypsos", unf: "unfinished", pile: "trick_piles", rev: "revokes" };
  var FLASH = "calypso-table-flash";
  var storeKey = "calypso-table-key:" + location.pathname + ":" + state.round;

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
    return input ? input.value : "";
  }

  function showErrors(lines) {
    errorsBox.innerHTML = "";
    (lines || []).forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      errorsBox.appendChild(li);
    });
    errorsBox.hidden = !lines || !lines.length;
    if (lines && lines.length) errorsBox.scrollIntoView({ block: "nearest" });
  }

  function flashThenReload(lines) {
    try { sessionStorage.setItem(FLASH, JSON.stringify(lines || [])); } catch (e) { /* private mode */ }
    location.replace(location.pathname);
  }

  try {
    var flash = sessionStorage.getItem(FLASH);
    if (flash) { sessionStorage.removeItem(FLASH); showErrors(JSON.parse(flash)); }
  } catch (e) { /* private mode */ }

  // --- sending, with retries of the very same request ------------------------------------------
  function sleep(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  function send(url, body, onAttempt) {
    var attempt = 0, delays = [0, 500, 1000, 2000, 4000, 8000];
    function once() {
      attempt++;
      if (onAttempt) onAttempt(attempt);
      var controller = window.AbortController ? new AbortController() : null;
      var timer = controller ? setTimeout(function () { controller.abort(); }, 15000) : null;
      return fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify(body),
        signal: controller ? controller.signal : undefined
      }).then(function (response) {
        if (timer) clearTimeout(timer);
        if (response.status >= 500 || response.status === 429) throw new Error("server busy (" + response.status + ")");
        return response.json().then(function (data) { return { status: response.status, data: data }; });
      }).catch(function (error) {
        if (timer) clearTimeout(timer);
        if (attempt >= delays.length) throw error;
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

  function cutthroatCheck(sheet) {
    var total = 0, blanks = 0, problems = [];
    ["calypsos", "unfinished", "trick_piles"].forEach(function (section) {
      Object.keys(sheet[section]).forEach(function (key) {
        var text = String(sheet[section][key]).trim();
        if (text === "") { blanks++; return; }
        if (!/^\d+$/.test(text)) { problems.push(section + "." + key + " must be a whole number"); return; }
        total += (section === "calypsos" ? 13 : 1) * parseInt(text, 10);
      });
    });
    if (!blanks && !problems.length && total !== 208) problems.push("cards add up to " + total + ", not 208");
    return { problems: problems, total: total, complete: blanks === 0, blanks: blanks };
  }

  function update() {
    var sheet = sheetOf();
    var live = document.getElementById("live");
    var result = state.cutthroat || !S ? cutthroatCheck(sheet) : S.check(sheet);
    var typed = typedSomething();
    var check = live.querySelector("[data-role=check]"), list = live.querySelector("[data-role=problems]");
    live.classList.remove("ok", "bad");
    list.innerHTML = "";
    var scored = null;
    if (!typed) {
      check.textContent = "Type the sheet: the 208-card check and the scores appear here.";
    } else if (result.problems.length) {
      live.classList.add("bad");
      check.textContent = "✗ " + result.total + (result.complete ? " of 208 cards" : " cards so far");
      result.problems.forEach(function (p) { var li = document.createElement("li"); li.textContent = p; list.appendChild(li); });
    } else if (!result.complete) {
      check.textContent = result.total + " of 208 cards so far (" + result.blanks + " to fill)";
    } else {
      live.classList.add("ok");
      check.textContent = "✓ 208 cards";
      if (!state.cutthroat && S) scored = S.score(sheet);
    }
    live.dataset.live = !typed ? "blank" : result.problems.length ? "bad" : result.complete ? "ok" : "partial";
    ["majors", "minors"].forEach(function (k) {
      var node = live.querySelector("[data-role=" + k + "]");
      if (node) node.textContent = scored ? scored[k] : "–";
    });
    var net = live.querySelector("[data-role=net]");
    if (net) net.textContent = scored ? signed(scored.net) : "–";
    form.querySelectorAll("td.points").forEach(function (td) { td.textContent = scored ? scored.players[td.dataset.seat] : ""; });
  }

  // The key belongs to one sheet: a retry of the same sheet (even after a reload) reuses it.
  function keyFor(body) {
    var text = JSON.stringify({ sheet: body.sheet, side: body.side, round: body.round });
    try {
      var saved = JSON.parse(sessionStorage.getItem(storeKey) || "null");
      if (saved && saved.body === text) return saved.key;
      var key = uuid();
      sessionStorage.setItem(storeKey, JSON.stringify({ key: key, body: text }));
      return key;
    } catch (e) {
      return uuid();
    }
  }

  function forgetKey() { try { sessionStorage.removeItem(storeKey); } catch (e) { /* private mode */ } }

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
    form.addEventListener("input", update);
    update();
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var side = form.querySelector("input[name=side]:checked");
      if (!side) { showErrors(["Say which side you are (♠♥ or ♦♣) before sending."]); return; }
      var sheet = sheetOf();
      Object.keys(sheet.revokes).forEach(function (seat) {  // a blank revoke box means none
        if (String(sheet.revokes[seat]).trim() === "") sheet.revokes[seat] = "0";
      });
      if (state.cutthroat) sheet.form = "cutthroat";
      var body = { round: state.round, side: side.value, sheet: sheet };
      body.idempotency_key = keyFor(body);
      var button = document.getElementById("send"), note = document.getElementById("send-state");
      button.disabled = true;
      showErrors([]);
      send(state.urls.submit, body, function (attempt) {
        note.textContent = attempt > 1 ? "No answer yet — trying again (" + attempt + ")…" : "Sending…";
      }).then(function (answer) {
        if (answer.status === 200 || answer.status === 201) { forgetKey(); flashThenReload([]); return; }
        if (answer.status === 409) { forgetKey(); flashThenReload([answer.data.error]); return; }
        button.disabled = false;
        note.textContent = "";
        showErrors(answer.data.problems && answer.data.problems.length ? answer.data.problems : [answer.data.error]);
      }).catch(function () {
        button.disabled = false;
        note.textContent = "Not sent: no connection. Press send again — the sheet will not be doubled.";
      });
    });
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
        if (answer.status === 200) { flashThenReload([]); return; }
        if (answer.status === 409) { flashThenReload([answer.data.error]); return; }
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
        if (now && stamp(now) !== seen) {
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
