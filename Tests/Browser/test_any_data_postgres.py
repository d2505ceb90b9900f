"""Any PostgreSQL database, one command: `trellis serve postgres://…` in a real browser, over a
fresh database the fixture `Tests/Fixtures/AnyData/shop-postgres.sql` fills. Two servers serve
it at once; another program (psql) changes it behind their backs."""
import os
import subprocess
import time
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, screenshot
from helpers import (control, delete_row, open_app, press, row, row_texts, tap, title, type_into, updates, wait,
                     wait_title)
from test_any_data import (
    delete_in_a_new_tab, notice_text, serve, stop, trellis_binary, validation)
from test_postgres import psql

FIXTURE = ROOT / "Tests" / "Fixtures" / "AnyData" / "shop-postgres.sql"


@pytest.fixture(scope="module")
def cluster():
    url = os.environ.get("TRELLIS_POSTGRES_URL")
    if not url:
        if os.environ.get("TRELLIS_REQUIRE_POSTGRES") == "1":
            pytest.fail("TRELLIS_POSTGRES_URL is not set: start it with scripts/postgres.sh start")
        pytest.skip("no PostgreSQL: start it with scripts/postgres.sh start")
    return url


def fresh_database(cluster, fixture):
    """A new database on `cluster` filled by the script `fixture`, its address."""
    name = "anydata_" + uuid.uuid4().hex[:10]
    subprocess.run([psql(), cluster, "-q", "-c", "CREATE DATABASE " + name], check=True)
    url = cluster.rsplit("/", 1)[0] + "/" + name
    subprocess.run([psql(), url, "-q", "-v", "ON_ERROR_STOP=1", "-f", str(fixture)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return url


@pytest.fixture
def database(cluster):
    """A fresh database holding the shop, its address."""
    return fresh_database(cluster, FIXTURE)


def sql(url, statement):
    """Runs `statement` as another program would; returns its rows as lists of text."""
    done = subprocess.run([psql(), url, "-q", "-A", "-t", "-F", "|", "-c", statement],
                          check=True, capture_output=True, text=True)
    return [line.split("|") for line in done.stdout.splitlines() if line]


@pytest.fixture
def shop(database):
    process, details = serve(database)
    details["database"] = database
    yield details
    stop(process, details)


def open_product(driver, shop, name):
    open_app(driver, shop, "table")
    wait_title(driver, shop["database"].rsplit("/", 1)[1])
    tap(driver, "product")
    wait_title(driver, "product")
    tap(driver, name)
    wait_title(driver, name)


def test_the_home_screen_lists_tables_views_and_why_some_are_read_only(browser, shop):
    open_app(browser, shop, "table")
    wait_title(browser, shop["database"].rsplit("/", 1)[1])
    texts = row_texts(browser)
    for table in ("category", "product", "review", "supplier", "tag", "product_summary",
                  "product_tag", "stock_move", "audit_log", "coupon"):
        assert table in texts
    # The counts arrive after the names, each read by a query of its own.
    wait(browser, lambda d: "4 rows" in row(d, "product").text)
    page = browser.find_element("css selector", ".pane-top > .screen:last-child").text
    assert "it has no primary key to name a row by" in page
    assert "polling" in page
    # A table shown read-only (a join table, one without a key) lists its rows as a view does.
    wait(browser, lambda d: "4 rows" in row(d, "product_tag").text)
    wait(browser, lambda d: "1 row" in row(d, "audit_log").text)
    tap(browser, "product_tag")
    wait_title(browser, "product_tag")
    wait(browser, lambda d: len(d.find_elements(
        "css selector", ".pane-top > .screen:last-child .rows > .row")) == 4)


def test_the_home_screens_counts_and_a_view_follow_another_program(browser, shop):
    open_app(browser, shop, "table")
    wait_title(browser, shop["database"].rsplit("/", 1)[1])
    wait(browser, lambda d: "4 rows" in row(d, "product").text)
    wait(browser, lambda d: "4 rows" in row(d, "product_summary").text)
    sql(shop["database"], "INSERT INTO product (name, code, price, stock, supplier_id) "
                          "VALUES ('Trowel', 'TRO-1', 7, 3, 2)")
    # Polling (no trigger is installed) looks every second.
    wait(browser, lambda d: "5 rows" in row(d, "product").text, timeout=5)
    wait(browser, lambda d: "5 rows" in row(d, "product_summary").text, timeout=5)
    tap(browser, "product_summary")
    wait_title(browser, "product_summary")
    wait(browser, lambda d: "Trowel" in row_texts(d))
    sql(shop["database"], "UPDATE product SET name = 'Garden trowel' WHERE code = 'TRO-1'")
    wait(browser, lambda d: "Garden trowel" in row_texts(d), timeout=5)


def test_a_foreign_key_is_chosen(browser, shop):
    open_product(browser, shop, "Whisk")
    tap(browser, "Supplier")
    wait_title(browser, "Supplier")
    tap(browser, "Cobalt")
    wait_title(browser, "Whisk")
    wait(browser, lambda d: "Cobalt" in row(d, "Supplier").text)
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: sql(shop["database"],
                                "SELECT supplier_id FROM product WHERE code = 'WHI-1'") == [["3"]])


def test_an_inverse_list_opens(browser, shop):
    open_app(browser, shop, "table")
    tap(browser, "supplier")
    wait_title(browser, "supplier")
    tap(browser, "Bolt & Co")
    wait_title(browser, "Bolt & Co")
    tap(browser, "Products")
    wait(browser, lambda d: {"Rake", "Whisk"} <= set(row_texts(d)))
    assert "Hammer" not in row_texts(browser)


def test_an_enum_is_a_choice_and_is_written(browser, shop):
    open_app(browser, shop, "table")
    tap(browser, "supplier")
    wait_title(browser, "supplier")
    tap(browser, "Cobalt")
    wait_title(browser, "Cobalt")
    tap(browser, "Country")
    wait_title(browser, "Country")
    assert {"NL", "FR", "DE", "US"} <= set(row_texts(browser))
    tap(browser, "DE")
    wait_title(browser, "Cobalt")
    press(browser, "done")
    wait_title(browser, "supplier")
    wait(browser, lambda d: sql(shop["database"],
                                "SELECT country FROM supplier WHERE name = 'Cobalt'") == [["DE"]])


def test_a_check_refusal_is_shown_on_the_field(browser, shop):
    open_product(browser, shop, "Hammer")
    type_into(browser, "Price", "-3")
    assert validation(browser, "Price") == "Price must be at least 0"
    press(browser, "done")
    assert title(browser) == "Hammer"
    assert sql(shop["database"], "SELECT price FROM product WHERE code = 'HAM-1'") == [["12.50"]]


def test_a_price_being_typed_is_not_reformatted_under_the_cursor(browser, shop):
    """The server answers each pause in typing and draws the price as 2.00: the field keeps
    what is being typed."""
    open_product(browser, shop, "Hammer")
    field = control(browser, "Price")
    field.send_keys(Keys.CONTROL, "a")
    before = updates(browser)
    field.send_keys("2")
    wait(browser, lambda d: updates(d) > before)
    control(browser, "Price").send_keys("1")
    before = updates(browser)
    control(browser, "Price").send_keys(Keys.ENTER)
    wait(browser, lambda d: updates(d) > before)
    assert control(browser, "Price").get_attribute("value") == "21"
    press(browser, "done")
    wait(browser, lambda d: sql(shop["database"], "SELECT price FROM product WHERE code = 'HAM-1'")
         == [["21.00"]])
    open_product(browser, shop, "Hammer")
    type_into(browser, "Price", "12.5")
    press(browser, "done")
    wait(browser, lambda d: sql(shop["database"], "SELECT price FROM product WHERE code = 'HAM-1'")
         == [["12.50"]])


def test_a_price_fixed_after_a_refusal_saves_without_a_false_conflict(browser, shop):
    """A price refused for its digits, then typed again and saved, is saved: nobody else
    changed it, so no conflict is named."""
    open_product(browser, shop, "Hammer")
    before = updates(browser)
    control(browser, "Price").send_keys(Keys.CONTROL, "a")
    control(browser, "Price").send_keys("9.999", Keys.ENTER)
    wait(browser, lambda d: updates(d) > before)
    assert validation(browser, "Price") == "Price must have at most 2 digits after the point"
    press(browser, "done")
    assert title(browser) == "Hammer"
    type_into(browser, "Price", "9.70")
    press(browser, "done")
    wait(browser, lambda d: sql(shop["database"], "SELECT price FROM product WHERE code = 'HAM-1'")
         == [["9.70"]])
    wait_title(browser, "product")
    assert not browser.find_elements(By.CSS_SELECTOR, ".conflict")


def test_a_refusal_only_the_database_knows_keeps_the_edit(browser, shop):
    open_app(browser, shop, "table")
    tap(browser, "supplier")
    wait_title(browser, "supplier")
    tap(browser, "Acme")
    wait_title(browser, "Acme")
    type_into(browser, "Email", "no-at-sign")
    press(browser, "done")
    # "Saving…" first, then the database's refusal.
    wait(browser, lambda d: "supplier_email_check" in notice_text(d))
    assert title(browser) == "Acme"
    assert sql(shop["database"], "SELECT email FROM supplier WHERE name = 'Acme'") == [
        ["sales@acme.test"]]


def test_a_unique_refusal_is_shown_on_the_field(browser, shop):
    open_product(browser, shop, "Hammer")
    type_into(browser, "Code", "RAK-1")
    press(browser, "done")
    wait(browser, lambda d: "code" in notice_text(d).lower())
    assert title(browser) == "Hammer"
    assert sql(shop["database"], "SELECT code FROM product WHERE name = 'Hammer'") == [["HAM-1"]]


def test_a_join_table_selection(browser, shop):
    open_product(browser, shop, "Hammer")
    tap(browser, "Tags")
    wait_title(browser, "Tags")
    tap(browser, "sale")
    press(browser, "back")
    wait_title(browser, "Hammer")
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: sql(
        shop["database"],
        "SELECT tag_id FROM product_tag WHERE product_id = 1 ORDER BY tag_id") == [["1"], ["3"]])


def test_a_new_row_takes_the_databases_key_and_defaults(browser, shop):
    open_app(browser, shop, "table")
    tap(browser, "category")
    wait_title(browser, "category")
    # The list's own "add" row.
    wait(browser, lambda d: d.find_element(
        By.XPATH, "//*[normalize-space(text())='New Category']")).click()
    wait_title(browser, "New Category")
    type_into(browser, "Name", "Bath")
    press(browser, "done")
    wait(browser, lambda d: "Bath" in row_texts(d))
    screenshot(browser, "any-data-postgres-new-row")
    assert sql(shop["database"], "SELECT id FROM category WHERE name = 'Bath'") == [["4"]]


def test_a_row_changed_by_another_program_appears(browser, shop):
    open_app(browser, shop, "table")
    tap(browser, "product")
    wait_title(browser, "product")
    row(browser, "Hammer")
    sql(shop["database"], "UPDATE product SET name = 'Claw hammer' WHERE code = 'HAM-1'")
    started = time.time()
    wait(browser, lambda d: "Claw hammer" in row_texts(d), timeout=5)
    assert time.time() - started < 3


def test_with_triggers_two_servers_see_each_others_changes_at_once(browser, desktop, database):
    first, second = serve(database, "--install-triggers"), serve(database)
    try:
        assert sql(database, "SELECT count(*) FROM pg_trigger WHERE tgname = 'trellis_notify'") \
            == [["6"]]
        open_app(browser, first[1], "table")
        open_app(desktop, second[1], "table")
        home = desktop.find_element("css selector", ".pane-top > .screen:last-child").text
        assert "notification triggers installed" in home
        for driver in (browser, desktop):
            tap(driver, "tag")
            wait_title(driver, "tag")
        tap(browser, "sale")
        wait_title(browser, "sale")
        type_into(browser, "Label", "clearance")
        press(browser, "done")
        wait(desktop, lambda d: "clearance" in row_texts(d), timeout=2)
    finally:
        for process, _ in (first, second):
            process.terminate()
            process.wait(timeout=10)
    removed = subprocess.run([trellis_binary(), "render", database, "--remove-triggers"],
                             capture_output=True, text=True, timeout=60)
    assert removed.returncode == 0, removed.stderr
    assert "removed the notification trigger from 6 tables" in removed.stderr
    assert "polling" in removed.stdout
    assert sql(database, "SELECT count(*) FROM pg_trigger WHERE tgname = 'trellis_notify'") \
        == [["0"]]


def test_two_windows_editing_one_field_see_a_conflict_not_an_overwrite(browser, shop):
    open_product(browser, shop, "Rake")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    second = browser.current_window_handle
    open_product(browser, shop, "Rake")
    type_into(browser, "Price", "21")
    browser.switch_to.window(first)
    type_into(browser, "Price", "22.5")
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: sql(shop["database"], "SELECT price FROM product WHERE code = 'RAK-1'")
         == [["22.50"]])
    browser.switch_to.window(second)
    press(browser, "done")
    wait(browser, lambda d: "Someone else changed Price" in notice_text(d))
    assert title(browser) == "Rake"
    assert sql(shop["database"], "SELECT price FROM product WHERE code = 'RAK-1'") == [["22.50"]]
    # Done again keeps mine, seen.
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: sql(shop["database"], "SELECT price FROM product WHERE code = 'RAK-1'")
         == [["21.00"]])


def test_a_choice_another_window_deleted_is_refused_not_saved_as_nothing(browser, shop):
    # Rake is in Garden; Tools holds only Hammer, which a delete clears (ON DELETE SET NULL).
    open_product(browser, shop, "Rake")
    form = browser.current_window_handle
    tap(browser, "Category")
    wait_title(browser, "Category")
    tap(browser, "Tools")
    wait_title(browser, "Rake")
    delete_in_a_new_tab(browser, shop, "category", "Tools")
    wait(browser, lambda d: sql(shop["database"], "SELECT count(*) FROM category") == [["2"]])
    browser.switch_to.window(form)
    press(browser, "done")
    assert validation(browser, "Category") == "“Tools” was deleted meanwhile: choose another"
    assert title(browser) == "Rake"
    assert sql(shop["database"], "SELECT category_id FROM product WHERE code = 'RAK-1'") == [["2"]]


def test_two_windows_choosing_tags_meet_a_conflict_not_a_loss(browser, shop):
    def add_tag(label):
        tap(browser, "Tags")
        wait_title(browser, "Tags")
        tap(browser, label)
        press(browser, "back")
        wait_title(browser, "Rake")

    def tags():
        return sql(shop["database"], "SELECT t.label FROM product_tag pt JOIN tag t "
                   "ON t.id = pt.tag_id JOIN product p ON p.id = pt.product_id "
                   "WHERE p.code = 'RAK-1' ORDER BY t.label")

    # Both windows choose a tag before either saves.
    open_product(browser, shop, "Rake")
    add_tag("heavy")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    open_product(browser, shop, "Rake")
    add_tag("new")
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: tags() == [["new"], ["sale"]])
    browser.switch_to.window(first)
    press(browser, "done")
    wait(browser, lambda d: "Someone else changed Tags to “sale, new”" in notice_text(d))
    assert title(browser) == "Rake"
    assert tags() == [["new"], ["sale"]]
    # Done again writes the tags this window shows, seen.
    press(browser, "done")
    wait_title(browser, "product")
    wait(browser, lambda d: tags() == [["heavy"], ["sale"]])


def test_a_new_row_without_its_required_choice_is_refused_on_that_row(browser, shop):
    open_app(browser, shop, "table")
    wait_title(browser, shop["database"].rsplit("/", 1)[1])
    tap(browser, "product")
    wait_title(browser, "product")
    browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .add-item").click()
    wait(browser, lambda d: title(d).startswith("New "))
    type_into(browser, "Name", "Trowel")
    type_into(browser, "Code", "TRO-1")
    type_into(browser, "Price", "7")
    press(browser, "done")
    assert validation(browser, "Supplier") == "Supplier is required"
    assert sql(shop["database"], "SELECT count(*) FROM product WHERE code = 'TRO-1'") == [["0"]]


def test_a_refused_delete_is_said_under_the_bar_and_on_its_row(browser, shop):
    """A delete the database refuses (a product with reviews, ON DELETE RESTRICT) puts the row
    back and says why under the bar, where the person is looking, as well as on a row of the
    list, which may be far below."""
    sql(shop["database"], "INSERT INTO product (name, code, price, supplier_id) "
        "SELECT 'Filler ' || i, 'F-' || i, 1, 1 FROM generate_series(1, 40) i")
    open_app(browser, shop, "table")
    wait_title(browser, shop["database"].rsplit("/", 1)[1])
    tap(browser, "product")
    wait_title(browser, "product")
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    delete_row(browser, "Hammer")
    wait(browser, lambda d: notice_text(d).startswith("Could not delete “Hammer”"))
    assert "Hammer" in row_texts(browser)
    # Scrolled far down the list, the notice is still in view under the bar.
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    time.sleep(0.3)
    assert browser.execute_script(
        "var n = document.querySelector('.pane-top > .screen:last-child .notice');"
        "var r = n.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;")
    refusal = [text for text in row_texts(browser) if text.startswith("Could not delete")]
    assert len(refusal) == 1
    # Acting again on the list (leaving edit mode) answers it.
    press(browser, "edit")
    wait(browser, lambda d: not d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice:not(:empty)"))
    assert not [text for text in row_texts(browser) if text.startswith("Could not delete")]
