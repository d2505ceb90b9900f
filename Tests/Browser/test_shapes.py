"""Every seed editing shape, clicked: moves between lists, checkboxes, add, load more, filter."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot
from helpers import open_app, press, row, row_texts, tap, title, wait, wait_title


def sections(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.pane-top > .screen:last-child .tsection'))"
        ".map(function (s) { return Array.from(s.querySelectorAll('.row .text'))"
        ".map(function (t) { return t.textContent; }); });")


def test_a_row_moves_from_one_list_to_the_other(browser, server):
    open_app(browser, server, "shapes")
    tap(browser, "Two lists")
    wait_title(browser, "Two lists")
    before = sections(browser)
    last = before[0][-1]
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .move-down"))
    # Down past the end of the first list: to the start of the second.
    row(browser, last).find_element(By.CSS_SELECTOR, ".move-down").click()
    wait(browser, lambda d: sections(d)[1][:1] == [last])
    assert last not in sections(browser)[0]
    screenshot(browser, "desktop-shapes-two-lists")
    press(browser, "edit")


def test_checkboxes_and_radio_buttons(browser, server):
    open_app(browser, server, "shapes")
    tap(browser, "Choices")
    wait_title(browser, "Choices")

    def checked():
        return [r.find_element(By.CSS_SELECTOR, ".text").text for r in
                browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row")
                if r.find_elements(By.CSS_SELECTOR, ".accessory.check")]

    start = checked()
    tap(browser, "Olives")
    wait(browser, lambda d: "Olives" in checked())
    tap(browser, "Large")
    wait(browser, lambda d: "Large" in checked() and "Medium" not in checked())
    assert title(browser) == "Choices"
    assert set(checked()) - set(start) >= {"Olives", "Large"}
    screenshot(browser, "desktop-shapes-choices")


def test_load_more_add_and_a_filter(browser, server):
    open_app(browser, server, "shapes")
    tap(browser, "Add and load more")
    wait_title(browser, "Add and load more")
    count = len(row_texts(browser))
    browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .load-more").click()
    wait(browser, lambda d: len(row_texts(d)) == count + 20)
    browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .add-item").click()
    wait_title(browser, "New Chore")
    press(browser, "cancel")
    wait_title(browser, "Add and load more")
    press(browser, "back")
    tap(browser, "Filtered")
    wait_title(browser, "Filtered")
    # Every third chore is done: the predicate leaves them out.
    texts = row_texts(browser)
    assert len(texts) == 40
    assert "Chore 1" in texts and "Chore 3" not in texts and "Chore 60" not in texts


def test_a_custom_row_edits_through_its_tagged_controls(browser, server):
    open_app(browser, server, "shapes")
    tap(browser, "Custom row")
    wait_title(browser, "Custom row")
    author = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child [data-tag='1']")
    assert author.get_attribute("value") == "Ada"
    picture = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .cell.custom img")
    wait(browser, lambda d: picture.get_attribute("naturalWidth") not in (None, "0"))
    author.send_keys(Keys.CONTROL, "a")
    author.send_keys("Grace")
    author.send_keys(Keys.ENTER)
    # The plain row bound to the same key shows the new author.
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child "
                                             ".row:not(.k-custom) .control")[0].get_attribute("value") == "Grace")
    screenshot(browser, "desktop-shapes-custom-row")


def test_a_new_chore_is_filled_in_on_a_modal_sheet(browser, server):
    open_app(browser, server, "shapes")
    tap(browser, "Add and load more")
    wait_title(browser, "Add and load more")
    browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .add-item").click()
    wait_title(browser, "New Chore")
    sheet = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child")
    assert sheet.get_attribute("data-presentation") == "modal"
    assert sheet.get_attribute("role") == "dialog"
    # The list stays in view under the sheet, and cannot be used meanwhile.
    below = browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen")[-2]
    assert below.is_displayed()
    assert browser.execute_script("return arguments[0].inert", below)
    field = sheet.find_element(By.CSS_SELECTOR, ".control")
    field.send_keys("Sweep the stairs")
    field.send_keys(Keys.ENTER)
    screenshot(browser, "desktop-shapes-modal")
    press(browser, "done")
    wait_title(browser, "Add and load more")
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-presentation='modal']"))
    assert not browser.execute_script(
        "return document.querySelector('.pane-top > .screen:last-child').inert")
