// The event page's round grid: its width follows the number of tables (data-tables), set here as a
// CSS variable because the Content-Security-Policy allows no style="" attributes. Without this
// script the grid is sized for four tables and scrolls.
(function () {
  "use strict";
  document.querySelectorAll("table.round-grid[data-tables]").forEach(function (grid) {
    grid.style.setProperty("--tables", grid.dataset.tables);
  });
})();
