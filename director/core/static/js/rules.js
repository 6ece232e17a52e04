// The engine's constants for the browser's live checks (scores.js, hands.js): read from the page's
// <script type="application/json" id="calypso-rules"> ({% calypso_rules %}, made by
// scoring/browser.py), or — under node, in tests/js — from global.CALYPSO_RULES. Also how Python
// writes a value in a message (repr), so the checks here word their problems as scoring does.
// window.CalypsoRules -> {rules, repr(value), typeName(value), isMapping(value)}
(function (root) {
  "use strict";
  var rules = root.CALYPSO_RULES || null;
  if (!rules && root.document) {
    var node = root.document.getElementById("calypso-rules");
    if (node) rules = JSON.parse(node.textContent);
  }
  if (!rules) return;  // no rules on this page: no live check (the server checks everything anyway)

  // Python's str.isprintable() is false for these (and true for the plain space).
  var UNPRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
  var ESCAPES = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

  function hex(code, width) { var h = code.toString(16); while (h.length < width) h = "0" + h; return h; }

  function reprString(text) {
    var quote = text.indexOf("'") >= 0 && text.indexOf('"') < 0 ? '"' : "'";
    return quote + Array.from(text).map(function (ch) {
      if (ch === quote) return "\\" + ch;
      if (ESCAPES[ch]) return ESCAPES[ch];
      if (ch !== " " && UNPRINTABLE.test(ch)) {
        var code = ch.codePointAt(0);
        return code < 0x100 ? "\\x" + hex(code, 2) : code < 0x10000 ? "\\u" + hex(code, 4) : "\\U" + hex(code, 8);
      }
      return ch;
    }).join("") + quote;
  }

  function isMapping(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  // repr() of a JSON value, as Python prints it (whole numbers only: 1.0 and 1 are one number here).
  function repr(value) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "string") return reprString(value);
    if (Array.isArray(value)) return "[" + value.map(repr).join(", ") + "]";
    if (isMapping(value)) return "{" + Object.keys(value).map(function (k) { return repr(k) + ": " + repr(value[k]); }).join(", ") + "}";
    return String(value);
  }

  function typeName(value) {
    if (value === null || value === undefined) return "NoneType";
    if (Array.isArray(value)) return "list";
    if (typeof value === "string") return "str";
    if (typeof value === "boolean") return "bool";
    if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
    return "dict";
  }

  root.CalypsoRules = { rules: rules, repr: repr, typeName: typeName, isMapping: isMapping };
})(typeof window !== "undefined" ? window : globalThis);
