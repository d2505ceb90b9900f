"""An SQLite file of 1,600 tables, each pointing at the one before, with a join table for
every tenth: `trellis serve` opens it within seconds, lists every table, and a row of any of
them is edited as in a file of a few tables."""
import pathlib
import sqlite3
import tempfile
import time

import pytest

from helpers import open_app, press, row, row_texts, tap, type_into, wait, wait_title
from test_any_data import serve, stop

TABLES = 1600


def make_chain():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="trellis-many-tables-"))
    database = folder / "chain.sqlite"
    connection = sqlite3.connect(database)
    for index in range(TABLES):
        previous = ", prev_id INTEGER REFERENCES t%04d(id)" % (index - 1) if index else ""
        connection.execute(
            "CREATE TABLE t%04d (id INTEGER PRIMARY KEY, name TEXT NOT NULL%s)" % (index, previous))
        # Each row points at the row of the same key in the table before.
        connection.executemany(
            "INSERT INTO t%04d VALUES (?, ?%s)" % (index, ", ?" if index else ""),
            [(number, "row %d of t%04d" % (number, index)) + ((number,) if index else ())
             for number in (1, 2, 3)])
        if index % 10 == 9:
            connection.execute(
                "CREATE TABLE j%04d (a_id INTEGER NOT NULL REFERENCES t%04d(id), "
                "b_id INTEGER NOT NULL REFERENCES t%04d(id), PRIMARY KEY (a_id, b_id))"
                % (index, index, index - 1))
    connection.commit()
    connection.close()
    return database


@pytest.fixture
def chain():
    database = make_chain()
    started = time.monotonic()
    process, details = serve(database)
    details["seconds"] = time.monotonic() - started
    details["database"] = database
    yield details
    stop(process, details)


def test_a_file_of_many_tables_opens_fast_and_its_rows_are_edited(browser, chain):
    # Work done for each table over every table took over a minute here; the whole file is
    # read, described and served in a few seconds.
    assert chain["seconds"] < 20, "trellis serve took %.1f s to listen" % chain["seconds"]
    open_app(browser, chain, "table")
    wait_title(browser, "chain.sqlite")
    assert row_texts(browser)[:3] == ["t0000", "t0001", "t0002"]
    wait(browser, lambda d: "3 rows" in row(d, "t0009").text)
    tap(browser, "t0009")
    wait_title(browser, "t0009")
    wait(browser, lambda d: "row 2 of t0009" in row_texts(d))
    tap(browser, "row 2 of t0009")
    wait_title(browser, "row 2 of t0009")
    # Its key of the table before, the pairs of its join table and the rows pointing at it.
    assert "row 2 of t0008" in row(browser, "Prev").text
    row(browser, "T0008 S")
    row(browser, "T0010 S")
    type_into(browser, "Name", "row 2, edited")
    press(browser, "done")
    wait_title(browser, "t0009")
    wait(browser, lambda d: "row 2, edited" in row_texts(d))
    connection = sqlite3.connect(chain["database"])
    try:
        assert connection.execute("SELECT name FROM t0009 WHERE id = 2").fetchall() == [
            ("row 2, edited",)]
    finally:
        connection.close()
