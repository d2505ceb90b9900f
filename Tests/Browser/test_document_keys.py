"""A JSON document's object gets a new key, and gives one up, in a real browser: `trellis
serve config.json` (every change saved at once) and the demo's document (saved by Done,
dropped by Cancel)."""
import json
import pathlib
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (ax_node, bar_button, delete_row, done_available, focus, open_app, press, row,
                     row_texts, send_keys, spoken, tap, type_into, wait, wait_title)
from test_any_data import serve


def choose_kind(driver, title):
    """Clicks the Kind segment titled `title` on the New Key screen."""
    def click(d):
        for label in d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .segment"):
            if label.text == title:
                label.click()
                return True
        return False
    wait(driver, click)
    wait(driver, lambda d: any(
        label.text == title and label.find_element(By.TAG_NAME, "input").is_selected()
        for label in d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .segment")))


def open_new_key(driver):
    """Clicks the Add Key row that ends the form on top."""
    def click(d):
        button = d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .add-item")
        if button.text != "Add Key…":
            return False
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        return True
    wait(driver, click)


def add_key(driver, key, kind):
    """Adds `key` of `kind` to the form on top through its Add Key row."""
    open_new_key(driver)
    wait_title(driver, "New Key")
    type_into(driver, "Key", key)
    choose_kind(driver, kind)
    press(driver, "done")


def test_a_served_document_gets_a_key_saved_to_its_file(browser):
    files = pathlib.Path(tempfile.mkdtemp(prefix="trellis-keys-"))
    path = files / "config.json"
    path.write_text(json.dumps({"name": "app", "server": {"host": "localhost"}}))
    process, details = serve(path)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "config.json")
        open_new_key(browser)
        wait_title(browser, "New Key")
        # A key the object has is refused on its field; Done waits for another.
        type_into(browser, "Key", "name")
        wait(browser, lambda d: "“name” is already a key here" in row(d, "Key").text)
        assert not done_available(browser)
        type_into(browser, "Key", "retries")
        wait(browser, lambda d: "already a key" not in row(d, "Key").text)
        choose_kind(browser, "Number")
        press(browser, "done")
        wait_title(browser, "config.json")
        wait(browser, lambda d: "Retries" in row_texts(d))
        wait(browser, lambda d: json.loads(path.read_text()).get("retries") == 0)
        type_into(browser, "Retries", "3")
        wait(browser, lambda d: json.loads(path.read_text()).get("retries") == 3)
        # A nested object takes a key too, written with its Done.
        tap(browser, "Server")
        wait_title(browser, "Server")
        add_key(browser, "secure", "Yes/No")
        wait_title(browser, "Server")
        wait(browser, lambda d: "Secure" in row_texts(d))
        press(browser, "done")
        wait_title(browser, "config.json")
        wait(browser, lambda d: json.loads(path.read_text())["server"]
             == {"host": "localhost", "secure": False})
        # Cancel on the New Key screen adds nothing.
        open_new_key(browser)
        wait_title(browser, "New Key")
        type_into(browser, "Key", "unused")
        press(browser, "cancel")
        wait_title(browser, "config.json")
        assert "Unused" not in row_texts(browser)
        saved = json.loads(path.read_text())
        assert list(saved) == ["name", "server", "retries"]
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_demo_documents_cancel_drops_a_key_and_done_saves_it(browser, server):
    path = server["document"]
    original = path.read_text()
    try:
        open_app(browser, server, "documents")
        add_key(browser, "subtitle", "Text")
        wait(browser, lambda d: "Subtitle" in row_texts(d))
        press(browser, "cancel")
        wait(browser, lambda d: "Subtitle" not in row_texts(d))
        assert "subtitle" not in json.loads(path.read_text())
        add_key(browser, "subtitle", "Text")
        wait(browser, lambda d: "Subtitle" in row_texts(d))
        type_into(browser, "Subtitle", "A sequel")
        press(browser, "done")
        wait(browser, lambda d: json.loads(path.read_text()).get("subtitle") == "A sequel")
        assert list(json.loads(path.read_text()))[-1] == "subtitle"
    finally:
        path.write_text(original)
        time.sleep(1.5)  # the server looks at the file every second


def editing(driver, on):
    """Turns the top screen's edit mode on or off with its Edit button."""
    if (bar_button(driver, "edit").get_attribute("aria-pressed") == "true") != on:
        press(driver, "edit")
    wait(driver, lambda d: bar_button(d, "edit").get_attribute("aria-pressed") == str(on).lower())


def test_a_served_documents_key_is_deleted_by_keyboard_and_saved(browser):
    files = pathlib.Path(tempfile.mkdtemp(prefix="trellis-keys-"))
    path = files / "config.json"
    path.write_text(json.dumps({"name": "app", "server": {"host": "localhost"}, "debug": True}))
    process, details = serve(path)
    try:
        open_app(browser, details, "table")
        wait_title(browser, "config.json")
        # Out of edit mode no row offers a delete; Edit shows each key's minus, not Add Key's.
        assert not browser.find_elements(By.CSS_SELECTOR, ".pane-top .row-delete")
        editing(browser, True)
        minus = wait(browser, lambda d: row(d, "Debug").find_element(By.CSS_SELECTOR, ".row-delete"))
        assert ax_node(browser, minus)["name"]["value"] == "Delete Debug"
        assert not browser.find_elements(By.CSS_SELECTOR, ".pane-top .k-addItem .row-delete")
        # By keyboard: the minus asks, Escape puts its Delete away, Enter on Delete deletes.
        focus(browser, lambda d: row(d, "Debug").find_element(By.CSS_SELECTOR, ".row-delete"))
        send_keys(browser, Keys.ENTER)
        wait(browser, lambda d: d.switch_to.active_element.get_attribute("aria-label") == "Confirm deleting Debug")
        send_keys(browser, Keys.ESCAPE)
        wait(browser, lambda d: "confirming-delete" not in row(d, "Debug").get_attribute("class"))
        assert json.loads(path.read_text()).get("debug") is True
        send_keys(browser, Keys.ENTER)
        wait(browser, lambda d: d.switch_to.active_element.get_attribute("aria-label") == "Confirm deleting Debug")
        send_keys(browser, Keys.ENTER)
        wait(browser, lambda d: "Debug" not in row_texts(d))
        wait(browser, lambda d: "Debug deleted" in spoken(d))
        wait(browser, lambda d: json.loads(path.read_text()) == {"name": "app", "server": {"host": "localhost"}})
        # A nested object's key goes with the object's Done.
        editing(browser, False)
        tap(browser, "Server")
        wait_title(browser, "Server")
        editing(browser, True)
        delete_row(browser, "Host")
        wait(browser, lambda d: "Host" not in row_texts(d))
        editing(browser, False)
        assert json.loads(path.read_text())["server"] == {"host": "localhost"}
        press(browser, "done")
        wait_title(browser, "config.json")
        wait(browser, lambda d: json.loads(path.read_text()) == {"name": "app", "server": {}})
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_demo_documents_cancel_restores_a_deleted_key_and_done_saves_it(browser, server):
    path = server["document"]
    original = path.read_text()
    try:
        open_app(browser, server, "documents")
        wait(browser, lambda d: "Pages" in row_texts(d))
        editing(browser, True)
        # While editing, the bar holds only Edit's Done: the form's Done and Cancel wait.
        assert not browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .bar-button.cancel")
        delete_row(browser, "Pages")
        wait(browser, lambda d: "Pages" not in row_texts(d))
        editing(browser, False)
        press(browser, "cancel")
        wait(browser, lambda d: "Pages" in row_texts(d))
        assert json.loads(path.read_text()).get("pages") == 12
        editing(browser, True)
        delete_row(browser, "Pages")
        wait(browser, lambda d: "Pages" not in row_texts(d))
        editing(browser, False)
        press(browser, "done")
        wait(browser, lambda d: "pages" not in json.loads(path.read_text()))
        saved = json.loads(path.read_text())
        assert saved == {key: value for key, value in json.loads(original).items() if key != "pages"}
    finally:
        path.write_text(original)
        time.sleep(1.5)  # the server looks at the file every second
