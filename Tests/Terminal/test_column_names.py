"""`trellis edit` on an SQLite file whose columns have names no key has ("First Name")."""

import os
import sqlite3
import unittest

from test_terminal import TerminalTestCase
from tmux_driver import TRELLIS


class ColumnNamesTests(TerminalTestCase):
    def people(self):
        path = os.path.join(self.folder, "people.sqlite")
        connection = sqlite3.connect(path)
        connection.executescript(
            'CREATE TABLE person (id INTEGER PRIMARY KEY, "First Name" TEXT NOT NULL, '
            '"unit-price" REAL);'
            "INSERT INTO person VALUES (1, 'Ada', 2.5), (2, 'Grace', 4);")
        connection.close()
        return path

    def test_a_column_named_with_a_space_is_shown_edited_and_written(self):
        path = self.people()
        session = self.start([TRELLIS, "edit", path], width=100, height=40)
        session.wait_for("person")
        session.move_to("person")
        session.keys("Enter")
        session.wait_for("Grace")
        session.move_to("Grace")
        session.keys("Enter")
        session.wait_for("First Name")
        screen = session.screen()
        self.assertIn("unit-price", screen)
        self.assertNotIn("First_Name", screen)
        session.save("column-names-form")
        session.move_to("First Name")
        session.keys("Enter", "C-u")
        session.type("Grace Hopper")
        session.keys("Enter")
        session.keys("C-s")
        session.wait_until(
            lambda screen: self.value(path, 'SELECT "First Name" FROM person WHERE id = 2')
            == [("Grace Hopper",)],
            "the name to be written")
        session.wait_for("Grace Hopper")

    def test_another_programs_change_to_such_a_column_shows(self):
        path = self.people()
        session = self.start([TRELLIS, "edit", path], width=100, height=40)
        session.wait_for("person")
        session.move_to("person")
        session.keys("Enter")
        session.wait_for("Grace")
        connection = sqlite3.connect(path)
        connection.execute("UPDATE person SET \"First Name\" = 'Ada Lovelace' WHERE id = 1")
        connection.commit()
        connection.close()
        session.wait_for("Ada Lovelace", timeout=5)


if __name__ == "__main__":
    unittest.main()
