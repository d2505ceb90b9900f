// Where the focus goes as the server draws the page again: kept on the control it was on
// (with what the person typed there), moved to the row that took the place of one gone, and
// given to a new screen's field or title, so that a screen reader follows.

import { app, body, paneOf, rowByKey, screenOf, sectionsOf } from "./page.js";
import { controlValue, sameText, typedOver } from "./values.js";

function visibleTitle() {
  return app.querySelector(".pane-detail > .screen:last-child .title") ||
    app.querySelector(".pane-top > .screen:last-child .title");
}

export function focusTitle() {
  var title = visibleTitle();
  if (title) { title.setAttribute("tabindex", "-1"); title.focus({ preventScroll: true }); }
}

// A new screen: the field that asks for the keyboard (becomeFirstResponder) takes the
// focus, else the title, so that a screen reader announces the screen.
export function focusNewScreen() {
  var field = app.querySelector(".pane-detail > .screen:last-child [data-autofocus]") ||
    app.querySelector(".pane-top > .screen:last-child [data-autofocus]");
  if (field && !field.disabled) {
    field.focus();
    // Typing goes after the text, as a field a person taps into puts its caret there.
    try { field.setSelectionRange(field.value.length, field.value.length); } catch (e) { /* no caret */ }
    return;
  }
  focusTitle();
}

export function focusKey() {
  var active = document.activeElement;
  if (!active || !app.contains(active)) return null;
  if (active.dataset.ev) return { ev: active.dataset.ev, pane: paneOf(active) };
  var row = active.closest(".row");
  if (!row) return active.classList.contains("search-field") ? { search: true, active: active } : null;
  // What a field that enters its value when editing ends has entered is the server's now:
  // its row drawn again shows what the server says (an add row is empty again).
  var entered = active.dataset.enters === "end" &&
    active.dataset.sent === JSON.stringify(controlValue(active));
  // Text typed since the field last agreed with the server stays when the row is drawn
  // again, and so does the text of the server's answer to it (which may read `2` as
  // `2.00`); another window's value replaces text with nothing new typed.
  var was = typedOver(active);
  var typed = !entered && (was === undefined || active.value !== was);
  return { pane: paneOf(row), row: row.dataset.row, cls: active.className, type: active.type,
    start: active.selectionStart, end: active.selectionEnd, value: entered ? null : active.value,
    typed: typed, was: was, place: placeOf(row) };
}

// Where a row is: its section's place and its own in the section's list, by which a row
// that left the page is followed by the row that took its place.
function placeOf(row) {
  var section = row.closest(".tsection");
  var indexIn = function (element) {
    var parent = element && element.parentElement;
    return parent ? Array.prototype.indexOf.call(parent.children, element) : -1;
  };
  return { section: indexIn(section), index: indexIn(row) };
}

// The row's own button (its move arrows, its minus) that the class list `cls` names.
function ownButton(cls) {
  return ["move-up", "move-down", "row-delete", "row-insert", "accessory-button"].filter(
    function (name) { return (" " + cls + " ").indexOf(" " + name + " ") >= 0; })[0];
}

// Whether the focus left the app for the page itself (its element was drawn again or
// removed): a screen reader would say the focus went to the document.
export function focusLost() {
  var active = document.activeElement;
  return !active || active === body || !app.contains(active);
}

// The control a row is reached by: the button `cls` names where the row has it (its
// minus, say, so that deleting goes on from row to row), else the row's own control.
export function focusTarget(row, cls) {
  var own = cls && ownButton(cls);
  var candidates = [own && row.querySelector("." + own), row.querySelector(".control:checked"),
    row.querySelector(".control"), row.querySelector(".select"),
    row.querySelector("button, input, select, textarea, a[href]")];
  for (var i = 0; i < candidates.length; i++) {
    var candidate = candidates[i];
    if (candidate && !candidate.disabled && candidate.offsetParent !== null) return candidate;
  }
  return null;
}

// The focus was in a row that is gone (deleted here or in another window, or scrolled out
// of a virtual list): the row that took its place takes it, else the one before it, else
// the screen's title.
function focusNear(key) {
  var sections = sectionsOf(key.pane);
  var section = sections && key.place && sections.children[key.place.section];
  var rows = section ? section.querySelectorAll(".rows > .row") : [];
  var index = Math.min(key.place ? key.place.index : 0, rows.length - 1);
  for (var i = index; i >= 0; i--) {
    var target = focusTarget(rows[i], key.cls);
    if (target) { target.focus({ preventScroll: true }); return; }
  }
  focusTitle();
}

export function restoreFocus(key) {
  if (!key) return;
  if (key.ev) {
    var screen = screenOf(key.pane);
    var button = screen && screen.querySelector('[data-ev="' + key.ev + '"]');
    if (button) { button.focus(); return; }
    focusTitle();
    return;
  }
  if (key.search) {
    var field = app.querySelector(".screen:last-child .search-field");
    if (field && field !== key.active) {
      field.value = key.active.value;
      field.focus();
    }
    return;
  }
  var row = key.row != null ? rowByKey(key.pane, key.row) : null;
  if (!row) {
    if (focusLost()) focusNear(key);
    return;
  }
  // A row's own button (its move arrows, say) keeps the focus, so that Enter moves it again.
  var own = ownButton(key.cls);
  var button = own && row.querySelector("." + own);
  // A row moved to the end shows no ↓ (nor one at the top an ↑): its other arrow has it.
  var shown = function (b) { return b && !b.disabled && getComputedStyle(b).visibility !== "hidden"; };
  if (!shown(button) && (own === "move-down" || own === "move-up")) {
    button = row.querySelector(own === "move-down" ? ".move-up" : ".move-down");
  }
  if (shown(button)) {
    if (button !== document.activeElement) button.focus({ preventScroll: true });
    return;
  }
  // Of a segmented control's segments, the one the person was on (the checked one, once the
  // arrows moved it), not the first.
  var segment = key.type === "radio" &&
    (row.querySelector('input[type="radio"][value="' + CSS.escape(key.value || "") + '"]') ||
     row.querySelector('input[type="radio"]:checked'));
  var control = segment || row.querySelector(".control") || row.querySelector(".select");
  if (!control) {
    if (focusLost()) focusNear(key);
    return;
  }
  if (control === document.activeElement) return;
  var textual = control.tagName === "TEXTAREA" || control.type === "text" ||
    control.type === "password" || control.type === "search";
  // The person may have typed on while the server answered: keep what they typed.
  if (textual && key.value != null &&
      (key.typed || key.was === undefined || sameText(control, control.defaultValue, key.was))) {
    if (control.value !== key.value) control.value = key.value;
    // What they typed over, so that the server can tell if someone else changed it since.
    if (key.was !== undefined) control.dataset.was = key.was;
  }
  control.focus();
  try {
    if (key.start != null && control.setSelectionRange) control.setSelectionRange(key.start, key.end);
  } catch (e) { /* not a text control */ }
}
