"""Dates another program keeps as text, in `trellis serve FILE.sqlite` in a real browser: a
date and time is edited in a date and time input, and written back as the program wrote it."""
import pathlib
import sqlite3
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import screenshot
from helpers import control, open_app, press, row, tap, type_into, wait, wait_title
from test_any_data import query, serve, stop

SCHEMA = """
CREATE TABLE articles (id integer PRIMARY KEY AUTOINCREMENT NOT NULL, title varchar,
  published_on date, created_at datetime(6) NOT NULL);
INSERT INTO articles (title, published_on, created_at)
  VALUES ('Hello', '2024-01-02', '2024-01-02 10:00:00.123456');
"""


def serve_schema(schema, name):
    """Serves a new SQLite file `name` made by `schema`; returns (process, details)."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="trellis-dates-"))
    database = folder / name
    connection = sqlite3.connect(database)
    connection.executescript(schema)
    connection.close()
    process, details = serve(database)
    details["database"] = database
    return process, details


@pytest.fixture
def blog():
    process, details = serve_schema(SCHEMA, "blog.sqlite")
    yield details
    stop(process, details)


def stored(blog, sql):
    """The first row `sql` reads from the served file."""
    return query(blog, sql)[0]


def choose(driver, label, value):
    """Sets a date input as the browser's picker does: its value, then a change event."""
    field = control(driver, label)
    driver.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", field, value)


def test_a_date_and_time_is_edited_to_the_second_and_kept_as_written(browser, blog):
    open_app(browser, blog, "table")
    wait_title(browser, "blog.sqlite")
    tap(browser, "articles")
    wait_title(browser, "articles")
    tap(browser, "Hello")
    wait_title(browser, "Hello")
    created = control(browser, "Created At")
    assert created.get_attribute("type") == "datetime-local"
    # The browser writes a time on the minute without its seconds.
    assert created.get_attribute("value") in ("2024-01-02T10:00", "2024-01-02T10:00:00")
    published = control(browser, "Published On")
    assert published.get_attribute("type") == "date"
    assert published.get_attribute("value") == "2024-01-02"
    screenshot(browser, "any-data-date-and-time")
    # A title edit leaves the date as it was, to the microsecond.
    type_into(browser, "Title", "Bye")
    press(browser, "done")
    wait_title(browser, "articles")
    assert stored(blog, "SELECT title, created_at FROM articles") == (
        "Bye", "2024-01-02 10:00:00.123456")
    tap(browser, "Bye")
    wait_title(browser, "Bye")
    choose(browser, "Created At", "2024-03-04T05:06:07")
    wait(browser, lambda d: control(d, "Created At").get_attribute("value")
         == "2024-03-04T05:06:07")
    press(browser, "done")
    wait_title(browser, "articles")
    wait(browser, lambda d: stored(blog, "SELECT created_at FROM articles")
         == ("2024-03-04 05:06:07.000000",))
    # A fresh page shows what the database holds.
    open_app(browser, blog, "table")
    wait_title(browser, "blog.sqlite")
    tap(browser, "articles")
    wait_title(browser, "articles")
    tap(browser, "Bye")
    wait_title(browser, "Bye")
    assert control(browser, "Created At").get_attribute("value") == "2024-03-04T05:06:07"


SHOPS = """
CREATE TABLE shops (id integer PRIMARY KEY, name text NOT NULL, opens TIME NOT NULL,
  closes time);
INSERT INTO shops (name, opens, closes) VALUES ('Bakery', '07:30', '18:00:00');
"""


def test_a_time_column_is_a_time_input_and_written_as_text(browser):
    process, details = serve_schema(SHOPS, "shops.sqlite")
    try:
        open_app(browser, details, "table")
        wait_title(browser, "shops.sqlite")
        tap(browser, "shops")
        wait_title(browser, "shops")
        tap(browser, "Bakery")
        wait_title(browser, "Bakery")
        opens = control(browser, "Opens")
        assert opens.get_attribute("type") == "time"
        assert opens.get_attribute("value") == "07:30"
        assert control(browser, "Closes").get_attribute("value") in ("18:00", "18:00:00")
        screenshot(browser, "any-data-time-of-day")
        choose(browser, "Opens", "08:15")
        wait(browser, lambda d: control(d, "Opens").get_attribute("value") == "08:15")
        press(browser, "done")
        wait_title(browser, "shops")
        wait(browser, lambda d: stored(details, "SELECT opens, closes FROM shops")
             == ("08:15", "18:00:00"))
    finally:
        stop(process, details)


def test_a_date_and_time_on_a_phone_shows_whole_beside_its_picker(phone, blog):
    """On a phone a date and time does not fit beside its title: it goes below it, as wide as
    its text and its picker's icon, rather than shrinking under the icon."""
    open_app(phone, blog, "table")
    wait_title(phone, "blog.sqlite")
    tap(phone, "articles")
    wait_title(phone, "articles")
    tap(phone, "Hello")
    wait_title(phone, "Hello")
    field = control(phone, "Created At")
    shown, needed = phone.execute_script(
        "var input = arguments[0], copy = input.cloneNode();"
        "copy.style.position = 'absolute'; copy.style.visibility = 'hidden';"
        "input.parentNode.appendChild(copy);"
        "var needed = copy.getBoundingClientRect().width; copy.remove();"
        "return [input.getBoundingClientRect().width, needed];", field)
    screenshot(phone, "any-data-date-and-time-phone")
    assert shown >= needed - 1, "the input is %.0f px wide and needs %.0f" % (shown, needed)
