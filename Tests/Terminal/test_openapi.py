"""`trellis edit` of an OpenAPI document: the Django REST framework schema of the test app
(Tests/Services) against the live server, whose address the test command exports. Without
the servers, locally, the tests are skipped; with TRELLIS_REQUIRE_SERVICES=1 they fail."""
import json
import os
import shutil
import tempfile
import unittest
import urllib.request

from tmux_driver import FIXTURES, TRELLIS, Tmux

SPEC = os.path.join(FIXTURES, "AnyData", "OpenAPI", "drf-contacts.json")
DRF = os.environ.get("TRELLIS_DRF_URL", "")


def post(url):
    urllib.request.urlopen(urllib.request.Request(url, method="POST", data=b""), timeout=10).read()


def contact(number):
    with urllib.request.urlopen("%scontacts/%d/" % (DRF, number), timeout=10) as answer:
        return json.loads(answer.read())


class OpenAPITests(unittest.TestCase):
    def setUp(self):
        if not DRF:
            if os.environ.get("TRELLIS_REQUIRE_SERVICES") == "1":
                self.fail("TRELLIS_DRF_URL is not set: start the servers with scripts/services.sh")
            self.skipTest("no Django REST framework server (scripts/services.sh start)")
        post(DRF + "reset/")
        self.folder = tempfile.mkdtemp(prefix="trellis-openapi-")
        self.sessions = []

    def tearDown(self):
        for session in self.sessions:
            session.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        post(DRF + "reset/")

    def start(self):
        origin = DRF[: DRF.index("/api/") + 1]
        session = Tmux([TRELLIS, "edit", SPEC, "--base-url", origin], width=100, height=40,
                       env={"XDG_CONFIG_HOME": self.folder, "HOME": self.folder})
        self.sessions.append(session)
        return session

    def open_contact(self, session, name):
        session.wait_for("Contacts API")
        session.move_to("Contacts")
        session.keys("Enter")
        session.wait_for(name)
        session.move_to(name)
        session.keys("Enter")
        session.wait_for("Position")

    def test_a_field_is_checked_then_sent(self):
        session = self.start()
        self.open_contact(session, "Contact 04")
        session.save("openapi-form")
        session.move_to("Email")
        session.keys("Enter", "C-u")
        session.type("nobody")
        session.keys("Enter")
        session.wait_for("Email must be an email address")
        session.keys("C-s")
        session.wait_for("Done is not possible")
        self.assertEqual(contact(4)["email"], "contact04@example.com")
        session.move_to("Email")
        session.keys("Enter", "C-u")
        session.type("four@example.org")
        session.keys("Enter")
        session.wait_until(lambda screen: "must be an email" not in screen, "the message to clear")
        session.keys("C-s")
        session.wait_until(lambda screen: contact(4)["email"] == "four@example.org",
                           "the email to be sent")

    def test_a_refusal_of_the_server_keeps_the_edit(self):
        session = self.start()
        self.open_contact(session, "Contact 05")
        session.move_to("Email")
        session.keys("Enter", "C-u")
        session.type("ada@example.c")
        session.keys("Enter")
        session.keys("C-s")
        session.wait_for("Enter a valid email address.")
        session.save("openapi-refusal")
        self.assertIn("ada@example.c", session.screen())
        self.assertEqual(contact(5)["email"], "contact05@example.com")


if __name__ == "__main__":
    unittest.main()
