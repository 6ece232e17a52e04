// The game-set page: while the analysis of the event's sets runs, a progress bar follows its job.
(function () {
  // While the analysis runs, poll its job row; reload the page when it is done, to show the figures.
  var job = document.querySelector("p.analysis-job");
  if (!job || (job.dataset.status !== "queued" && job.dataset.status !== "running")) return;
  var bar = job.querySelector("progress"), state = job.querySelector(".job-state");
  function tick() {
    fetch(job.dataset.statusUrl, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (data) {
        bar.max = Math.max(data.total, 1);
        bar.value = data.done;
        if (data.status === "done") { window.location.reload(); return; }
        if (data.status === "failed") { state.textContent = "failed: " + data.error; return; }
        state.textContent = data.status === "running" ? data.done + " of " + data.total + " sets" : "waiting for the worker…";
        setTimeout(tick, 700);
      })
      .catch(function () { setTimeout(tick, 2000); });
  }
  tick();
})();
