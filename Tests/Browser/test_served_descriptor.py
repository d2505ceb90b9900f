"""`trellis serve` on descriptors in a real browser: a `save` row writing the `--data` file,
a single object's form over an SQLite table, and images fetched from beside a descriptor
served from an address."""
import csv
import functools
import http.server
import json
import pathlib
import sqlite3
import struct
import tempfile
import threading
import time
import urllib.request
import zlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import bar_button, control, delete_row, done_available, open_app, press, row, row_texts, tap, type_into, wait, wait_title
from test_any_data import serve


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def folder():
    return pathlib.Path(tempfile.mkdtemp(prefix="trellis-served-"))


def png(width, height):
    """A grey PNG of the given size."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def serve_form(rows, data, *arguments):
    """Serves a form of `rows` bound to a data file holding `data` (JSON text); returns the
    server's process and details, and the data file."""
    files = folder()
    (files / "Form.json").write_text(json.dumps({
        "schemaVersion": 1, "title": "Form", "sections": [{"rows": rows}]}))
    path = files / "data.json"
    path.write_text(data)
    process, details = serve(files / "Form.json", "--data", str(path), *arguments)
    return process, details, path


def enter_refused_age(browser):
    """Types 12.5 into the whole-number field Age, and waits for its refusal under the bar;
    returns the bar's status line."""
    field = control(browser, "Age")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("12.5")
    field.send_keys(Keys.ENTER)
    status = browser.find_element(By.CSS_SELECTOR, ".status")
    wait(browser, lambda d: status.text == "12.5 is not a whole number")
    return status


AGE = {"id": "age", "kind": "numericTextField", "text": "Age", "value": "age"}
SAVE = {"id": "save", "kind": "button", "text": "Save", "action": "save"}


def test_a_number_a_bound_field_refuses_is_put_back_with_the_reason(browser):
    process, details, _ = serve_form([AGE], '{"age": 30}')
    try:
        open_app(browser, details, "table")
        wait_title(browser, "Form")
        # A row outside a form refuses it: the reason shows under the bar, then goes, and the
        # field shows the number the row holds again.
        status = enter_refused_age(browser)
        wait(browser, lambda d: control(d, "Age").get_attribute("value") == "30")
        wait(browser, lambda d: status.text == "", timeout=10)
        type_into(browser, "Age", "31")
    finally:
        stop(process)


def test_an_error_goes_when_the_person_acts_again(browser):
    """A refusal under the bar is answered by the next thing the person does: a Save that
    works leaves no refusal behind it."""
    process, details, data = serve_form([AGE, SAVE], '{"age": 30}')
    try:
        open_app(browser, details, "table")
        wait_title(browser, "Form")
        status = enter_refused_age(browser)
        type_into(browser, "Age", "31")
        tap(browser, "Save")
        wait(browser, lambda d: json.loads(data.read_text()) == {"age": 31})
        # Gone at once, not after the refusal's own few seconds.
        wait(browser, lambda d: status.text == "", timeout=2)
    finally:
        stop(process)


def test_a_save_row_writes_the_data_file(browser):
    process, details, data = serve_form(
        [{"id": "name", "kind": "textField", "text": "Name", "value": "name"}, SAVE],
        '{"name": "Ada", "city": "London"}')
    try:
        open_app(browser, details, "table")
        wait_title(browser, "Form")
        type_into(browser, "Name", "Grace")
        # Nothing is written before Save.
        assert json.loads(data.read_text())["name"] == "Ada"
        tap(browser, "Save")
        wait(browser, lambda d: json.loads(data.read_text()) == {"name": "Grace", "city": "London"})
        # A second window's save writes the same file, with both windows' edits.
        second = browser.current_url
        browser.execute_script("window.open(arguments[0])", second)
        browser.switch_to.window(browser.window_handles[-1])
        wait_title(browser, "Form")
        type_into(browser, "Name", "Hopper")
        tap(browser, "Save")
        wait(browser, lambda d: json.loads(data.read_text())["name"] == "Hopper")
        # The first window, open all along, shows it as a new window would.
        browser.switch_to.window(browser.window_handles[0])
        wait(browser, lambda d: control(d, "Name").get_attribute("value") == "Hopper")
    finally:
        stop(process)


def test_a_saved_form_keeps_a_picked_date_and_a_deleted_listed_row_in_every_window(browser):
    """A date emptied and picked again is saved as text in a JSON file, and a row repeated
    over a list, deleted in edit mode, leaves the file and every window."""
    files = folder()
    (files / "Profile.json").write_text(json.dumps({
        "schemaVersion": 1, "title": "Profile", "editable": True,
        "sections": [
            {"id": "main", "object": "profile", "rows": [
                {"id": "bday", "kind": "date", "text": "Birthday", "value": "birthday",
                 "dateFormat": "yyyy-MM-dd"}]},
            {"id": "pets", "header": "Pets", "rows": [
                {"id": "pet", "list": "pets", "text": {"keyPath": "name"},
                 "editingStyle": "delete"}]},
            {"id": "actions", "rows": [
                {"id": "save", "kind": "button", "text": "Save", "action": "save"}]}]}))
    data = files / "data.json"
    data.write_text(json.dumps({
        "profile": {"birthday": "1815-12-10"},
        "pets": [{"name": "Rex"}, {"name": "Tom"}, {"name": "Nemo"}],
        "untouched": [1, 2.5, None]}))
    process, details = serve(files / "Profile.json", "--data", str(data))
    try:
        open_app(browser, details, "table")
        wait_title(browser, "Profile")
        second = browser.current_url
        for value in ["", "1820-02-01"]:
            field = control(browser, "Birthday")
            browser.execute_script(
                "arguments[0].value = arguments[1];"
                "arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", field, value)
            wait(browser, lambda d: control(d, "Birthday").get_attribute("value") == value)
        tap(browser, "Save")
        wait(browser, lambda d: json.loads(data.read_text())["profile"]["birthday"]
             .startswith("1820-02-01"))
        press(browser, "edit")
        delete_row(browser, "Tom")
        # The same button, now Done, leaves edit mode.
        press(browser, "edit")
        tap(browser, "Save")
        wait(browser, lambda d: [p["name"] for p in json.loads(data.read_text())["pets"]]
             == ["Rex", "Nemo"])
        assert json.loads(data.read_text())["untouched"] == [1, 2.5, None]
        # A window opened now, and the first one, show the list as the file holds it.
        browser.execute_script("window.open(arguments[0])", second)
        browser.switch_to.window(browser.window_handles[-1])
        wait_title(browser, "Profile")
        wait(browser, lambda d: "Tom" not in row_texts(d) and "Nemo" in row_texts(d))
        browser.switch_to.window(browser.window_handles[0])
        wait(browser, lambda d: "Tom" not in row_texts(d) and "Nemo" in row_texts(d))
    finally:
        stop(process)


def test_a_date_typed_part_by_part_is_saved_as_typed(browser):
    """A date typed a part at a time, as a person types it, is the date typed: no part moves
    to another while the row is drawn again, and a date left half typed (the 31st of
    February) keeps the date the row had rather than emptying it."""
    process, details, data = serve_form(
        [{"id": "born", "kind": "date", "text": "Born", "value": "born"}, SAVE],
        '{"born": "1990-01-31"}')
    try:
        open_app(browser, details, "table")
        wait_title(browser, "Form")

        def type_slowly(keys):
            field = control(browser, "Born")
            field.click()
            for key in keys:
                browser.switch_to.active_element.send_keys(key)
                time.sleep(0.3)

        def leave_field():
            browser.find_elements(By.CSS_SELECTOR, ".bar .title")[-1].click()

        # Half typed: February has no 31st, and leaving the field keeps the row's date.
        type_slowly("0231")
        leave_field()
        wait(browser, lambda d: control(d, "Born").get_attribute("value") == "1990-01-31")
        type_slowly("02151995")
        leave_field()
        tap(browser, "Save")
        wait(browser, lambda d: json.loads(data.read_text())["born"].startswith("1995-02-15"))
        assert control(browser, "Born").get_attribute("value") == "1995-02-15"
    finally:
        stop(process)


def test_a_themes_table_row_and_field_properties_show(browser):
    """What a theme sets for the table's rows, a text field and a button's text shows in the
    page: each property accepted does something."""
    files = folder()
    (files / "Form.json").write_text(json.dumps({
        "schemaVersion": 1, "title": "Form",
        "sections": [{"rows": [
            {"id": "name", "kind": "textField", "text": "Name", "value": "name"},
            {"id": "pick", "kind": "selection", "text": "Pick", "value": "pick",
             "choices": ["A", "B"]},
            {"id": "save", "kind": "button", "text": "Save", "action": "save"}]}]}))
    data = files / "data.json"
    data.write_text('{"name": "Ada", "pick": "A"}')
    (files / "look.sct").write_text("""
        table { rowHeight: 70; separatorColor: #FF0000; }
        cell { tintColor: #00AA00; }
        textFieldCell { textField.textColor: #0000FF; textField.font: Courier 20; }
        selectionCell { textLabel.backgroundColor: #FFFF00; }
        buttonCell { textLabel.textColor: #FF00FF; }
        navigationBar { barTintColor: #102030; }
        """)
    process, details = serve(files / "Form.json", "--data", str(data), "--theme",
                             str(files / "look.sct"))
    try:
        open_app(browser, details, "table")
        wait_title(browser, "Form")

        def css(element, name):
            return browser.execute_script(
                "return getComputedStyle(arguments[0]).getPropertyValue(arguments[1]).trim()",
                element, name)
        name_row = row(browser, "Name")
        assert name_row.size["height"] >= 70
        # The line between rows is the theme's colour.
        pick_row = row(browser, "Pick")
        assert css(pick_row, "--separator") == "rgba(255, 0, 0, 1)"
        field = control(browser, "Name")
        assert css(field, "color") == "rgb(0, 0, 255)"
        assert css(field, "font-size") == "20px"
        assert "Courier" in css(field, "font-family")
        pick_text = pick_row.find_element(By.CSS_SELECTOR, ".text")
        assert css(pick_text, "background-color") == "rgb(255, 255, 0)"
        # A button's own text colour beats the tint the cell style gives it.
        save_text = row(browser, "Save").find_element(By.CSS_SELECTOR, ".text")
        assert css(save_text, "color") == "rgb(255, 0, 255)"
        # A dark bar keeps its title readable.
        title = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .title")
        assert css(title, "color") == "rgb(255, 255, 255)"
    finally:
        stop(process)


def test_a_single_object_form_updates_its_table(browser):
    files = folder()
    connection = sqlite3.connect(files / "profile.sqlite")
    connection.executescript(
        "CREATE TABLE profile (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);"
        "INSERT INTO profile (name, city) VALUES ('Ada', 'London');")
    connection.close()
    (files / "Profile.json").write_text(json.dumps({
        "schemaVersion": 1, "title": "Profile",
        "singleObject": {"sqlite": {"file": "profile.sqlite", "table": "profile",
                                    "keys": "name;city"}}}))
    process, details = serve(files / "Profile.json")
    try:
        open_app(browser, details, "table")
        wait_title(browser, "Profile")
        assert control(browser, "City").get_attribute("value") == "London"
        type_into(browser, "City", "Paris")
        press(browser, "done")

        def stored(_):
            connection = sqlite3.connect(files / "profile.sqlite")
            try:
                return connection.execute("SELECT name, city FROM profile").fetchall()
            finally:
                connection.close()
        wait(browser, lambda d: stored(d) == [("Ada", "Paris")])
    finally:
        stop(process)


def control(driver, label):
    return row(driver, label).find_element(By.CSS_SELECTOR, ".control")


@pytest.fixture
def web_folder():
    """A folder served over HTTP by a plain static server: (folder, base address)."""
    files = folder()
    handler = functools.partial(QuietHandler, directory=str(files))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield files, "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def test_images_come_from_beside_a_descriptor_served_from_an_address(browser, web_folder):
    files, base = web_folder
    (files / "forms").mkdir()
    (files / "forms" / "Gallery.json").write_text(json.dumps({
        "schemaVersion": 1, "title": "Gallery",
        "sections": [{"rows": [{"id": "logo", "text": "Logo", "image": "logo"},
                               {"id": "gone", "text": "Gone", "image": "gone"}]}]}))
    (files / "forms" / "logo.png").write_bytes(png(3, 2))
    process, details = serve(base + "forms/Gallery.json")
    try:
        with urllib.request.urlopen(details["url"] + "/images/logo") as answer:
            assert answer.headers["Content-Type"] == "image/png"
            assert answer.read() == png(3, 2)
        open_app(browser, details, "table")
        wait_title(browser, "Gallery")

        def width(text):
            image = row(browser, text).find_element(By.CSS_SELECTOR, "img")
            return browser.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth", image)
        wait(browser, lambda d: width("Logo") == 3)
        # A name the server does not have shows the placeholder, never a broken image.
        wait(browser, lambda d: width("Gone") and width("Gone") != 3)
        with urllib.request.urlopen(details["url"] + "/images/gone") as answer:
            assert answer.headers["Content-Type"] == "image/svg+xml"
    finally:
        stop(process)


def test_a_single_object_form_over_a_web_service_loads_then_saves(browser):
    """The demo's contacts API answering a second late: the form says it is loading, shows the
    first contact, and Done saves through the API while the form says so."""
    from conftest import start_demo, stop_demo
    from test_web_service import api, notice
    demo, service = start_demo("--api-latency", "1000")
    files = folder()
    (files / "Contact.json").write_text(json.dumps({
        "schemaVersion": 1, "title": "First contact",
        "singleObject": {"webService": {
            "preset": "djangoREST", "baseURL": service["url"] + "/",
            "fetchObjectsAPI": "api/contacts/",
            "resultsDictionaryKeyNamesString": "firstName;lastName;email",
            "name": "Contact", "timeout": 20}}}))
    process, details = serve(files / "Contact.json")
    try:
        first = api(service, "?page_size=1")["results"][0]
        open_app(browser, details, "table")
        wait_title(browser, "First contact")
        wait(browser, lambda d: notice(d) == "Loading…")
        wait(browser, lambda d: control(d, "First Name").get_attribute("value")
             == first["firstName"], timeout=30)
        type_into(browser, "Email", "first@example.com")
        press(browser, "done")
        wait(browser, lambda d: notice(d) == "Saving…")
        wait(browser, lambda d: api(service, "?page_size=1")["results"][0]["email"]
             == "first@example.com", timeout=30)
        wait(browser, lambda d: notice(d) == "", timeout=30)
        # The form stays: once the API accepted, the page says it saved.
        wait(browser, lambda d: d.find_element(By.ID, "trellis-status").text == "Saved.")
        assert not browser.find_elements(By.CSS_SELECTOR, ".bar[data-unsaved]")
    finally:
        stop(process)
        stop_demo(demo)


def start_new_person(browser, name, born):
    """Adds an entry to the list shown and fills in its name and year of birth."""
    press(browser, "add")
    wait_title(browser, "New Item")
    type_into(browser, "Name", name)
    type_into(browser, "Born", born)


def test_a_plain_document_is_served_and_every_change_saved(browser):
    """A JSON document that is no descriptor is served as `trellis edit` shows it: every
    window edits the one tree, and every change reaches the file."""
    files = folder()
    data = files / "people.json"
    data.write_text(json.dumps({
        "title": "Pioneers",
        "people": [{"name": "Ada", "born": 1815, "tags": ["math"]},
                   {"name": "Alan", "born": 1912, "tags": []}]}))
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "people.json")
        type_into(browser, "Title", "Heroes")
        wait(browser, lambda d: json.loads(data.read_text())["title"] == "Heroes")
        first = browser.current_window_handle
        browser.execute_script("window.open(arguments[0])", browser.current_url)
        browser.switch_to.window(browser.window_handles[-1])
        wait_title(browser, "people.json")
        wait(browser, lambda d: control(d, "Title").get_attribute("value") == "Heroes")
        # A new person, with a tag, from the second window.
        tap(browser, "People")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan"])
        start_new_person(browser, "Grace", "1906")
        tap(browser, "Tags")
        press(browser, "add")
        type_into(browser, "Tag", "cobol")
        press(browser, "done")
        wait(browser, lambda d: row_texts(d) == ["cobol"])
        press(browser, "back")
        press(browser, "done")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan", "Grace"])
        wait(browser, lambda d: json.loads(data.read_text())["people"][-1]
             == {"name": "Grace", "born": 1906, "tags": ["cobol"]})
        # The first window shows the new person too.
        browser.switch_to.window(first)
        tap(browser, "People")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan", "Grace"])
    finally:
        stop(process)


def test_a_record_form_hears_at_once_that_another_window_deleted_its_record(browser):
    """A form on one record of a served document says so as soon as another window deletes
    the record, Done waits disabled, and the typing stays until Cancel."""
    files = folder()
    data = files / "fruit.json"
    data.write_text(json.dumps([{"name": "Apple", "qty": 3}, {"name": "Pear", "qty": 5}]))
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "fruit.json")
        tap(browser, "Apple")
        wait_title(browser, "Apple")
        form = browser.current_window_handle
        type_into(browser, "Name", "Apple pie")
        browser.switch_to.new_window("tab")
        open_app(browser, details, "table")
        wait_title(browser, "fruit.json")
        press(browser, "edit")
        wait(browser, lambda d: d.find_elements(
            By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
        delete_row(browser, "Apple")
        wait(browser, lambda d: [r["name"] for r in json.loads(data.read_text())] == ["Pear"])
        browser.switch_to.window(form)
        selector = ".pane-top > .screen:last-child .notice"
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, selector).text.startswith(
            "Someone else deleted this"))
        wait(browser, lambda d: not done_available(d))
        assert control(browser, "Name").get_attribute("value") == "Apple pie"
        press(browser, "cancel")
        wait(browser, lambda d: row_texts(d) == ["Pear"])
        assert [r["name"] for r in json.loads(data.read_text())] == ["Pear"]
    finally:
        stop(process)


def test_every_window_says_when_the_served_file_no_longer_reads(browser):
    """A served file another program breaks is left as it is, and every window says so; an
    edit made meanwhile is kept and saved once the file reads again."""
    files = folder()
    data = files / "items.csv"
    data.write_text("name,qty\nPear,3\nFig,5\n")
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "items.csv")
        broken = 'name,qty\n"Pear,3\n'
        data.write_text(broken)
        selector = ".pane-top > .screen:last-child .notice"
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, selector).text.startswith(
            "items.csv no longer reads ("), timeout=15)
        assert "a quoted field is not closed" in browser.find_element(By.CSS_SELECTOR, selector).text
        # An edit meanwhile is kept, not written over the broken file.
        tap(browser, "Fig")
        wait_title(browser, "Fig")
        type_into(browser, "Qty", "6")
        press(browser, "done")
        wait_title(browser, "items.csv")
        assert data.read_text() == broken
        # Mended, with a record the other program added, the file takes both: the edit made
        # meanwhile and the record.
        data.write_text("name,qty\nPear,3\nFig,5\nKiwi,1\n")
        wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, selector)
             or not d.find_element(By.CSS_SELECTOR, selector).text, timeout=15)
        wait(browser, lambda d: data.read_text() == "name,qty\nPear,3\nFig,6\nKiwi,1\n")
        wait(browser, lambda d: row_texts(d) == ["Pear", "Fig", "Kiwi"])
    finally:
        stop(process)


def test_another_programs_change_to_a_served_document_is_kept(browser):
    """A program that writes the file while it is served keeps its change: the next save
    merges it in, and every window shows it."""
    files = folder()
    data = files / "book.json"
    data.write_text(json.dumps({"title": "Draft", "pages": 1}))
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "book.json")
        type_into(browser, "Title", "First")
        wait(browser, lambda d: json.loads(data.read_text())["title"] == "First")
        data.write_text(json.dumps({"title": "First", "pages": 2, "note": "from an editor"}))
        type_into(browser, "Title", "Second")
        wait(browser, lambda d: json.loads(data.read_text())
             == {"title": "Second", "pages": 2, "note": "from an editor"})
        wait(browser, lambda d: control(d, "Pages").get_attribute("value") == "2")
        # A value both changed: an edit that meets the other program's write keeps theirs
        # and says so; typed again over theirs, it is saved, and the other program's other
        # changes stay.
        data.write_text(json.dumps({"title": "Theirs", "pages": 3, "note": "from an editor"}))
        type_into(browser, "Title", "Mine")
        type_into(browser, "Title", "Mine again")
        wait(browser, lambda d: json.loads(data.read_text())
             == {"title": "Mine again", "pages": 3, "note": "from an editor"})
        wait(browser, lambda d: control(d, "Pages").get_attribute("value") == "3")
        # A change on disk alone shows in a new window, and then in the open one too.
        data.write_text(json.dumps({"title": "Mine again", "pages": 4, "note": "from an editor"}))
        first = browser.current_window_handle
        browser.execute_script("window.open(arguments[0])", browser.current_url)
        browser.switch_to.window(browser.window_handles[-1])
        wait_title(browser, "book.json")
        wait(browser, lambda d: control(d, "Pages").get_attribute("value") == "4")
        browser.switch_to.window(first)
        wait(browser, lambda d: control(d, "Pages").get_attribute("value") == "4")
    finally:
        stop(process)


def test_a_document_that_is_a_list_is_served_as_the_list(browser):
    """A JSON document that is a list of dictionaries opens as that list; an entry added in the
    browser is saved into it."""
    files = folder()
    data = files / "people.json"
    data.write_text(json.dumps([{"name": "Ada", "born": 1815}, {"name": "Alan", "born": 1912}]))
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "people.json")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan"])
        start_new_person(browser, "Grace", "1906")
        press(browser, "done")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan", "Grace"])
        wait(browser, lambda d: json.loads(data.read_text())[-1] == {"name": "Grace", "born": 1906})
    finally:
        stop(process)


def csv_records(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_a_csv_file_is_served_as_its_records_and_every_change_saved(browser):
    """A CSV file opens as the list of its records, a form per record; an edit, a new record
    and a delete in one window reach the file, written as CSV, and every other window."""
    files = folder()
    data = files / "people.csv"
    data.write_text('name,born,note\nAda,1815,"first, programmer"\nAlan,1912,\n',
                    encoding="utf-8")
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "people.csv")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan"])
        first = browser.current_window_handle
        browser.switch_to.new_window("tab")
        open_app(browser, details, "table")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan"])
        tap(browser, "Alan")
        wait_title(browser, "Alan")
        type_into(browser, "Note", 'said "hi", twice')
        press(browser, "done")
        wait(browser, lambda d: csv_records(data)[1]["note"] == 'said "hi", twice')
        start_new_person(browser, "Grace", "1906")
        press(browser, "done")
        wait(browser, lambda d: row_texts(d) == ["Ada", "Alan", "Grace"])
        wait(browser, lambda d: [r["name"] for r in csv_records(data)] == ["Ada", "Alan", "Grace"])
        # The year stays a number: the new record writes 1906, not text around it.
        assert csv_records(data)[2]["born"] == "1906"
        press(browser, "edit")
        wait(browser, lambda d: d.find_elements(
            By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
        delete_row(browser, "Ada")
        wait(browser, lambda d: [r["name"] for r in csv_records(data)] == ["Alan", "Grace"])
        assert data.read_text(encoding="utf-8") == (
            'name,born,note\nAlan,1912,"said ""hi"", twice"\nGrace,1906,\n')
        browser.switch_to.window(first)
        wait(browser, lambda d: row_texts(d) == ["Alan", "Grace"])
    finally:
        stop(process)


def notice_shown(driver):
    notice = driver.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice")
    return notice.text if notice.is_displayed() else None


def test_a_document_that_cannot_be_saved_says_so_in_every_window(browser):
    """A change the file cannot take (a folder took its place) is kept, and every window's
    screen says it was not saved; once the file can be written again, the next change saves
    every change kept and the notice goes."""
    files = folder()
    data = files / "notes.json"
    data.write_text(json.dumps({"title": "Pioneers", "note": "first"}))
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "notes.json")
        first = browser.current_window_handle
        browser.execute_script("window.open(arguments[0])", browser.current_url)
        second = browser.window_handles[-1]
        browser.switch_to.window(second)
        wait_title(browser, "notes.json")
        # No save can replace a folder.
        data.unlink()
        data.mkdir()
        (data / "kept").write_text("")
        browser.switch_to.window(first)
        type_into(browser, "Title", "Heroes")
        wait(browser, lambda d: "Not saved to notes.json" in (notice_shown(d) or ""))
        browser.switch_to.window(second)
        wait(browser, lambda d: "Not saved to notes.json" in (notice_shown(d) or ""))
        wait(browser, lambda d: control(d, "Title").get_attribute("value") == "Heroes")
        # The folder goes: the next change writes both.
        (data / "kept").unlink()
        data.rmdir()
        type_into(browser, "Note", "second")
        wait(browser, lambda d: data.is_file()
             and json.loads(data.read_text()) == {"title": "Heroes", "note": "second"})
        wait(browser, lambda d: notice_shown(d) is None)
        browser.switch_to.window(first)
        wait(browser, lambda d: notice_shown(d) is None)
    finally:
        stop(process)


def test_an_open_window_shows_another_programs_change_to_a_served_document(browser):
    """Nobody types: the window shows what another program wrote to the file within a second
    or two, and the file keeps it."""
    files = folder()
    data = files / "book.json"
    data.write_text(json.dumps({"title": "Draft", "pages": 1}))
    process, details = serve(data)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "book.json")
        assert control(browser, "Pages").get_attribute("value") == "1"
        data.write_text(json.dumps({"title": "From an editor", "pages": 7}))
        wait(browser, lambda d: control(d, "Pages").get_attribute("value") == "7", timeout=10)
        wait(browser, lambda d: control(d, "Title").get_attribute("value") == "From an editor")
        assert json.loads(data.read_text()) == {"title": "From an editor", "pages": 7}
        # A file left unreadable is not taken, and the window keeps what it shows.
        data.write_text('{"title": ')
        type_into(browser, "Pages", "8")
        assert control(browser, "Title").get_attribute("value") == "From an editor"
        assert data.read_text() == '{"title": '
    finally:
        stop(process)
