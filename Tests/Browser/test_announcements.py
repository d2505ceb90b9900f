"""What a screen reader hears: one polite live region says what changed out of sight of the
focus (search results, a game's turn, a validation message once), and names leave out what
is only drawn."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (ax_node, bar_button, control, focus, open_app, row, send_keys, spoken, tap, wait,
                     wait_title)

RECORD_LIVE = """
window.__live = [];
new MutationObserver(function (changes) {
  changes.forEach(function (change) {
    var node = change.target.nodeType === 3 ? change.target.parentElement : change.target;
    var region = node.closest && node.closest('[aria-live], [role=status], [role=alert], [role=log]');
    Array.prototype.forEach.call(change.addedNodes, function (added) {
      if (added.nodeType === 1 && added.matches('[aria-live], [role=status], [role=alert], [role=log]'))
        region = added;
      if (added.nodeType === 1 && added.querySelector('[role=alert]')) region = added.querySelector('[role=alert]');
    });
    if (region && region.textContent.trim()) window.__live.push(region.textContent.trim());
  });
}).observe(document.body, { subtree: true, childList: true, characterData: true });
"""


def said(driver):
    return driver.execute_script("return window.__live")


def test_search_results_are_counted_once_typing_stops(browser, server):
    open_app(browser, server, "contacts")
    field = browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .search-field")
    focus(browser, field)
    send_keys(browser, "Grace")
    wait(browser, lambda d: spoken(d).endswith("results") or spoken(d) == "1 result")
    count = len(browser.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row[data-row]"))
    assert spoken(browser) == ("1 result" if count == 1 else "%d results" % count)
    send_keys(browser, "zzzz")
    wait(browser, lambda d: "No results" in spoken(d))
    # The words are for a screen reader: the region is out of sight.
    assert browser.find_element(By.ID, "trellis-status").get_attribute("data-quiet") == "true"


def test_a_go_fish_turn_is_said(browser, server):
    open_app(browser, server, "gofish")
    play = row(browser, "Play a turn").find_element(By.CSS_SELECTOR, ".select")
    focus(browser, play)
    send_keys(browser, Keys.ENTER)
    wait(browser, lambda d: "asked" in spoken(d))


def test_a_validation_message_is_said_once_not_at_each_keystroke(browser, server):
    open_app(browser, server, "settings")
    field = wait(browser, lambda d: d.find_element(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child input.control[data-type=number]:not([type=range])"))
    label = browser.execute_script(
        "return arguments[0].closest('.row').querySelector('.text').textContent", field)
    browser.execute_script(RECORD_LIVE)
    focus(browser, field)
    send_keys(browser, Keys.END, "x")
    message = wait(browser, lambda d: row(d, label).find_elements(By.CSS_SELECTOR, ".validation"))[0]
    wait(browser, lambda d: any("not a number" in text for text in said(d)))
    for letter in "yz":
        count = int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-updates"))
        send_keys(browser, letter)
        wait(browser, lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-updates")) > count)
        wait(browser, lambda d: letter + "\" is not" in row(d, label).find_element(By.CSS_SELECTOR, ".validation").text)
    # Said once, when it appeared; the message under the field follows the typing quietly.
    assert len([text for text in said(browser) if "not a number" in text]) == 1
    message = row(browser, label).find_element(By.CSS_SELECTOR, ".validation")
    assert message.get_attribute("role") is None
    assert control(browser, label).get_attribute("aria-describedby") == message.get_attribute("id")
    send_keys(browser, Keys.BACKSPACE, Keys.BACKSPACE, Keys.BACKSPACE, Keys.ENTER)
    wait(browser, lambda d: not row(d, label).find_elements(By.CSS_SELECTOR, ".validation"))


def accessible_name(driver, element):
    """The name Chromium's accessibility tree gives `element`."""
    node = ax_node(driver, element)
    return None if node.get("ignored") or "name" not in node else node["name"]["value"]


def test_drawn_marks_are_left_out_of_names(browser, server):
    open_app(browser, server, "tasks")
    tap(browser, "Water the plants")
    wait_title(browser, "Water the plants")
    tap(browser, "Steps")
    wait_title(browser, "Steps")
    back = bar_button(browser, "back")
    assert "‹" not in accessible_name(browser, back)
    open_app(browser, server, "gofish")
    toggle = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .section-toggle"))
    assert "▾" not in accessible_name(browser, toggle)


def test_a_slider_value_is_said_by_the_slider_alone(browser, server):
    open_app(browser, server, "settings")
    output = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .slider-value"))
    # An <output> is a live region: shown beside the slider, it is hidden from screen readers,
    # which hear the value from the slider itself.
    assert output.get_attribute("aria-hidden") == "true"
