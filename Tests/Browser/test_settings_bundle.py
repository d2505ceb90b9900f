"""The Settings Bundle app: an iOS Settings.bundle from the test fixtures, shown unchanged, its
values kept in user defaults."""
import plistlib
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, screenshot
from helpers import control, open_app, row, row_texts, tap, title, updates, wait, wait_title


def section_headers(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.pane-top > .screen:last-child .section-header'))"
        ".map(function (h) { return h.textContent; })")


def detail(driver, text):
    found = row(driver, text).find_elements(By.CSS_SELECTOR, ".detail")
    return found[0].text if found else None


def checked(driver, text):
    return bool(row(driver, text).find_elements(By.CSS_SELECTOR, ".accessory.check"))


def stored(server):
    """What the demo wrote to its user-defaults suite on disk."""
    return stored_in(server["document"].parent / "config" / "trellis-demo-settings-bundle.plist")


def stored_in(path):
    """The values a user-defaults file holds; a file read while it is rewritten reads as empty,
    and the next poll reads it whole."""
    try:
        return plistlib.loads(path.read_bytes()) if path.exists() else {}
    except plistlib.InvalidFileException:
        return {}


def test_a_settings_bundle_renders_edits_and_persists(browser, server):
    open_app(browser, server, "settings-bundle")
    # Localised titles: the bundle writes keys (SETTINGS_TITLE, SOUND_GROUP), en.lproj names them.
    wait_title(browser, "Settings")
    assert section_headers(browser) == ["Account", "Sound", "Appearance", "More"]
    assert "Current ringtone" in row_texts(browser)
    # A footer's line break shows, as on iOS.
    footer = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .section-footer")
    assert footer.text == "You are signed in automatically.\nSign out from the app."
    assert footer.size["height"] > 1.5 * int(footer.value_of_css_property("font-size").rstrip("px"))
    screenshot(browser, "desktop-settings-bundle")

    # A toggle whose TrueValue and FalseValue are YES and NO.
    switch = control(browser, "Sounds")
    assert switch.is_selected()
    before = updates(browser)
    switch.click()
    wait(browser, lambda d: updates(d) > before)
    wait(browser, lambda d: not control(d, "Sounds").is_selected())
    wait(browser, lambda d: stored(server).get("sounds_enabled") == "NO")

    # A multi-value: its own screen of choices, and the title-value row of the key follows.
    assert detail(browser, "Ringtone") == "Marimba"
    tap(browser, "Ringtone")
    wait_title(browser, "Ringtone")
    assert row_texts(browser) == ["Chimes", "Marimba", "Sonar"]
    assert checked(browser, "Marimba")
    tap(browser, "Sonar")
    wait_title(browser, "Settings")
    wait(browser, lambda d: detail(d, "Ringtone") == "Sonar")
    wait(browser, lambda d: detail(d, "Current ringtone") == "Sonar")
    wait(browser, lambda d: stored(server).get("ringtone") == "sonar")

    # A slider from 0 to 100, let go at 80.
    slider = control(browser, "Volume")
    assert slider.get_attribute("min") == "0" and slider.get_attribute("max") == "100"
    assert slider.get_attribute("value") == "50"
    before = updates(browser)
    browser.execute_script(
        "arguments[0].value = 80; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", slider)
    wait(browser, lambda d: updates(d) > before)
    wait(browser, lambda d: stored(server).get("sound.volume") == 80)
    assert control(browser, "Volume").get_attribute("value") == "80"

    # A radio group: a checkmark moves within the section.
    assert checked(browser, "Automatic")
    tap(browser, "Dark")
    wait(browser, lambda d: checked(d, "Dark") and not checked(d, "Automatic"))
    wait(browser, lambda d: stored(server).get("theme") == 1)

    # A child pane: Advanced.plist, with its own strings table.
    tap(browser, "Advanced")
    wait_title(browser, "Advanced")
    assert section_headers(browser) == ["Sync", "Profile"]
    assert "Over Wi-Fi only" in row_texts(browser)
    sync = control(browser, "Sync settings")
    assert not sync.is_selected()
    sync.click()
    wait(browser, lambda d: stored(server).get("sync") is True)
    screenshot(browser, "desktop-settings-bundle-advanced")

    # A new window over the same suite shows every change.
    open_app(browser, server, "settings-bundle")
    wait(browser, lambda d: detail(d, "Ringtone") == "Sonar")
    assert not control(browser, "Sounds").is_selected()
    assert control(browser, "Volume").get_attribute("value") == "80"
    assert checked(browser, "Dark")
    assert title(browser) == "Settings"


def test_the_reset_button_forgets_every_setting(browser, server):
    """The bundle's one button, an action the demo gives: every key forgets what was stored and
    shows its default again, in every window."""
    open_app(browser, server, "settings-bundle")
    tap(browser, "Ringtone")
    wait_title(browser, "Ringtone")
    tap(browser, "Chimes")
    wait_title(browser, "Settings")
    wait(browser, lambda d: stored(server).get("ringtone") == "chimes")
    button = row(browser, "Reset all settings").find_element(By.CSS_SELECTOR, ".select")
    assert button.is_enabled()
    # A second window over the same suite.
    first = browser.current_window_handle
    browser.execute_script("window.open('about:blank')")
    browser.switch_to.window(browser.window_handles[-1])
    open_app(browser, server, "settings-bundle")
    wait(browser, lambda d: detail(d, "Ringtone") == "Chimes")
    browser.switch_to.window(first)
    tap(browser, "Reset all settings")
    wait(browser, lambda d: detail(d, "Ringtone") == "Marimba")
    wait(browser, lambda d: "ringtone" not in stored(server))
    assert checked(browser, "Automatic")
    assert control(browser, "Volume").get_attribute("value") == "50"
    browser.switch_to.window(browser.window_handles[-1])
    wait(browser, lambda d: detail(d, "Ringtone") == "Marimba")
    browser.close()
    browser.switch_to.window(first)


def test_a_mail_compose_row_writes_an_email(browser, server):
    """InAppSettingsKit's mail-compose row opens an email to its recipients, with its subject;
    the page stays on the app."""
    open_app(browser, server, "settings-bundle")
    before = browser.execute_script("return document.body.dataset.opens || '0'")
    tap(browser, "Send feedback")
    wait(browser, lambda d: d.execute_script("return document.body.dataset.opens || '0'") != before)
    opened = browser.execute_script("return document.body.dataset.opened")
    assert opened == "mailto:support@example.com?subject=Settings%20feedback"
    assert title(browser) == "Settings"

def serve_in_app_sample(suite):
    """`trellis serve --in-app` over InAppSettingsKit's sample, its values kept in `suite`;
    returns (process, server)."""
    from test_any_data import serve
    bundle = ROOT / "Tests" / "Fixtures" / "SettingsBundles" / "InAppSettingsKit" / "Settings.bundle"
    return serve(bundle, "--in-app", "--suite", str(suite))


def test_a_list_groups_text_field_adds_what_was_typed_once(browser, tmp_path):
    """InAppSettingsKit's list group, served by `trellis serve --in-app`: the add row's text field
    appends one item when editing ends, however long the person pauses while typing."""
    suite = tmp_path / "values.plist"
    process, server = serve_in_app_sample(suite)
    try:
        open_app(browser, server, "table")
        tap(browser, "List groups")
        wait_title(browser, "List groups")
        header = "Tags with text fields"
        wait(browser, lambda d: header in section_headers(d))

        def new_tag_field(driver):
            return driver.find_element(
                By.CSS_SELECTOR, ".pane-top > .screen:last-child input[placeholder='New Tag']")

        def items(driver):
            values = stored_in(suite).get("tags2")
            return values if isinstance(values, list) else []

        field = wait(browser, new_tag_field)
        field.click()
        field.send_keys("al")
        # A pause in typing longer than the page's wait before it sends a field's value.
        time.sleep(0.6)
        field.send_keys("pha")
        time.sleep(0.6)
        assert items(browser) == [], "a pause in typing appended an item"
        field.send_keys(Keys.ENTER)
        wait(browser, lambda d: items(d) == ["alpha"])
        # The item is listed above a new, empty add row.
        wait(browser, lambda d: "alpha" in [
            control.get_property("value") for control in d.find_elements(
                By.CSS_SELECTOR, ".pane-top > .screen:last-child input.control")])
        wait(browser, lambda d: new_tag_field(d).get_property("value") == "")
        # The item's field aligns its text left, as its IASKTextAlignment says.
        item = next(
            control for control in browser.find_elements(
                By.CSS_SELECTOR, ".pane-top > .screen:last-child input.control")
            if control.get_property("value") == "alpha")
        assert item.value_of_css_property("text-align") == "left"

        # Leaving the field enters the value too, once.
        field = new_tag_field(browser)
        field.click()
        field.send_keys("beta")
        time.sleep(0.6)
        assert items(browser) == ["alpha"]
        browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .title").click()
        wait(browser, lambda d: items(d) == ["alpha", "beta"])
        screenshot(browser, "desktop-settings-list-group")
    finally:
        process.terminate()
        process.wait(timeout=10)



def test_a_time_picker_sets_the_time_and_keeps_the_day(browser, tmp_path):
    """InAppSettingsKit's date pickers in `trellis serve --in-app`: `DatePickerMode` `Time` is a
    time input stepped by its `MinuteInterval`, `Date` a date input, and the default both."""
    suite = tmp_path / "values.plist"
    process, server = serve_in_app_sample(suite)
    try:
        open_app(browser, server, "table")
        tap(browser, "Advanced")
        wait_title(browser, "Advanced")
        alarm = control(browser, "Compact Time")
        assert alarm.get_attribute("type") == "time"
        assert alarm.get_attribute("step") == "900"
        assert control(browser, "Date").get_attribute("type") == "date"
        both = control(browser, "Wheels D & T")
        assert both.get_attribute("type") == "datetime-local"
        assert both.get_attribute("step") == "60"
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", alarm)
        screenshot(browser, "desktop-settings-time-picker")
        # As the browser's picker sets it: the value, then a change event.
        browser.execute_script(
            "arguments[0].value = '07:15';"
            "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", alarm)

        def stored_time(driver):
            value = stored_in(suite).get("time")
            return (value.hour, value.minute) if hasattr(value, "hour") else None

        wait(browser, lambda d: stored_time(d) == (7, 15))
        # A fresh page shows the time the suite holds.
        open_app(browser, server, "table")
        tap(browser, "Advanced")
        wait_title(browser, "Advanced")
        wait(browser, lambda d: control(d, "Compact Time").get_attribute("value") == "07:15")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_two_servers_on_one_suite_show_each_others_changes(browser, tmp_path):
    """Two `trellis serve --suite` over the same values (two servers of one app, or a server
    beside `trellis edit`): an open window of each shows what the other's window changed, and
    a write from either keeps the other's values."""
    from test_any_data import serve
    bundle = ROOT / "Tests" / "Fixtures" / "Settings.bundle"
    suite = tmp_path / "values.plist"
    first, first_server = serve(bundle, "--suite", str(suite))
    second, second_server = serve(bundle, "--suite", str(suite))
    try:
        open_app(browser, first_server, "table")
        wait_title(browser, "Settings")
        browser.execute_script("window.open(arguments[0])", second_server["url"] + "/apps/table")
        windows = browser.window_handles
        browser.switch_to.window(windows[1])
        wait_title(browser, "Settings")
        assert control(browser, "Sounds").is_selected()

        browser.switch_to.window(windows[0])
        control(browser, "Sounds").click()
        wait(browser, lambda d: stored_in(suite).get("sounds_enabled") == "NO")
        browser.switch_to.window(windows[1])
        wait(browser, lambda d: not control(d, "Sounds").is_selected(), timeout=10)

        tap(browser, "Dark")
        wait(browser, lambda d: stored_in(suite).get("theme") == 1)
        browser.switch_to.window(windows[0])
        wait(browser, lambda d: checked(d, "Dark"), timeout=10)
        values = stored_in(suite)
        assert values.get("sounds_enabled") == "NO" and values.get("theme") == 1
    finally:
        for process in (first, second):
            process.terminate()
            process.wait(timeout=10)
