"""Themes on the page: seed 000's week days, styled by its Theme.sct."""
from selenium.webdriver.common.by import By

from conftest import screenshot
from helpers import delete_row, open_app, press, row_texts, tap, title, wait, wait_title

CYAN = "rgb(0, 255, 255)"
ORANGE = "rgb(255, 128, 0)"
RED = "rgb(255, 0, 0)"
GREEN = "rgb(0, 255, 0)"


def computed(driver, selector, prop):
    """The computed `prop` of every element `selector` matches on the top pane's screen."""
    return driver.execute_script(
        "var prop = arguments[1];"
        "return Array.from(document.querySelectorAll("
        "'.pane-top > .screen:last-child ' + arguments[0]))"
        ".map(function (e) { return getComputedStyle(e).getPropertyValue(prop).trim(); });",
        selector, prop)


def contrast(first, second):
    """WCAG 2's contrast ratio of two opaque `rgb(...)` colours."""
    def luminance(color):
        channels = [int(part) / 255 for part in color[color.index("(") + 1:color.index(")")].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted([luminance(first), luminance(second)], reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def screen_background(driver):
    return driver.execute_script(
        "return getComputedStyle(document.querySelector('.pane-top > .screen:last-child'))"
        ".backgroundColor")


def test_the_theme_styles_rows_table_bar_and_detail_screens(browser, server):
    open_app(browser, server, "theme")
    wait_title(browser, "Theme App")
    assert row_texts(browser) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    # Odd rows CyanCell, even rows OrangeCell, and the second row RedCell through willStyle.
    backgrounds = computed(browser, ".row", "background-color")
    assert backgrounds == [CYAN, RED, CYAN, ORANGE, CYAN, ORANGE, CYAN]
    fonts = computed(browser, ".row", "font-family")
    assert all("Chalkduster" in font for font in fonts)
    assert all(size == "14px" for size in computed(browser, ".row", "font-size"))
    # The table is green; the bar's buttons take the navigation bar's orange tint.
    assert screen_background(browser) == GREEN
    assert set(computed(browser, ".bar .bar-button", "color")) == {ORANGE}
    # On the theme's green, the section header and the rows' chevrons are readable (WCAG AA
    # for large text), and the green fills the window below the last row.
    for color in computed(browser, ".section-header", "color"):
        assert contrast(color, GREEN) >= 3, color
    for accessory, background in zip(computed(browser, ".row .accessory", "color"),
                                     computed(browser, ".row", "background-color")):
        assert contrast(accessory, background) >= 3, (accessory, background)
    height = browser.execute_script(
        "return document.querySelector('.pane-top > .screen:last-child').getBoundingClientRect().height")
    assert height >= browser.execute_script("return window.innerHeight") - 1
    screenshot(browser, "desktop-theme")

    # A generated detail screen takes the same theme: its rows alternate too.
    tap(browser, "Wed")
    wait(browser, lambda d: title(d) not in ("", "Theme App"))
    wait(browser, lambda d: computed(d, ".row", "background-color")[:1] == [CYAN])
    assert screen_background(browser) == GREEN
    screenshot(browser, "desktop-theme-detail")

    # Styles follow the rows live: deleting Mon shifts the alternation (Tue is now the first,
    # odd row), and the new second row, Wed, is red.
    press(browser, "cancel")
    wait_title(browser, "Theme App")
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    delete_row(browser)
    screenshot(browser, "desktop-theme-delete")
    wait(browser, lambda d: row_texts(d)[:1] == ["Tue"])
    wait(browser, lambda d: computed(d, ".row", "background-color")
         == [CYAN, RED, CYAN, ORANGE, CYAN, ORANGE])
