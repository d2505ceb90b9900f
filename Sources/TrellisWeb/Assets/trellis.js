// Trellis web client: holds the session's WebSocket open, forwards what a person does as
// events, and patches the page with the staged changesets the server sends. No build step.
(function () {
  "use strict";
  var body = document.body;
  var app = document.getElementById("trellis-app");
  var status = document.getElementById("trellis-status");
  if (!app || !body.dataset.session) return;
  document.documentElement.classList.add("js");

  var ROW_HEIGHT = 44;
  var MARGIN = 30;
  var socket = null;
  var timers = {};
  var windows = {};
  // Whether a tap that closes or opens a screen (Done, Cancel, Back, Add) waits for the
  // server's answer.
  var changingScreen = false;

  // Starts waiting for the server to open or close a screen; false when a tap already waits.
  // An answer that changes nothing on the page sends nothing: taps work again soon anyway.
  function startChangingScreen() {
    if (changingScreen) return false;
    changingScreen = true;
    clearTimeout(timers.changingScreen);
    timers.changingScreen = setTimeout(function () { changingScreen = false; }, 1500);
    return true;
  }

  function connect() {
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

  // The type of the last message sent: a patch that answers a Done knows it was one.
  var lastSent = null;
  // What a person does next (a tap, a delete, Edit, Back) answers an error shown: it goes, and
  // the answer brings a new one if that is refused too.
  var clearsError = { select: 1, accessory: 1, delete: 1, insert: 1, edit: 1, back: 1 };
  function send(message) {
    lastSent = message.type;
    if (errorShown && clearsError[message.type]) say("");
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
  }

  // A notice under the bar; an error clears itself after a while (a newer notice stays).
  var errorShown = false;
  function say(text, fades, isError) {
    if (!status) return;
    clearTimeout(timers.announce);
    delete status.dataset.quiet;
    status.textContent = text;
    errorShown = !!(text && isError);
    clearTimeout(timers.say);
    if (fades) timers.say = setTimeout(function () { status.textContent = ""; }, 6000);
  }

  // What a screen reader hears of what just happened (a row added, deleted or moved, a
  // search's results, a value chosen): the same polite region as the notices, out of sight,
  // as a mouse user sees it happen. An error shown stays until what the person does next.
  function announce(text) {
    if (!status || !text || errorShown) return;
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
  function rowName(row) {
    var text = row.querySelector(".text");
    return text ? text.textContent.trim() : "";
  }

  // A row refused the value its control holds: the control shows the row's value again. A
  // field the person is still typing in keeps their text (half a number is refused too); it is
  // put back once they end editing (Enter, or leaving the field) and the server refuses the
  // whole of it. Either way the person has now seen the row's value: what they type next goes
  // over it.
  function restoreControl(key) {
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

  // MARK: The row open beside the list

  // With the list and a detail side by side, the list marks the row the detail shows, as a
  // split view's list keeps its row selected. The page remembers the row it opened; a detail
  // opened otherwise (Add) marks none. Once the list shows alone again, the detail is closed
  // and the row forgotten; while a screen opened from the detail covers both, it is kept.
  var openBeside = null;
  function markOpenBeside() {
    var panes = app.querySelector(".panes");
    var hasDetail = !!(panes && panes.classList.contains("has-detail") && screenOf("detail"));
    var row = openBeside === null ? null : rowByKey("top", openBeside);
    if (!hasDetail && row) openBeside = null;
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
  var historySeq = history.state && typeof history.state.trellisSeq === "number" ? history.state.trellisSeq : 0;
  var historyStepsIgnored = 0;
  // A page loaded again starts at its root screen, whatever entry it was loaded from.
  history.replaceState({ trellisDepth: 0, trellisSeq: historySeq }, "");

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

  // The pane whose screen Back or Escape closes: the detail pane's once nothing pushed on the
  // list covers it, else the list's.
  function frontPane() {
    var detail = paneElement("detail");
    var list = paneElement("top");
    return detail && detail.children.length > 0 && (!list || list.children.length <= 1) ? "detail" : "top";
  }

  // Whether leaving `screen` gives up values: typed into it, or held by a form Done has not
  // saved.
  function isEdited(screen) {
    return screen.dataset.edited === "true" || !!screen.querySelector(".bar[data-unsaved]");
  }

  function followStack() {
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

  window.addEventListener("popstate", function (event) {
    if (historyStepsIgnored > 0) { historyStepsIgnored -= 1; return; }
    var state = event.state || {};
    var wanted = typeof state.trellisDepth === "number" ? state.trellisDepth : 0;
    var seq = typeof state.trellisSeq === "number" ? state.trellisSeq : -1;
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

  // MARK: Opening addresses

  // A row's open action ran on the server, which names the address: it opens in a new tab
  // with no hold on this page, which keeps the app. The tap moments before lets the browser
  // open a tab; one that refuses all the same gets the address as a link under the bar.
  function openAddress(url) {
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

  // MARK: Loading more as the list scrolls

  // A "Load more…" row that loads by itself (an async store's, data-auto) asks for the next
  // page once it scrolls into view; the row the next page brings is a new element, watched in
  // turn. Other lists load more when tapped.
  var loadMoreWatcher = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      var button = entry.target;
      if (!entry.isIntersecting || button.disabled || button.dataset.requested) return;
      var row = button.closest(".row");
      if (!row || !button.closest(".screen:last-child")) return;
      button.dataset.requested = "true";
      send({ type: "loadMore", pane: paneOf(button), section: sectionOf(row) });
    });
  }) : null;

  function watchLoadMore() {
    if (!loadMoreWatcher) return;
    app.querySelectorAll(".load-more[data-auto]:not([data-watched])").forEach(function (button) {
      button.dataset.watched = "true";
      loadMoreWatcher.observe(button);
    });
  }

  function paneElement(name) {
    return app.querySelector(".pane-" + (name || "top"));
  }

  // A pane keeps the screens a person went through, like a navigation controller: the last
  // one shows, the ones below stay hidden (scrolled where they were) until a pop reveals them.
  // Side by side, a row or Add in the list replaces the screen beside it: what the person
  // changed there is given up only once they say so, as Back and Escape ask.
  function mayReplaceDetail(pane) {
    if (pane !== "top") return true;
    var detail = screenOf("detail");
    return !detail || !isEdited(detail) || window.confirm("Discard the changes on this screen?");
  }

  function screenOf(name) {
    var pane = paneElement(name);
    return pane ? pane.lastElementChild : null;
  }

  function visibleTitle() {
    return app.querySelector(".pane-detail > .screen:last-child .title") ||
      app.querySelector(".pane-top > .screen:last-child .title");
  }

  function focusTitle() {
    var title = visibleTitle();
    if (title) { title.setAttribute("tabindex", "-1"); title.focus({ preventScroll: true }); }
  }

  // A new screen: the field that asks for the keyboard (becomeFirstResponder) takes the
  // focus, else the title, so that a screen reader announces the screen.
  function focusNewScreen() {
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

  function focusKey() {
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
  function focusLost() {
    var active = document.activeElement;
    return !active || active === body || !app.contains(active);
  }

  // The control a row is reached by: the button `cls` names where the row has it (its
  // minus, say, so that deleting goes on from row to row), else the row's own control.
  function focusTarget(row, cls) {
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

  function restoreFocus(key) {
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

  function showScreen(html) {
    var key = focusKey();
    // The rows the list held, so that a row a Done beside it added is found.
    var listed = {};
    app.querySelectorAll(".pane-top > .screen:last-child .row[data-row]").forEach(function (row) {
      listed[row.dataset.row] = true;
    });
    var search = app.querySelector(".screen:last-child .search-field");
    var searchText = search ? search.value : null;
    app.innerHTML = html;
    windows = {};
    grow();
    var closed = key && key.pane === "detail" && !screenOf("detail");
    var added = closed && lastSent === "done" ? Array.prototype.filter.call(
      app.querySelectorAll(".pane-top > .screen:last-child .row[data-row]"),
      function (row) { return !listed[row.dataset.row]; }) : [];
    var opened = closed && (added.length === 1 ? added[0] : openBeside !== null && rowByKey("top", openBeside));
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
  function push(message) {
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
    windows = {};
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
    windows = {};
    scrollPaneTo(pane, Number(revealed.dataset.scrollY || "0"));
    var opener = revealed.dataset.opener &&
      revealed.querySelector('.row[data-row="' + CSS.escape(revealed.dataset.opener) + '"]');
    var target = opener && (opener.querySelector(".select") || opener.querySelector(".control"));
    if (target && !target.disabled) target.focus({ preventScroll: true });
    else focusTitle();
  }

  function sectionsOf(pane) {
    var element = screenOf(pane);
    return element ? element.querySelector(".sections") : null;
  }

  function fragment(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    return template.content.firstElementChild;
  }

  function arrived(element) {
    element.classList.add("arrived");
    return element;
  }

  // Rows and sections are named by identity (data-row, data-id), never by position, so that
  // a message reaches the row meant even after another window moved it.
  function rowByKey(pane, key) {
    var sections = sectionsOf(pane);
    return sections ? sections.querySelector('.row[data-row="' + CSS.escape(key) + '"]') : null;
  }

  function sectionById(pane, id) {
    var sections = sectionsOf(pane);
    return sections ? sections.querySelector(':scope > .tsection[data-id="' + CSS.escape(id) + '"]') : null;
  }

  function sectionOf(element) {
    var section = element.closest(".tsection");
    return section ? section.dataset.id : null;
  }

  function patch(message) {
    var paneHolder = paneElement(message.pane);
    if (!paneHolder) return;
    if (message.pop) pop(paneHolder, message.pop);
    // After a pop, the row that opened the closed screen has the focus: drawn again (a value
    // chosen, a record edited), it keeps it.
    var key = focusKey();
    var answered = lastSent;
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
            delete windows[message.pane + ":" + section.dataset.id];
            section.replaceWith(fragment(op.html));
          }
          break;
      }
    });
    updateCounts(sections);
    grow();
    // A Done refused for a field: the field that says what is wrong takes the focus.
    var refused = lastSent === "done" && !message.pop && pane.querySelector('[aria-invalid="true"]');
    if (refused) lastSent = null;
    if (refused && !refused.disabled) refused.focus();
    else restoreFocus(key);
    tell(message, key, answered, inserted, deleted, replaced, !!refused);
    if (key && focusLost()) focusTitle();
    refreshWindows();
  }

  // After a patch, what the person's focus and a screen reader follow: the row a Done added or
  // a page of rows loaded, and words for what changed out of sight of the focus.
  function tell(message, key, answered, inserted, deleted, replaced, refused) {
    var focusedRow = document.activeElement && app.contains(document.activeElement) &&
      document.activeElement.closest(".row");
    // A validation message that appears under the field typed in is said once; drawn again
    // as the person types on, it is not said again (nor when a refused Done moved there).
    replaced.forEach(function (change) {
      var message = change.row.querySelector(".validation");
      if (!message || refused || change.old.querySelector(".validation")) return;
      if (key && key.row === change.row.dataset.row) announce(message.textContent);
    });
    if (answered === "done" && message.pop) lastSent = null;
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
      lastSent = null;
      announce(deleted.filter(Boolean).join(", ") + " deleted");
    } else if (answered === "move" && key && key.row != null) {
      lastSent = null;
      var moved = rowByKey(key.pane, key.row);
      var rows = moved ? Array.prototype.filter.call(moved.parentElement.children,
        function (row) {
          return row.dataset.row && row.dataset.kind !== "addItem" && row.dataset.kind !== "loadMore";
        }) : [];
      if (moved) announce("Moved to position " + (rows.indexOf(moved) + 1) + " of " + rows.length);
    } else if (answered === "loadMore" && inserted.length > 0) {
      lastSent = null;
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
      lastSent = null;
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

  function updateCounts(sections) {
    Array.prototype.forEach.call(sections.children, function (section) {
      var list = section.querySelector(".rows");
      if (list && !list.hasAttribute("data-virtual")) list.dataset.count = String(list.children.length);
    });
  }

  // MARK: Virtual sections

  function refreshWindows() {
    app.querySelectorAll(".screen:last-child .rows[data-virtual]").forEach(function (list) {
      var pane = paneOf(list);
      var id = sectionOf(list);
      var count = Number(list.dataset.count);
      var box = list.getBoundingClientRect();
      var top = Math.max(0, -box.top);
      var bottom = Math.min(box.height, window.innerHeight - box.top);
      if (bottom <= 0 || top >= box.height) return;
      // A theme's rowHeight sets --row-height, which places the rows.
      var height = parseFloat(getComputedStyle(list).getPropertyValue("--row-height")) || ROW_HEIGHT;
      var first = Math.max(0, Math.floor(top / height) - MARGIN);
      var last = Math.min(count, Math.ceil(bottom / height) + MARGIN);
      var key = pane + ":" + id;
      var shown = windows[key];
      if (shown && shown.start <= first && shown.end >= last) return;
      windows[key] = { start: first, end: last };
      send({ type: "window", pane: pane, section: id, start: first, end: last });
    });
  }

  function showRows(message) {
    var section = sectionById(message.pane, message.section);
    var list = section && section.querySelector(".rows");
    if (!list || !list.hasAttribute("data-virtual")) return;
    var key = focusKey();
    var html = message.rows.join("");
    list.innerHTML = html;
    list.dataset.count = String(message.count);
    list.style.setProperty("--count", String(message.count));
    windows[message.pane + ":" + message.section] = { start: message.start, end: message.start + message.rows.length };
    numberRows(list);
    if (key && key.row != null && !rowByKey(key.pane, key.row) && focusLost()) {
      // The row with the focus scrolled out of the window (End, Page Down): the first row in
      // view takes it, not the page.
      var inView = Array.prototype.filter.call(list.children, function (row) {
        return row.getBoundingClientRect().top >= 0;
      })[0] || list.firstElementChild;
      var target = inView && focusTarget(inView, key.cls);
      if (target) { target.focus({ preventScroll: true }); return; }
    }
    restoreFocus(key);
  }

  // A virtual list holds only the rows in view: each says its place in the whole list, so
  // that a screen reader counts them all.
  function numberRows(list) {
    var count = list.dataset.count;
    Array.prototype.forEach.call(list.children, function (row) {
      if (row.dataset.i == null) return;
      row.setAttribute("aria-setsize", count);
      row.setAttribute("aria-posinset", String(Number(row.dataset.i) + 1));
    });
  }

  // A sheet is a dialog named by its title.
  function labelDialogs() {
    app.querySelectorAll('.screen[data-presentation="modal"]').forEach(function (sheet, index) {
      var title = sheet.querySelector(".title");
      if (!title) return;
      if (!title.id) title.id = "trellis-sheet-title-" + index;
      sheet.setAttribute("aria-labelledby", title.id);
    });
  }

  var scrollPending = false;
  window.addEventListener("scroll", function () {
    if (scrollPending) return;
    scrollPending = true;
    requestAnimationFrame(function () { scrollPending = false; refreshWindows(); });
  }, { passive: true, capture: true }); // capture: the detail pane scrolls on its own too

  // MARK: Sending

  function paneOf(element) {
    var pane = element.closest(".pane");
    return pane && pane.classList.contains("pane-detail") ? "detail" : "top";
  }


  function sendLayout() {
    var wide = window.innerWidth >= 900;
    if (body.dataset.wide === String(wide)) return;
    body.dataset.wide = String(wide);
    send({ type: "layout", wide: wide });
  }
  window.addEventListener("resize", sendLayout);

  function controlValue(control) {
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
  function sameText(control, a, b) {
    if (a === b) return true;
    if (control.dataset.type !== "number" || a.trim() === "" || b.trim() === "") return false;
    return Number(a) === Number(b);
  }

  // The text a field showed when the person began typing in it (or last sent), for fields
  // whose typing the page keeps while the row is drawn again; undefined for other controls.
  function typedOver(control) {
    var typed = control.tagName === "TEXTAREA" || control.type === "text" || control.type === "password";
    if (!typed || control.dataset.enters === "end" || !control.classList.contains("control")) return undefined;
    return control.dataset.was !== undefined ? control.dataset.was : control.defaultValue;
  }

  // `typing`: sent after a pause in typing, not because editing ended.
  function sendValue(control, typing) {
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
    lastSent = message.type;
    if (socket && socket.readyState === 1) socket.send(text);
  }

  // The row a finger or the mouse went down on: a row that moved under it before it came up
  // (a page of rows loaded above it) is not the one the person aimed at, and is not selected.
  var pressedRow = null;
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
      if (ev === "add" && pane === "top") openBeside = null;
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
        openBeside = target.classList.contains("add-item") ? null : key;
      }
      send({ type: "select", pane: pane, row: key });
    }
  });

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

  var dateTypes = { date: 1, time: 1, "datetime-local": 1, month: 1, week: 1 };
  function isDateField(control) {
    return control.tagName === "INPUT" && dateTypes[control.type] === 1;
  }

  // Whether a date field holds parts that make no date (a month without its day, the 31st of
  // February): its value is then empty, though the person emptied nothing.
  function isHalfTyped(control) {
    return control.value === "" && !!control.validity && control.validity.badInput;
  }

  // Sends a date field's value once the person is done with it; a date left half typed (no
  // date at all) is not sent as none: the field shows the row's date again.
  function sendDate(control) {
    delete control.dataset.pending;
    var row = control.closest(".row");
    if (isHalfTyped(control)) {
      if (row && row.dataset.row) restoreControl(row.dataset.row);
      return;
    }
    sendValue(control);
  }

  // Moving from a date's day to its year leaves one part of the field for another, not the
  // field: only leaving the field ends the date.
  app.addEventListener("focusout", function (event) {
    var control = event.target;
    if (!control.dataset || control.dataset.pending !== "true") return;
    if (event.relatedTarget === control || control.matches(":focus")) return;
    sendDate(control);
  });

  // Hides a row's Delete button; the focus it had goes back to the row's minus.
  function putAwayDelete(row, refocus) {
    var minus = row.querySelector(".row-delete");
    var focused = refocus || row.contains(document.activeElement);
    row.classList.remove("confirming-delete");
    if (minus) minus.setAttribute("aria-expanded", "false");
    if (minus && focused) minus.focus({ preventScroll: true });
  }

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
  function grow() {
    app.querySelectorAll("textarea.control:not([data-fixed])").forEach(function (area) {
      area.style.height = "auto";
      area.style.height = area.scrollHeight + 2 + "px";
    });
  }

  // MARK: Drag and drop (edit mode)

  var dragged = null;
  app.addEventListener("dragstart", function (event) {
    var row = event.target.closest && event.target.closest(".row[draggable]");
    if (!row) return;
    dragged = { pane: paneOf(row), row: row };
    row.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", "row");
  });
  app.addEventListener("dragend", function (event) {
    var row = event.target.closest && event.target.closest(".row");
    if (row) row.classList.remove("dragging");
    app.querySelectorAll(".drop-target").forEach(function (e) { e.classList.remove("drop-target"); });
  });
  app.addEventListener("dragover", function (event) {
    if (!dragged) return;
    var row = event.target.closest && event.target.closest(".row");
    var list = event.target.closest && event.target.closest(".rows");
    if (!row && !list) return;
    event.preventDefault();
    app.querySelectorAll(".drop-target").forEach(function (e) { e.classList.remove("drop-target"); });
    (row || list).classList.add("drop-target");
  });
  app.addEventListener("drop", function (event) {
    if (!dragged) return;
    event.preventDefault();
    var row = event.target.closest(".row");
    var source = dragged.row;
    var message = { type: "move", pane: dragged.pane, row: source.dataset.row };
    dragged = null;
    if (row && row.dataset.row) {
      if (row === source) return;
      // Dropped on a row: the moved row takes its place, so it lands after a row that was
      // below it in the same list and before any other.
      var below = row.parentElement === source.parentElement &&
        (source.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (below) message.after = row.dataset.row;
      else message.before = row.dataset.row;
    } else {
      var list = event.target.closest(".rows");
      if (!list) return;
      message.toSection = sectionOf(list);
    }
    send(message);
  });

  // MARK: Pull to refresh

  var pullStart = null;
  window.addEventListener("touchstart", function (event) {
    pullStart = window.scrollY === 0 ? event.touches[0].clientY : null;
  }, { passive: true });
  window.addEventListener("touchend", function (event) {
    if (pullStart !== null && event.changedTouches[0].clientY - pullStart > 80) send({ type: "refresh" });
    pullStart = null;
  }, { passive: true });

  app.addEventListener("submit", function (event) { event.preventDefault(); });

  grow();
  watchLoadMore();
  app.querySelectorAll(".rows[data-virtual]").forEach(numberRows);
  labelDialogs();
  connect();
  setTimeout(refreshWindows, 50);
})();
