"""The Profile app: one record shown as a form over a store that starts empty. The first Done
creates the profile; a window opened afterwards shows it, and its Done updates it."""
import time

from selenium.webdriver.common.by import By

from helpers import control, open_app, press, type_into, wait, wait_title


def value(driver, label):
    return control(driver, label).get_attribute("value")


def notice(driver):
    return driver.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice").text


def reopened(driver, server, label, text):
    """Opens the app in a new session until row `label` shows `text` (the Done before may
    still be on its way), and fails after ten tries."""
    for _ in range(10):
        open_app(driver, server, "profile")
        wait_title(driver, "Profile")
        if value(driver, label) == text:
            return
        time.sleep(0.3)
    raise AssertionError("%s never showed %r, but %r" % (label, text, value(driver, label)))


def test_the_first_done_creates_the_profile_and_the_next_updates_it(browser, server):
    open_app(browser, server, "profile")
    wait_title(browser, "Profile")
    assert value(browser, "Name") == ""
    type_into(browser, "Name", "Ada Lovelace")
    type_into(browser, "City", "London")
    press(browser, "done")
    # A new window (a new session) finds the object the first Done created and inserted.
    reopened(browser, server, "Name", "Ada Lovelace")
    assert value(browser, "City") == "London"
    # Now the profile exists: Done updates it.
    type_into(browser, "City", "Paris")
    press(browser, "done")
    # Read again if the patch that answers Done replaces the notice meanwhile.
    wait(browser, lambda d: notice(d) == "")
    reopened(browser, server, "City", "Paris")
    assert value(browser, "Name") == "Ada Lovelace"
