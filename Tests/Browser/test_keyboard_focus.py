"""Keyboard use: after every action the focus stays on something a screen reader can name (the
row acted on, its neighbour, the new row, the screen's title), never the page itself."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (active_row_text, bar_button, control, delete_row, focus, focus_is_lost, open_app, press, row,
                     row_texts, send_keys, spoken, title, wait, wait_title)


def shift_tab(driver):
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()


def add_task_by_keyboard(driver, name):
    """Adds a task with the keyboard alone: Add, its name, Done."""
    focus(driver, lambda d: bar_button(d, "add"))
    send_keys(driver, Keys.ENTER)
    wait_title(driver, "New Task")
    wait(driver, lambda d: d.switch_to.active_element == control(d, "Name"))
    send_keys(driver, name)
    wait(driver, lambda d: bar_button(d, "done").get_attribute("aria-disabled") != "true")
    focus(driver, lambda d: bar_button(d, "done"))
    send_keys(driver, Keys.ENTER)
    wait_title(driver, "Tasks")
    row(driver, name)


def select_button(driver, text, pane="top"):
    return row(driver, text, pane).find_element(By.CSS_SELECTOR, ".select")


def test_done_after_add_focuses_the_new_row_and_says_so(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb added task")
    wait(browser, lambda d: active_row_text(d) == "Kb added task")
    wait(browser, lambda d: "Kb added task added" in spoken(d))


def test_choosing_a_category_returns_the_focus_to_its_row(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb category task")
    focus(browser, lambda d: select_button(d, "Kb category task"))
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Kb category task")
    focus(browser, lambda d: select_button(d, "Category"))
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Category")
    choice = wait(browser, lambda d: [b for b in d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .row .select") if b.get_attribute("aria-pressed") != "true"
        and b.text.strip()])[0]
    chosen = choice.find_element(By.CSS_SELECTOR, ".text").text
    focus(browser, choice)
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Kb category task")
    wait(browser, lambda d: chosen in row(d, "Category").text)
    wait(browser, lambda d: active_row_text(d) == "Category")
    assert not focus_is_lost(browser)
    wait(browser, lambda d: "Category" in spoken(d) and chosen in spoken(d))


def test_done_after_an_edit_focuses_the_edited_row(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb edited task")
    focus(browser, lambda d: select_button(d, "Kb edited task"))
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Kb edited task")
    wait(browser, lambda d: d.switch_to.active_element == control(d, "Name"))
    send_keys(browser, " again")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .bar[data-unsaved]"))
    focus(browser, lambda d: bar_button(d, "done"))
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Tasks")
    wait(browser, lambda d: active_row_text(d) == "Kb edited task again")


def enter_edit_mode(driver):
    focus(driver, lambda d: bar_button(d, "edit"))
    send_keys(driver, Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))


def test_escape_on_a_delete_confirmation_returns_to_its_minus(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb escape task")
    enter_edit_mode(browser)
    minus = focus(browser, lambda d: row(d, "Kb escape task").find_element(By.CSS_SELECTOR, ".row-delete"))
    assert minus.get_attribute("aria-expanded") == "false"
    send_keys(browser, Keys.ENTER)
    confirm = row(browser, "Kb escape task").find_element(By.CSS_SELECTOR, ".row-delete-confirm")
    wait(browser, lambda d: d.switch_to.active_element == confirm)
    assert minus.get_attribute("aria-expanded") == "true"
    send_keys(browser, Keys.ESCAPE)
    wait(browser, lambda d: not confirm.is_displayed())
    wait(browser, lambda d: d.switch_to.active_element == minus)
    assert minus.get_attribute("aria-expanded") == "false"
    assert title(browser) == "Tasks"


def test_a_delete_by_keyboard_focuses_the_next_row_and_says_so(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb doomed task")
    add_task_by_keyboard(browser, "Kb surviving task")
    enter_edit_mode(browser)
    texts = row_texts(browser)
    doomed = texts.index("Kb doomed task")
    neighbour = texts[doomed + 1] if doomed + 1 < len(texts) else texts[doomed - 1]
    focus(browser, lambda d: row(d, "Kb doomed task").find_element(By.CSS_SELECTOR, ".row-delete"))
    send_keys(browser, Keys.ENTER)
    confirm = row(browser, "Kb doomed task").find_element(By.CSS_SELECTOR, ".row-delete-confirm")
    wait(browser, lambda d: d.switch_to.active_element == confirm)
    send_keys(browser, Keys.ENTER)
    wait(browser, lambda d: "Kb doomed task" not in row_texts(d))
    wait(browser, lambda d: active_row_text(d) == neighbour)
    wait(browser, lambda d: spoken(d) == "Kb doomed task deleted")


def test_a_move_keeps_its_button_and_says_the_position(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb moving task")
    enter_edit_mode(browser)
    # From the second last row, down twice: the last row has no ↓, so its ↑ takes the focus.
    texts = row_texts(browser)
    if texts.index("Kb moving task") != len(texts) - 2:
        target = len(texts) - 2
        while row_texts(browser).index("Kb moving task") < target:
            position = row_texts(browser).index("Kb moving task")
            row(browser, "Kb moving task").find_element(By.CSS_SELECTOR, ".move-down").click()
            wait(browser, lambda d: row_texts(d).index("Kb moving task") == position + 1)
        while row_texts(browser).index("Kb moving task") > target:
            position = row_texts(browser).index("Kb moving task")
            row(browser, "Kb moving task").find_element(By.CSS_SELECTOR, ".move-up").click()
            wait(browser, lambda d: row_texts(d).index("Kb moving task") == position - 1)
    count = len(row_texts(browser))
    focus(browser, lambda d: row(d, "Kb moving task").find_element(By.CSS_SELECTOR, ".move-down"))
    send_keys(browser, Keys.ENTER)
    wait(browser, lambda d: row_texts(d).index("Kb moving task") == count - 1)
    wait(browser, lambda d: spoken(d) == "Moved to position %d of %d" % (count, count))
    # At the end the row has no ↓: its ↑ has the focus, and says which way it goes.
    wait(browser, lambda d: d.switch_to.active_element.get_attribute("class") == "move-up")
    assert active_row_text(browser) == "Kb moving task"
    send_keys(browser, Keys.ENTER)
    wait(browser, lambda d: row_texts(d).index("Kb moving task") == count - 2)
    wait(browser, lambda d: spoken(d) == "Moved to position %d of %d" % (count - 1, count))
    assert active_class(browser) == "move-up"


def active_class(driver):
    return driver.switch_to.active_element.get_attribute("class")


def test_arrows_in_a_segmented_control_keep_the_focus_on_the_checked_segment(browser, server):
    open_app(browser, server, "settings")
    radios = lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .segment input")
    checked = wait(browser, lambda d: [r for r in radios(d) if r.is_selected()])[0]
    focus(browser, checked)

    def state(d):
        inputs = radios(d)
        values = [r.get_attribute("value") for r in inputs]
        on = [r.get_attribute("value") for r in inputs if r.is_selected()]
        active = d.switch_to.active_element
        return values, (on[0] if on else None), (active.get_attribute("value") if active in inputs else None)

    for key in (Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_RIGHT):
        values, before, _ = state(browser)
        count = int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-updates"))
        send_keys(browser, key)
        wait(browser, lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-updates")) > count)
        wait(browser, lambda d: state(d)[1] != before)
        # Let the server's redraw land, then the focus is where the check is.
        wait(browser, lambda d: state(d)[2] is not None and state(d)[2] == state(d)[1])


def test_done_stays_in_the_tab_order_and_leads_to_the_invalid_field(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb invalid task")
    focus(browser, lambda d: select_button(d, "Kb invalid task"))
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Kb invalid task")
    name = wait(browser, lambda d: d.switch_to.active_element == control(d, "Name") and control(d, "Name"))
    send_keys(browser, Keys.END)
    send_keys(browser, *[Keys.BACKSPACE] * len("Kb invalid task"))
    wait(browser, lambda d: control(d, "Name").get_attribute("aria-invalid") == "true")
    done = wait(browser, lambda d: bar_button(d, "done").get_attribute("aria-disabled") == "true"
                and bar_button(d, "done"))
    # Not `disabled`, which would take it out of the tab order.
    assert done.is_enabled()
    # The message is the field's description, not an alert drawn again at each keystroke.
    field = control(browser, "Name")
    message = row(browser, "Name").find_element(By.CSS_SELECTOR, ".validation")
    assert field.get_attribute("aria-describedby") == message.get_attribute("id")
    assert message.get_attribute("role") is None
    # Shift+Tab from the field reaches Done.
    focus(browser, field)
    for _ in range(12):
        if browser.switch_to.active_element == bar_button(browser, "done"):
            break
        shift_tab(browser)
    wait(browser, lambda d: d.switch_to.active_element == bar_button(d, "done"))
    send_keys(browser, Keys.ENTER)
    # Done refused: the field that keeps it from saving has the focus; the screen stays.
    wait(browser, lambda d: d.switch_to.active_element == control(d, "Name"))
    assert title(browser) == "Kb invalid task"
    send_keys(browser, "Kb valid again")
    wait(browser, lambda d: bar_button(d, "done").get_attribute("aria-disabled") is None)
    focus(browser, lambda d: bar_button(d, "done"))
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Tasks")
    wait(browser, lambda d: active_row_text(d) == "Kb valid again")


@pytest.mark.parametrize("closing", ["escape", "cancel"])
def test_closing_a_detail_beside_the_list_returns_to_its_row(desktop, server, closing):
    name = {"escape": "Kb wide task", "cancel": "Kb wide cancel"}[closing]
    open_app(desktop, server, "tasks")
    add_task_by_keyboard(desktop, name)
    focus(desktop, lambda d: select_button(d, name))
    send_keys(desktop, Keys.ENTER)
    wait_title(desktop, name, pane="detail")
    if closing == "escape":
        wait(desktop, lambda d: d.switch_to.active_element == control(d, "Name", pane="detail"))
        send_keys(desktop, Keys.ESCAPE)
    else:
        focus(desktop, lambda d: bar_button(d, "cancel", pane="detail"))
        send_keys(desktop, Keys.ENTER)
    wait(desktop, lambda d: not d.find_elements(By.CSS_SELECTOR, ".pane-detail > .screen"))
    wait(desktop, lambda d: active_row_text(d) == name)


def test_a_row_deleted_in_another_window_passes_the_focus_to_its_neighbour(browser, server):
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb remote doomed")
    add_task_by_keyboard(browser, "Kb remote neighbour")
    first = browser.current_window_handle
    focus(browser, lambda d: select_button(d, "Kb remote doomed"))
    browser.switch_to.new_window("tab")
    try:
        open_app(browser, server, "tasks")
        press(browser, "edit")
        delete_row(browser, "Kb remote doomed")
        wait(browser, lambda d: "Kb remote doomed" not in row_texts(d))
    finally:
        browser.close()
        browser.switch_to.window(first)
    wait(browser, lambda d: "Kb remote doomed" not in row_texts(d))
    wait(browser, lambda d: active_row_text(d) is not None)
    assert not focus_is_lost(browser)


def test_the_end_key_in_a_long_list_keeps_the_focus_in_the_list(browser, server):
    open_app(browser, server, "numbers")
    first = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .rows[data-virtual] .row"))[0]
    # Every row says its place in the whole list, not in the rows on the page.
    assert first.get_attribute("aria-posinset") == "1"
    assert int(first.get_attribute("aria-setsize")) == 100000
    focus(browser, first.find_element(By.CSS_SELECTOR, "button, input"))
    send_keys(browser, Keys.END)
    wait(browser, lambda d: d.find_elements(By.XPATH, "//*[contains(@class,'row')]//span[text()='Number 100000']"))
    wait(browser, lambda d: active_row_text(d) is not None)
    assert not focus_is_lost(browser)


def test_the_section_index_moves_the_focus_to_its_section(browser, server):
    open_app(browser, server, "contacts")
    entry = browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .index-entry")[5]
    letter = entry.text
    focus(browser, entry)
    send_keys(browser, Keys.ENTER)
    wait(browser, lambda d: d.switch_to.active_element.text == letter
         and d.switch_to.active_element.get_attribute("class").startswith("section-header"))
    send_keys(browser, Keys.TAB)
    wait(browser, lambda d: (active_row_text(d) or "") != "")
    section = browser.execute_script(
        "return document.activeElement.closest('.tsection').querySelector('.section-header').textContent")
    assert section == letter


def test_a_sheet_is_named_by_its_title_and_keeps_the_focus(browser, server):
    open_app(browser, server, "actions")
    focus(browser, lambda d: select_button(d, "Present a sheet"))
    send_keys(browser, Keys.ENTER)
    sheet = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".screen[data-presentation='modal']"))
    heading = sheet.find_element(By.CSS_SELECTOR, ".title")
    wait(browser, lambda d: sheet.get_attribute("aria-labelledby") == heading.get_attribute("id") and heading.get_attribute("id"))
    for _ in range(30):
        send_keys(browser, Keys.TAB)
        assert browser.execute_script(
            "return document.querySelector(\".screen[data-presentation='modal']\").contains(document.activeElement)")


def test_focus_rings_show_on_a_slider_and_on_the_red_delete_button(browser, server):
    open_app(browser, server, "settings")
    slider = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child input[type=range]"))
    # Reached by Tab from the control before it, so that the ring is the keyboard's.
    browser.execute_script(
        "var all = Array.from(document.querySelectorAll('.pane-top > .screen:last-child .control'));"
        "var i = all.indexOf(arguments[0]); (all[i - 1] || all[0]).focus();", slider)
    for _ in range(10):
        if browser.switch_to.active_element == slider:
            break
        send_keys(browser, Keys.TAB)
    assert browser.switch_to.active_element == slider
    style = browser.execute_script(
        "var s = getComputedStyle(arguments[0]); return [s.outlineStyle, parseFloat(s.outlineOffset)];", slider)
    # Drawn round the thumb's height, not inside the 4px track.
    assert style[0] == "solid" and style[1] >= 8
    open_app(browser, server, "tasks")
    add_task_by_keyboard(browser, "Kb ring task")
    enter_edit_mode(browser)
    focus(browser, lambda d: row(d, "Kb ring task").find_element(By.CSS_SELECTOR, ".row-delete"))
    send_keys(browser, Keys.ENTER)
    confirm = row(browser, "Kb ring task").find_element(By.CSS_SELECTOR, ".row-delete-confirm")
    wait(browser, lambda d: d.switch_to.active_element == confirm)
    ring = browser.execute_script(
        "var s = getComputedStyle(arguments[0]); return [s.outlineColor, s.boxShadow];", confirm)
    assert ring[0] == "rgb(255, 255, 255)" and "inset" in ring[1]
    send_keys(browser, Keys.ESCAPE)


def test_load_more_by_keyboard_focuses_the_first_row_it_loaded(browser, server):
    open_app(browser, server, "shapes")
    focus(browser, lambda d: select_button(d, "Add and load more"))
    send_keys(browser, Keys.ENTER)
    wait_title(browser, "Add and load more")
    count = len(row_texts(browser))
    focus(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .load-more"))
    send_keys(browser, Keys.ENTER)
    wait(browser, lambda d: len(row_texts(d)) == count + 20)
    # The rows loaded come before "Load more…": Tab goes on through them from the first.
    first = row_texts(browser)[browser.execute_script(
        "var rows = Array.from(document.querySelectorAll('.pane-top > .screen:last-child .row'));"
        "return rows.indexOf(rows.filter(function (r) { return r.classList.contains('arrived'); })[0]);")]
    wait(browser, lambda d: active_row_text(d) == first)
    wait(browser, lambda d: spoken(d) == "20 more rows")


def test_a_focused_row_shows_its_ring_clear_of_its_text(browser, server):
    open_app(browser, server, "tasks")
    first = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row .select"))[0]
    # Reached by keyboard: Shift+Tab back from the row below it, then Tab.
    focus(browser, first)
    send_keys(browser, Keys.TAB)
    shift_tab(browser)
    wait(browser, lambda d: d.switch_to.active_element == first)
    ring = browser.execute_script(
        "var button = arguments[0], row = button.closest('.row');"
        "var text = button.querySelector('.text').getBoundingClientRect();"
        "var r = getComputedStyle(row), b = getComputedStyle(button);"
        "return [r.outlineStyle, b.outlineStyle, text.left - row.getBoundingClientRect().left];", first)
    # The row's ring, inset 3px, leaves the 16px before the text clear; the button draws none.
    assert ring[0] == "solid" and ring[1] == "none" and ring[2] >= 10
