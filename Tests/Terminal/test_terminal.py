"""The terminal host, run for real: `trellis edit` and `trellis-demo --terminal` in tmux."""

import json
import time
import os
import plistlib
import re
import shutil
import signal
import tempfile
import unittest

from tmux_driver import FIXTURES, TRELLIS, TRELLIS_DEMO, Tmux


class TerminalTestCase(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="trellis-terminal-")
        self.sessions = []

    def tearDown(self):
        for session in self.sessions:
            session.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def start(self, command, width=80, height=24, env=None):
        variables = {"XDG_CONFIG_HOME": self.folder, "HOME": self.folder}
        variables.update(env or {})
        session = Tmux(command, width=width, height=height, env=variables)
        self.sessions.append(session)
        return session

    def file(self, name, contents):
        path = os.path.join(self.folder, name)
        mode = "wb" if isinstance(contents, bytes) else "w"
        with open(path, mode) as handle:
            handle.write(contents)
        return path

    def value(self, path, sql):
        """The rows `sql` reads from the SQLite file at `path`."""
        import sqlite3
        connection = sqlite3.connect(path)
        try:
            return connection.execute(sql).fetchall()
        finally:
            connection.close()

    def demo(self, width=80, height=24, env=None):
        database = os.path.join(self.folder, "demo.sqlite")
        return self.start([TRELLIS_DEMO, "--terminal", "--db", database, "--rows", "500"],
                          width=width, height=height, env=env)

    def assert_fits(self, session):
        lines = session.screen().split("\n")
        for line in lines:
            self.assertLessEqual(len(line), session.width, line)
        visible = lines[: session.height]
        # A wrapped line would push the hints off the last row and break the group borders.
        self.assertTrue(any("q quit" in line or "help" in line for line in visible[-2:]), visible)
        for line in visible:
            if line.startswith("  +"):
                self.assertTrue(line.rstrip().endswith("+"), line)


DOCUMENT = {"name": "Ada", "age": 36, "admin": False, "items": ["one", "two", "three"]}


class DocumentTests(TerminalTestCase):
    def test_editing_a_json_document_saves_it(self):
        path = self.file("person.json", json.dumps(DOCUMENT, indent=2))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Name")
        session.move_to("Name")
        session.keys("Enter", "C-u")
        session.type("Grace")
        session.keys("Enter")
        session.wait_for("Grace")
        session.move_to("Admin")
        session.keys("Space")
        session.keys("C-s")
        session.wait_for("Saved person.json")
        session.save("document")
        # News, not a warning: the save's line carries no red.
        saved_line = next(line for line in session.screen(color=True).splitlines()
                          if "Saved person.json" in line)
        self.assertNotIn("\x1b[31m", saved_line)
        with open(path) as handle:
            saved = json.load(handle)
        self.assertEqual(saved["name"], "Grace")
        self.assertEqual(saved["admin"], True)
        self.assertEqual(saved["age"], 36)
        session.keys("q")
        session.wait_for_exit()

    def test_adding_a_key_to_a_json_document_saves_it(self):
        path = self.file("person.json", json.dumps(DOCUMENT, indent=2))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Add Key")
        session.move_to("Add Key")
        session.keys("Enter")
        session.wait_for("New Key")
        session.move_to("Key")
        session.keys("Enter")
        session.type("name")
        session.keys("Enter")
        # A key the object has is refused on its field, and Done waits.
        session.wait_for("already a key here")
        session.keys("C-s")
        session.wait_for("Done is not possible")
        session.keys("Enter", "C-u")
        session.type("retries")
        session.keys("Enter")
        session.wait_until(lambda screen: "already a key" not in screen, "the refusal to go")
        session.move_to("Kind")
        session.keys("l")
        session.wait_for("[Number]")
        session.save("document-new-key")
        # Done adds the key, and saves the file, as Ctrl-S does on the document.
        session.keys("C-s")
        session.wait_for("Retries")
        session.wait_for("Saved person.json")
        with open(path) as handle:
            saved = json.load(handle)
        self.assertEqual(list(saved), ["name", "age", "admin", "items", "retries"])
        self.assertEqual(saved["retries"], 0)
        session.keys("q")
        session.wait_for_exit()

    def test_deleting_a_key_from_a_json_document_saves_it(self):
        path = self.file("person.json", json.dumps(DOCUMENT, indent=2))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Add Key")
        # A key is deleted as a list's row is: in edit mode, with d, once confirmed.
        session.move_to("Admin")
        session.keys("d")
        session.wait_for("Press e for edit mode to delete rows")
        session.keys("e")
        session.wait_for("[Done e]")
        session.move_to("Admin")
        session.keys("d")
        session.wait_for("Delete “Admin”? (y/n)")
        session.keys("n")
        session.wait_until(lambda screen: "(y/n)" not in screen, "the question to go")
        self.assertIn("Admin", session.screen())
        session.keys("d")
        session.wait_for("Delete “Admin”? (y/n)")
        session.save("document-delete-key")
        session.keys("y")
        session.wait_until(lambda screen: "Admin" not in screen, "the key's row to go")
        session.keys("e")
        session.wait_for("[Edit e]")
        session.keys("C-s")
        session.wait_for("Saved person.json")
        with open(path) as handle:
            saved = json.load(handle)
        self.assertEqual(saved, {key: value for key, value in DOCUMENT.items() if key != "admin"})
        self.assertEqual(list(saved), ["name", "age", "items"])
        session.keys("q")
        session.wait_for_exit()

    def test_editing_a_plist_keeps_its_format(self):
        path = self.file("person.plist", plistlib.dumps(DOCUMENT))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Name")
        session.move_to("Age")
        session.keys("Enter", "C-u")
        session.type("37")
        session.keys("Enter", "C-s")
        session.wait_for("Saved person.plist")
        with open(path, "rb") as handle:
            data = handle.read()
        self.assertTrue(data.startswith(b"<?xml"), data[:40])
        self.assertEqual(plistlib.loads(data)["age"], 37)

    def test_a_csv_file_is_its_records_and_saves_as_csv(self):
        path = self.file("people.csv",
                         'name,born,note\nAda,1815,"first, programmer"\nAlan,1912,\n')
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Alan")
        session.move_to("Alan")
        session.keys("Enter")
        session.wait_for("Born")
        session.move_to("Note")
        session.keys("Enter", "C-u")
        session.type('said "hi"')
        session.keys("Enter")
        session.wait_for('said "hi"')
        session.move_to("Born", key="Up")
        session.keys("Enter", "C-u")
        session.type("19x")
        session.keys("Enter")
        # The year column holds numbers: text is refused, and the file keeps its year.
        session.wait_for('"19x" is not a number')
        session.keys("C-u")
        session.type("1913")
        session.keys("Enter")
        session.wait_until(lambda screen: "not a number" not in screen, "the refusal to go")
        session.keys("C-s")
        session.wait_for("Ada")
        session.save("csv-document")
        session.keys("C-s")
        session.wait_for("Saved people.csv")
        with open(path, newline="") as handle:
            self.assertEqual(handle.read(),
                             'name,born,note\nAda,1815,"first, programmer"\n'
                             'Alan,1913,"said ""hi"""\n')

    def test_a_number_that_is_not_one_is_refused(self):
        path = self.file("person.json", json.dumps(DOCUMENT))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Age")
        session.move_to("Age")
        session.keys("Enter", "C-u")
        session.type("abc")
        session.keys("Enter")
        session.wait_for('"abc" is not a number')
        session.keys("Escape")
        session.wait_until(lambda screen: "not a number" not in screen, "the refusal to go")
        with open(path) as handle:
            self.assertEqual(json.load(handle)["age"], 36)

    def test_moving_a_row_in_edit_mode(self):
        path = self.file("person.json", json.dumps(DOCUMENT))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Items")
        session.move_to("Items")
        session.keys("Enter")
        session.wait_for("three")
        session.keys("e")
        session.wait_for("(-)")
        session.move_to("one")
        session.keys("J")
        session.wait_until(
            lambda screen: screen.index("| (-) two") < screen.index("| (-) one"), "the move")
        session.save("document-edit-mode")
        session.keys("e", "Escape")
        session.wait_for("Name")
        session.keys("C-s")
        session.wait_for("Saved")
        with open(path) as handle:
            self.assertEqual(json.load(handle)["items"], ["two", "one", "three"])

    def test_another_programs_change_to_the_document_shows(self):
        path = self.file("person.json", json.dumps(DOCUMENT, indent=2))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Ada")
        session.move_to("Age")
        session.keys("Enter", "C-u")
        session.type("37")
        session.keys("Enter")
        session.wait_for("37")
        # Another program renames the person; the open screen shows it within seconds, and
        # keeps the unsaved age.
        changed = dict(DOCUMENT, name="Grace")
        replacement = path + ".new"
        with open(replacement, "w") as handle:
            json.dump(changed, handle, indent=2)
        os.replace(replacement, path)
        session.wait_for("Grace", timeout=5)
        self.assertIn("37", session.screen())
        session.keys("C-s")
        session.wait_for("Saved person.json")
        with open(path) as handle:
            saved = json.load(handle)
        self.assertEqual((saved["name"], saved["age"]), ("Grace", 37))

    def test_quitting_with_unsaved_changes_asks(self):
        path = self.file("person.json", json.dumps(DOCUMENT))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Admin")
        session.move_to("Admin")
        session.keys("Space")
        session.keys("q")
        session.wait_for("Quit without saving your changes? (y/n)")
        session.keys("n")
        session.wait_until(lambda screen: "Quit without" not in screen, "the question to go")
        self.assertTrue(session.is_running())
        session.keys("q")
        session.wait_for("Quit without saving")
        session.keys("y")
        self.assertEqual(session.wait_for_exit(), 0)
        with open(path) as handle:
            self.assertEqual(json.load(handle)["admin"], False)

    def test_a_file_that_does_not_parse_opens_nothing(self):
        path = self.file("broken.json", '{"name": "Ada",\n  "age": }\n')
        session = self.start([TRELLIS, "edit", path])
        self.assertNotEqual(session.wait_for_exit(), 0)
        screen = session.screen().replace("\n", "")
        self.assertRegex(screen, re.escape(path) + r":2:\d+: error:")


class DescriptorTests(TerminalTestCase):
    def test_a_descriptor_edits_and_saves_its_data(self):
        with open(os.path.join(FIXTURES, "profile-data.json")) as fixture:
            data = self.file("profile.json", fixture.read())
        descriptor = os.path.join(FIXTURES, "ProfileViewController.plist")
        session = self.start([TRELLIS, "edit", descriptor, "--data", data])
        session.wait_for("First name")
        session.move_to("Last name")
        session.keys("Enter", "C-u")
        session.type("Beck")
        session.keys("Enter")
        session.wait_for("Beck")
        session.keys("q")
        session.wait_for("Quit without saving")
        session.keys("n", "C-s")
        session.wait_for("Saved profile.json")
        session.save("descriptor")
        with open(data) as handle:
            self.assertEqual(json.load(handle)["profile"]["lastName"], "Beck")


    def test_a_descriptors_document_lists_are_saved_and_quitting_asks(self):
        pages = self.file("pages.json", json.dumps(
            [{"title": "Cover", "owner": "Ann"}, {"title": "Preface", "owner": "Bob"}]))
        descriptor = self.file("pages-descriptor.json", json.dumps({
            "schemaVersion": 1, "editable": True,
            "sections": [{"header": "Pages", "addItem": "New Page", "source": {"document": {
                "file": "pages.json", "keys": "title;owner", "name": "Page"}}}]}))
        session = self.start([TRELLIS, "edit", descriptor])
        session.wait_for("Preface")
        session.keys("e")
        session.move_to("Cover")
        session.keys("d")
        session.wait_for("Delete")
        session.keys("y")
        session.wait_until(lambda screen: "Cover" not in screen, "Cover to go")
        session.keys("e", "q")
        session.wait_for("Quit without saving your changes? (y/n)")
        session.keys("n", "C-s")
        session.wait_for("Saved pages.json")
        with open(pages) as handle:
            self.assertEqual([page["title"] for page in json.load(handle)], ["Preface"])
        # Saved: quitting asks nothing.
        session.keys("q")
        self.assertEqual(session.wait_for_exit(), 0)

    def test_a_save_row_saves_the_data(self):
        data = self.file("note.json", json.dumps({"title": "Draft"}))
        descriptor = self.file("Note.json", json.dumps({
            "schemaVersion": 1, "title": "Note", "sections": [{"rows": [
                {"id": "title", "kind": "textField", "text": "Title", "value": "title"},
                {"id": "save", "kind": "button", "text": "Save the note", "action": "save"},
            ]}]}))
        session = self.start([TRELLIS, "edit", descriptor, "--data", data])
        session.wait_for("Save the note")
        self.assertNotIn("nothing to save with", session.screen())
        session.move_to("Title")
        session.keys("Enter", "C-u")
        session.type("Final")
        session.keys("Enter")
        session.wait_for("Final")
        session.move_to("Save the note")
        session.keys("Enter")
        deadline = time.time() + 10
        while time.time() < deadline:
            with open(data) as handle:
                if json.load(handle)["title"] == "Final":
                    break
            time.sleep(0.1)
        with open(data) as handle:
            self.assertEqual(json.load(handle)["title"], "Final")
        # Saved: quitting asks nothing.
        session.keys("q")
        self.assertEqual(session.wait_for_exit(), 0)


    def test_a_single_object_form_writes_its_table(self):
        self.check_single_object_form(with_data=True)

    def test_a_single_object_form_needs_no_data_file(self):
        self.check_single_object_form(with_data=False)

    def check_single_object_form(self, with_data):
        import sqlite3
        database = os.path.join(self.folder, "profile.sqlite")
        connection = sqlite3.connect(database)
        connection.executescript(
            "CREATE TABLE profile (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);"
            "INSERT INTO profile (name, city) VALUES ('Ada', 'London');")
        connection.close()
        data = self.file("empty.json", "{}")
        descriptor = self.file("Profile.json", json.dumps({
            "schemaVersion": 1, "title": "Profile",
            "singleObject": {"sqlite": {"file": "profile.sqlite", "table": "profile",
                                        "keys": "name;city"}}}))
        arguments = ["--data", data] if with_data else []
        session = self.start([TRELLIS, "edit", descriptor] + arguments)
        session.wait_for("London")
        self.assertIn("Profile", session.screen())
        session.move_to("City")
        session.keys("Enter", "C-u")
        session.type("Paris")
        session.keys("Enter")
        session.wait_for("Paris")
        session.keys("C-s")

        def stored(_):
            connection = sqlite3.connect(database)
            try:
                return connection.execute("SELECT name, city FROM profile").fetchall()
            finally:
                connection.close()
        session.wait_until(lambda screen: stored(screen) == [("Ada", "Paris")],
                           "the city to be written")
        session.save("single-object" if with_data else "single-object-no-data")


class RobustnessTests(TerminalTestCase):
    def test_a_failed_save_keeps_the_edits_and_says_why(self):
        folder = os.path.join(self.folder, "gone")
        os.makedirs(folder)
        path = os.path.join(folder, "person.json")
        with open(path, "w") as handle:
            json.dump(DOCUMENT, handle)
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Admin")
        shutil.rmtree(folder)
        session.move_to("Admin")
        session.keys("Space", "C-s")
        session.wait_for("Not saved:")
        session.save("document-save-failed")
        self.assertIn("[x]", session.screen())
        os.makedirs(folder)
        session.keys("C-s")
        session.wait_for("Saved person.json")
        with open(path) as handle:
            self.assertEqual(json.load(handle)["admin"], True)

    def test_signals_and_ctrl_c_restore_the_terminal(self):
        path = self.file("person.json", json.dumps(DOCUMENT))
        session = self.start([TRELLIS, "edit", path])
        session.wait_for("Admin")
        os.kill(session.program_pid(), signal.SIGTERM)
        self.assertEqual(session.wait_for_exit(), 128 + signal.SIGTERM)
        screen = session.screen()
        self.assertIn("[echo]", screen)
        self.assertNotIn("Admin", screen)  # the alternate screen is gone
        again = self.start([TRELLIS, "edit", path])
        again.wait_for("Admin")
        again.keys("C-c")
        self.assertEqual(again.wait_for_exit(), 0)
        self.assertIn("[echo]", again.screen())

    def test_a_resize_paints_the_new_size(self):
        path = self.file("person.json", json.dumps(DOCUMENT))
        session = self.start([TRELLIS, "edit", path], width=80, height=24)
        session.wait_for("Admin")
        session.resize(44, 10)
        session.wait_until(lambda screen: "+" + "-" * 40 + "+" in screen, "the new width")
        self.assert_fits(session)

    def test_a_dumb_terminal_gets_text(self):
        path = self.file("person.json", json.dumps(DOCUMENT))
        session = self.start([TRELLIS, "edit", path], env={"TERM": "dumb"})
        session.wait_for("cannot move the cursor")
        self.assertEqual(session.wait_for_exit(), 0)
        self.assertIn("| Name", session.screen())


class SettingsBundleTests(TerminalTestCase):
    def test_pushing_a_child_pane(self):
        bundle = os.path.join(FIXTURES, "Settings.bundle")
        session = self.start([TRELLIS, "edit", bundle])
        session.wait_for("Settings")
        session.wait_for("User name")
        session.save("settings-bundle")
        session.move_to("Advanced")
        session.keys("Enter")
        session.wait_for("< Back (Esc)")
        session.save("settings-bundle-advanced")
        session.keys("Escape")
        session.wait_until(lambda screen: "< Back" not in screen and "> | Advanced" in screen,
                           "the way back to the first pane")


    def test_quitting_after_changing_settings_kept_in_memory_asks(self):
        """Without --suite the values go with the editor: ^S says so, and quitting after a
        change asks first; with nothing changed it does not."""
        bundle = os.path.join(FIXTURES, "Settings.bundle")
        session = self.start([TRELLIS, "edit", bundle])
        session.wait_for("User name")
        session.keys("q")
        self.assertEqual(session.wait_for_exit(), 0)
        session = self.start([TRELLIS, "edit", bundle])
        session.wait_for("User name")
        session.keys("C-s")
        session.wait_for("Settings are kept in memory until you quit (--suite keeps them)")
        session.move_to("Sounds")
        session.keys("Enter")
        session.keys("q")
        session.wait_for("Quit without saving your changes? (y/n)")
        session.keys("y")
        self.assertEqual(session.wait_for_exit(), 0)

    def test_a_checkmark_toggle_turns_on_and_off(self):
        bundle = os.path.join(FIXTURES, "SettingsBundles", "InAppSettingsKit", "Settings.bundle")
        session = self.start([TRELLIS, "edit", bundle, "--in-app"], width=100, height=40)
        session.wait_for("Complete List")
        session.move_to("Complete List")
        session.keys("Enter")
        session.wait_for("TEXT FIELDS")
        session.move_to("Checkmark Toggle")

        def line(screen):
            return next(l for l in screen.split("\n") if "Checkmark Toggle" in l)
        self.assertNotIn("\u2713", line(session.screen()))
        session.keys("Enter")
        session.wait_until(lambda screen: "\u2713" in line(screen), "the checkmark")
        session.save("settings-checkmark-toggle")
        session.keys("Enter")
        session.wait_until(lambda screen: "\u2713" not in line(screen), "the checkmark to go")

    def test_a_list_group_adds_and_deletes_its_items(self):
        bundle = os.path.join(FIXTURES, "SettingsBundles", "InAppSettingsKit", "Settings.bundle")
        session = self.start([TRELLIS, "edit", bundle, "--in-app"], width=100, height=40)
        session.wait_for("List groups")
        session.move_to("List groups")
        session.keys("Enter")
        session.wait_for("Add Tag...")
        # The add row's page is empty; the first value entered there adds the item.
        session.move_to("Add Tag...")
        session.keys("Enter")
        session.wait_until(lambda screen: "Add Gene..." not in screen, "the tag's page")
        session.move_to("Tag")
        session.keys("Enter", "C-u")
        session.type("rust")
        session.keys("Enter")
        session.wait_for("rust")
        session.keys("Escape")
        session.wait_for("Add Gene...")
        session.wait_until(
            lambda screen: "rust" in screen and screen.index("rust") < screen.index("Add Tag..."),
            "the new tag above the add row")
        session.save("settings-list-group")
        # The group is deletable: edit mode deletes the item.
        session.keys("e")
        session.wait_for("(-)")
        session.move_to("rust", key="Up")
        session.keys("d")
        session.wait_for("Delete “rust”? (y/n)")
        session.keys("y")
        session.wait_until(lambda screen: "rust" not in screen, "the tag deleted")


class AnyDataTests(TerminalTestCase):
    """`trellis edit shop.sqlite`: the fixture database as lists with a form per row."""

    def shop(self):
        import sqlite3
        path = os.path.join(self.folder, "shop.sqlite")
        with open(os.path.join(FIXTURES, "AnyData", "shop.sql")) as handle:
            script = handle.read()
        connection = sqlite3.connect(path)
        connection.executescript(script)
        connection.close()
        return path

    def test_editing_a_row_checks_it_and_writes_it(self):
        path = self.shop()
        session = self.start([TRELLIS, "edit", path], width=100, height=40)
        session.wait_for("stock_move")
        session.wait_for("5 rows")
        session.save("any-data-home")
        session.move_to("product")
        session.keys("Enter")
        session.wait_for("Hammer")
        session.move_to("Hammer")
        session.keys("Enter")
        session.wait_for("Price With Tax")
        session.save("any-data-form")
        session.move_to("Stock")
        session.keys("Enter", "C-u")
        session.type("2000")
        session.keys("Enter")
        session.wait_for("Stock must be at most 1000")
        session.save("any-data-check")
        session.keys("C-s")
        session.wait_for("Done is not possible")
        self.assertEqual(self.value(path, "SELECT stock FROM product WHERE id = 1"), [(40,)])
        session.move_to("Stock")
        session.keys("Enter", "C-u")
        session.type("14")
        session.keys("Enter")
        session.wait_until(lambda screen: "Stock must be" not in screen, "the message to clear")
        session.keys("C-s")
        session.wait_until(
            lambda screen: self.value(path, "SELECT stock FROM product WHERE id = 1") == [(14,)],
            "the stock to be written")

    def test_another_programs_change_shows(self):
        import sqlite3
        path = self.shop()
        session = self.start([TRELLIS, "edit", path], width=100, height=40)
        session.wait_for("product")
        session.move_to("product")
        session.keys("Enter")
        session.wait_for("Hammer")
        connection = sqlite3.connect(path)
        connection.execute("UPDATE product SET name = 'Claw hammer' WHERE id = 1")
        connection.commit()
        connection.close()
        session.wait_for("Claw hammer", timeout=5)


class AnyDataPostgresTests(TerminalTestCase):
    """`trellis edit postgres://…`: a fresh database holding the PostgreSQL shop fixture."""

    def psql(self):
        import glob
        found = shutil.which("psql") or next(
            iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"), reverse=True)), None)
        if not found:
            self.fail("psql is missing: scripts/postgres.sh installs it with the server")
        return found

    def database(self):
        import subprocess
        import uuid
        cluster = os.environ.get("TRELLIS_POSTGRES_URL")
        if not cluster:
            if os.environ.get("TRELLIS_REQUIRE_POSTGRES") == "1":
                self.fail("TRELLIS_POSTGRES_URL is not set: start it with scripts/postgres.sh start")
            self.skipTest("no PostgreSQL: start it with scripts/postgres.sh start")
        name = "terminal_" + uuid.uuid4().hex[:10]
        subprocess.run([self.psql(), cluster, "-q", "-c", "CREATE DATABASE " + name], check=True)
        url = cluster.rsplit("/", 1)[0] + "/" + name
        subprocess.run([self.psql(), url, "-q", "-v", "ON_ERROR_STOP=1", "-f",
                        os.path.join(FIXTURES, "AnyData", "shop-postgres.sql")],
                       check=True, capture_output=True)
        return url

    def value(self, url, sql):
        import subprocess
        done = subprocess.run([self.psql(), url, "-A", "-t", "-c", sql], check=True,
                              capture_output=True, text=True)
        return done.stdout.strip()

    def test_editing_a_row_checks_it_and_writes_it(self):
        url = self.database()
        session = self.start([TRELLIS, "edit", url], width=100, height=40)
        session.wait_for("stock_move")
        session.wait_for("polling")
        session.save("any-data-postgres-home")
        session.move_to("product")
        session.keys("Enter")
        session.wait_for("Hammer")
        session.move_to("Hammer")
        session.keys("Enter")
        session.wait_for("Price With Tax")
        session.move_to("Stock")
        session.keys("Enter", "C-u")
        session.type("2000")
        session.keys("Enter")
        session.wait_for("Stock must be at most 1000")
        session.keys("C-s")
        session.wait_for("Done is not possible")
        self.assertEqual(self.value(url, "SELECT stock FROM product WHERE id = 1"), "40")
        session.move_to("Stock")
        session.keys("Enter", "C-u")
        session.type("14")
        session.keys("Enter")
        session.wait_until(lambda screen: "Stock must be" not in screen, "the message to clear")
        session.keys("C-s")
        session.wait_until(
            lambda screen: self.value(url, "SELECT stock FROM product WHERE id = 1") == "14",
            "the stock to be written")
        session.save("any-data-postgres-form")

    def test_another_programs_change_shows(self):
        url = self.database()
        session = self.start([TRELLIS, "edit", url], width=100, height=40)
        session.wait_for("product")
        session.move_to("product")
        session.keys("Enter")
        session.wait_for("Hammer")
        self.value(url, "UPDATE product SET name = 'Claw hammer' WHERE id = 1")
        session.wait_for("Claw hammer", timeout=5)


class DemoTests(TerminalTestCase):
    def open_app(self, session, title):
        session.wait_for("Trellis demo")
        session.move_to(title)
        session.keys("Enter")

    def test_tasks_refuses_done_without_a_name(self):
        session = self.demo()
        self.open_app(session, "Tasks")
        session.wait_for("Write the report")
        session.save("tasks")
        session.keys("a")
        session.wait_for("New Task")
        session.keys("C-s")
        session.wait_for("Not saved")
        screen = session.screen()
        self.assertIn("! ", screen)
        self.assertIn("New Task", screen)
        session.save("tasks-refused")

    def test_searching_contacts(self):
        session = self.demo()
        self.open_app(session, "Contacts")
        screen = session.wait_until(
            lambda screen: sum("(i)>" in line for line in screen.split("\n")) > 4,
            "contacts to list")
        names = [line[4:].split("  ")[0].strip() for line in screen.split("\n")
                 if line.startswith(("  | ", "> | ")) and "(i)>" in line]
        wanted = names[0].split(" ")[-1]
        others = [name for name in names if wanted not in name]
        session.keys("/")
        session.type(wanted)
        session.keys("Enter")
        session.wait_for("Search: " + wanted)
        screen = session.wait_until(
            lambda screen: not any(other in screen for other in others), "the search to filter")
        self.assertIn(wanted, screen)
        session.save("contacts-search")

    def test_small_and_large_terminals_fit(self):
        for width, height in ((40, 12), (200, 60)):
            session = self.demo(width=width, height=height)
            self.open_app(session, "Tasks")
            session.wait_for("Write the report")
            self.assert_fits(session)
            session.keys("Enter")
            session.wait_for("< Back")
            self.assert_fits(session)
            session.save(f"tasks-detail-{width}x{height}")
            session.keys("Escape", "Escape")
            session.wait_for("Trellis demo")
            self.assert_fits(session)
            session.keys("q")
            session.wait_for_exit()

    def test_a_settings_bundles_buttons_open_and_reset(self):
        session = self.demo(height=50)
        self.open_app(session, "Settings Bundle")
        session.wait_for("Reset all settings")
        # An open-URL specifier: a terminal opens no browser, so the address is shown to copy.
        session.move_to("Help on the web")
        session.keys("Enter")
        session.wait_for("Open in a browser: https://example.com/help")
        # A choice changed, then the app's reset action: the default shows again.
        session.move_to("Ringtone", key="Up")
        session.keys("Enter")
        session.wait_for("Chimes")
        session.move_to("Sonar")
        session.keys("Enter")
        session.wait_until(lambda screen: re.search(r"Current ringtone\s+Sonar", screen), "Sonar")
        session.move_to("Reset all settings")
        session.keys("Enter")
        session.wait_until(
            lambda screen: re.search(r"Current ringtone\s+Marimba", screen), "the default")
        session.save("settings-bundle-reset")

    def test_colours_and_no_color(self):
        session = self.demo()
        self.open_app(session, "Theme")
        session.wait_until(lambda screen: screen.count("  | ") > 3, "the themed rows")
        colored = session.screen(color=True)
        # TERM=xterm-256color: the theme's colours, nearest of 256.
        self.assertRegex(colored, r"\x1b\[[0-9;]*48;5;\d+m")
        session.save("theme")
        plain = self.demo(env={"NO_COLOR": "1"})
        self.open_app(plain, "Theme")
        plain.wait_until(lambda screen: screen.count("  | ") > 3, "the themed rows")
        self.assertNotRegex(plain.screen(color=True), r"\x1b\[[0-9;]*(4[0-7]|10[0-7]|48;5;\d+)m")
        # A terminal of 16 colours gets the nearest of those.
        sixteen = self.demo(env={"TERM": "xterm"})
        self.open_app(sixteen, "Theme")
        sixteen.wait_until(lambda screen: screen.count("  | ") > 3, "the themed rows")
        self.assertRegex(sixteen.screen(color=True), r"\x1b\[[0-9;]*(4[0-7]|10[0-7])m")

    def test_looks_headers_cell_styles_tints_and_will_display(self):
        session = self.demo(height=60)
        self.open_app(session, "Looks")
        screen = session.wait_for("[looks_banner] HEADER VIEW")
        lines = screen.split("\n")
        banner = next(i for i, line in enumerate(lines) if "[looks_banner]" in line)
        # A 66-point header: three lines, the view's name on the last, over the border.
        self.assertEqual(lines[banner - 1].strip(), "")
        self.assertEqual(lines[banner - 2].strip(), "")
        self.assertTrue(lines[banner + 1].startswith("  +--"), lines[banner + 1])
        self.assertIn("[looks_ribbon] CELL STYLES", screen)
        # value2: the title right-aligned in its column, the detail right after it; default:
        # the title alone.
        self.assertRegex(screen, r"\|\s{6,}email ada@example\.com")
        self.assertRegex(screen, r"\|\s{6,}phone \+44 20 7946 0000")
        self.assertNotIn("not shown", screen)
        # The switch's [x] in its theme's tint.
        self.assertRegex(session.screen(color=True), r"\x1b\[[0-9;]*(3[0-7]|38;5;\d+)m\[x\]")
        session.save("looks")
        # The last of 5,000 rows is numbered as it comes into view, not at the start.
        shown = [int(m) for m in re.findall(r"shown #(\d+)", screen)]
        session.keys("G")
        screen = session.wait_for("Row 5000")
        last = next(line for line in screen.split("\n") if "Row 5000" in line)
        number = int(re.search(r"shown #(\d+)", last).group(1))
        self.assertLess(number, max(shown + [0]) + 100, last)
        session.save("looks-end")

    def test_actions_push_pop_open_and_set(self):
        session = self.demo(height=50)
        self.open_app(session, "Actions")
        session.wait_for("Push a screen")
        self.assertRegex(session.screen(), r"Mark as read\s+unread")
        # push:Details, and the pushed screen's pop.
        session.move_to("Push a screen")
        session.keys("Enter")
        session.wait_for("Go back")
        session.move_to("Go back")
        session.keys("Enter")
        session.wait_for("Push a screen")
        # open:URL: a terminal opens no browser, so the address is shown to copy.
        session.move_to("Open a web address")
        session.keys("Enter")
        session.wait_for("Open in a browser: https://example.com/")
        # set:status=read, and the row shows the new value.
        session.move_to("Mark as read")
        session.keys("Enter")
        session.wait_until(
            lambda screen: re.search(r"Mark as read\s+read", screen), "the status to be set")
        # The app's own action, which writes to the log at the end of the screen.
        session.move_to("Say hello")
        session.keys("Enter")
        session.keys("G")
        session.wait_for("greet: Hello from the descriptor")
        session.save("actions")
        self.assert_fits(session)

    def test_profile_is_created_by_the_first_save(self):
        session = self.demo()
        self.open_app(session, "Profile")
        session.wait_for("ABOUT YOU")
        session.move_to("Name")
        session.keys("Enter", "C-u")
        session.type("Ada Lovelace")
        session.keys("Enter")
        session.wait_for("Ada Lovelace")
        session.keys("C-s")
        # Back to the menu and in again: the profile the save created is shown.
        session.keys("Escape")
        session.wait_for("Trellis demo")
        self.open_app(session, "Profile")
        session.wait_for("Ada Lovelace")
        session.save("profile")

    def test_without_a_terminal_the_text_renderer_prints(self):
        path = self.file("person.json", json.dumps(DOCUMENT))
        session = self.start(["sh", "-c", f"{TRELLIS} edit {path} | cat"])
        session.wait_for("not a terminal")
        session.wait_for("Name")


if __name__ == "__main__":
    unittest.main()
