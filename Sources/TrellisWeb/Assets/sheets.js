// Sheets (screens presented modally): each is a dialog named by its title, and Tab keeps to
// its controls while it shows.

import { app } from "./page.js";

// A sheet is a dialog named by its title.
export function labelDialogs() {
  app.querySelectorAll('.screen[data-presentation="modal"]').forEach(function (sheet, index) {
    var title = sheet.querySelector(".title");
    if (!title) return;
    if (!title.id) title.id = "trellis-sheet-title-" + index;
    sheet.setAttribute("aria-labelledby", title.id);
  });
}

export function installSheets() {
  // A sheet is modal: Tab and Shift+Tab go round its own controls, never to the page below
  // or the browser's.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Tab" || event.defaultPrevented) return;
    var sheet = app.querySelector('.screen[data-presentation="modal"]:last-child');
    if (!sheet) return;
    var focusable = Array.prototype.filter.call(sheet.querySelectorAll(
      "button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])"), function (element) {
      return !element.disabled && element.offsetParent !== null && element.tabIndex >= 0 &&
        !(element.type === "radio" && !element.checked);
    });
    if (focusable.length === 0) return;
    var first = focusable[0], last = focusable[focusable.length - 1];
    var active = document.activeElement;
    var inside = sheet.contains(active);
    if (!inside || (event.shiftKey && active === first) || (!event.shiftKey && active === last) ||
        (event.shiftKey && active === sheet.querySelector(".title"))) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });
}
