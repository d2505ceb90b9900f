// The page the client works in, and what its modules share: the app's elements, the state
// more than one of them reads and writes, and how panes, screens, rows and sections are found.
// It imports nothing, so it is ready before any module that uses it runs.

export const body = document.body;
export const app = document.getElementById("trellis-app");
export const status = document.getElementById("trellis-status");

// Pending timeouts, by what they are for (a search typed, a value typed, a notice fading…).
export const timers = {};

// What more than one module reads and writes.
export const state = {
  // The rows each virtual section shows ("pane:section" → start and end), asked for again
  // once a new screen is drawn.
  windows: {},
  // The type of the last message sent: a patch that answers a Done knows it was one.
  lastSent: null,
  // Whether the notice shown is an error, which stays until what the person does next.
  errorShown: false,
  // The row whose screen shows beside the list, marked as open there (navigation.js).
  openBeside: null,
};

export function paneElement(name) {
  return app.querySelector(".pane-" + (name || "top"));
}

export function screenOf(name) {
  var pane = paneElement(name);
  return pane ? pane.lastElementChild : null;
}

export function paneOf(element) {
  var pane = element.closest(".pane");
  return pane && pane.classList.contains("pane-detail") ? "detail" : "top";
}

export function sectionsOf(pane) {
  var element = screenOf(pane);
  return element ? element.querySelector(".sections") : null;
}

// Rows and sections are named by identity (data-row, data-id), never by position, so that
// a message reaches the row meant even after another window moved it.
export function rowByKey(pane, key) {
  var sections = sectionsOf(pane);
  return sections ? sections.querySelector('.row[data-row="' + CSS.escape(key) + '"]') : null;
}

export function sectionById(pane, id) {
  var sections = sectionsOf(pane);
  return sections ? sections.querySelector(':scope > .tsection[data-id="' + CSS.escape(id) + '"]') : null;
}

export function sectionOf(element) {
  var section = element.closest(".tsection");
  return section ? section.dataset.id : null;
}

export function fragment(html) {
  var template = document.createElement("template");
  template.innerHTML = html;
  return template.content.firstElementChild;
}

export function arrived(element) {
  element.classList.add("arrived");
  return element;
}

// The pane whose screen Back or Escape closes: the detail pane's once nothing pushed on the
// list covers it, else the list's.
export function frontPane() {
  var detail = paneElement("detail");
  var list = paneElement("top");
  return detail && detail.children.length > 0 && (!list || list.children.length <= 1) ? "detail" : "top";
}

// Whether leaving `screen` gives up values: typed into it, or held by a form Done has not
// saved.
export function isEdited(screen) {
  return screen.dataset.edited === "true" || !!screen.querySelector(".bar[data-unsaved]");
}

// A pane keeps the screens a person went through, like a navigation controller: the last
// one shows, the ones below stay hidden (scrolled where they were) until a pop reveals them.
// Side by side, a row or Add in the list replaces the screen beside it: what the person
// changed there is given up only once they say so, as Back and Escape ask.
export function mayReplaceDetail(pane) {
  if (pane !== "top") return true;
  var detail = screenOf("detail");
  return !detail || !isEdited(detail) || window.confirm("Discard the changes on this screen?");
}
