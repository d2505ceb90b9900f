"""Signing in: a demo given a people file asks for a name and password before any app."""
import os
import pathlib
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, start_demo, stop_demo
from helpers import wait


def trellis_binary():
    """The `trellis` tool, built beside the demo."""
    demo = os.environ.get("TRELLIS_DEMO", str(ROOT / ".build" / "debug" / "trellis-demo"))
    return str(pathlib.Path(demo).with_name("trellis"))


@pytest.fixture(scope="module")
def signed_server():
    people = os.path.join(tempfile.mkdtemp(prefix="trellis-people-"), "people.sqlite")
    subprocess.run([trellis_binary(), "users", "add", "ann", "--roles", "member",
                    "--people", people], input="ann-secret\n", text=True, check=True,
                   capture_output=True, timeout=60)
    process, details = start_demo("--people", people)
    yield details
    stop_demo(process)


def sign_in(driver, name, password):
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "form.sign-in"))
    driver.find_element(By.NAME, "name").send_keys(name)
    driver.find_element(By.NAME, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form.sign-in button[type=submit]").click()


def connected(driver):
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true"


def test_signing_in_through_the_form_reaches_the_app(browser, signed_server):
    url = signed_server["url"]
    browser.get(url + "/apps/tasks")
    wait(browser, lambda d: "/sign-in?next=" in d.current_url)
    sign_in(browser, "ann", "ann-secret")
    wait(browser, lambda d: d.current_url == url + "/apps/tasks")
    wait(browser, connected)
    account = browser.find_element(By.CSS_SELECTOR, ".home-link .signed-in").text
    assert account == "Signed in as ann"
    # Signing out ends the session: the app asks to sign in again.
    browser.find_element(By.CSS_SELECTOR, "form.sign-out button").click()
    wait(browser, lambda d: d.current_url == url + "/sign-in")
    browser.get(url + "/apps/tasks")
    wait(browser, lambda d: "/sign-in?next=" in d.current_url)


def test_a_wrong_password_is_refused(browser, signed_server):
    url = signed_server["url"]
    browser.get(url + "/sign-in")
    sign_in(browser, "ann", "not-her-password")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".notice").text
         == "The name or the password is wrong.")
    assert browser.current_url == url + "/sign-in"
    browser.get(url + "/apps/tasks")
    wait(browser, lambda d: "/sign-in?next=" in d.current_url)
    assert not browser.find_elements(By.CSS_SELECTOR, "form.sign-out")


def test_a_page_whose_person_signed_out_elsewhere_stops_naming_them(browser, signed_server):
    """Signed out in another tab, a page is closed at once, before it sends anything, and no
    longer says who is signed in: it offers to sign in again."""
    url = signed_server["url"]
    browser.get(url + "/apps/tasks")
    sign_in(browser, "ann", "ann-secret")
    wait(browser, connected)
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(url + "/apps/tasks")
    wait(browser, connected)
    browser.find_element(By.CSS_SELECTOR, "form.sign-out button").click()
    wait(browser, lambda d: d.current_url == url + "/sign-in")
    browser.close()
    browser.switch_to.window(first)
    # Closed by the sign-out itself, well before the next ping (30 s) would have.
    wait(browser, lambda d: not connected(d), timeout=5)
    wait(browser, lambda d: d.find_element(By.ID, "trellis-status").text
         == "You are signed out. Reload the page to sign in again.")
    # Its bar's buttons (+, Edit) can no longer be pressed: the page sends nothing.
    buttons = browser.find_elements(By.CSS_SELECTOR, ".bar-button")
    assert buttons
    assert all(b.value_of_css_property("pointer-events") == "none" for b in buttons)
    account = browser.find_element(By.CSS_SELECTOR, ".home-link .account")
    assert account.text == "Sign in again"
    account.find_element(By.TAG_NAME, "a").click()
    wait(browser, lambda d: "/sign-in?next=" in d.current_url)
