"""The Actions app: every hook and every built-in descriptor action, each seen doing something,
and the feet-and-inches picker with a select per wheel."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import screenshot
from helpers import (control, delete_row, open_app, press, row, row_texts, tap, title, updates, wait,
                     wait_title)


def detail(driver, text):
    return row(driver, text).find_element(By.CSS_SELECTOR, ".detail").text


def logged(driver, entry):
    """Waits until the log on the screen shown has `entry`."""
    wait(driver, lambda d: entry in row_texts(d))


def logged_prefix(driver, prefix):
    """Waits until the log on the screen shown has an entry starting with `prefix`."""
    wait(driver, lambda d: any(t.startswith(prefix) for t in row_texts(d)))


def wait_detail_screen(driver):
    wait(driver, lambda d: title(d) not in ("Hooks", "Actions"))


def enter_text(driver, label, text):
    """Replaces the text of the field in row `label` and enters it."""
    field = control(driver, label)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(text)
    control(driver, label).send_keys(Keys.ENTER)


def wheels(driver, text):
    return [Select(s) for s in row(driver, text).find_elements(By.CSS_SELECTOR, "select.wheel")]


def test_push_then_pop_and_the_screens_presentation_hooks(browser, server):
    open_app(browser, server, "actions")
    tap(browser, "Push a screen")
    wait_title(browser, "Details")
    tap(browser, "Go back")
    wait_title(browser, "Actions")
    for hook in ("willPresent", "didPresent", "willDismiss", "didDismiss"):
        logged(browser, hook + ": Details")


def test_present_a_sheet_and_dismiss_it(browser, server):
    open_app(browser, server, "actions")
    tap(browser, "Present a sheet")
    wait_title(browser, "Sheet")
    assert browser.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen[data-presentation='modal']:last-child")
    tap(browser, "Push inside the sheet")
    wait_title(browser, "Details")
    press(browser, "back")
    wait_title(browser, "Sheet")
    screenshot(browser, "desktop-actions-sheet")
    tap(browser, "Dismiss")
    wait_title(browser, "Actions")
    logged(browser, "didDismiss: Sheet")


def test_open_opens_the_address_in_a_new_tab_and_the_app_stays(browser, server):
    open_app(browser, server, "actions")
    app_window = browser.current_window_handle
    # A row the server is told of, not a plain link that would take the page away.
    assert not browser.find_elements(By.XPATH, "//a[normalize-space(.)='Open a web address']")
    assert "link" in row(browser, "Open a web address").find_element(
        By.CSS_SELECTOR, ".select").get_attribute("class")
    for time in (1, 2):
        before = set(browser.window_handles)
        tap(browser, "Open a web address")
        wait(browser, lambda d: len(d.window_handles) > len(before))
        body = browser.find_element(By.TAG_NAME, "body")
        assert body.get_attribute("data-opened") == "https://example.com/"
        # The same address opens again on the next tap.
        assert body.get_attribute("data-opens") == str(time)
        opened = (set(browser.window_handles) - before).pop()
        browser.switch_to.window(opened)
        browser.close()
        browser.switch_to.window(app_window)
        assert title(browser) == "Actions"
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true"


def test_set_writes_the_value(browser, server):
    open_app(browser, server, "actions")
    assert detail(browser, "Mark as read") == "unread"
    tap(browser, "Mark as read")
    wait(browser, lambda d: detail(d, "Mark as read") == "read")


def test_save_runs_the_apps_save(browser, server):
    open_app(browser, server, "actions")
    assert detail(browser, "Save") == "0"
    tap(browser, "Save")
    wait(browser, lambda d: detail(d, "Save") == "1")
    logged(browser, "save: saved 1 time")


def test_reload_shows_what_changed_behind_the_screens_back(browser, server):
    open_app(browser, server, "actions")
    assert detail(browser, "Reload") == "0 messages"
    tap(browser, "Receive mail")
    logged(browser, "receiveMail: 1 waiting")
    assert detail(browser, "Reload") == "0 messages"
    tap(browser, "Reload")
    wait(browser, lambda d: detail(d, "Reload") == "1 messages")


def test_delete_removes_the_item(browser, server):
    open_app(browser, server, "actions")
    tap(browser, "Walk the dog")
    wait(browser, lambda d: "Walk the dog" not in row_texts(d))
    assert "Buy milk" in row_texts(browser) and "Write tests" in row_texts(browser)
    tap(browser, "Write tests")
    wait(browser, lambda d: "Write tests" not in row_texts(d))


def test_the_feet_and_inches_picker_has_two_wheels(browser, server):
    open_app(browser, server, "actions")
    feet, inches = wheels(browser, "Height")
    assert [o.text for o in feet.options] == ["4 feet", "5 feet", "6 feet", "7 feet"]
    assert len(inches.options) == 12
    assert feet.first_selected_option.text == "5 feet"
    assert inches.first_selected_option.text == "10 inches"
    assert detail(browser, "In inches") == "70"
    before = updates(browser)
    feet.select_by_visible_text("6 feet")
    wait(browser, lambda d: updates(d) > before and detail(d, "In inches") == "82")
    wheels(browser, "Height")[1].select_by_visible_text("1 inch")
    wait(browser, lambda d: detail(d, "In inches") == "73")
    assert wheels(browser, "Height")[0].first_selected_option.text == "6 feet"
    screenshot(browser, "desktop-actions-picker")


def test_the_apps_action_reads_the_descriptors_user_info(browser, server):
    open_app(browser, server, "actions")
    tap(browser, "Say hello")
    logged(browser, "greet: Hello from the descriptor (greetings)")


def test_an_unknown_selector_is_a_disabled_button_that_says_why(browser, server):
    open_app(browser, server, "actions")
    button = row(browser, "Launch rockets").find_element(By.CSS_SELECTOR, "button")
    assert not button.is_enabled()
    assert button.get_attribute("title") == "no action named 'launchRockets' is registered"
    # Shown under the row too, where a touch screen, which shows no tooltip, shows it.
    reason = row(browser, "Launch rockets").find_element(By.CSS_SELECTOR, ".unavailable")
    assert reason.is_displayed()
    assert reason.text == "no action named 'launchRockets' is registered"


def open_hooks(browser, server):
    open_app(browser, server, "actions")
    tap(browser, "Hooks of Swift code")
    wait_title(browser, "Hooks")


def test_row_hooks_configure_display_and_style_rows(browser, server):
    open_hooks(browser, server)
    texts = row_texts(browser)
    # cellForRow made the first row; willConfigure marks every row of the list.
    assert texts[:4] == ["• A row the app made", "• Dust", "• Shop", "• Cook"]
    # reuseIdentifierForRow names each row, and willDisplay shows the name.
    assert detail(browser, "• A row the app made") == "drawn as the app's row"
    assert detail(browser, "• Dust") == "drawn as a chore row"
    # willStyle gives the second row a style of the theme's.
    styled = row(browser, "• Dust").value_of_css_property("background-color")
    plain = row(browser, "• Shop").value_of_css_property("background-color")
    assert styled != plain
    # didFetchItems appended a row after the list, counting its items.
    assert any(t.endswith("Added by didFetchItems: 4 chores") for t in texts)
    # The screen's own presentation hooks write to the first screen's log.
    press(browser, "back")
    wait_title(browser, "Actions")
    for hook in ("willPresent", "didPresent", "willDismiss", "didDismiss"):
        logged(browser, hook + ": Hooks")


def test_select_and_the_detail_hooks(browser, server):
    open_hooks(browser, server)
    tap(browser, "• Shop")
    wait_detail_screen(browser)
    press(browser, "cancel")
    wait_title(browser, "Hooks")
    logged(browser, "didSelect: row 3")
    for hook in ("detailWillPresent", "detailDidPresent", "detailWillDismiss", "detailDidDismiss"):
        logged_prefix(browser, hook + ": ")
    # The chores' own didSelect overrode the screen's; the log's rows take the screen's.
    assert not any("the screen's hook" in t for t in row_texts(browser))
    tap(browser, "didSelect: row 3")
    logged_prefix(browser, "didSelect, the screen's hook: row ")


def test_detail_screen_for_row_is_the_apps(browser, server):
    open_hooks(browser, server)
    tap(browser, "• A row the app made")
    wait_title(browser, "The app's detail")
    assert "Made by detailScreenForRow" in row_texts(browser)


def test_the_accessory_button(browser, server):
    open_hooks(browser, server)
    row(browser, "• Cook").find_element(By.CSS_SELECTOR, ".accessory-button").click()
    wait_detail_screen(browser)
    press(browser, "cancel")
    wait_title(browser, "Hooks")
    logged(browser, "accessoryTapped: row 4")


def test_value_hooks_check_and_report_edits(browser, server):
    open_hooks(browser, server)
    tap(browser, "• Cook")
    wait_detail_screen(browser)
    enter_text(browser, "Name", "Bake!")
    wait(browser, lambda d: "has no “!”" in row(d, "Name").text)
    enter_text(browser, "Name", "Bake")
    wait(browser, lambda d: "has no" not in row(d, "Name").text)
    press(browser, "done")
    wait_title(browser, "Hooks")
    logged(browser, "valueChanged: Bake")
    wait(browser, lambda d: "• Bake" in row_texts(d))


def test_insert_delete_and_move_hooks(browser, server):
    open_hooks(browser, server)
    press(browser, "add")
    wait(browser, lambda d: title(d) != "Hooks")
    enter_text(browser, "Name", "Iron")
    press(browser, "done")
    wait_title(browser, "Hooks")
    wait(browser, lambda d: any(t.startswith("didInsert: Iron") for t in row_texts(d)))
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    row(browser, "• Shop").find_element(By.CSS_SELECTOR, ".move-down").click()
    logged(browser, "didMove: Shop from 2 to 3")
    delete_row(browser, "• Dust")
    logged(browser, "didDelete: Dust at 1")
    press(browser, "edit")
