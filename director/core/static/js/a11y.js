// Every page (base.html): a form sent back with errors says so to a screen reader and puts the
// keyboard where the fix goes. The errors are copied into the page's alert region (#announcer),
// which assistive technology reads out when its text changes, and the first box marked wrong
// (aria-invalid, .has-error, or a box followed by its error list) takes focus; a form error with
// no box of its own (e.g. "wrong username or password") focuses its list instead.
(function () {
  "use strict";
  function firstWrongBox(list) {
    var scope = list.closest(".field, .has-error, fieldset, form") || document;
    var box = scope.querySelector("[aria-invalid=true], .has-error input, .has-error select, .has-error textarea");
    if (box) return box;
    var previous = list.previousElementSibling;
    if (previous && previous.matches("label")) return previous.querySelector("input, select, textarea");
    return null;
  }
  function start() {
    var region = document.getElementById("announcer");
    var lists = Array.prototype.filter.call(
      document.querySelectorAll("main .errorlist, main .sheet-errors"),
      function (el) { return !el.hidden && el.textContent.trim(); }
    );
    if (!lists.length) return;
    var first = lists[0];
    var box = firstWrongBox(first);
    if (box) {
      box.setAttribute("aria-invalid", "true");
      if (!first.id) first.id = "first-error";
      var described = (box.getAttribute("aria-describedby") || "").split(" ");
      if (described.indexOf(first.id) < 0) box.setAttribute("aria-describedby", described.concat(first.id).join(" ").trim());
      box.focus();
    } else {
      first.setAttribute("tabindex", "-1");
      first.focus();
    }
    if (region) {
      var words = lists.map(function (el) { return el.textContent.replace(/\s+/g, " ").trim(); }).join(" ");
      // A moment after load, so the region is known to be live before its text arrives.
      window.setTimeout(function () { region.textContent = "Please correct: " + words; }, 150);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
