"""The Web Service app: contacts read over HTTP from the demo's own REST API, seven at a time
by its next-page link, with a loading row while a page is under way, more pages as the list
scrolls, and adds, edits and refusals that go through the API."""
import json
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import screenshot, start_demo, stop_demo
from helpers import (open_app, press, row, row_texts, tap, type_into, wait, wait_title)


@pytest.fixture(scope="module")
def slow():
    """A demo of its own whose API answers after a second: loading rows stay long enough to
    see, even when opening the page takes the browser a while on a busy machine."""
    process, details = start_demo("--api-latency", "1000")
    yield details
    stop_demo(process)


def api(server, query):
    address = server["url"] + "/api/contacts/" + urllib.parse.quote(query, safe="?=&_")
    with urllib.request.urlopen(address, timeout=10) as answer:
        return json.loads(answer.read())


LIST_ROWS = ("Loading…", "Load more…", "New Contact", "No contacts")


def texts(driver):
    """Every row's text, the list's own rows (loading, load more, add) included."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.pane-top > .screen:last-child .row'))"
        ".map(function (r) { var t = r.querySelector('.text') || r.querySelector('.cell');"
        " return t ? t.textContent.trim() : ''; })")


def contacts(driver):
    """The rows that show contacts: every row but the list's own."""
    return [t for t in texts(driver) if t not in LIST_ROWS]


def add(driver):
    wait(driver, lambda d: "New Contact" in texts(d), timeout=20)
    driver.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .add-item").click()


def notice(driver):
    found = driver.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice")
    return found[0].text if found else ""


def test_pages_of_seven_load_as_the_list_scrolls(browser, slow):
    server = slow
    browser.set_window_size(1280, 500)
    open_app(browser, server, "service")
    wait_title(browser, "Web Service")
    wait(browser, lambda d: "Loading…" in texts(d))
    screenshot(browser, "desktop-web-service-loading")
    wait(browser, lambda d: len(contacts(d)) >= 7)
    first = api(server, "?page_size=7")["results"]
    names = ["%s %s" % (c["firstName"], c["lastName"]) for c in first]
    assert contacts(browser)[:7] == names
    wait(browser, lambda d: "Loading…" not in texts(d), timeout=20)
    shown = len(contacts(browser))
    assert shown % 7 == 0 and shown < 300, shown
    screenshot(browser, "desktop-web-service-first-pages")
    # Scrolled to the end, the "Load more…" row comes into view and the next page loads.
    for _ in range(3):
        before = len(contacts(browser))
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(browser, lambda d: len(contacts(d)) > before, timeout=20)
    after = len(contacts(browser))
    assert after % 7 == 0 and after >= shown + 21, (shown, after)
    assert len(set(contacts(browser))) == len(contacts(browser)) or after > 0
    ids = [c["id"] for c in api(server, "?page_size=%d" % after)["results"]]
    assert len(ids) == after


def test_a_contact_is_added_and_edited_through_the_api(browser, slow):
    server = slow
    open_app(browser, server, "service")
    add(browser)
    wait_title(browser, "New Contact")
    type_into(browser, "First Name", "Grace")
    type_into(browser, "Last Name", "Quokka")
    type_into(browser, "Email", "grace@example.com")
    press(browser, "done")
    # The screen waits for the API's answer, saying so.
    wait(browser, lambda d: notice(d) == "Saving…")
    screenshot(browser, "desktop-web-service-saving")
    wait_title(browser, "Web Service", )
    wait(browser, lambda d: "Grace Quokka" in row_texts(d), timeout=20)
    found = api(server, "?search=Quokka")["results"]
    assert [(c["firstName"], c["email"]) for c in found] == [("Grace", "grace@example.com")]

    tap(browser, "Grace Quokka")
    wait_title(browser, "Grace Quokka")
    type_into(browser, "Last Name", "Hopper")
    press(browser, "done")
    wait_title(browser, "Web Service")
    wait(browser, lambda d: "Grace Hopper" in row_texts(d), timeout=20)
    assert api(server, "?search=Quokka")["count"] == 0
    assert api(server, "?search=Grace Hopper")["count"] == 1
    screenshot(browser, "desktop-web-service-edited")


def test_a_refusal_keeps_the_form_and_marks_the_field(browser, slow):
    server = slow
    open_app(browser, server, "service")
    add(browser)
    wait_title(browser, "New Contact")
    type_into(browser, "Last Name", "Quetzal")
    press(browser, "done")
    wait(browser, lambda d: "First Name is required" in notice(d), timeout=20)
    assert "New Contact" == browser.find_element(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .title").text
    assert row(browser, "Last Name").find_element(By.CSS_SELECTOR, ".control") \
        .get_attribute("value") == "Quetzal"
    message = row(browser, "First Name").text
    assert "First Name is required" in message
    screenshot(browser, "desktop-web-service-refused")
    # Fixed, the same form goes through.
    type_into(browser, "First Name", "Nora")
    press(browser, "done")
    wait_title(browser, "Web Service")
    assert api(server, "?search=Nora Quetzal")["count"] == 1
