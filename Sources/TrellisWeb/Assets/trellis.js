// Trellis web client: holds the session's WebSocket open, forwards what a person does as
// events, and patches the page with the staged changesets the server sends. No build step:
// the page loads this module, which imports the others from /assets/, one concern each:
//   page.js        the page's elements, the state modules share, finding panes, screens, rows
//   socket.js      the WebSocket: sending messages, and what each message the server sends does
//   patch.js       applying screens, pushes, pops and patches
//   focus.js       keeping and moving the focus as the page is drawn again
//   status.js      notices and screen-reader announcements (#trellis-status)
//   navigation.js  the row open beside the list, the browser's Back, opening addresses
//   lists.js       loading more, and virtual sections
//   values.js      controls' values: typing, dates, pictures, values refused
//   actions.js     taps and keys on rows and bars
//   sheets.js      sheets as modal dialogs
//   gestures.js    dragging rows, pulling to refresh

import { installActions } from "./actions.js";
import { installGestures } from "./gestures.js";
import { installLists, numberRows, refreshWindows, watchLoadMore } from "./lists.js";
import { installHistory } from "./navigation.js";
import { app, body } from "./page.js";
import { installSheets, labelDialogs } from "./sheets.js";
import { connect, installLayout } from "./socket.js";
import { grow, installValues } from "./values.js";

// A page without a session (the home page, an error) has nothing to run.
if (app && body.dataset.session) start();

function start() {
  document.documentElement.classList.add("js");
  installHistory();
  installLists();
  installLayout();
  installActions();
  installValues();
  installSheets();
  installGestures();
  grow();
  watchLoadMore();
  app.querySelectorAll(".rows[data-virtual]").forEach(numberRows);
  labelDialogs();
  connect();
  setTimeout(refreshWindows, 50);
}
