// The table page's service worker (served by table.views.worker at /t/worker.js; js/table-entry.js
// registers it with the table's link, /t/<token>/, as its scope). It lets a page once opened open
// again without the wifi: the page and its static files come from the network when there is one
// (and are kept), else from what was kept — so the phone shows its page, with the sheet it keeps
// (localStorage, table-entry.js's outbox), instead of the browser's "no internet" page.
// Network first, always: a kept copy is only ever used offline, never instead of a fresh one.
// Nothing else is touched: the sheet's posts, the state poll and every other page go as they are.
"use strict";

var CACHE = "calypso-table:" + self.registration.scope;

function keep(request, response) {
  if (!response || response.status !== 200 || response.type !== "basic") return;
  var copy = response.clone();
  caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
}

function fresh(request) {
  return fetch(request).then(function (response) {
    keep(request, response);
    if (response.status === 404 && request.mode === "navigate") {
      // the link was re-issued: its kept page must not open offline either
      caches.delete(CACHE);
    }
    return response;
  }, function (error) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request, { ignoreSearch: request.mode === "navigate", ignoreVary: true });
    }).then(function (kept) {
      if (kept) return kept;
      throw error;
    });
  });
}

function isStatic(url) {
  return url.origin === self.location.origin && url.pathname.indexOf("/static/") === 0;
}

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  var page = request.mode === "navigate" && url.href.split("?")[0] === self.registration.scope;
  if (page || isStatic(url)) event.respondWith(fresh(request));
});

// The page that registered this worker names itself and its static files: kept now, so the very
// next visit may already be offline (the page in the hand was loaded before this worker ran).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  var urls = data.urls.filter(function (href) {
    var url = new URL(href, self.registration.scope);
    return url.origin === self.location.origin && (url.href === self.registration.scope || isStatic(url));
  });
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (href) {
      var page = new URL(href, self.registration.scope).href === self.registration.scope;
      return cache.match(href, { ignoreVary: true }).then(function (kept) {
        if (kept && !page) return;  // a static file kept already
        return fetch(href, { credentials: "same-origin" }).then(function (response) { keep(new Request(href), response); });
      }).catch(function () { /* offline now: kept at the next visit */ });
    }));
  }));
});
