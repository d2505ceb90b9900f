"""The Settings Bundle app: an iOS Settings.bundle from the test fixtures, shown unchanged, its
values kept in user defaults."""
import plistlib

from selenium.webdriver.common.by import By

from conftest import screenshot
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
    path = server["document"].parent / "config" / "trellis-demo-settings-bundle.plist"
    try:
        return plistlib.loads(path.read_bytes()) if path.exists() else {}
    except plistlib.InvalidFileException:
        # Read while the server rewrites it: the next poll reads the whole file.
        return {}


def test_a_settings_bundle_renders_edits_and_persists(browser, server):
    open_app(browser, server, "settings-bundle")
    # Localised titles: the bundle writes keys (SETTINGS_TITLE, SOUND_GROUP), en.lproj names them.
    wait_title(browser, "Settings")
    assert section_headers(browser) == ["Account", "Sound", "Appearance", "More"]
    assert "Current ringtone" in row_texts(browser)
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
