// The print page (templates/director/printing/print.html): each unfinished job's progress bar follows
// its status until the PDF is ready to download.
(function () {
  // Poll each unfinished job's status (the job row: works with and without a result backend).
  function watch(row) {
    var bar = row.querySelector("progress"), state = row.querySelector(".job-state"), link = row.querySelector("a.download");
    function tick() {
      fetch(row.dataset.statusUrl, {credentials: "same-origin", headers: {"Accept": "application/json"}})
        .then(function (r) { return r.json(); })
        .then(function (job) {
          row.dataset.status = job.status;
          bar.max = Math.max(job.total, 1);
          bar.value = job.status === "done" ? bar.max : job.done;
          if (job.status === "done") {
            state.textContent = "done";
            link.hidden = false;
          } else if (job.status === "failed") {
            state.innerHTML = "";
            var span = document.createElement("span");
            span.className = "bad";
            span.textContent = "failed: " + job.error;
            state.appendChild(span);
          } else {
            state.textContent = job.status === "running" ? job.done + " of " + job.total : "waiting for the worker…";
            setTimeout(tick, 700);
          }
        })
        .catch(function () { setTimeout(tick, 2000); });
    }
    tick();
  }
  document.querySelectorAll("tr.job").forEach(function (row) {
    if (row.dataset.status === "queued" || row.dataset.status === "running") watch(row);
  });
})();
