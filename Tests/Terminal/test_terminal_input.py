"""What reaches the terminal host besides typed keys, run for real in tmux: pasted text, Alt
with a key, log lines of the libraries under it, and the demo's Web Service without --service."""

import os
import sqlite3
import unittest

from test_terminal import TerminalTestCase
from tmux_driver import TRELLIS


class InputTests(TerminalTestCase):
    def paste(self, session, text):
        """Pastes `text` as a terminal does: bracketed when the program asked for it (-p)."""
        session.tmux("set-buffer", "-b", "trellis-test", text)
        session.tmux("paste-buffer", "-p", "-d", "-b", "trellis-test", "-t", session.name)

    def spans(self):
        """A database whose table has a rule the form does not know: lo < hi."""
        path = os.path.join(self.folder, "spans.sqlite")
        connection = sqlite3.connect(path)
        connection.executescript(
            "CREATE TABLE span (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " lo INTEGER NOT NULL, hi INTEGER NOT NULL, CHECK (lo < hi));"
            "INSERT INTO span VALUES (1, 'First', 1, 5);")
        connection.close()
        return path

    def open_span(self, path):
        session = self.start([TRELLIS, "edit", path], width=100, height=30)
        session.wait_for("span")
        session.move_to("span")
        session.keys("Enter")
        session.wait_for("First")
        session.move_to("First")
        session.keys("Enter")
        session.wait_for("Hi")
        return session

    def test_a_paste_goes_into_the_field_only(self):
        path = self.spans()
        session = self.open_span(path)
        session.move_to("Name")
        session.keys("Enter", "C-u")
        self.paste(session, "Pasted line1\nsecond line\ttabbed")
        session.wait_for("Pasted line1 second line tabbed")
        session.keys("Enter", "C-s")
        session.wait_until(
            lambda _: self.value(path, "SELECT name FROM span")
            == [("Pasted line1 second line tabbed",)], "the pasted name to be written")
        # A paste where nothing is typed into is no keys: no edit mode, no delete, no quit.
        session.wait_for("Pasted line1")
        self.paste(session, "edy\nq")
        session.wait_for("Paste goes into a field")
        self.assertTrue(session.is_running())
        self.assertEqual(self.value(path, "SELECT count(*) FROM span"), [(1,)])

    def test_alt_y_does_not_discard_the_changes(self):
        path = self.spans()
        session = self.open_span(path)
        session.move_to("Name")
        session.keys("Enter", "C-u")
        session.type("Changed")
        session.keys("Enter")
        session.wait_for("Changed")
        session.keys("M-y")
        session.keys("M-b")
        self.assertNotIn("Discard", session.screen())
        session.keys("C-s")
        session.wait_until(
            lambda _: self.value(path, "SELECT name FROM span") == [("Changed",)],
            "the change to be written")

    def test_a_refusal_of_the_database_logs_nothing_over_the_screen(self):
        path = self.spans()
        session = self.open_span(path)
        session.move_to("Lo")
        session.keys("Enter", "C-u")
        session.type("9")
        session.keys("Enter", "C-s")
        session.wait_for("refused")
        screen = session.screen()
        self.assertNotIn("trellis.sqlite", screen)
        self.assertNotIn("SQLite error", screen)
        session.keys("C-l")
        session.wait_for("refused")
        session.save("log-free-refusal")
        self.assertEqual(self.value(path, "SELECT lo FROM span"), [(1,)])

    def test_the_web_service_says_to_start_with_service(self):
        session = self.demo()
        session.wait_for("Trellis demo")
        session.move_to("Web Service")
        session.keys("Enter")
        screen = session.wait_for("did not open")
        joined = " ".join(line.strip() for line in screen.split("\n"))
        self.assertIn("--service URL", joined)
        self.assertIn("REST API", joined)


if __name__ == "__main__":
    unittest.main()
