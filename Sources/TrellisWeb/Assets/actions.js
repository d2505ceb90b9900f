// What a person does to rows and bars: taps (a row, its accessory, minus, Delete, arrows,
// Add, Done, Back, Edit, an index entry, a section's toggle) and keys (Escape leaves a screen
// or puts a Delete away, Enter enters a field's value), sent to the server as events.

import { focusTarget } from "./focus.js";
import {
  app,
  frontPane,
  isEdited,
  mayReplaceDetail,
  paneOf,
  screenOf,
  sectionOf,
  sectionsOf,
  state,
  timers,
} from "./page.js";
import { send, startChangingScreen } from "./socket.js";
import { isDateField, sendDate, sendValue } from "./values.js";

// The row a finger or the mouse went down on: a row that moved under it before it came up
// (a page of rows loaded above it) is not the one the person aimed at, and is not selected.
var pressedRow = null;

export function installActions() {
  app.addEventListener("pointerdown", function (event) {
    var row = event.target.closest && event.target.closest(".row");
    pressedRow = { key: row ? row.dataset.row : null };
  }, true);

  app.addEventListener("click", function (event) {
    var pressed = pressedRow;
    pressedRow = null;
    var target = event.target.closest("button, [data-ev]");
    // A delete waiting for its confirmation is put away by any other click, as in UIKit.
    var confirming = app.querySelector(".row.confirming-delete");
    if (confirming && (!target || !confirming.contains(target))) {
      // The click only puts it away, as a tap beside UIKit's Delete button does.
      putAwayDelete(confirming, false);
      event.preventDefault();
      return;
    }
    if (!target || !app.contains(target) || target.disabled) return;
    var pane = paneOf(target);
    if (target.classList.contains("section-toggle")) {
      var toggled = target.closest(".tsection");
      if (toggled) send({ type: "toggle", pane: pane, section: toggled.dataset.id });
      return;
    }
    if (target.classList.contains("index-entry")) {
      var list = sectionsOf(pane);
      var section = list && list.children[Number(target.dataset.section)];
      if (section) section.scrollIntoView();
      // The reading and the focus go there too: Tab goes on from the section's header.
      var header = section && (section.querySelector(".section-header") || focusTarget(section));
      if (header) {
        if (header.classList.contains("section-header")) header.setAttribute("tabindex", "-1");
        header.focus({ preventScroll: true });
      }
      return;
    }
    if (target.dataset.ev && target.getAttribute("aria-disabled") === "true") {
      // Done while a value is invalid stays in the tab order, and leads to what is wrong.
      var invalid = screenOf(pane) && screenOf(pane).querySelector('.sections [aria-invalid="true"]');
      if (invalid && !invalid.disabled) invalid.focus();
      return;
    }
    if (target.dataset.ev) {
      var ev = target.dataset.ev;
      // Done, Cancel and Back close the screen they were tapped on, and Add opens one: a second
      // tap before the server answers would reach the next screen (closing the one below, or
      // adding from a screen that cannot).
      if (ev === "add" && !mayReplaceDetail(pane)) return;
      if (ev === "done" || ev === "cancel" || ev === "back" || ev === "takeTheirs" || ev === "add") {
        if (!startChangingScreen()) return;
      }
      if (ev === "add" && pane === "top") state.openBeside = null;
      if (ev === "edit") send({ type: "edit", pane: pane, on: target.getAttribute("aria-pressed") !== "true" });
      else send({ type: ev, pane: pane });
      return;
    }
    var row = target.closest(".row");
    if (!row || !row.dataset.row) return;
    var key = row.dataset.row;
    if (target.classList.contains("row-delete")) {
      // The minus asks first: its row shows a Delete button, which deletes.
      row.classList.toggle("confirming-delete");
      target.setAttribute("aria-expanded", String(row.classList.contains("confirming-delete")));
      var confirm = row.querySelector(".row-delete-confirm");
      if (confirm && row.classList.contains("confirming-delete")) confirm.focus();
    } else if (target.classList.contains("row-delete-confirm")) {
      // The hidden Delete would drop the focus to the page: the minus holds it until the
      // row goes (then the next row's does), or stays when the delete is refused.
      putAwayDelete(row, target === document.activeElement);
      send({ type: "delete", pane: pane, row: key });
    } else if (target.classList.contains("row-insert")) {
      send({ type: "insert", pane: pane, row: key });
    } else if (target.classList.contains("accessory-button")) {
      send({ type: "accessory", pane: pane, row: key });
    } else if (target.classList.contains("move-up") || target.classList.contains("move-down")) {
      moveBy(row, pane, target.classList.contains("move-up") ? -1 : 1);
    } else if (target.classList.contains("load-more")) {
      send({ type: "loadMore", pane: pane, section: sectionOf(row) });
    } else if (target.classList.contains("select")) {
      if (pressed && pressed.key !== key) return;
      // A row that opens a screen (an add row, a row with a chevron) waits for it, as Add does.
      var opens = target.classList.contains("add-item") || target.querySelector(".accessory.chevron");
      if (opens && !mayReplaceDetail(pane)) return;
      if (opens && !startChangingScreen()) return;
      if (opens && pane === "top") {
        state.openBeside = target.classList.contains("add-item") ? null : key;
      }
      send({ type: "select", pane: pane, row: key });
    }
  });

  app.addEventListener("keydown", function (event) {
    var confirming = event.key === "Escape" && app.querySelector(".row.confirming-delete");
    if (confirming) {
      putAwayDelete(confirming);
      event.preventDefault();
      return;
    }
    if (event.key === "Escape" && !event.defaultPrevented) { leaveByKey(event); return; }
    if (event.key === "Enter" && event.target.classList.contains("control") &&
        event.target.tagName === "INPUT") {
      clearTimeout(timers.value);
      if (isDateField(event.target)) sendDate(event.target);
      else sendValue(event.target);
    }
  });

  // With the focus outside the app (on the page itself), Escape still leaves the screen.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented || app.contains(event.target)) return;
    var confirming = app.querySelector(".row.confirming-delete");
    if (confirming) { putAwayDelete(confirming); return; }
    leaveByKey(event);
  });

  // A form never submits: its fields send their values as they change.
  app.addEventListener("submit", function (event) { event.preventDefault(); });
}

// One step up or down, named by the row it will be beside: past the first or last row of a
// section, the row goes to the end of the section above or the start of the one below.
function moveBy(row, pane, delta) {
  var message = { type: "move", pane: pane, row: row.dataset.row };
  var neighbour = delta < 0 ? row.previousElementSibling : row.nextElementSibling;
  if (neighbour && neighbour.dataset.row) {
    if (delta < 0) message.before = neighbour.dataset.row;
    else message.after = neighbour.dataset.row;
    send(message);
    return;
  }
  var section = row.closest(".tsection");
  var next = delta < 0 ? section.previousElementSibling : section.nextElementSibling;
  if (!next) return;
  var rows = next.querySelectorAll(".rows > .row[data-row]");
  if (delta < 0 || rows.length === 0) message.toSection = next.dataset.id;
  else message.before = rows[0].dataset.row;
  send(message);
}

// Hides a row's Delete button; the focus it had goes back to the row's minus.
function putAwayDelete(row, refocus) {
  var minus = row.querySelector(".row-delete");
  var focused = refocus || row.contains(document.activeElement);
  row.classList.remove("confirming-delete");
  if (minus) minus.setAttribute("aria-expanded", "false");
  if (minus && focused) minus.focus({ preventScroll: true });
}

// Escape leaves the screen in front as its bar's Cancel or Back does, as the terminal's Esc
// does; typed values are given up only once the person says so.
function leaveByKey(event) {
  var screen = screenOf(frontPane());
  var button = screen && (screen.querySelector('.bar [data-ev="cancel"]') ||
    screen.querySelector(".bar .back"));
  if (!button || button.disabled) return;
  event.preventDefault();
  if (isEdited(screen) && !window.confirm("Discard the changes on this screen?")) return;
  button.click();
}
