"""`trellis edit` on an SQLite file with a view of more rows than fit in memory at once."""

import os
import re
import sqlite3
import unittest

from test_terminal import TerminalTestCase
from tmux_driver import TRELLIS


class BigViewTests(TerminalTestCase):
    def big(self):
        path = os.path.join(self.folder, "big.sqlite")
        connection = sqlite3.connect(path)
        connection.executescript(
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);"
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 25000) "
            "INSERT INTO item (name) SELECT 'Item ' || x FROM n;"
            "CREATE VIEW big_items AS SELECT name, id * 2 AS twice FROM item;")
        connection.close()
        return path

    def test_a_view_of_25000_rows_shows_its_count_and_its_last_rows(self):
        path = self.big()
        session = self.start([TRELLIS, "edit", path], width=100, height=40)
        session.wait_for("big_items")
        session.wait_until(
            lambda screen: screen.count("25,000 rows") == 2, "both counts to be true")
        session.move_to("big_items")
        session.keys("Enter")
        session.wait_for("Item 1")
        self.assertIn("25,000 ROWS", session.screen(), "the list's header counts every row")
        session.save("big-view")
        # The end of what is loaded offers the next page of rows.
        session.keys("G")
        session.wait_for("Load more")
        session.keys("Enter")
        # Rows come in the view's own order: the next page brings items past the first.
        session.wait_until(
            lambda screen: any(51 <= int(n) <= 200 for n in re.findall(r"Item (\d+)", screen)),
            "the next page's rows", timeout=30)
        # A search, run by the database over every row, finds the last rows: the 25,000th.
        session.keys("/")
        session.type("Item 2500")
        session.keys("Enter")
        session.wait_for("Search: Item 2500")
        screen = session.wait_for("Item 25000", timeout=30)
        self.assertIn("Item 2500 ", screen)
        self.assertNotIn("Item 10000 ", screen)
        self.assertIn("2 OF 25,000 ROWS", screen)
        session.save("big-view-search")

if __name__ == "__main__":
    unittest.main()
