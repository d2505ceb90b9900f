"""The other demo apps: Contacts search, a document saved to disk, a long list, Go Fish."""
import json
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot
from helpers import (control, open_app, press, row, row_texts, tap, title, type_into, updates, wait,
                     wait_title)


def section_headers(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.pane-top > .screen:last-child .section-header'))"
        ".map(function (h) { return h.textContent; })")


def index_titles(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.pane-top > .screen:last-child .section-index .index-entry'))"
        ".map(function (b) { return b.textContent; })")


def test_search_in_contacts(browser, server):
    open_app(browser, server, "contacts")
    # Grouped by the last name's first letter, in order ("#" last, as on iOS), with every
    # contact counted once.
    headers = section_headers(browser)
    assert index_titles(browser) == headers
    letters = [h for h in headers if h != "#"]
    assert len(letters) >= 10 and letters == sorted(letters)
    assert "#" not in headers or headers[-1] == "#"
    counts = browser.execute_script(
        "return Array.from(document.querySelectorAll('.pane-top > .screen:last-child .rows'))"
        ".map(function (r) { return parseInt(r.getAttribute('data-count'), 10); })")
    assert sum(counts) == 300
    field = browser.find_element(By.CSS_SELECTOR, ".search-field")
    field.send_keys("Grace")
    wait(browser, lambda d: row_texts(d) and all(t.startswith("Grace ") for t in row_texts(d)))
    # Groups left without a match disappear, from the table and from the section index.
    assert len(section_headers(browser)) < len(headers)
    wait(browser, lambda d: index_titles(d) == [h for h in section_headers(d)])
    screenshot(browser, "desktop-contacts-search")


def test_the_index_stops_a_section_below_the_bar(browser, server):
    open_app(browser, server, "contacts")
    entry = browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .index-entry")[5]
    letter = entry.text
    entry.click()
    # The section's header is shown just below the sticky bar, not under it.
    wait(browser, lambda d: d.execute_script(
        "var letter = arguments[0];"
        "var bar = document.querySelector('.pane-top > .screen:last-child .bar').getBoundingClientRect();"
        "var h = Array.from(document.querySelectorAll('.pane-top > .screen:last-child .section-header'))"
        ".filter(function (e) { return e.textContent === letter; })[0].getBoundingClientRect();"
        "return h.top >= bar.bottom - 1 && h.top <= bar.bottom + 24;", letter))


def test_a_row_that_moved_under_the_pointer_is_not_selected(browser, server):
    open_app(browser, server, "tasks")
    first, second = browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row .select")[:2]
    # Down on one row and up on another, as when a page of rows loads under a finger.
    browser.execute_script(
        "arguments[0].dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));"
        "arguments[1].click();", first, second)
    time.sleep(0.5)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen")) == 1
    # Down and up on the same row selects it.
    browser.execute_script(
        "arguments[0].dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));"
        "arguments[0].click();", second)
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen")) == 2)


def test_a_document_edit_is_saved_to_disk(browser, server):
    open_app(browser, server, "documents")
    type_into(browser, "Title", "Edited in the browser")
    press(browser, "done")
    wait(browser, lambda d: json.loads(server["document"].read_text()).get("title")
         == "Edited in the browser")
    saved = json.loads(server["document"].read_text())
    assert saved["pages"] == 12 and saved["draft"] is True
    # The form stays, as a root form does: the page says it saved, and nothing is left
    # unsaved to ask about.
    wait(browser, lambda d: d.find_element(By.ID, "trellis-status").text == "Saved.")
    assert not browser.find_elements(By.CSS_SELECTOR, ".bar[data-unsaved]")


def test_a_100000_row_list_scrolls(browser, server):
    open_app(browser, server, "numbers")
    rows = browser.find_elements(By.CSS_SELECTOR, ".rows[data-virtual] > .row")
    assert 0 < len(rows) < 300
    browser.execute_script("window.scrollTo(0, 44 * 50000)")
    wait(browser, lambda d: any(50000 <= int(e.get_attribute("data-i")) <= 50030 for e in
                                d.find_elements(By.CSS_SELECTOR, ".rows[data-virtual] > .row")))
    assert len(browser.find_elements(By.CSS_SELECTOR, ".rows[data-virtual] > .row")) < 400
    visible = browser.execute_script(
        "var e = document.elementFromPoint(200, 500); var r = e && e.closest('.row');"
        " return r && r.textContent")
    assert visible and visible.startswith("Number 5")
    screenshot(browser, "desktop-numbers-scrolled")
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    wait(browser, lambda d: d.find_elements(By.XPATH, "//*[contains(@class,'row')]//span[text()='Number 100000']"))


def test_go_fish_plays_a_turn(browser, server):
    open_app(browser, server, "gofish")
    before = row_texts(browser)
    count = updates(browser)
    tap(browser, "Play a turn")
    wait(browser, lambda d: updates(d) > count)
    wait(browser, lambda d: row_texts(d) != before)
    screenshot(browser, "desktop-gofish")


def test_screenshots_at_phone_width(phone, server):
    open_app(phone, server, "tasks")
    screenshot(phone, "phone-tasks")
    tap(phone, "Water the plants")
    wait_title(phone, "Water the plants")
    # The detail shows the task's values, not what the list had focused.
    wait(phone, lambda d: control(d, "Name").get_attribute("value") == "Water the plants")
    screenshot(phone, "phone-task-detail")
    open_app(phone, server, "settings")
    screenshot(phone, "phone-settings")
    phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    screenshot(phone, "phone-settings-dark")
    phone.get(server["url"] + "/")
    screenshot(phone, "phone-home-dark")


def test_master_detail_on_a_wide_window(desktop, server):
    open_app(desktop, server, "tasks")
    tap(desktop, "Write the report")
    wait(desktop, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-detail > .screen:last-child .title"))
    wait_title(desktop, "Write the report", pane="detail")
    assert title(desktop) == "Tasks"
    screenshot(desktop, "desktop-master-detail")
    type_into(desktop, "Name", "Write the report today", pane="detail")
    press(desktop, "done", pane="detail")
    wait(desktop, lambda d: not d.find_elements(By.CSS_SELECTOR, ".pane-detail"))
    row(desktop, "Write the report today")
    screenshot(desktop, "desktop-tasks")


def test_a_detail_opened_far_down_a_long_list_is_in_view(desktop, server):
    """On a wide window, the detail pane stays in view beside a list scrolled far down, and
    the list stays scrolled where the person left it."""
    open_app(desktop, server, "contacts")
    last = row_texts(desktop)[-1]
    tap(desktop, last)
    wait_title(desktop, last, pane="detail")
    scrolled = desktop.execute_script("return window.scrollY")
    assert scrolled > 1000
    box = desktop.execute_script(
        "var r = document.querySelector('.pane-detail > .screen:last-child .title')"
        ".getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight];")
    assert 0 <= box[0] and box[1] <= box[2], box
    screenshot(desktop, "desktop-detail-far-down")
    assert desktop.execute_script("return window.scrollY") == scrolled


def test_an_emptied_number_field_shows_why_and_keeps_the_number(browser, server):
    open_app(browser, server, "settings")
    type_into(browser, "Font Size", "18")
    field = control(browser, "Font Size")
    before = updates(browser)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys(Keys.ENTER)
    # The page sends null; the server answers with the row's message, never a protocol error.
    wait(browser, lambda d: updates(d) > before)
    wait(browser, lambda d: "Font Size needs a value" in row(d, "Font Size").text)
    # (The polite region may say the message to a screen reader, out of sight: no error.)
    assert not browser.find_elements(By.CSS_SELECTOR, ".status:not(:empty):not([data-quiet])")
    # The settings keep the number: a new page shows it.
    browser.refresh()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected") == "true")
    assert control(browser, "Font Size").get_attribute("value") == "18"


def test_no_demo_page_logs_a_console_error(browser, server):
    browser.get(server["url"] + "/")
    apps = [link.get_attribute("href").rsplit("/", 1)[-1] for link in
            browser.find_elements(By.CSS_SELECTOR, "a[href^='/apps/']")]
    assert {"tasks", "settings", "contacts", "documents", "gofish", "numbers", "theme"} <= set(apps)
    problems = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    for app in apps:
        open_app(browser, server, app)
        # Open the first row's screen too, where there is one, and come back.
        cells = browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child button.cell")
        if cells:
            cells[0].click()
            time.sleep(0.5)
        problems += [dict(entry, app=app) for entry in browser.get_log("browser")
                     if entry["level"] == "SEVERE"]
    assert problems == []
    icon = browser.execute_script(
        "return fetch('/favicon.ico').then(function (r) {"
        " return [r.status, r.headers.get('content-type')]; })")
    assert icon == [200, "image/svg+xml"]


def test_the_detail_disclosure_button_opens_a_contact(browser, server):
    open_app(browser, server, "contacts")
    first = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row")
    name = first.find_element(By.CSS_SELECTOR, ".text").text
    button = first.find_element(By.CSS_SELECTOR, ".accessory-button")
    assert button.get_attribute("aria-label") == "Details for " + name
    button.click()
    wait(browser, lambda d: title(d) not in ("", "Contacts"))
    values = [e.get_attribute("value") for e in
              browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .control")]
    assert any(v and v in name for v in values)
    screenshot(browser, "desktop-contact-accessory")


def section_rows(driver, header):
    return driver.execute_script(
        "var name = arguments[0];"
        "var h = Array.from(document.querySelectorAll('.pane-top > .screen:last-child .section-toggle'))"
        ".find(function (b) { return b.textContent === name; });"
        "return h ? h.closest('.tsection').querySelectorAll('.row').length : -1;", header)


def test_sections_collapse_and_expand_under_their_headers(browser, server):
    open_app(browser, server, "gofish")
    shown = section_rows(browser, "Opponents")
    assert shown > 0
    toggle = lambda: [b for b in browser.find_elements(By.CSS_SELECTOR, ".section-toggle")
                      if b.text.upper() == "OPPONENTS"][0]
    assert toggle().get_attribute("aria-expanded") == "true"
    toggle().click()
    wait(browser, lambda d: section_rows(d, "Opponents") == 0)
    assert toggle().get_attribute("aria-expanded") == "false"
    screenshot(browser, "desktop-gofish-collapsed")
    toggle().click()
    wait(browser, lambda d: section_rows(d, "Opponents") == shown)
    assert toggle().get_attribute("aria-expanded") == "true"


def test_an_expand_collapse_row_reveals_its_child_rows(browser, server):
    open_app(browser, server, "settings")
    names = ["Sensible TableView", "RCSTableKit", "RMSTableViews"]
    assert not set(names) & set(row_texts(browser))
    expander = lambda: row(browser, "Acknowledgements").find_element(By.CSS_SELECTOR, "button.cell")
    assert expander().get_attribute("aria-expanded") == "false"
    tap(browser, "Acknowledgements")
    wait(browser, lambda d: set(names) <= set(row_texts(d)))
    assert expander().get_attribute("aria-expanded") == "true"
    # The child rows follow the row that reveals them, in order.
    texts = row_texts(browser)
    start = texts.index("Acknowledgements")
    assert texts[start + 1:start + 4] == names
    browser.execute_script("arguments[0].scrollIntoView()", expander())
    screenshot(browser, "desktop-settings-expanded")
    tap(browser, "Acknowledgements")
    wait(browser, lambda d: not set(names) & set(row_texts(d)))
    assert expander().get_attribute("aria-expanded") == "false"


def test_go_fish_shows_card_faces(browser, server):
    open_app(browser, server, "gofish")
    wait(browser, lambda d: d.execute_script(
        "var images = document.querySelectorAll('.pane-top > .screen:last-child .row-image');"
        "return images.length > 0 && Array.from(images).every(function (i) {"
        " return i.complete && i.naturalWidth > 0; });"))
    sources = [i.get_attribute("src") for i in
               browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-image")]
    assert any("_of_" in s for s in sources) and any("backs_blue" in s for s in sources)
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_a_list_of_plain_values_in_a_document_is_edited(browser, server):
    open_app(browser, server, "documents")
    tap(browser, "Tags")
    wait_title(browser, "Tags")
    press(browser, "add")
    # Named for the list: a new tag, in a field titled Tag.
    wait_title(browser, "New Tag")
    type_into(browser, "Tag", "classic")
    press(browser, "done")
    wait_title(browser, "Tags")
    wait(browser, lambda d: "classic" in row_texts(d))
    press(browser, "back")
    # Back on the document (its bar has Done) before committing it.
    wait(browser, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child [data-ev='done']"))
    press(browser, "done")
    wait(browser, lambda d: json.loads(server["document"].read_text()).get("tags")
         == ["fiction", "classic"])


def test_a_document_another_program_reshaped_opens_in_its_new_shape(browser, server):
    """A key another program added, and a value it gave another type, show on a page opened
    after: an unrelated edit then saves. A file that no longer reads keeps the edit and never
    says Saved."""
    path = server["document"]
    original = path.read_text()
    try:
        reshaped = dict(json.loads(original), pages="three hundred", isbn="978-0")
        path.write_text(json.dumps(reshaped))
        time.sleep(1.5)  # the server looks at the file every second
        open_app(browser, server, "documents")
        wait(browser, lambda d: "Isbn" in row_texts(d))
        assert control(browser, "Pages").get_attribute("value") == "three hundred"
        type_into(browser, "Title", "Reshaped")
        press(browser, "done")
        wait(browser, lambda d: json.loads(path.read_text()).get("title") == "Reshaped")
        assert json.loads(path.read_text())["pages"] == "three hundred"
        status = browser.find_element(By.ID, "trellis-status")
        wait(browser, lambda d: status.text == "Saved.")
        wait(browser, lambda d: status.text == "", timeout=10)
        path.write_text('{"title": "broken", ')
        wait(browser, lambda d: "no longer reads" in d.find_element(
            By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice").text, timeout=10)
        type_into(browser, "Title", "Kept here")
        press(browser, "done")
        time.sleep(1)
        assert status.text != "Saved."
        assert path.read_text() == '{"title": "broken", '
    finally:
        path.write_text(original)
        time.sleep(1.5)


def test_the_section_index_leaves_the_rows_room(phone, server):
    """The A–Z index stands beside the rows, as a table view's does, never over them (their
    Delete buttons in edit mode)."""
    open_app(phone, server, "contacts")
    wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, ".section-index .index-entry"))
    index = phone.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .section-index")
    rows = phone.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .tsection .rows")
    left = index.rect["x"]
    assert rows and all(r.rect["x"] + r.rect["width"] <= left for r in rows[:3]), (
        left, [r.rect for r in rows[:3]])
