"""`trellis serve people.sqlite` over a file whose columns have names no key has ("First
Name", "unit-price"), as spreadsheets imported into SQLite have them."""
import pathlib
import sqlite3
import tempfile

import pytest

from conftest import screenshot
from helpers import open_app, press, row, row_texts, tap, type_into, wait, wait_title
from test_any_data import serve, stop


@pytest.fixture
def people():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="trellis-column-names-"))
    database = folder / "people.sqlite"
    connection = sqlite3.connect(database)
    connection.executescript(
        'CREATE TABLE person (id INTEGER PRIMARY KEY, "First Name" TEXT NOT NULL, '
        '"unit-price" REAL);'
        "INSERT INTO person VALUES (1, 'Ada', 2.5), (2, 'Grace', 4);")
    connection.close()
    process, details = serve(database)
    details["database"] = database
    yield details
    stop(process, details)


def query(people, sql):
    connection = sqlite3.connect(people["database"])
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_a_column_named_with_a_space_is_listed_titled_edited_and_saved(browser, people):
    open_app(browser, people, "table")
    wait_title(browser, "people.sqlite")
    tap(browser, "person")
    wait_title(browser, "person")
    wait(browser, lambda d: {"Ada", "Grace"} <= set(row_texts(d)))
    tap(browser, "Grace")
    wait_title(browser, "Grace")
    assert "First Name" in row(browser, "First Name").text
    assert "unit-price" in row(browser, "unit-price").text
    assert not any("First_Name" in text for text in row_texts(browser))
    screenshot(browser, "column-names-form")
    type_into(browser, "First Name", "Grace Hopper")
    press(browser, "done")
    wait_title(browser, "person")
    wait(browser, lambda d: query(people, 'SELECT "First Name" FROM person WHERE id = 2')
         == [("Grace Hopper",)])
    wait(browser, lambda d: "Grace Hopper" in row_texts(d))
