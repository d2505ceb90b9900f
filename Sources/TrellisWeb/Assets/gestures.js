// Gestures: dragging rows to reorder them in edit mode, and pulling the page down at its
// top to refresh.

import { app, paneOf, sectionOf } from "./page.js";
import { send } from "./socket.js";

// The row being dragged, and its pane.
var dragged = null;
// Where a touch began, when the page was scrolled to its top: a pull down refreshes.
var pullStart = null;

export function installGestures() {
  // MARK: Drag and drop (edit mode)

  app.addEventListener("dragstart", function (event) {
    var row = event.target.closest && event.target.closest(".row[draggable]");
    if (!row) return;
    dragged = { pane: paneOf(row), row: row };
    row.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", "row");
  });
  app.addEventListener("dragend", function (event) {
    var row = event.target.closest && event.target.closest(".row");
    if (row) row.classList.remove("dragging");
    app.querySelectorAll(".drop-target").forEach(function (e) { e.classList.remove("drop-target"); });
  });
  app.addEventListener("dragover", function (event) {
    if (!dragged) return;
    var row = event.target.closest && event.target.closest(".row");
    var list = event.target.closest && event.target.closest(".rows");
    if (!row && !list) return;
    event.preventDefault();
    app.querySelectorAll(".drop-target").forEach(function (e) { e.classList.remove("drop-target"); });
    (row || list).classList.add("drop-target");
  });
  app.addEventListener("drop", function (event) {
    if (!dragged) return;
    event.preventDefault();
    var row = event.target.closest(".row");
    var source = dragged.row;
    var message = { type: "move", pane: dragged.pane, row: source.dataset.row };
    dragged = null;
    if (row && row.dataset.row) {
      if (row === source) return;
      // Dropped on a row: the moved row takes its place, so it lands after a row that was
      // below it in the same list and before any other.
      var below = row.parentElement === source.parentElement &&
        (source.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (below) message.after = row.dataset.row;
      else message.before = row.dataset.row;
    } else {
      var list = event.target.closest(".rows");
      if (!list) return;
      message.toSection = sectionOf(list);
    }
    send(message);
  });

  // MARK: Pull to refresh

  window.addEventListener("touchstart", function (event) {
    pullStart = window.scrollY === 0 ? event.touches[0].clientY : null;
  }, { passive: true });
  window.addEventListener("touchend", function (event) {
    if (pullStart !== null && event.changedTouches[0].clientY - pullStart > 80) send({ type: "refresh" });
    pullStart = null;
  }, { passive: true });
}
