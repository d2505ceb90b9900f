"""What a screen reader is told of lists, as Chromium's accessibility tree has it: a choice says
whether it is chosen, the Edit button whether the list is editing, a list (a long one drawn in a
window too) counts only its items,
the section index comes after the list, a footer describes its section's fields, and a game's
messages are text, not buttons (a field that cannot change is read-only: see test_roles)."""
import pathlib
import sqlite3
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (ax_node, ax_property, bar_button, control, delete_row, focus, open_app, press, row,
                     send_keys, tap, wait, wait_title)
from test_any_data import serve, stop

SCREEN = ".pane-top > .screen:last-child "


def test_each_choice_says_whether_it_is_chosen(browser, server):
    open_app(browser, server, "tasks")
    tap(browser, "Water the plants")
    wait_title(browser, "Water the plants")
    tap(browser, "Category")
    wait_title(browser, "Category")
    choices = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, SCREEN + ".row:not(.k-addItem) .select"))
    states = [choice.get_attribute("aria-pressed") for choice in choices]
    # Chosen or not, every choice is a toggle button that says which it is.
    assert set(states) <= {"true", "false"} and "false" in states, states
    unchosen = choices[states.index("false")]
    assert ax_property(browser, unchosen, "pressed") == "false"
    # Its name is its title alone, the same whether it is chosen or not.
    name = unchosen.find_element(By.CSS_SELECTOR, ".text").text
    assert ax_node(browser, unchosen)["name"]["value"] == name
    for chosen in [c for c, state in zip(choices, states) if state == "true"]:
        assert ax_property(browser, chosen, "pressed") == "true"
        assert ax_node(browser, chosen)["name"]["value"] == chosen.find_element(By.CSS_SELECTOR, ".text").text


def test_the_edit_button_says_whether_the_list_is_editing(browser, server):
    open_app(browser, server, "tasks")
    edit = bar_button(browser, "edit")
    assert edit.get_attribute("aria-pressed") == "false"
    assert ax_property(browser, edit, "pressed") == "false"
    press(browser, "edit")
    wait(browser, lambda d: bar_button(d, "edit").get_attribute("aria-pressed") == "true")
    assert ax_property(browser, bar_button(browser, "edit"), "pressed") == "true"
    press(browser, "edit")
    wait(browser, lambda d: bar_button(d, "edit").get_attribute("aria-pressed") == "false")


def test_a_list_counts_only_its_items(browser, server):
    open_app(browser, server, "shapes")
    tap(browser, "Add and load more")
    wait_title(browser, "Add and load more")
    adds = browser.find_element(By.CSS_SELECTOR, SCREEN + ".add-item")
    rows = adds.find_element(By.XPATH, "./ancestor::ol[1]").find_elements(By.CSS_SELECTOR, ":scope > li")
    kinds = [r.get_attribute("data-kind") for r in rows]
    assert "addItem" in kinds and "loadMore" in kinds
    roles = [r.aria_role for r in rows]
    # "New …" and "Load more…" are no items of the list: its count leaves them out.
    for kind, role in zip(kinds, roles):
        if kind in ("addItem", "loadMore"):
            assert role != "listitem", kind
    assert roles.count("listitem") == len([k for k in kinds if k not in ("addItem", "loadMore")])
    # They are still buttons that work.
    assert adds.aria_role == "button"


def numbered(driver):
    """The long list's rows now on the page: (kind, aria-setsize, aria-posinset, data-i)."""
    return driver.execute_script("""
        var list = document.querySelector('.pane-top > .screen:last-child .rows[data-virtual]');
        if (!list) return null;
        return Array.prototype.map.call(list.children, function (r) {
          return [r.dataset.kind, r.getAttribute('aria-setsize'), r.getAttribute('aria-posinset'),
                  r.dataset.i == null ? null : Number(r.dataset.i)];
        });""")


def items_counted(driver):
    """The number of items the long list says it has."""
    return driver.execute_script(
        "var l = document.querySelector('.pane-top > .screen:last-child .rows[data-virtual]');"
        "return l ? Number(l.dataset.items) : null;")


def assert_counts_only_items(rows, items):
    for kind, size, place, index in rows:
        if kind in ("addItem", "loadMore"):
            assert size is None and place is None, (kind, size, place)
        else:
            assert size == str(items) and place == str(index + 1), (kind, size, place, index)


def test_a_long_list_counts_only_its_items(browser):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="trellis-long-list-"))
    database = folder / "notes.sqlite"
    connection = sqlite3.connect(database)
    connection.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
    connection.executemany("INSERT INTO note (title) VALUES (?)", [("Note %03d" % n,) for n in range(1, 301)])
    connection.commit()
    connection.close()
    process, details = serve(database)
    try:
        open_app(browser, details, "table")
        tap(browser, "note")
        wait_title(browser, "note")
        # Fifty notes at a time: loaded until the list is long enough to be drawn in a window.
        while numbered(browser) is None:
            more = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .load-more"))
            loaded = len(browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .rows > li"))
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", more)
            more.click()
            wait(browser, lambda d: numbered(d) is not None or len(d.find_elements(
                By.CSS_SELECTOR, ".pane-top > .screen:last-child .rows > li")) > loaded)
        items = items_counted(browser)
        count = int(browser.find_element(By.CSS_SELECTOR, ".pane-top .rows[data-virtual]").get_attribute("data-count"))
        # New… and Load more are no items: 200 notes are 200 items, not 202.
        assert items == 200 and count == 202, (items, count)
        assert_counts_only_items(numbered(browser), items)
        browser.execute_script("window.scrollTo(0, 0)")
        wait(browser, lambda d: numbered(d)[0][3] == 0)
        assert_counts_only_items(numbered(browser), items)
        assert numbered(browser)[0][1:3] == ["200", "1"]
        # At the end of the list, the last note is the 200th of 200, and the rows after it no items.
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(browser, lambda d: "loadMore" in [r[0] for r in numbered(d)])
        rows = numbered(browser)
        kinds = [r[0] for r in rows]
        assert "addItem" in kinds, kinds
        assert_counts_only_items(rows, items)
        assert [r for r in rows if r[0] not in ("addItem", "loadMore")][-1][1:3] == ["200", "200"]
        # A delete arrives by patch: the count and the places follow it.
        browser.execute_script("window.scrollTo(0, 0)")
        wait(browser, lambda d: numbered(d)[0][3] == 0)
        press(browser, "edit")
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
        delete_row(browser, "Note 001")
        wait(browser, lambda d: items_counted(d) == 199)
        count = int(browser.find_element(By.CSS_SELECTOR, ".pane-top .rows[data-virtual]").get_attribute("data-count"))
        assert count == 201
        assert_counts_only_items(numbered(browser), 199)
        assert numbered(browser)[0][1:3] == ["199", "1"]
    finally:
        stop(process, details)


def test_the_section_index_comes_after_the_list(browser, server):
    open_app(browser, server, "contacts")
    index = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, SCREEN + ".section-index:not([hidden])"))
    assert index.aria_role == "navigation" and index.accessible_name == "Section index"
    sections = browser.find_element(By.CSS_SELECTOR, SCREEN + ".sections")
    assert browser.execute_script(
        "return !!(arguments[0].compareDocumentPosition(arguments[1]) & Node.DOCUMENT_POSITION_FOLLOWING)",
        sections, index)
    # Tab goes from the search field to the rows, not through 26 letters first.
    focus(browser, lambda d: d.find_element(By.CSS_SELECTOR, SCREEN + ".search-field"))
    send_keys(browser, Keys.TAB)
    wait(browser, lambda d: d.execute_script(
        "return !!document.activeElement.closest('.sections')"))


def test_a_footer_describes_the_fields_of_its_section(browser, server):
    open_app(browser, server, "settings-bundle")
    wait_title(browser, "Settings")
    footer = browser.find_element(By.CSS_SELECTOR, SCREEN + ".section-footer")
    assert footer.text.startswith("You are signed in automatically.")
    note = footer.get_attribute("id")
    assert note
    for label in ("User name", "Password"):
        field = control(browser, label)
        assert note in (field.get_attribute("aria-describedby") or "").split()
        described = ax_node(browser, field).get("description", {}).get("value", "")
        assert "You are signed in automatically." in described


def test_go_fish_says_what_happened_as_text(browser, server):
    open_app(browser, server, "gofish")
    turn = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, SCREEN + ".tsection[data-id='turn']"))
    assert turn.find_elements(By.CSS_SELECTOR, ".row")
    assert not turn.find_elements(By.CSS_SELECTOR, "button")
    for section in ("books", "opponents"):
        assert not browser.find_elements(By.CSS_SELECTOR, SCREEN + ".tsection[data-id='%s'] .row button" % section)
    # What can be tapped still is a button: playing a turn, asking for a card's rank.
    assert row(browser, "Play a turn").find_element(By.CSS_SELECTOR, ".select").aria_role == "button"
    assert browser.find_elements(By.CSS_SELECTOR, SCREEN + ".tsection[data-id='cards'] .row button.select")
