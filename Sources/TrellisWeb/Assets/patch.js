// Applying what the server sends to the page: a whole page of screens, a screen pushed onto
// a pane (the one below kept, hidden, where it was scrolled) or popped off it, and a patch of
// a screen's bar, index, rows and sections (a staged changeset).

import {
  focusKey,
  focusLost,
  focusNewScreen,
  focusTarget,
  focusTitle,
  restoreFocus,
} from "./focus.js";
import { refreshWindows } from "./lists.js";
import { app, arrived, fragment, paneElement, rowByKey, screenOf, state } from "./page.js";
import { announce, rowName, say, tell } from "./status.js";
import { grow } from "./values.js";

// The whole app area drawn again (every pane's screens): the focus, a search's text and a
// row a Done beside the list added are found again.
export function showScreen(html) {
  var key = focusKey();
  // The rows the list held, so that a row a Done beside it added is found.
  var listed = {};
  app.querySelectorAll(".pane-top > .screen:last-child .row[data-row]").forEach(function (row) {
    listed[row.dataset.row] = true;
  });
  var search = app.querySelector(".screen:last-child .search-field");
  var searchText = search ? search.value : null;
  app.innerHTML = html;
  state.windows = {};
  grow();
  var closed = key && key.pane === "detail" && !screenOf("detail");
  var added = closed && state.lastSent === "done" ? Array.prototype.filter.call(
    app.querySelectorAll(".pane-top > .screen:last-child .row[data-row]"),
    function (row) { return !listed[row.dataset.row]; }) : [];
  var opened = closed && (added.length === 1 ? added[0] : state.openBeside !== null && rowByKey("top", state.openBeside));
  var target = opened && focusTarget(opened);
  if (added.length === 1) announce(rowName(added[0]) + " added");
  if (key && key.search && searchText !== null) {
    var field = app.querySelector(".screen:last-child .search-field");
    if (field) { field.value = searchText; field.focus(); }
  } else if (target) {
    // The detail beside the list closed (Cancel, Done, Escape): the row it showed takes the
    // focus, as a pushed screen's row does when it closes.
    target.focus({ preventScroll: true });
  } else if (key && key.ev) {
    // Only the bar's buttons keep focus across screens; rows are new.
    restoreFocus(key);
  } else {
    focusNewScreen();
  }
  refreshWindows();
}

// How far `pane` is scrolled, and scrolling it: the window, or the detail pane beside the
// list on a wide window, which scrolls on its own.
function scrollsOnItsOwn(pane) {
  return pane.classList.contains("pane-detail") && getComputedStyle(pane).overflowY === "auto";
}
function scrollOf(pane) { return scrollsOnItsOwn(pane) ? pane.scrollTop : window.scrollY; }
function scrollPaneTo(pane, y) {
  if (scrollsOnItsOwn(pane)) pane.scrollTop = y; else window.scrollTo(0, y);
}

// A screen pushed onto a pane: the one it covers stays, hidden, where it was scrolled.
export function push(message) {
  var pane = paneElement(message.pane);
  if (!pane) return;
  var covered = pane.lastElementChild;
  var pushed = fragment(message.html);
  var sheet = pushed && pushed.dataset.presentation === "modal";
  if (covered) {
    covered.dataset.scrollY = String(scrollOf(pane));
    // The row that opened this screen, focused again when it closes, as iOS returns there.
    var opener = document.activeElement && covered.contains(document.activeElement) &&
      document.activeElement.closest(".row");
    if (opener && opener.dataset.row) covered.dataset.opener = opener.dataset.row;
    else delete covered.dataset.opener;
    // A modal sheet covers the screen below without hiding it.
    if (sheet) covered.inert = true;
    else covered.hidden = true;
  }
  pane.appendChild(pushed);
  // An error about the screen below says nothing about this one.
  say("");
  state.windows = {};
  grow();
  scrollPaneTo(pane, 0);
  focusNewScreen();
  refreshWindows();
}

// Drops the top `count` screens of a pane and shows the one below, scrolled as it was left.
function pop(pane, count) {
  for (var i = 0; i < count && pane.children.length > 1; i++) pane.lastElementChild.remove();
  var revealed = pane.lastElementChild;
  if (!revealed) return;
  revealed.hidden = false;
  revealed.inert = false;
  say("");
  state.windows = {};
  scrollPaneTo(pane, Number(revealed.dataset.scrollY || "0"));
  var opener = revealed.dataset.opener &&
    revealed.querySelector('.row[data-row="' + CSS.escape(revealed.dataset.opener) + '"]');
  var target = opener && (opener.querySelector(".select") || opener.querySelector(".control"));
  if (target && !target.disabled) target.focus({ preventScroll: true });
  else focusTitle();
}

// A patch to a pane: the screens it pops, then its shown screen's bar, index, and rows and
// sections, a step at a time, in order (rows named by their place once the steps before ran).
export function patch(message) {
  var paneHolder = paneElement(message.pane);
  if (!paneHolder) return;
  if (message.pop) pop(paneHolder, message.pop);
  // After a pop, the row that opened the closed screen has the focus: drawn again (a value
  // chosen, a record edited), it keeps it.
  var key = focusKey();
  var answered = state.lastSent;
  var inserted = [];
  var deleted = [];
  var replaced = [];
  var pane = paneHolder.lastElementChild;
  if (!pane) return;
  var sections = pane.querySelector(".sections");
  var bar = pane.querySelector(".bar");
  if (message.bar && bar) {
    var notice = pane.querySelector(".notice");
    var holder = document.createElement("div");
    holder.innerHTML = message.bar;
    bar.replaceWith(holder.children[0]);
    if (notice && holder.children[0]) notice.replaceWith(holder.children[0]);
  }
  var index = pane.querySelector(".section-index");
  if (message.index && index) {
    var indexHolder = document.createElement("div");
    indexHolder.innerHTML = message.index;
    index.replaceWith(indexHolder.children[0]);
  }
  (message.ops || []).forEach(function (op) {
    var section = sections.children[op.sectionIndex];
    var list = section ? section.querySelector(".rows") : null;
    switch (op.op) {
      case "deleteRow":
        if (list && list.children[op.rowIndex]) {
          deleted.push(rowName(list.children[op.rowIndex]));
          list.children[op.rowIndex].remove();
        }
        break;
      case "insertRow":
        if (list) {
          var added = arrived(fragment(op.html));
          list.insertBefore(added, list.children[op.rowIndex] || null);
          inserted.push(added);
        }
        break;
      case "replaceRow":
        var old = list && (list.hasAttribute("data-virtual")
          ? list.querySelector('.row[data-i="' + op.rowIndex + '"]') : list.children[op.rowIndex]);
        if (old) {
          var drawn = fragment(op.html);
          replaced.push({ old: old, row: drawn });
          old.replaceWith(drawn);
        }
        break;
      case "deleteSection":
        if (section) section.remove();
        break;
      case "insertSection":
        sections.insertBefore(arrived(fragment(op.html)), sections.children[op.sectionIndex] || null);
        break;
      case "replaceSection":
        if (section) {
          delete state.windows[message.pane + ":" + section.dataset.id];
          section.replaceWith(fragment(op.html));
        }
        break;
    }
  });
  updateCounts(sections);
  grow();
  // A Done refused for a field: the field that says what is wrong takes the focus.
  var refused = state.lastSent === "done" && !message.pop && pane.querySelector('[aria-invalid="true"]');
  if (refused) state.lastSent = null;
  if (refused && !refused.disabled) refused.focus();
  else restoreFocus(key);
  tell(message, key, answered, inserted, deleted, replaced, !!refused);
  if (key && focusLost()) focusTitle();
  refreshWindows();
}

function updateCounts(sections) {
  Array.prototype.forEach.call(sections.children, function (section) {
    var list = section.querySelector(".rows");
    if (list && !list.hasAttribute("data-virtual")) list.dataset.count = String(list.children.length);
  });
}
