"""What a person types that a row refuses, settings shared by windows, text views that grow,
Done tapped twice, and long titles in a long list."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot
from helpers import (bar_button, control, done_available, open_app, press, row, tap, title, type_into, updates, wait,
                     wait_title)


def enter(driver, label, text):
    """Types `text` into the control of row `label` and presses Enter, then waits for the
    server's answer (the row's value may be refused)."""
    before = updates(driver)
    field = control(driver, label)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(text)
    field.send_keys(Keys.ENTER)
    wait(driver, lambda d: updates(d) > before)


def test_a_refused_number_stays_on_its_row_and_done_waits_for_a_fix(browser, server):
    open_app(browser, server, "documents")
    before = json.loads(server["document"].read_text())["pages"]
    enter(browser, "Pages", "12.5")
    wait(browser, lambda d: "12.5 is not a whole number" in row(d, "Pages").text)
    assert control(browser, "Pages").get_attribute("value") == "12.5"
    assert control(browser, "Pages").get_attribute("aria-invalid") == "true"
    # Done waits for a fix, and the file keeps its number.
    assert not done_available(browser)
    assert json.loads(server["document"].read_text())["pages"] == before
    screenshot(browser, "desktop-refused-number")
    # A whole number past 2^53 keeps every digit, on the page and in the file.
    enter(browser, "Pages", "9007199254740993")
    wait(browser, lambda d: "not a whole number" not in row(d, "Pages").text)
    press(browser, "done")
    wait(browser, lambda d: json.loads(server["document"].read_text())["pages"] == 9007199254740993)
    assert control(browser, "Pages").get_attribute("value") == "9007199254740993"
    type_into(browser, "Pages", str(before))
    press(browser, "done")
    wait(browser, lambda d: json.loads(server["document"].read_text())["pages"] == before)


def test_settings_follow_each_other_and_a_refused_size_stays_in_its_window(browser, desktop, server):
    open_app(browser, server, "settings")
    open_app(desktop, server, "settings")
    type_into(browser, "Font Size", "21")
    wait(desktop, lambda d: control(d, "Font Size").get_attribute("value") == "21")
    enter(browser, "Font Size", "40")
    wait(browser, lambda d: "Font Size is at most 32: 40 is too large" in row(d, "Font Size").text)
    screenshot(browser, "desktop-settings-refused-size")
    # The other window and a fresh page show the size that was saved.
    assert control(desktop, "Font Size").get_attribute("value") == "21"
    desktop.refresh()
    wait(desktop, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true")
    assert control(desktop, "Font Size").get_attribute("value") == "21"
    type_into(browser, "Font Size", "17")
    wait(desktop, lambda d: control(d, "Font Size").get_attribute("value") == "17")


def test_a_text_view_grows_with_its_text(browser, server):
    open_app(browser, server, "settings")
    area = control(browser, "Signature")
    one_line = area.size["height"]
    before = updates(browser)
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys("\n".join("Line %d" % n for n in range(1, 8)))
    wait(browser, lambda d: updates(d) > before)
    area = control(browser, "Signature")
    wait(browser, lambda d: control(d, "Signature").size["height"] > one_line * 2)
    # Every line shows: nothing is cut off below the box.
    assert browser.execute_script(
        "return arguments[0].scrollHeight <= arguments[0].clientHeight + 2", area)
    screenshot(browser, "desktop-settings-signature")
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(Keys.BACKSPACE)


def test_done_tapped_twice_closes_one_screen(browser, server):
    open_app(browser, server, "tasks")
    press(browser, "add")
    wait_title(browser, "New Task")
    type_into(browser, "Name", "Tapped twice")
    tap(browser, "Steps")
    wait_title(browser, "Steps")
    press(browser, "add")
    wait_title(browser, "New Task Step")
    type_into(browser, "Name", "One step")
    browser.execute_script(
        "var b = document.querySelector(\".pane-top > .screen:last-child [data-ev='done']\");"
        "b.click(); b.click();")
    wait_title(browser, "Steps")
    row(browser, "One step")
    assert title(browser) == "Steps"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen")) == 3
    press(browser, "back")
    wait_title(browser, "New Task")
    press(browser, "cancel")
    wait_title(browser, "Tasks")


def test_text_a_number_field_cannot_read_is_refused_never_saved_as_nothing(browser, server):
    open_app(browser, server, "documents")
    before = json.loads(server["document"].read_text())["pages"]
    # A browser's number input reads text like this as "", which would clear the value.
    enter(browser, "Pages", "abc")
    wait(browser, lambda d: '"abc" is not a number' in row(d, "Pages").text)
    assert control(browser, "Pages").get_attribute("value") == "abc"
    enter(browser, "Pages", "1e400")
    wait(browser, lambda d: "1e400 is too large" in row(d, "Pages").text)
    assert not done_available(browser)
    enter(browser, "Pages", "1e20")
    wait(browser, lambda d: "1e20 is too large: whole numbers go up to" in row(d, "Pages").text)
    assert json.loads(server["document"].read_text())["pages"] == before
    press(browser, "cancel")


def test_two_windows_typing_one_setting_lose_neither_value_unseen(browser, desktop, server):
    open_app(browser, server, "settings")
    open_app(desktop, server, "settings")
    type_into(browser, "Username", "ann")
    wait(desktop, lambda d: control(d, "Username").get_attribute("value") == "ann")
    # Ann's field keeps the focus; Bob's value replaces hers there, as she typed nothing since.
    field = control(browser, "Username")
    assert browser.switch_to.active_element == field
    type_into(desktop, "Username", "bob")
    wait(browser, lambda d: control(d, "Username").get_attribute("value") == "bob")
    # Ann types while Bob's next value is on its way: her text stays, and Enter does not
    # write it over Bob's unseen.
    browser.execute_script("arguments[0].value = 'carol';", control(browser, "Username"))
    type_into(desktop, "Username", "dave")
    wait(browser, lambda d: "Changed meanwhile" in row(d, "Username").text or
         control(d, "Username").get_attribute("defaultValue") == "dave")
    assert control(browser, "Username").get_attribute("value") == "carol"
    before = updates(browser)
    control(browser, "Username").send_keys(Keys.ENTER)
    wait(browser, lambda d: "Changed meanwhile to “dave”" in row(d, "Username").text)
    screenshot(browser, "desktop-settings-typed-over")
    assert control(desktop, "Username").get_attribute("value") == "dave"
    desktop.refresh()
    wait(desktop, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true")
    assert control(desktop, "Username").get_attribute("value") == "dave"
    # Enter again, having seen Bob's value, writes hers over it.
    control(browser, "Username").send_keys(Keys.ENTER)
    wait(desktop, lambda d: control(d, "Username").get_attribute("value") == "carol")
    wait(browser, lambda d: "Changed meanwhile" not in row(d, "Username").text)
    field = control(browser, "Username")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys(Keys.ENTER)
    wait(desktop, lambda d: control(d, "Username").get_attribute("value") == "")


def test_add_tapped_twice_opens_one_new_item(browser, server):
    open_app(browser, server, "tasks")
    browser.execute_script(
        "var b = document.querySelector(\".pane-top > .screen:last-child [data-ev='add']\");"
        "b.click(); b.click();")
    wait_title(browser, "New Task")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen")) == 2
    assert "can add" not in (browser.find_element(By.TAG_NAME, "body").get_attribute("data-last-error") or "")
    press(browser, "cancel")
    wait_title(browser, "Tasks")


def test_an_open_document_form_shows_another_programs_change(browser, server):
    open_app(browser, server, "documents")
    document = json.loads(server["document"].read_text())
    document["title"] = "Retitled in an editor"
    server["document"].write_text(json.dumps(document))
    wait(browser, lambda d: control(d, "Title").get_attribute("value") == "Retitled in an editor",
         timeout=10)
    # A value typed meanwhile stays in the form, and Done saves it with the other's changes.
    type_into(browser, "Pages", "77")
    document["draft"] = not document["draft"]
    server["document"].write_text(json.dumps(document))
    wait(browser, lambda d: control(d, "Draft").is_selected() == document["draft"], timeout=10)
    assert control(browser, "Pages").get_attribute("value") == "77"
    press(browser, "done")
    wait(browser, lambda d: json.loads(server["document"].read_text())["pages"] == 77)
    saved = json.loads(server["document"].read_text())
    assert saved["title"] == "Retitled in an editor" and saved["draft"] == document["draft"]
