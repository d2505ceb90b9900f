// The connection: holds the session's WebSocket open (and waits for a server that went
// away), sends what a person does as messages, and hands each message the server sends to
// what applies it.

import { numberRows, showRows, watchLoadMore } from "./lists.js";
import { followStack, markOpenBeside, openAddress } from "./navigation.js";
import { app, body, frontPane, isEdited, screenOf, state, status, timers } from "./page.js";
import { patch, push, showScreen } from "./patch.js";
import { labelDialogs } from "./sheets.js";
import { say } from "./status.js";
import { restoreControl } from "./values.js";

var socket = null;
// Whether a tap that closes or opens a screen (Done, Cancel, Back, Add) waits for the
// server's answer.
var changingScreen = false;

// Starts waiting for the server to open or close a screen; false when a tap already waits.
// An answer that changes nothing on the page sends nothing: taps work again soon anyway.
export function startChangingScreen() {
  if (changingScreen) return false;
  changingScreen = true;
  clearTimeout(timers.changingScreen);
  timers.changingScreen = setTimeout(function () { changingScreen = false; }, 1500);
  return true;
}

export function connect() {
  var scheme = location.protocol === "https:" ? "wss:" : "ws:";
  var query = "app=" + encodeURIComponent(body.dataset.app) +
    "&session=" + encodeURIComponent(body.dataset.session) +
    "&token=" + encodeURIComponent(body.dataset.token);
  socket = new WebSocket(scheme + "//" + location.host + "/ws?" + query);
  socket.onopen = function () {
    body.dataset.connected = "true";
    sendLayout();
  };
  socket.onmessage = function (event) {
    var message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    receive(message);
  };
  socket.onclose = function (event) {
    body.dataset.connected = "false";
    // The server went away (stopped, restarted, the network dropped): the page waits for it
    // and starts again, unless a form holds what the person typed, which a reload loses.
    // A server shutting down (1001) is left to finish first: a page reconnecting while
    // it drains would hold it open.
    if (event.code === 1006 || event.code === 1001) {
      awaitServer(0, event.code === 1001 ? 10000 : 2000);
      return;
    }
    say(event.reason || "Disconnected. Reload the page to start again.");
    // Signed out elsewhere (or removed): the page no longer names anyone as signed in.
    var account = document.querySelector(".home-link .account");
    if (event.code === 4001 && account) {
      var link = document.createElement("a");
      link.href = location.pathname;
      link.textContent = "Sign in again";
      account.replaceChildren(link);
    }
  };
}

// Asks the server for a small file (a page would make a session), every two seconds for
// ten minutes, until it answers.
function awaitServer(tries, delay) {
  say("Disconnected. Trying to reach the server again…");
  setTimeout(function () {
    fetch("/assets/favicon.svg", { cache: "no-store" })
      .then(function (answer) {
        if (!answer.ok) throw new Error("not yet");
        var screen = screenOf(frontPane());
        if (screen && isEdited(screen)) {
          say("The server is back. Reload the page to go on: what this screen holds was " +
            "not saved, so copy what you typed first.");
        } else {
          location.reload();
        }
      })
      .catch(function () {
        if (tries < 300) awaitServer(tries + 1, 2000);
        else say("Disconnected. Reload the page to start again.");
      });
  }, delay);
}

// What a person does next (a tap, a delete, Edit, Back) answers an error shown: it goes, and
// the answer brings a new one if that is refused too.
var clearsError = { select: 1, accessory: 1, delete: 1, insert: 1, edit: 1, back: 1 };
export function send(message) {
  state.lastSent = message.type;
  if (state.errorShown && clearsError[message.type]) say("");
  if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
}

// Sends a message already written out (a value whose size was checked); nothing while
// the socket is not open.
export function sendText(text) {
  if (socket && socket.readyState === 1) socket.send(text);
}

// MARK: Receiving

function receive(message) {
  changingScreen = false;
  switch (message.type) {
    case "screen": showScreen(message.html); break;
    case "push": push(message); break;
    case "patch": patch(message); break;
    case "rows": showRows(message); break;
    case "open": openAddress(message.url); break;
    case "status": say(message.message, true); break;
    case "error":
      say(message.message, true, true);
      body.dataset.lastError = message.message;
      if (message.row) restoreControl(message.row);
      break;
  }
  watchLoadMore();
  markOpenBeside();
  followStack();
  app.querySelectorAll(".rows[data-virtual]").forEach(numberRows);
  labelDialogs();
  body.dataset.updates = String(Number(body.dataset.updates || "0") + 1);
}

// The server lays the panes out side by side on a wide window: it is told when that changes.
function sendLayout() {
  var wide = window.innerWidth >= 900;
  if (body.dataset.wide === String(wide)) return;
  body.dataset.wide = String(wide);
  send({ type: "layout", wide: wide });
}

export function installLayout() {
  window.addEventListener("resize", sendLayout);
}
