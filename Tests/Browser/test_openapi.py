"""Any OpenAPI document, one command: `trellis serve drf-contacts.json` in a real browser, the
schema Django REST framework generates for the test app (Tests/Services), against the live
server. The servers are started here when they are not up, and stopped again."""
import json
import os
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, screenshot
from helpers import open_app, press, row, row_texts, tap, type_into, wait, wait_title
from test_any_data import notice_text, serve, validation

SPEC = ROOT / "Tests" / "Fixtures" / "AnyData" / "OpenAPI" / "drf-contacts.json"
ENV_FILE = ROOT / ".build-services" / "env"


def answers(url):
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except Exception:
        return False


def read_env():
    values = {}
    if ENV_FILE.exists():
        for line in ENV_FILE.read_text().splitlines():
            if line.startswith("export ") and "=" in line:
                name, value = line[len("export "):].split("=", 1)
                values[name] = value.strip("'\"")
    return values


@pytest.fixture(scope="module")
def drf_url():
    """The Django REST framework API root: the running server's, else one started here."""
    url = os.environ.get("TRELLIS_DRF_URL") or read_env().get("TRELLIS_DRF_URL")
    started = False
    if not url or not answers(url + "contacts/"):
        status = subprocess.run(["bash", "scripts/services.sh", "start"], cwd=ROOT,
                                capture_output=True, text=True)
        if status.returncode != 0:
            pytest.skip("the test servers cannot start here: " + status.stderr[-300:])
        started = True
        url = read_env().get("TRELLIS_DRF_URL")
    yield url
    if started:
        subprocess.run(["bash", "scripts/services.sh", "stop"], cwd=ROOT, capture_output=True)


def contact(drf_url, number):
    with urllib.request.urlopen("%scontacts/%d/" % (drf_url, number), timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture
def api(drf_url):
    request = urllib.request.Request(drf_url + "reset/", method="POST", data=b"")
    urllib.request.urlopen(request, timeout=10).read()
    origin = drf_url[: drf_url.index("/api/") + 1]
    process, details = serve(SPEC, "--base-url", origin)
    details["api"] = drf_url
    yield details
    process.terminate()
    process.wait(timeout=10)
    urllib.request.urlopen(
        urllib.request.Request(drf_url + "reset/", method="POST", data=b""), timeout=10).read()


def open_contact(driver, api, name):
    open_app(driver, api, "table")
    wait_title(driver, "Contacts API")
    tap(driver, "Contacts")
    wait_title(driver, "Contacts")
    tap(driver, name)
    wait_title(driver, name)


def test_the_home_screen_lists_the_resources(browser, api):
    open_app(browser, api, "table")
    wait_title(browser, "Contacts API")
    assert "Contacts" in row_texts(browser)
    assert "/api/contacts/" in row(browser, "Contacts").text
    # /api/reset/ has only a POST: it is named, with why it is not a list.
    assert "Reset" in row_texts(browser)
    tap(browser, "Contacts")
    wait_title(browser, "Contacts")
    wait(browser, lambda d: "Contact 01" in row_texts(d), timeout=20)
    screenshot(browser, "openapi-contacts")


def test_an_edit_is_sent_to_the_api(browser, api):
    open_contact(browser, api, "Contact 01")
    type_into(browser, "City", "Tokyo")
    press(browser, "done")
    wait_title(browser, "Contacts")
    wait(browser, lambda d: contact(api["api"], 1)["city"] == "Tokyo")


def test_a_rule_of_the_schema_refuses_before_the_request(browser, api):
    open_contact(browser, api, "Contact 02")
    type_into(browser, "Email", "not-an-address")
    assert validation(browser, "Email") == "Email must be an email address"
    press(browser, "done")
    # The form stays (read while the page may be drawing it again).
    wait_title(browser, "Contact 02")
    assert contact(api["api"], 2)["email"] == "contact02@example.com"
    screenshot(browser, "openapi-rule")


def test_a_refusal_of_the_server_is_shown_on_the_field(browser, api):
    open_contact(browser, api, "Contact 03")
    # The schema says only "format: email"; Django's own check wants a longer domain ending.
    type_into(browser, "Email", "ada@example.c")
    press(browser, "done")
    # "Saving…" first, then the server's answer.
    wait(browser, lambda d: "Enter a valid email address." in notice_text(d), timeout=20)
    assert "Enter a valid email address." in validation(browser, "Email")
    wait_title(browser, "Contact 03")
    # The edit is kept in the form.
    wait(browser, lambda d: row(d, "Email").find_element(By.CSS_SELECTOR, ".control")
         .get_attribute("value") == "ada@example.c")
    assert contact(api["api"], 3)["email"] == "contact03@example.com"
    screenshot(browser, "openapi-refusal")


def test_a_new_contact_given_only_its_name_is_created(browser, api):
    """The fields a new contact leaves empty are left to the API, which gives them its
    defaults: Django REST framework refuses a null position, and makes a missing one 0."""
    open_app(browser, api, "table")
    wait_title(browser, "Contacts API")
    tap(browser, "Contacts")
    wait_title(browser, "Contacts")

    def add(driver):
        # Found again at each try: the list is drawn again as its first page arrives.
        try:
            adds = driver.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .add-item")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", adds)
            adds.click()
            return True
        except Exception:
            return False

    wait(browser, add, timeout=20)
    wait_title(browser, "New Contact")
    type_into(browser, "Name", "Only A Name")
    press(browser, "done")
    wait_title(browser, "Contacts")

    def created(driver):
        with urllib.request.urlopen(api["api"] + "contacts/?search=Only+A+Name", timeout=10) as answer:
            found = json.loads(answer.read())
        results = found.get("results", found) if isinstance(found, dict) else found
        return results[0] if results else None

    made = wait(browser, created, timeout=20)
    assert made["name"] == "Only A Name" and made["position"] == 0
    wait(browser, lambda d: "Only A Name" in row_texts(d), timeout=20)


def test_an_open_list_shows_what_others_change_in_the_api(browser, api):
    """Another program's edit and delete reach a list left open: it reads the API again every
    few seconds, since the API announces nothing."""
    open_app(browser, api, "table")
    wait_title(browser, "Contacts API")
    tap(browser, "Contacts")
    wait_title(browser, "Contacts")
    wait(browser, lambda d: "Contact 05" in row_texts(d), timeout=20)
    body = json.dumps({"name": "Renamed Elsewhere"}).encode()
    urllib.request.urlopen(urllib.request.Request(
        api["api"] + "contacts/5/", data=body, method="PATCH",
        headers={"Content-Type": "application/json"}), timeout=10).read()
    wait(browser, lambda d: "Renamed Elsewhere" in row_texts(d), timeout=15)
    assert "Contact 05" not in row_texts(browser)
    urllib.request.urlopen(urllib.request.Request(
        api["api"] + "contacts/6/", method="DELETE"), timeout=10).read()
    wait(browser, lambda d: "Contact 06" not in row_texts(d), timeout=15)
    assert "Contact 07" in row_texts(browser)


def test_an_api_root_without_a_document_is_served_with_one_command(browser, drf_url):
    """`trellis serve http://…/api/`: the root's lists, each described by its own answers
    (OPTIONS), listed, edited and refused as the published document's are."""
    urllib.request.urlopen(
        urllib.request.Request(drf_url + "reset/", method="POST", data=b""), timeout=10).read()
    process, details = serve(drf_url)
    try:
        open_app(browser, details, "table")
        tap(browser, "Contacts")
        wait_title(browser, "Contacts")
        wait(browser, lambda d: "Contact 04" in row_texts(d), timeout=20)
        tap(browser, "Contact 04")
        wait_title(browser, "Contact 04")
        # A rule OPTIONS gave (a name of at most 100 characters) refuses before any request.
        type_into(browser, "Name", "x" * 101)
        assert "100" in validation(browser, "Name")
        type_into(browser, "Name", "Contact 04")
        type_into(browser, "City", "Oslo")
        press(browser, "done")
        wait_title(browser, "Contacts")
        wait(browser, lambda d: contact(drf_url, 4)["city"] == "Oslo")
        screenshot(browser, "api-root-contacts")
    finally:
        process.terminate()
        process.wait(timeout=10)
        urllib.request.urlopen(
            urllib.request.Request(drf_url + "reset/", method="POST", data=b""), timeout=10).read()
