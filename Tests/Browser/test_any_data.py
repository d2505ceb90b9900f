"""Any SQLite file, one command: `trellis serve shop.sqlite` in a real browser, over the
fixture database `Tests/Fixtures/AnyData/shop.sql` makes."""
import os
import pathlib
import queue
import sqlite3
import subprocess
import tempfile
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, free_port, screenshot
from helpers import (
    bar_button, delete_row, done_available, control, open_app, press, row, row_texts, tap, title, type_into, wait,
    wait_title)

FIXTURE = ROOT / "Tests" / "Fixtures" / "AnyData" / "shop.sql"


def trellis_binary():
    """The `trellis` tool: TRELLIS, or the one built beside the demo."""
    if os.environ.get("TRELLIS"):
        return os.environ["TRELLIS"]
    demo = os.environ.get("TRELLIS_DEMO", str(ROOT / ".build" / "debug" / "trellis-demo"))
    return str(pathlib.Path(demo).with_name("trellis"))


def make_shop():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="trellis-any-data-"))
    database = folder / "shop.sqlite"
    connection = sqlite3.connect(database)
    connection.executescript(FIXTURE.read_text())
    connection.close()
    return database


def serve(database, *arguments):
    """Starts `trellis serve DATABASE` on a free port; returns (process, url) once it listens."""
    port = free_port()
    process = subprocess.Popen(
        [trellis_binary(), "serve", str(database), "--port", str(port)] + list(arguments),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()

    output = []

    def drain():
        for text in process.stdout:
            output.append(text)
            lines.put(text)
        lines.put(None)

    threading.Thread(target=drain, daemon=True).start()
    deadline = time.time() + 60
    line = ""
    while time.time() < deadline and "http://" not in line:
        item = lines.get(timeout=max(0.1, deadline - time.time()))
        if item is None:
            break
        line = item
    if "http://" not in line:
        process.kill()
        raise RuntimeError("trellis serve did not start: " + line)
    return process, {"url": "http://127.0.0.1:%d" % port, "output": output}


def stop(process, details):
    """Stops a server `serve` started; fails, with its output, if it had stopped on its own."""
    exited = process.poll()
    process.terminate()
    process.wait(timeout=10)
    if exited is not None:
        # A crash report starts with the crashed thread: keep it, not only the report's end.
        text = "".join(details["output"])
        start = text.find("*** ")
        shown = text[start:start + 12000] if start >= 0 else text[-4000:]
        pytest.fail("trellis serve stopped on its own (status %s) before the test ended:\n%s"
                    % (exited, shown))


@pytest.fixture
def shop():
    database = make_shop()
    process, details = serve(database)
    details["database"] = database
    yield details
    stop(process, details)


def notice_text(driver):
    selector = ".pane-top > .screen:last-child .notice"
    return wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector).is_displayed()
                and d.find_element(By.CSS_SELECTOR, selector).text)


def validation(driver, label):
    return wait(driver, lambda d: row(d, label).find_element(By.CSS_SELECTOR, ".validation").text)


def open_product(driver, shop, name):
    open_app(driver, shop, "table")
    wait_title(driver, "shop.sqlite")
    tap(driver, "product")
    wait_title(driver, "product")
    tap(driver, name)
    wait_title(driver, name)


def delete_in_a_new_tab(driver, shop, table, text):
    """Opens the app in a new tab, and deletes the row showing `text` from `table`'s list in
    edit mode, as another window would."""
    driver.switch_to.new_window("tab")
    open_app(driver, shop, "table")
    tap(driver, table)
    wait_title(driver, table)
    press(driver, "edit")
    wait(driver, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    delete_row(driver, text)


def query(shop, sql):
    connection = sqlite3.connect(shop["database"])
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_the_home_screen_lists_the_tables_with_their_counts(browser, shop):
    open_app(browser, shop, "table")
    wait_title(browser, "shop.sqlite")
    texts = row_texts(browser)
    for table in ("category", "product", "review", "supplier", "tag", "product_summary",
                  "product_tag", "setting", "stock_move"):
        assert table in texts
    assert "5 rows" in row(browser, "product").text
    screenshot(browser, "any-data-home")


def test_the_home_screens_counts_follow_deletes_and_other_programs(browser, shop):
    open_app(browser, shop, "table")
    wait_title(browser, "shop.sqlite")
    assert "3 rows" in row(browser, "category").text
    home = browser.current_window_handle
    delete_in_a_new_tab(browser, shop, "category", "Kitchen")
    wait(browser, lambda d: query(shop, "SELECT count(*) FROM category") == [(2,)])
    browser.switch_to.window(home)
    wait(browser, lambda d: "2 rows" in row(d, "category").text, timeout=5)
    connection = sqlite3.connect(shop["database"])
    connection.execute("INSERT INTO category (name) VALUES ('Toys'), ('Books')")
    connection.commit()
    connection.close()
    wait(browser, lambda d: "4 rows" in row(d, "category").text, timeout=5)
    assert "5 rows" in row(browser, "product").text


def test_a_searched_list_says_how_many_rows_it_finds(browser, shop):
    open_app(browser, shop, "table")
    wait_title(browser, "shop.sqlite")
    tap(browser, "category")
    wait_title(browser, "category")

    def header(d):
        found = d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .section-header")
        return found[0].text.lower() if found else ""

    wait(browser, lambda d: header(d) == "3 rows", timeout=5)
    field = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .search-field")
    field.send_keys("e")
    wait(browser, lambda d: header(d) == "2 of 3 rows", timeout=5)
    assert "Tools" not in row_texts(browser)
    connection = sqlite3.connect(shop["database"])
    connection.execute("INSERT INTO category (name) VALUES ('Electronics')")
    connection.commit()
    connection.close()
    wait(browser, lambda d: header(d) == "3 of 4 rows", timeout=5)
    screenshot(browser, "any-data-search-count")


def test_a_foreign_key_is_chosen(browser, shop):
    open_product(browser, shop, "Whisk")
    tap(browser, "Supplier")
    wait_title(browser, "Supplier")
    tap(browser, "Cobalt")
    wait_title(browser, "Whisk")
    wait(browser, lambda d: "Cobalt" in row(d, "Supplier").text)
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: query(shop, "SELECT supplierId FROM product WHERE id = 3") == [(3,)])


def test_an_inverse_list_opens(browser, shop):
    open_app(browser, shop, "table")
    tap(browser, "supplier")
    wait_title(browser, "supplier")
    tap(browser, "Acme")
    wait_title(browser, "Acme")
    tap(browser, "Products")
    wait(browser, lambda d: {"Hammer", "Saw"} <= set(row_texts(d)))
    assert "Rake" not in row_texts(browser)


def test_a_check_refusal_is_shown_on_the_field(browser, shop):
    open_product(browser, shop, "Hammer")
    type_into(browser, "Price", "-3")
    assert validation(browser, "Price") == "Price must be at least 0"
    press(browser, "done")
    assert title(browser) == "Hammer"
    assert query(shop, "SELECT price FROM product WHERE id = 1") == [(12.5,)]


def test_a_unique_refusal_is_shown_on_the_field(browser, shop):
    open_product(browser, shop, "Hammer")
    type_into(browser, "Code", "RAK-1")
    press(browser, "done")
    assert "Code must be unique" in notice_text(browser)
    assert "Code must be unique" in validation(browser, "Code")
    assert title(browser) == "Hammer"
    assert query(shop, "SELECT code FROM product WHERE id = 1") == [("HAM-1",)]


def test_a_join_table_selection(browser, shop):
    open_product(browser, shop, "Hammer")
    tap(browser, "Tags")
    wait_title(browser, "Tags")
    tap(browser, "sale")
    press(browser, "back")
    wait_title(browser, "Hammer")
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: query(
        shop, "SELECT tagId FROM product_tag WHERE productId = 1 ORDER BY tagId") == [(1,), (2,), (3,)])


def test_a_row_changed_by_another_program_appears(browser, shop):
    open_app(browser, shop, "table")
    tap(browser, "product")
    wait_title(browser, "product")
    row(browser, "Hammer")
    connection = sqlite3.connect(shop["database"])
    connection.execute("UPDATE product SET name = 'Claw hammer' WHERE id = 1")
    connection.commit()
    connection.close()
    started = time.time()
    wait(browser, lambda d: "Claw hammer" in row_texts(d), timeout=5)
    assert time.time() - started < 3


def test_an_open_form_follows_another_windows_save(browser, shop):
    open_product(browser, shop, "Hammer")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    open_product(browser, shop, "Hammer")
    type_into(browser, "Name", "Mallet")
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: query(shop, "SELECT name FROM product WHERE id = 1") == [("Mallet",)])
    browser.switch_to.window(first)
    # The first window's form shows the saved name, in its field and its title.
    wait(browser, lambda d: control(d, "Name").get_attribute("value") == "Mallet")
    wait_title(browser, "Mallet")
    # Enter in the untouched field, then Done, writes nothing old back.
    name = control(browser, "Name")
    name.click()
    name.send_keys(Keys.ENTER)
    press(browser, "done")
    wait_title(browser, "product")
    assert query(shop, "SELECT name, price FROM product WHERE id = 1") == [("Mallet", 12.5)]


def test_a_double_click_opens_one_screen_and_says_nothing(browser, shop):
    open_app(browser, shop, "table")
    wait_title(browser, "shop.sqlite")
    tap(browser, "product")
    wait_title(browser, "product")
    adds = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .add-item")
    ActionChains(browser).double_click(adds).perform()
    wait(browser, lambda d: title(d).startswith("New "))
    time.sleep(1)
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-last-error") is None
    press(browser, "cancel")
    wait_title(browser, "product")
    ActionChains(browser).double_click(row(browser, "Hammer")).perform()
    wait_title(browser, "Hammer")
    time.sleep(1)
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-last-error") is None
    press(browser, "cancel")
    wait_title(browser, "product")


def test_a_value_another_program_wrote_unfit_is_shown_to_be_fixed(browser, shop):
    connection = sqlite3.connect(shop["database"])
    connection.execute("UPDATE product SET released = 'soon' WHERE id = 1")
    connection.commit()
    connection.close()
    open_app(browser, shop, "table")
    wait_title(browser, "shop.sqlite")
    tap(browser, "product")
    wait_title(browser, "product")
    wait(browser, lambda d: "not a date" in row(d, "Hammer").text)
    tap(browser, "Hammer")
    wait_title(browser, "Hammer")
    assert validation(browser, "Released") == "Released holds “soon”, not a date"
    assert not done_available(browser)
    field = control(browser, "Released")
    browser.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", field, "2024-05-01")
    wait(browser, lambda d: done_available(d))
    press(browser, "done")
    wait_title(browser, "product")
    assert query(shop, "SELECT released FROM product WHERE id = 1") == [("2024-05-01",)]
    wait(browser, lambda d: "not a date" not in row(d, "Hammer").text)


def test_a_choice_another_window_deleted_is_refused_not_brought_back(browser, shop):
    open_product(browser, shop, "Saw")
    form = browser.current_window_handle
    tap(browser, "Category")
    wait_title(browser, "Category")
    tap(browser, "Kitchen")
    wait_title(browser, "Saw")
    delete_in_a_new_tab(browser, shop, "category", "Kitchen")
    wait(browser, lambda d: query(shop, "SELECT count(*) FROM category") == [(2,)])
    browser.switch_to.window(form)
    press(browser, "done")
    assert validation(browser, "Category") == "“Kitchen” was deleted meanwhile: choose another"
    assert title(browser) == "Saw"
    assert query(shop, "SELECT count(*) FROM category") == [(2,)]
    assert query(shop, "SELECT categoryId FROM product WHERE id = 5") == [(None,)]


def test_a_form_whose_row_another_window_deletes_says_so_at_once(browser, shop):
    open_product(browser, shop, "Rake")
    form = browser.current_window_handle
    type_into(browser, "Name", "Rake XL")
    delete_in_a_new_tab(browser, shop, "product", "Rake")
    wait(browser, lambda d: query(shop, "SELECT count(*) FROM product WHERE id = 2") == [(0,)])
    browser.switch_to.window(form)
    assert notice_text(browser).startswith("Someone else deleted this product")
    wait(browser, lambda d: not done_available(d))
    assert control(browser, "Name").get_attribute("value") == "Rake XL"
    screenshot(browser, "any-data-deleted-form")
    press(browser, "cancel")
    wait_title(browser, "product")
    assert "Rake" not in row_texts(browser)


def test_text_with_line_breaks_keeps_them_through_an_edit(browser, shop):
    connection = sqlite3.connect(shop["database"])
    connection.execute("UPDATE product SET code = 'HAM-1\nold' WHERE id = 1")
    connection.commit()
    connection.close()
    open_product(browser, shop, "Hammer")
    wait(browser, lambda d: control(d, "Code").tag_name == "textarea")
    assert control(browser, "Code").get_attribute("value") == "HAM-1\nold"
    # An edit at the end keeps the break.
    code = control(browser, "Code")
    code.send_keys(Keys.END, "s")
    code.send_keys(Keys.TAB)
    wait(browser, lambda d: done_available(d))
    press(browser, "done")
    wait_title(browser, "product")
    assert query(shop, "SELECT code FROM product WHERE id = 1") == [("HAM-1\nolds",)]


def test_a_paste_too_large_to_send_is_refused_on_its_field_and_loses_nothing_else(browser, shop):
    open_product(browser, shop, "Hammer")
    type_into(browser, "Code", "HAM-2")
    name = control(browser, "Name")
    browser.execute_script(
        "arguments[0].focus(); arguments[0].value = 'x'.repeat(300000);"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", name)
    wait(browser, lambda d: "too large to send" in d.find_element(By.ID, "trellis-status").text)
    wait(browser, lambda d: control(d, "Name").get_attribute("value") == "Hammer")
    press(browser, "done")
    wait_title(browser, "product")
    assert query(shop, "SELECT name, code FROM product WHERE id = 1") == [("Hammer", "HAM-2")]
    assert "Disconnected" not in browser.find_element(By.TAG_NAME, "body").text
