// What the page says in its polite status region (#trellis-status): notices under the bar,
// errors that clear themselves, and what a screen reader hears of what changed out of sight
// (rows added, deleted or moved, a search's results, a value chosen), told after each patch.

import { focusTarget } from "./focus.js";
import { app, frontPane, rowByKey, screenOf, state, status, timers } from "./page.js";

// A notice under the bar; an error clears itself after a while (a newer notice stays).
export function say(text, fades, isError) {
  if (!status) return;
  clearTimeout(timers.announce);
  delete status.dataset.quiet;
  status.textContent = text;
  state.errorShown = !!(text && isError);
  clearTimeout(timers.say);
  if (fades) timers.say = setTimeout(function () { status.textContent = ""; }, 6000);
}

// What a screen reader hears of what just happened (a row added, deleted or moved, a
// search's results, a value chosen): the same polite region as the notices, out of sight,
// as a mouse user sees it happen. An error shown stays until what the person does next.
export function announce(text) {
  if (!status || !text || state.errorShown) return;
  clearTimeout(timers.say);
  clearTimeout(timers.announce);
  status.dataset.quiet = "true";
  // Emptied first, so that the same words twice in a row are said twice.
  status.textContent = "";
  timers.announce = setTimeout(function () {
    status.textContent = text;
    timers.say = setTimeout(function () { status.textContent = ""; }, 6000);
  }, 50);
}

// The words a row says of itself: its title and its value or detail.
function rowWords(row) {
  var cell = row.querySelector(".cell") || row;
  var parts = [];
  cell.querySelectorAll(".text, .subtitle, .detail, .value2-detail").forEach(function (part) {
    var words = part.textContent.trim();
    if (words) parts.push(words);
  });
  return parts.join(", ");
}

// A row's title alone, by which a row added or deleted is named.
export function rowName(row) {
  var text = row.querySelector(".text");
  return text ? text.textContent.trim() : "";
}

// After a patch, what the person's focus and a screen reader follow: the row a Done added or
// a page of rows loaded, and words for what changed out of sight of the focus.
export function tell(message, key, answered, inserted, deleted, replaced, refused) {
  var focusedRow = document.activeElement && app.contains(document.activeElement) &&
    document.activeElement.closest(".row");
  // A validation message that appears under the field typed in is said once; drawn again
  // as the person types on, it is not said again (nor when a refused Done moved there).
  replaced.forEach(function (change) {
    var message = change.row.querySelector(".validation");
    if (!message || refused || change.old.querySelector(".validation")) return;
    if (key && key.row === change.row.dataset.row) announce(message.textContent);
  });
  if (answered === "done" && message.pop) state.lastSent = null;
  if (answered === "done" && message.pop && inserted.length === 1) {
    // A record added: its new row takes the focus, from the title the pop gave it.
    if (!focusedRow) {
      var target = focusTarget(inserted[0]);
      if (target) target.focus({ preventScroll: true });
    }
    announce(rowName(inserted[0]) + " added");
  } else if (message.pop && focusedRow && replaced.some(function (c) { return c.row === focusedRow; })) {
    // A value chosen on the screen closed (a picker), or a record edited there.
    announce(rowWords(focusedRow));
  } else if (answered === "delete" && deleted.length > 0) {
    state.lastSent = null;
    announce(deleted.filter(Boolean).join(", ") + " deleted");
  } else if (answered === "move" && key && key.row != null) {
    state.lastSent = null;
    var moved = rowByKey(key.pane, key.row);
    var rows = moved ? Array.prototype.filter.call(moved.parentElement.children,
      function (row) {
        return row.dataset.row && row.dataset.kind !== "addItem" && row.dataset.kind !== "loadMore";
      }) : [];
    if (moved) announce("Moved to position " + (rows.indexOf(moved) + 1) + " of " + rows.length);
  } else if (answered === "loadMore" && inserted.length > 0) {
    state.lastSent = null;
    // The rows loaded come before "Load more…": the first of them takes the focus.
    if (key && /(^| )load-more( |$)/.test(key.cls)) {
      var first = focusTarget(inserted[0]);
      if (first) first.focus({ preventScroll: true });
    }
    announce(inserted.length === 1 ? "1 more row" : inserted.length + " more rows");
  } else if (answered === "search") {
    // Said once the results settle, not for each letter typed.
    clearTimeout(timers.results);
    timers.results = setTimeout(announceResults, 500);
  } else if (answered === "select" && key && /(^| )action( |$)/.test(key.cls) && inserted.length > 0) {
    // A button's answer in rows out of sight of the focus (a game's turn, a log's line).
    state.lastSent = null;
    announce(inserted.slice(0, 6).map(rowWords).filter(Boolean).join(". "));
  }
}

// How many rows a search found, or the screen's words for none.
function announceResults() {
  var screen = screenOf(frontPane());
  if (!screen) return;
  var rows = screen.querySelectorAll(".sections .row[data-row]");
  var found = Array.prototype.filter.call(rows, function (row) { return row.dataset.kind !== "placeholder"; });
  var none = screen.querySelector('.sections .row[data-kind="placeholder"]');
  if (found.length === 0 && none) announce(rowWords(none) || "No results");
  else announce(found.length === 1 ? "1 result" : found.length + " results");
}
