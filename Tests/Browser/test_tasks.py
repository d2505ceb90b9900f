"""The Tasks app in a real browser: create, validate, cancel, delete, reorder, two windows."""
import time

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot
from helpers import (bar_button, control, delete_row, done_available, open_app, press, row, row_texts, tap, title,
                     type_into, wait, wait_title)


def add_task(driver, name):
    press(driver, "add")
    wait_title(driver, "New Task")
    type_into(driver, "Name", name)


def test_create_a_task_with_two_steps(browser, server):
    open_app(browser, server, "tasks")
    add_task(browser, "Plan the trip")
    tap(browser, "Steps")
    wait_title(browser, "Steps")
    for step in ("Book flights", "Pack bags"):
        press(browser, "add")
        wait_title(browser, "New Task Step")
        type_into(browser, "Name", step)
        press(browser, "done")
        wait_title(browser, "Steps")
        row(browser, step)
    screenshot(browser, "desktop-task-steps")
    press(browser, "back")
    wait_title(browser, "New Task")
    press(browser, "done")
    wait_title(browser, "Tasks")
    row(browser, "Plan the trip")
    tap(browser, "Plan the trip")
    wait_title(browser, "Plan the trip")
    tap(browser, "Steps")
    wait_title(browser, "Steps")
    assert {"Book flights", "Pack bags"} <= set(row_texts(browser))


def test_validation_refuses_done_until_the_name_is_given(browser, server):
    open_app(browser, server, "tasks")
    press(browser, "add")
    wait_title(browser, "New Task")
    press(browser, "done")
    notice = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice").is_displayed()
                  and d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice"))
    assert notice.text
    assert title(browser) == "New Task"
    wait(browser, lambda d: not done_available(d))
    assert row(browser, "Name").find_elements(By.CSS_SELECTOR, ".validation")
    # The field that says what is wrong takes the focus: typing goes there.
    wait(browser, lambda d: d.switch_to.active_element == control(d, "Name"))
    screenshot(browser, "desktop-validation")
    type_into(browser, "Name", "Valid now")
    wait(browser, lambda d: done_available(d))
    press(browser, "done")
    wait_title(browser, "Tasks")
    row(browser, "Valid now")


def test_cancel_discards_the_new_task(browser, server):
    open_app(browser, server, "tasks")
    add_task(browser, "Never saved")
    press(browser, "cancel")
    wait_title(browser, "Tasks")
    assert "Never saved" not in row_texts(browser)


def test_delete_and_reorder_in_edit_mode(browser, server):
    open_app(browser, server, "tasks")
    for name in ("Alpha", "Beta"):
        add_task(browser, name)
        press(browser, "done")
        wait_title(browser, "Tasks")
        row(browser, name)
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    before = row_texts(browser)
    # The first row offers no ↑, and the one after it does.
    shown = browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row[data-row]")
    assert not shown[0].find_element(By.CSS_SELECTOR, ".move-up").is_displayed()
    assert shown[1].find_element(By.CSS_SELECTOR, ".move-up").is_displayed()
    # The small marks answer a finger's tap around them: 44 points tall, as on iOS.
    for selector in (".row-delete", ".move-up", ".move-down"):
        mark = shown[1].find_element(By.CSS_SELECTOR, selector)
        assert browser.execute_script(
            "var mark = arguments[0], box = mark.getBoundingClientRect();"
            "var x = box.left + box.width / 2, middle = box.top + box.height / 2;"
            "return [middle - 21, middle + 21].every(function (y) {"
            "  var hit = document.elementFromPoint(x, y); return hit === mark; });", mark), selector
    alpha = before.index("Alpha")
    row(browser, "Alpha").find_element(By.CSS_SELECTOR, ".move-down").click()
    wait(browser, lambda d: row_texts(d).index("Alpha") == alpha + 1)
    assert row_texts(browser)[alpha] == before[alpha + 1]
    screenshot(browser, "desktop-edit-mode")
    # The minus alone deletes nothing: it shows Delete, which another click puts away.
    row(browser, "Beta").find_element(By.CSS_SELECTOR, ".row-delete").click()
    confirm = row(browser, "Beta").find_element(By.CSS_SELECTOR, ".row-delete-confirm")
    wait(browser, lambda d: confirm.is_displayed())
    screenshot(browser, "desktop-delete-confirmation")
    # A click on another row only puts it away: that row does not open.
    row(browser, "Alpha").find_element(By.CSS_SELECTOR, ".text").click()
    wait(browser, lambda d: not confirm.is_displayed())
    time.sleep(0.3)
    assert title(browser) == "Tasks"
    assert "Beta" in row_texts(browser)
    # So does Escape.
    row(browser, "Beta").find_element(By.CSS_SELECTOR, ".row-delete").click()
    wait(browser, lambda d: confirm.is_displayed())
    confirm.send_keys(Keys.ESCAPE)
    wait(browser, lambda d: not confirm.is_displayed())
    assert "Beta" in row_texts(browser)
    delete_row(browser, "Beta")
    wait(browser, lambda d: "Beta" not in row_texts(d))
    press(browser, "edit")
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    assert "Alpha" in row_texts(browser)


def test_a_move_in_a_search_moves_the_dragged_row(browser, server):
    open_app(browser, server, "tasks")
    for name in ("Zq water the plants", "Zx write the report", "Zq book the dentist"):
        add_task(browser, name)
        press(browser, "done")
        wait_title(browser, "Tasks")
        row(browser, name)
    field = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .search-field")
    field.send_keys("Zq")
    wait(browser, lambda d: row_texts(d) == ["Zq water the plants", "Zq book the dentist"])
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .move-down"))
    row(browser, "Zq water the plants").find_element(By.CSS_SELECTOR, ".move-down").click()
    wait(browser, lambda d: row_texts(d) == ["Zq book the dentist", "Zq water the plants"])
    press(browser, "edit")
    # Leaving edit mode draws the screen's bar and search field again: the field is found
    # afresh, and again if a redraw replaces it while it is typed into.
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .move-down"))

    def clear_search(d):
        field = d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .search-field")
        field.clear()
        field.send_keys(" ")
        field.send_keys("\b")
        return True

    wait(browser, clear_search)
    wait(browser, lambda d: "Zx write the report" in row_texts(d))
    # The dragged row went below the one it was dropped under; the hidden row stayed put.
    ours = [t for t in row_texts(browser) if t.startswith("Z")]
    assert ours == ["Zx write the report", "Zq book the dentist", "Zq water the plants"]


def test_two_windows_see_each_others_edits(browser, server):
    open_app(browser, server, "tasks")
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    open_app(browser, server, "tasks")
    add_task(browser, "Shared between windows")
    press(browser, "done")
    wait_title(browser, "Tasks")
    browser.switch_to.window(first)
    row(browser, "Shared between windows")
    tap(browser, "Shared between windows")
    wait_title(browser, "Shared between windows")
    type_into(browser, "Name", "Renamed in the first window")
    press(browser, "done")
    wait_title(browser, "Tasks")
    second = [h for h in browser.window_handles if h != first][0]
    browser.switch_to.window(second)
    row(browser, "Renamed in the first window")
    assert "Shared between windows" not in row_texts(browser)


def test_the_list_is_kept_under_a_form_and_catches_up_on_back(browser, server):
    open_app(browser, server, "tasks")
    add_task(browser, "Kept list marker")
    press(browser, "done")
    wait_title(browser, "Tasks")
    # Mark the list's element: coming back must reveal this very element, not a new one.
    browser.execute_script(
        "document.querySelector('.pane-top > .screen:last-child').dataset.marker = 'kept'")
    first = browser.current_window_handle
    tap(browser, "Kept list marker")
    wait_title(browser, "Kept list marker")
    hidden = browser.execute_script(
        "var s = document.querySelectorAll('.pane-top > .screen');"
        "return [s.length, s[0].hidden, s[0].dataset.marker];")
    assert hidden == [2, True, "kept"]
    # Meanwhile another window adds a task.
    browser.switch_to.new_window("tab")
    open_app(browser, server, "tasks")
    add_task(browser, "Added while the form was open")
    press(browser, "done")
    wait_title(browser, "Tasks")
    browser.switch_to.window(first)
    press(browser, "cancel")
    wait_title(browser, "Tasks")
    row(browser, "Added while the form was open")
    shown = browser.execute_script(
        "var s = document.querySelectorAll('.pane-top > .screen');"
        "return [s.length, s[0].hidden, s[0].dataset.marker];")
    assert shown == [1, False, "kept"]


def test_xss_payloads_show_as_text(browser, server):
    payload = "<img src=x onerror=window.__xss=1><script>window.__xss=1</script>"
    open_app(browser, server, "tasks")
    add_task(browser, payload)
    press(browser, "done")
    wait_title(browser, "Tasks")
    row(browser, payload)
    assert browser.execute_script("return window.__xss === undefined")
    assert not browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row img")
    open_app(browser, server, "settings")
    type_into(browser, "Message", payload)
    browser.refresh()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true")
    value = row(browser, "Message").find_element(By.CSS_SELECTOR, ".control").get_attribute("value")
    assert value == payload
    assert browser.execute_script("return window.__xss === undefined")


def test_a_new_task_form_focuses_its_name(browser, server):
    open_app(browser, server, "tasks")
    press(browser, "add")
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("placeholder") == "Enter task name")
    browser.switch_to.active_element.send_keys("Typed at once")
    # The row is drawn again as the name's validation clears: read it once it has settled.
    wait(browser, lambda d: control(d, "Name").get_attribute("value") == "Typed at once")
    press(browser, "cancel")


def open_one_task_in_two_windows(browser, server, name):
    """Adds task `name` and opens its form in two windows; returns both windows' handles."""
    open_app(browser, server, "tasks")
    first = browser.current_window_handle
    add_task(browser, name)
    press(browser, "done")
    wait_title(browser, "Tasks")
    tap(browser, name)
    wait_title(browser, name)
    browser.switch_to.new_window("tab")
    second = browser.current_window_handle
    open_app(browser, server, "tasks")
    tap(browser, name)
    wait_title(browser, name)
    return first, second


def notice_text(driver):
    selector = ".pane-top > .screen:last-child .notice"
    return wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector).is_displayed()
                and d.find_element(By.CSS_SELECTOR, selector).text)


def test_the_second_done_on_one_field_sees_the_first_and_takes_it(browser, server):
    first, second = open_one_task_in_two_windows(browser, server, "Conflict over a name")
    type_into(browser, "Name", "Bob's name")
    browser.switch_to.window(first)
    type_into(browser, "Name", "Ann's name")
    press(browser, "done")
    wait_title(browser, "Tasks")
    row(browser, "Ann's name")

    browser.switch_to.window(second)
    press(browser, "done")
    notice = notice_text(browser)
    assert "Someone else changed Name to “Ann's name”" in notice
    # The title is what is saved, as a fresh page's; the field keeps what was typed.
    assert title(browser) == "Ann's name"
    message = row(browser, "Name").find_element(By.CSS_SELECTOR, ".validation").text
    assert "Ann's name" in message
    assert control(browser, "Name").get_attribute("value") == "Bob's name"
    screenshot(browser, "desktop-conflict")
    press(browser, "takeTheirs")
    wait_title(browser, "Tasks")
    row(browser, "Ann's name")
    assert "Bob's name" not in row_texts(browser)


def test_done_again_after_a_conflict_keeps_mine(browser, server):
    first, second = open_one_task_in_two_windows(browser, server, "Conflict kept")
    type_into(browser, "Name", "Mine, kept")
    browser.switch_to.window(first)
    type_into(browser, "Name", "Theirs, overwritten")
    press(browser, "done")
    wait_title(browser, "Tasks")
    browser.switch_to.window(second)
    press(browser, "done")
    assert "Theirs, overwritten" in notice_text(browser)
    press(browser, "done")
    wait_title(browser, "Tasks")
    row(browser, "Mine, kept")
    browser.switch_to.window(first)
    row(browser, "Mine, kept")
    assert "Theirs, overwritten" not in row_texts(browser)


def open_alert(driver):
    """The page's open alert, or False."""
    try:
        return driver.switch_to.alert
    except NoAlertPresentException:
        return False


def test_the_browsers_back_pops_a_screen_and_asks_before_losing_typing(browser, server):
    """The browser's Back pops the screen on top, as the bar's Back does; Forward cannot bring a
    closed screen back. From a form typed in, Back asks first, and staying keeps the typing."""
    open_app(browser, server, "tasks")
    wait_title(browser, "Tasks")
    first = row_texts(browser)[0]
    tap(browser, first)
    wait_title(browser, first)
    browser.back()
    wait_title(browser, "Tasks")
    assert browser.current_url.endswith("/apps/tasks")
    browser.forward()
    time.sleep(0.5)
    assert title(browser) == "Tasks"

    tap(browser, first)
    wait_title(browser, first)
    field = control(browser, "Name")
    field.send_keys(Keys.END, " (typed)")
    browser.back()
    alert = wait(browser, open_alert)
    assert alert.text == "Discard the changes on this screen?"
    alert.dismiss()
    time.sleep(0.5)
    assert title(browser) == first
    assert control(browser, "Name").get_attribute("value") == first + " (typed)"
    browser.back()
    wait(browser, open_alert).accept()
    wait_title(browser, "Tasks")
    assert first in row_texts(browser)
    assert first + " (typed)" not in row_texts(browser)


def test_leaving_the_page_or_escape_with_unsaved_values_asks_first(browser, server):
    """Reloading, or leaving the page, while a form holds values Done has not saved asks
    first; so does Escape, which leaves the form as Cancel does. A form opened by keyboard
    puts the caret after its text."""
    open_app(browser, server, "tasks")
    wait_title(browser, "Tasks")
    first = row_texts(browser)[0]
    tap(browser, first)
    wait_title(browser, first)
    field = control(browser, "Name")
    wait(browser, lambda d: d.switch_to.active_element == field)
    assert browser.execute_script(
        "var a = document.activeElement; return a.selectionStart === a.value.length")
    field.send_keys(" (typed)")
    wait(browser, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .bar[data-unsaved]"))
    # WebDriver accepts a leaving page's question itself: the page's answer to the event the
    # browser sends before it unloads is checked instead.
    assert asks_before_unloading(browser)
    control(browser, "Name").send_keys(Keys.ESCAPE)
    alert = wait(browser, open_alert)
    assert alert.text == "Discard the changes on this screen?"
    alert.accept()
    wait_title(browser, "Tasks")
    assert first + " (typed)" not in row_texts(browser)
    # With nothing unsaved, the page is left without a question.
    assert not browser.find_elements(By.CSS_SELECTOR, ".bar[data-unsaved]")
    assert not asks_before_unloading(browser)


def test_escape_from_the_page_goes_back_and_focus_returns_to_the_row(browser, server):
    """Escape leaves a screen wherever the focus is, the page's body included, and the row
    that opened the screen has the focus again, as iOS returns to it."""
    open_app(browser, server, "tasks")
    wait_title(browser, "Tasks")
    second = row_texts(browser)[1]
    tap(browser, second)
    wait_title(browser, second)
    tap(browser, "Steps")
    wait_title(browser, "Steps")
    browser.execute_script("document.activeElement.blur()")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait_title(browser, second)
    steps = row(browser, "Steps").find_element(By.CSS_SELECTOR, ".select")
    wait(browser, lambda d: d.switch_to.active_element == steps)
    browser.execute_script("document.activeElement.blur()")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait_title(browser, "Tasks")
    opener = row(browser, second).find_element(By.CSS_SELECTOR, ".select")
    wait(browser, lambda d: d.switch_to.active_element == opener)


def test_a_rows_move_button_keeps_the_focus(browser, server):
    open_app(browser, server, "tasks")
    wait_title(browser, "Tasks")
    press(browser, "edit")
    first = row_texts(browser)[0]
    down = wait(browser, lambda d: row(d, first).find_element(By.CSS_SELECTOR, ".move-down"))
    down.send_keys(Keys.ENTER)
    wait(browser, lambda d: row_texts(d)[1] == first)
    # Enter again moves it again, rather than opening it.
    wait(browser, lambda d: "move-down" in d.switch_to.active_element.get_attribute("class"))
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait(browser, lambda d: row_texts(d)[2] == first)
    assert title(browser) == "Tasks"
    # At the end, where no ↓ is offered, its ↑ has the focus.
    while row_texts(browser)[-1] != first:
        before = row_texts(browser).index(first)
        browser.switch_to.active_element.send_keys(Keys.ENTER)
        wait(browser, lambda d: row_texts(d).index(first) == before + 1)
    wait(browser, lambda d: "move-up" in d.switch_to.active_element.get_attribute("class"))


def asks_before_unloading(driver):
    return driver.execute_script(
        "var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
        "return e.defaultPrevented;")


def test_the_browsers_back_closes_the_detail_pane_of_a_wide_window(desktop, server):
    """In a wide window an item opens beside the list: Back closes it, asking first when it
    was typed in. A page loaded again starts at its list, and Back then leaves it."""
    open_app(desktop, server, "tasks")
    wait_title(desktop, "Tasks")
    first = row_texts(desktop)[0]
    tap(desktop, first)
    wait_title(desktop, first, pane="detail")
    control(desktop, "Name", pane="detail").send_keys(Keys.END, " (typed)")
    desktop.back()
    wait(desktop, open_alert).dismiss()
    time.sleep(0.5)
    assert title(desktop, pane="detail") == first
    desktop.back()
    wait(desktop, open_alert).accept()
    wait(desktop, lambda d: not d.find_elements(By.CSS_SELECTOR, ".pane-detail"))
    assert desktop.current_url.endswith("/apps/tasks")
    assert first + " (typed)" not in row_texts(desktop)
    # Loaded again with an item open, the page shows its list; no Back is lost to it.
    tap(desktop, first)
    wait_title(desktop, first, pane="detail")
    desktop.refresh()
    wait(desktop, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true")
    wait_title(desktop, "Tasks")
    desktop.back()
    wait(desktop, lambda d: not d.current_url.endswith("/apps/tasks"))


def test_another_row_of_a_wide_windows_list_asks_before_losing_typing(desktop, server):
    """In a wide window, a row of the list (or Add) replaces the item open beside it: typed
    in, it asks first, as Back does, and staying keeps the typing."""
    open_app(desktop, server, "tasks")
    wait_title(desktop, "Tasks")
    first, second = row_texts(desktop)[0], row_texts(desktop)[1]
    tap(desktop, first)
    wait_title(desktop, first, pane="detail")
    control(desktop, "Name", pane="detail").send_keys(Keys.END, " (typed)")
    wait(desktop, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".pane-detail > .screen:last-child .bar[data-unsaved]"))
    tap(desktop, second)
    alert = wait(desktop, open_alert)
    assert alert.text == "Discard the changes on this screen?"
    alert.dismiss()
    time.sleep(0.5)
    assert title(desktop, pane="detail") == first
    assert control(desktop, "Name", pane="detail").get_attribute("value") == first + " (typed)"
    tap(desktop, second)
    wait(desktop, open_alert).accept()
    wait_title(desktop, second, pane="detail")
    assert first + " (typed)" not in row_texts(desktop)


def test_the_row_open_beside_the_list_is_marked(desktop, server):
    """In a wide window the list marks the row whose screen the detail pane shows, as a split
    view's list keeps its row selected; the mark follows the next row opened, stays while the
    row is drawn again, and goes when the detail closes or a screen covers both panes."""
    def marked(d):
        return d.execute_script(
            "return Array.from(document.querySelectorAll('.pane-top .row.open-beside'))"
            ".map(function (r) { return r.querySelector('.text').textContent; })")
    open_app(desktop, server, "tasks")
    wait_title(desktop, "Tasks")
    first, second = row_texts(desktop)[0], row_texts(desktop)[1]
    assert marked(desktop) == []
    tap(desktop, first)
    wait_title(desktop, first, pane="detail")
    wait(desktop, lambda d: marked(d) == [first])
    assert row(desktop, first).get_attribute("aria-current") == "true"
    tap(desktop, second)
    wait_title(desktop, second, pane="detail")
    wait(desktop, lambda d: marked(d) == [second])
    # Renamed in the detail, the row is drawn again, and stays marked.
    type_into(desktop, "Name", second + " (renamed)", pane="detail")
    press(desktop, "done", pane="detail")
    wait(desktop, lambda d: not d.find_elements(By.CSS_SELECTOR, ".pane-detail .screen"))
    wait(desktop, lambda d: marked(d) == [])
    tap(desktop, first)
    wait_title(desktop, first, pane="detail")
    wait(desktop, lambda d: marked(d) == [first])
    screenshot(desktop, "tasks-open-beside")
    # Add opens the new item over both panes: nothing beside the list is marked meanwhile.
    press(desktop, "add")
    wait(desktop, lambda d: title(d) != "Tasks")
    wait(desktop, lambda d: marked(d) == [])


def test_the_browsers_back_steps_back_through_a_screen_opened_from_the_detail_pane(desktop, server):
    """A screen opened from the detail pane covers the list too, and takes an entry of the
    page's history of its own: Back closes it, then the detail pane, and only then leaves."""
    open_app(desktop, server, "tasks")
    wait_title(desktop, "Tasks")
    first = row_texts(desktop)[0]
    tap(desktop, first)
    wait_title(desktop, first, pane="detail")
    tap(desktop, "Category", pane="detail")
    wait_title(desktop, "Category")
    assert not desktop.find_elements(By.CSS_SELECTOR, ".pane-detail")
    desktop.back()
    wait_title(desktop, first, pane="detail")
    wait_title(desktop, "Tasks")
    desktop.back()
    wait(desktop, lambda d: not d.find_elements(By.CSS_SELECTOR, ".pane-detail"))
    assert desktop.current_url.endswith("/apps/tasks")
    wait_title(desktop, "Tasks")


def test_leaving_right_after_a_screen_closes_stays_where_it_went(browser, server):
    """A screen the app closes (Cancel, Done) does not move the page's history: a page opened
    right after stays open, not taken back to the app it left."""
    open_app(browser, server, "tasks")
    first = row_texts(browser)[0]
    for _ in range(3):
        tap(browser, first)
        wait_title(browser, first)
        # Cancel's answer and the next page race, as a person's quick click would.
        press(browser, "cancel")
        open_app(browser, server, "categories")
        time.sleep(0.5)
        assert browser.current_url.endswith("/apps/categories")
        open_app(browser, server, "tasks")
