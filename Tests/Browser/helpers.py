"""Small helpers that drive a Trellis page the way a person would."""
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 10


def wait(driver, condition, timeout=TIMEOUT):
    return WebDriverWait(driver, timeout, ignored_exceptions=(
        StaleElementReferenceException, NoSuchElementException)).until(condition)


def open_app(driver, server, app):
    driver.get(server["url"] + "/apps/" + app)
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true")
    wait(driver, lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-updates") or 0) > 0)


def updates(driver):
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-updates") or 0)


def title(driver, pane="top"):
    return driver.find_element(By.CSS_SELECTOR, ".pane-%s > .screen:last-child .title" % pane).text


def wait_title(driver, text, pane="top"):
    wait(driver, lambda d: title(d, pane) == text)


def row_texts(driver, pane="top"):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.pane-' + arguments[0] + ' > .screen:last-child .row'))"
        ".map(function (r) { var t = r.querySelector('.text'); return t ? t.textContent : ''; })",
        pane)


def row(driver, text, pane="top"):
    def find(d):
        for element in d.find_elements(By.CSS_SELECTOR, ".pane-%s > .screen:last-child .row" % pane):
            labels = element.find_elements(By.CSS_SELECTOR, ".text")
            if labels and labels[0].text == text:
                return element
        return False
    return wait(driver, find)


def delete_row(driver, text=None, pane="top"):
    """Deletes row `text` (or the screen's first deletable row) in edit mode, as a person does:
    its minus, then the Delete button it shows."""
    if text is None:
        target = wait(driver, lambda d: d.find_elements(
            By.CSS_SELECTOR, ".pane-%s > .screen:last-child .row-delete" % pane))[0].find_element(
            By.XPATH, "./ancestor::li[contains(@class, 'row')]")
    else:
        target = row(driver, text, pane)
    target.find_element(By.CSS_SELECTOR, ".row-delete").click()
    confirm = target.find_element(By.CSS_SELECTOR, ".row-delete-confirm")
    wait(driver, lambda d: confirm.is_displayed())
    confirm.click()


def tap(driver, text, pane="top"):
    """Taps row `text`; a row drawn again at that instant is tapped as it is drawn now."""
    def click(d):
        button = row(d, text, pane).find_element(By.CSS_SELECTOR, ".select")
        # As a person scrolls a row into view: clear of the sticky title bar.
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        return True
    wait(driver, click)


def bar_button(driver, event, pane="top"):
    return driver.find_element(By.CSS_SELECTOR, ".pane-%s > .screen:last-child [data-ev='%s']" % (pane, event))


def press(driver, event, pane="top"):
    """Presses a bar button; a bar drawn again at that instant (Done enabled as a required
    field fills) is pressed as it is drawn now."""
    def click(d):
        bar_button(d, event, pane).click()
        return True
    wait(driver, click)


def control(driver, label, pane="top"):
    return row(driver, label, pane).find_element(By.CSS_SELECTOR, ".control")


def type_into(driver, label, text, pane="top"):
    """Replaces the text of the control in row `label`, then waits for the server's answer."""
    before = updates(driver)
    for attempt in range(3):
        # A screen still sliding in (on a busy machine) shows its controls a moment later.
        field = wait(driver, lambda d: (
            lambda f: f if f.is_displayed() and f.is_enabled() else False)(
            control(d, label, pane)))
        try:
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys(text)
            if field.tag_name == "input":
                field.send_keys(Keys.ENTER)
            break
        except StaleElementReferenceException:
            # The row was drawn again (an update that arrived meanwhile) while typing: the
            # new row's control is typed into again, replacing whatever reached it.
            if attempt == 2:
                raise
    wait(driver, lambda d: updates(d) > before)
    wait(driver, lambda d: control(d, label, pane).get_attribute("value") == text)


def send_keys(driver, *keys):
    """Presses `keys` one after another on whatever has the focus, as a keyboard does."""
    from selenium.webdriver.common.action_chains import ActionChains
    for key in keys:
        ActionChains(driver).send_keys(key).perform()


def focus(driver, element):
    """Puts the focus on `element` (or on what the function `element` finds, found again if it
    is drawn again meanwhile) as Tab would reach it; the tests then go on by keyboard."""
    def attempt(d):
        target = element(d) if callable(element) else element
        d.execute_script("arguments[0].focus()", target)
        return d.switch_to.active_element == target and target
    return wait(driver, attempt)


def active_row_text(driver):
    """The title of the row holding the focus, or None when the focus is in no row."""
    return driver.execute_script(
        "var e = document.activeElement; var r = e && e.closest && e.closest('.row');"
        "var t = r && r.querySelector('.text'); return t ? t.textContent : null;")


def focus_is_lost(driver):
    """Whether the focus fell to the page itself (a screen reader says so)."""
    return driver.execute_script("return document.activeElement === document.body || !document.activeElement;")


def spoken(driver):
    """The words of the page's polite live region."""
    return driver.execute_script("var s = document.getElementById('trellis-status'); return s ? s.textContent : '';")


def done_available(driver, pane="top"):
    """Whether the screen's Done saves: an unavailable Done stays in the tab order, marked
    aria-disabled rather than disabled."""
    done = bar_button(driver, "done", pane)
    return done.is_enabled() and done.get_attribute("aria-disabled") != "true"


def ax_node(driver, element):
    """Chromium's accessibility node for `element`."""
    driver.execute_script("window.__axTarget = arguments[0]", element)
    result = driver.execute_cdp_cmd("Runtime.evaluate", {"expression": "window.__axTarget"})
    tree = driver.execute_cdp_cmd("Accessibility.getPartialAXTree",
                                  {"objectId": result["result"]["objectId"], "fetchRelatives": False})
    nodes = [n for n in tree["nodes"] if not n.get("ignored")]
    return nodes[0] if nodes else tree["nodes"][0]


def ax_property(driver, element, name):
    """A property (`pressed`, `readonly`, `editable`) of `element`'s accessibility node."""
    for entry in ax_node(driver, element).get("properties", []):
        if entry["name"] == name:
            return entry["value"].get("value")
    return None
