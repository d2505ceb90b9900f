// The values in rows' controls: what a control holds and sends (typed text after a pause,
// a date once the person is done with it, a picture as an upload), how a slider and a text
// view show theirs, and the row's value shown again when the server refuses one.

import { app, body, paneOf, state, timers } from "./page.js";
import { send, sendText } from "./socket.js";
import { say } from "./status.js";

// A row refused the value its control holds: the control shows the row's value again. A
// field the person is still typing in keeps their text (half a number is refused too); it is
// put back once they end editing (Enter, or leaving the field) and the server refuses the
// whole of it. Either way the person has now seen the row's value: what they type next goes
// over it.
export function restoreControl(key) {
  app.querySelectorAll(".row").forEach(function (row) {
    if (row.dataset.row !== key) return;
    row.querySelectorAll(".control").forEach(function (control) {
      delete control.dataset.was;
      var typing = control.dataset.typing === "true";
      if (typing && control === document.activeElement && typedOver(control) !== undefined) return;
      if (control.type === "checkbox" || control.type === "radio") control.checked = control.defaultChecked;
      else if (control.tagName === "SELECT") {
        Array.prototype.forEach.call(control.options, function (option) { option.selected = option.defaultSelected; });
      } else control.value = control.defaultValue;
      if (control.type === "range") {
        var output = control.parentElement.querySelector(".slider-value");
        if (output) output.textContent = control.value;
        control.style.setProperty("--fill", fill(control));
      }
    });
  });
}

export function controlValue(control) {
  switch (control.dataset.type) {
    case "bool": return control.checked;
    // A number goes as its text, which the server reads exactly (whole numbers past 2^53
    // would lose digits as a JavaScript number).
    case "number": return control.value === "" ? null : control.value;
    case "int": return Number(control.value);
    default: return control.value;
  }
}

// Whether two texts of `control` say the same: for a number field, the same number.
export function sameText(control, a, b) {
  if (a === b) return true;
  if (control.dataset.type !== "number" || a.trim() === "" || b.trim() === "") return false;
  return Number(a) === Number(b);
}

// The text a field showed when the person began typing in it (or last sent), for fields
// whose typing the page keeps while the row is drawn again; undefined for other controls.
export function typedOver(control) {
  var typed = control.tagName === "TEXTAREA" || control.type === "text" || control.type === "password";
  if (!typed || control.dataset.enters === "end" || !control.classList.contains("control")) return undefined;
  return control.dataset.was !== undefined ? control.dataset.was : control.defaultValue;
}

// `typing`: sent after a pause in typing, not because editing ended.
export function sendValue(control, typing) {
  var row = control.closest(".row");
  if (!row || !row.dataset.row) return;
  var value = controlValue(control);
  var was = typedOver(control);
  // A field that enters its value when editing ends (a list's add row appends an item) sends
  // it once: Enter also fires a change, and the same text again would append it again.
  if (control.dataset.enters === "end") {
    if (control.dataset.sent === JSON.stringify(value)) return;
    control.dataset.sent = JSON.stringify(value);
  }
  control.dataset.typing = String(typing === true);
  var message = { type: "set", pane: paneOf(row), row: row.dataset.row, value: value };
  // A custom row's controls name the value they edit by tag.
  if (control.dataset.tag) message.tag = Number(control.dataset.tag);
  else if (was !== undefined) message.was = was;
  // A value larger than the server takes would be refused unread (or end the session): the
  // field says so and shows the row's value again, and the form's other edits stay.
  var text = JSON.stringify(message);
  var size = new Blob([text]).size;
  var limit = Number(body.dataset.messageLimit || "0");
  if (limit > 0 && size > limit && message.was !== undefined) {
    // The text typed over counts too: without it the value may still fit, sent as one that
    // replaces whatever the row holds.
    delete message.was;
    text = JSON.stringify(message);
    size = new Blob([text]).size;
  }
  if (limit > 0 && size > limit) {
    say("That text is too large to send (" + Math.ceil(size / 1024) + " KB; the most is "
      + Math.floor(limit / 1024) + " KB): it was not entered.", true);
    body.dataset.lastError = "too large";
    control.dataset.typing = "false";
    restoreControl(row.dataset.row);
    return;
  }
  if (message.was !== undefined) control.dataset.was = control.value;
  state.lastSent = message.type;
  sendText(text);
}

var dateTypes = { date: 1, time: 1, "datetime-local": 1, month: 1, week: 1 };
export function isDateField(control) {
  return control.tagName === "INPUT" && dateTypes[control.type] === 1;
}

// Whether a date field holds parts that make no date (a month without its day, the 31st of
// February): its value is then empty, though the person emptied nothing.
function isHalfTyped(control) {
  return control.value === "" && !!control.validity && control.validity.badInput;
}

// Sends a date field's value once the person is done with it; a date left half typed (no
// date at all) is not sent as none: the field shows the row's date again.
export function sendDate(control) {
  delete control.dataset.pending;
  var row = control.closest(".row");
  if (isHalfTyped(control)) {
    if (row && row.dataset.row) restoreControl(row.dataset.row);
    return;
  }
  sendValue(control);
}

export function installValues() {
  app.addEventListener("input", function (event) {
    var control = event.target;
    var edited = control.closest(".screen");
    if (edited && control.classList.contains("control")) edited.dataset.edited = "true";
    if (control.classList.contains("search-field")) {
      clearTimeout(timers.search);
      timers.search = setTimeout(function () {
        send({ type: "search", pane: paneOf(control), text: control.value });
      }, 150);
      return;
    }
    if (!control.classList.contains("control")) return;
    if (control.tagName === "TEXTAREA") grow();
    if (control.type === "range") {
      var output = control.parentElement.querySelector(".slider-value");
      if (output) output.textContent = control.value;
      control.style.setProperty("--fill", fill(control));
    }
    if (control.dataset.enters === "end") return;
    if (control.type === "text" || control.type === "password" || control.tagName === "TEXTAREA") {
      clearTimeout(timers.value);
      timers.value = setTimeout(function () { sendValue(control, true); }, 200);
    }
  });

  app.addEventListener("change", function (event) {
    var control = event.target;
    if (control.classList.contains("upload")) { upload(control); return; }
    if (!control.classList.contains("control")) return;
    clearTimeout(timers.value);
    // A date typed part by part changes with each part (its month, then its day, then its
    // year a digit at a time), and is no date at all in between (the 31st of February): it
    // is sent once the person is done with it, so that the row drawn again does not move
    // their typing to another part, nor empty the field.
    if (isDateField(control)) {
      // Chromium tells of the change as the focus moves from one part to the next, when the
      // field looks unfocused for a moment: it is looked at once the move is over.
      control.dataset.pending = "true";
      setTimeout(function () {
        if (control.dataset.pending === "true" && !control.matches(":focus")) sendDate(control);
      }, 0);
      return;
    }
    sendValue(control);
  });

  // Moving from a date's day to its year leaves one part of the field for another, not the
  // field: only leaving the field ends the date.
  app.addEventListener("focusout", function (event) {
    var control = event.target;
    if (!control.dataset || control.dataset.pending !== "true") return;
    if (event.relatedTarget === control || control.matches(":focus")) return;
    sendDate(control);
  });
}

// A picture chosen for an image row goes as a data URL, once its type and size are checked.
function upload(input) {
  var file = input.files && input.files[0];
  if (!file) return;
  if (["image/png", "image/jpeg", "image/gif"].indexOf(file.type) < 0) {
    say("Choose a PNG, JPEG or GIF picture: " + (file.name || "this file") + " is not one.");
    input.value = "";
    return;
  }
  if (file.size > 150 * 1024) { say("That image is too large (the limit is 150 KB)."); return; }
  var reader = new FileReader();
  reader.onload = function () {
    var row = input.closest(".row");
    if (!row || !row.dataset.row) return;
    send({ type: "set", pane: paneOf(row), row: row.dataset.row, value: String(reader.result) });
  };
  reader.readAsDataURL(file);
}

// How much of a slider's track lies left of its thumb, for its two track tints.
function fill(range) {
  var low = Number(range.min || 0), high = Number(range.max || 1);
  var share = high > low ? (Number(range.value) - low) / (high - low) : 0;
  return Math.round(Math.max(0, Math.min(1, share)) * 1000) / 10 + "%";
}

// Text views grow with their text, unless their row turned that off (data-fixed).
export function grow() {
  app.querySelectorAll("textarea.control:not([data-fixed])").forEach(function (area) {
    area.style.height = "auto";
    area.style.height = area.scrollHeight + 2 + "px";
  });
}
