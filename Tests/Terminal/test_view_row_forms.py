"""`trellis edit`: an open form of a view's row, or of a read-only table's, follows what
another program writes to the file."""

import os
import sqlite3
import unittest

from test_terminal import TerminalTestCase
from tmux_driver import TRELLIS


class ViewRowFormTests(TerminalTestCase):
    def shop(self):
        path = os.path.join(self.folder, "shop.sqlite")
        connection = sqlite3.connect(path)
        connection.executescript(
            "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, city TEXT);"
            "INSERT INTO person (name, city) VALUES ('Ann', 'Oslo'), ('Bob', 'Rome'),"
            " ('Cy', 'Lima');"
            "CREATE VIEW person_city AS SELECT name, city FROM person;"
            "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT);"
            "CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT);"
            "CREATE TABLE book_tag (book_id INTEGER REFERENCES book(id),"
            " tag_id INTEGER REFERENCES tag(id), weight INTEGER, PRIMARY KEY (book_id, tag_id));"
            "INSERT INTO book VALUES (1, 'Dune'), (2, 'Emma');"
            "INSERT INTO tag VALUES (1, 'scifi'), (2, 'classic');"
            "INSERT INTO book_tag VALUES (2, 2, 1), (1, 1, 3);")
        connection.close()
        return path

    def write(self, path, sql):
        """Writes `sql` to the file as another program."""
        connection = sqlite3.connect(path)
        connection.executescript(sql)
        connection.close()

    def test_a_view_rows_form_says_the_row_is_gone_once_another_program_changes_it(self):
        path = self.shop()
        session = self.start([TRELLIS, "edit", path], width=100, height=30)
        session.wait_for("person_city")
        session.move_to("person_city")
        session.keys("Enter")
        session.wait_for("3 ROWS")
        session.move_to("Bob")
        session.keys("Enter")
        screen = session.wait_for("Rome")
        self.assertNotIn("Someone else", screen)
        self.write(path, "UPDATE person SET city = 'Paris' WHERE name = 'Bob';")
        screen = session.wait_for("Someone else changed or deleted this person city")
        self.assertIn("go back to see", screen)
        self.assertIn("Rome", screen, "the values shown stay")
        self.assertNotIn("Paris", screen)
        session.save("view-row-form-gone")
        # Back on the list, the row reads as it is now, in its place.
        session.keys("Escape")
        session.wait_for("3 ROWS")
        session.move_to("Bob")
        session.keys("Enter")
        screen = session.wait_for("Paris")
        self.assertNotIn("Someone else", screen)

    def test_a_read_only_table_rows_form_shows_another_programs_change(self):
        path = self.shop()
        session = self.start([TRELLIS, "edit", path], width=100, height=30)
        session.wait_for("book_tag")
        session.move_to("book_tag")
        session.keys("Enter")
        session.wait_for("2 ROWS")
        session.move_to("Dune · scifi")
        session.keys("Enter")
        session.wait_until(lambda screen: "Weight" in screen and " 3 |" in screen, "the form")
        self.write(path, "UPDATE book_tag SET weight = 7 WHERE book_id = 1;"
                         "UPDATE book SET title = 'Dune Messiah' WHERE id = 1;")
        screen = session.wait_until(
            lambda screen: " 7 |" in screen and "Dune Messiah · scifi" in screen,
            "the new weight and title")
        self.assertNotIn("Someone else", screen)
        session.save("read-only-row-form-updated")
        session.keys("Escape")
        screen = session.wait_for("2 ROWS")
        self.assertTrue(session.cursor_on("Dune Messiah · scifi"), "the same row, in its place")


if __name__ == "__main__":
    unittest.main()
