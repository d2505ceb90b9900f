// Where the person is: the row whose screen shows beside the list, the browser's Back and
// Forward following the screens pushed and popped, leaving a page with values not saved, and
// the addresses the server opens.

import {
  app,
  body,
  frontPane,
  isEdited,
  paneElement,
  rowByKey,
  screenOf,
  state,
  status,
} from "./page.js";
import { send, startChangingScreen } from "./socket.js";

// MARK: The row open beside the list

// With the list and a detail side by side, the list marks the row the detail shows, as a
// split view's list keeps its row selected. The page remembers the row it opened; a detail
// opened otherwise (Add) marks none. Once the list shows alone again, the detail is closed
// and the row forgotten; while a screen opened from the detail covers both, it is kept.
export function markOpenBeside() {
  var panes = app.querySelector(".panes");
  var hasDetail = !!(panes && panes.classList.contains("has-detail") && screenOf("detail"));
  var row = state.openBeside === null ? null : rowByKey("top", state.openBeside);
  if (!hasDetail && row) state.openBeside = null;
  app.querySelectorAll(".pane-top .row.open-beside").forEach(function (marked) {
    if (hasDetail && marked === row) return;
    marked.classList.remove("open-beside");
    marked.removeAttribute("aria-current");
  });
  if (!hasDetail || !row) return;
  row.classList.add("open-beside");
  row.setAttribute("aria-current", "true");
}

// MARK: The browser's Back

// Each screen pushed adds an entry to the page's history, so that the browser's Back pops a
// screen as the bar's Back does. A screen the app closes itself (Done, Cancel) only renumbers
// the entry shown: moving in the history is asynchronous, and would take the page along if
// it left meanwhile. Back over such an entry, which shows nothing new, goes on past it.
// Forward cannot bring back a closed screen: it is undone. Back from a form typed in asks
// first. Each entry holds its depth and its place in the history line (`trellisSeq`), which
// tells Back from Forward.
var historyDepth = 0;
// Read from the entry the page was loaded from, once the page starts (installHistory).
var historySeq = 0;
var historyStepsIgnored = 0;

// The screens under the one shown, as the server counts them (`data-depth`): those pushed
// on the list, and the detail pane's, which screens opened from it cover with the list.
function stackDepth() {
  var depth = 0;
  ["top", "detail"].forEach(function (name) {
    var pane = paneElement(name);
    var shown = pane && pane.lastElementChild;
    if (shown) depth = Math.max(depth, Number(shown.dataset.depth) || 0);
  });
  return depth;
}

export function followStack() {
  var depth = stackDepth();
  while (historyDepth < depth) {
    historyDepth += 1;
    historySeq += 1;
    history.pushState({ trellisDepth: historyDepth, trellisSeq: historySeq }, "");
  }
  if (historyDepth > depth) {
    historyDepth = depth;
    history.replaceState({ trellisDepth: depth, trellisSeq: historySeq }, "");
  }
}

export function installHistory() {
  historySeq = history.state && typeof history.state.trellisSeq === "number" ? history.state.trellisSeq : 0;
  // A page loaded again starts at its root screen, whatever entry it was loaded from.
  history.replaceState({ trellisDepth: 0, trellisSeq: historySeq }, "");

  window.addEventListener("popstate", function (event) {
    if (historyStepsIgnored > 0) { historyStepsIgnored -= 1; return; }
    var entry = event.state || {};
    var wanted = typeof entry.trellisDepth === "number" ? entry.trellisDepth : 0;
    var seq = typeof entry.trellisSeq === "number" ? entry.trellisSeq : -1;
    if (seq > historySeq) {
      // Forward: the screen is closed; back to the entry shown.
      historyStepsIgnored += 1;
      history.go(historySeq - seq);
      return;
    }
    var from = historySeq;
    historySeq = seq;
    if (wanted >= historyDepth) { history.back(); return; }
    var pane = frontPane();
    var top = screenOf(pane);
    if ((top && isEdited(top) && !window.confirm("Discard the changes on this screen?")) ||
        !startChangingScreen()) {
      // Staying: back to the entry shown.
      historySeq = from;
      historyStepsIgnored += 1;
      history.go(from - seq);
      return;
    }
    historyDepth -= 1;
    history.replaceState({ trellisDepth: historyDepth, trellisSeq: historySeq }, "");
    send({ type: "back", pane: pane });
  });

  // Leaving or reloading the page while a screen holds values Done has not saved asks
  // first, as Back does: the server marks such a screen's bar.
  window.addEventListener("beforeunload", function (event) {
    if (!app.querySelector(".bar[data-unsaved]")) return;
    event.preventDefault();
    event.returnValue = "";
  });
}

// MARK: Opening addresses

// A row's open action ran on the server, which names the address: it opens in a new tab
// with no hold on this page, which keeps the app. The tap moments before lets the browser
// open a tab; one that refuses all the same gets the address as a link under the bar.
export function openAddress(url) {
  if (typeof url !== "string" || !/^(https?:\/\/|\/(?!\/)|mailto:)/i.test(url)) return;
  body.dataset.opened = url;
  body.dataset.opens = String(Number(body.dataset.opens || "0") + 1);
  // An email to write goes to the mail app; the page stays.
  if (/^mailto:/i.test(url)) {
    window.location.href = url;
    return;
  }
  var opened = window.open(url, "_blank");
  if (opened) {
    opened.opener = null;
    return;
  }
  if (!status) return;
  status.textContent = "The browser kept a new tab from opening: ";
  var link = document.createElement("a");
  link.href = url;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = url;
  status.appendChild(link);
}
