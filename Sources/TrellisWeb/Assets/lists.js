// Long lists: a "Load more…" row that loads as it scrolls into view, and virtual sections,
// which hold only the rows in view and ask the server for others as the page scrolls.

import { focusKey, focusLost, focusTarget, restoreFocus } from "./focus.js";
import { app, paneOf, rowByKey, sectionById, sectionOf, state } from "./page.js";
import { send } from "./socket.js";

// The height of a row when the theme sets none, and how many rows are drawn beyond those
// in view on either side.
var ROW_HEIGHT = 44;
var MARGIN = 30;

// MARK: Loading more as the list scrolls

// A "Load more…" row that loads by itself (an async store's, data-auto) asks for the next
// page once it scrolls into view; the row the next page brings is a new element, watched in
// turn. Other lists load more when tapped.
var loadMoreWatcher = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
  entries.forEach(function (entry) {
    var button = entry.target;
    if (!entry.isIntersecting || button.disabled || button.dataset.requested) return;
    var row = button.closest(".row");
    if (!row || !button.closest(".screen:last-child")) return;
    button.dataset.requested = "true";
    send({ type: "loadMore", pane: paneOf(button), section: sectionOf(row) });
  });
}) : null;

export function watchLoadMore() {
  if (!loadMoreWatcher) return;
  app.querySelectorAll(".load-more[data-auto]:not([data-watched])").forEach(function (button) {
    button.dataset.watched = "true";
    loadMoreWatcher.observe(button);
  });
}

// MARK: Virtual sections

export function refreshWindows() {
  app.querySelectorAll(".screen:last-child .rows[data-virtual]").forEach(function (list) {
    var pane = paneOf(list);
    var id = sectionOf(list);
    var count = Number(list.dataset.count);
    var box = list.getBoundingClientRect();
    var top = Math.max(0, -box.top);
    var bottom = Math.min(box.height, window.innerHeight - box.top);
    if (bottom <= 0 || top >= box.height) return;
    // A theme's rowHeight sets --row-height, which places the rows.
    var height = parseFloat(getComputedStyle(list).getPropertyValue("--row-height")) || ROW_HEIGHT;
    var first = Math.max(0, Math.floor(top / height) - MARGIN);
    var last = Math.min(count, Math.ceil(bottom / height) + MARGIN);
    var key = pane + ":" + id;
    var shown = state.windows[key];
    if (shown && shown.start <= first && shown.end >= last) return;
    state.windows[key] = { start: first, end: last };
    send({ type: "window", pane: pane, section: id, start: first, end: last });
  });
}

export function showRows(message) {
  var section = sectionById(message.pane, message.section);
  var list = section && section.querySelector(".rows");
  if (!list || !list.hasAttribute("data-virtual")) return;
  var key = focusKey();
  var html = message.rows.join("");
  list.innerHTML = html;
  list.dataset.count = String(message.count);
  list.style.setProperty("--count", String(message.count));
  state.windows[message.pane + ":" + message.section] = { start: message.start, end: message.start + message.rows.length };
  numberRows(list);
  if (key && key.row != null && !rowByKey(key.pane, key.row) && focusLost()) {
    // The row with the focus scrolled out of the window (End, Page Down): the first row in
    // view takes it, not the page.
    var inView = Array.prototype.filter.call(list.children, function (row) {
      return row.getBoundingClientRect().top >= 0;
    })[0] || list.firstElementChild;
    var target = inView && focusTarget(inView, key.cls);
    if (target) { target.focus({ preventScroll: true }); return; }
  }
  restoreFocus(key);
}

// A virtual list holds only the rows in view: each item says its place among the whole
// list's items, so that a screen reader counts them all. The rows beside the items (New…,
// Load more) are none of them: the server says how many items there are (data-items) and how
// many such rows come before them (data-lead), and those rows take no place.
export function numberRows(list) {
  var size = list.dataset.items != null ? list.dataset.items : list.dataset.count;
  var lead = Number(list.dataset.lead || 0);
  Array.prototype.forEach.call(list.children, function (row) {
    if (row.dataset.i == null) return;
    if (row.getAttribute("role") === "none") {
      row.removeAttribute("aria-setsize");
      row.removeAttribute("aria-posinset");
      return;
    }
    row.setAttribute("aria-setsize", size);
    row.setAttribute("aria-posinset", String(Number(row.dataset.i) + 1 - lead));
  });
}

var scrollPending = false;

export function installLists() {
  window.addEventListener("scroll", function () {
    if (scrollPending) return;
    scrollPending = true;
    requestAnimationFrame(function () { scrollPending = false; refreshWindows(); });
  }, { passive: true, capture: true }); // capture: the detail pane scrolls on its own too
}
