"""The Looks app: header views and heights, UIKit's value2 and default rows, a tinted switch,
`willDisplay` for rows scrolled into view, and an image uploaded from a real file."""
import base64
import struct
import zlib

from selenium.webdriver.common.by import By

from conftest import screenshot
from helpers import open_app, row, tap, updates, wait, wait_title

ORANGE = "rgb(255, 128, 0)"
TINT = "rgb(10, 99, 214)"  # the page's own tint, light scheme


def css(driver, element, prop):
    return driver.execute_script(
        "return getComputedStyle(arguments[0]).getPropertyValue(arguments[1]).trim();",
        element, prop)


def section(driver, ident):
    return driver.find_element(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .tsection[data-id='%s']" % ident)


def loaded(driver, image):
    return driver.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0;", image)


def open_looks(driver, server):
    open_app(driver, server, "looks")
    wait_title(driver, "Looks")


def png(width, height, rgb):
    """A real PNG file's bytes: `width` × `height` pixels of colour `rgb`."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    pixels = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels))
            + chunk(b"IEND", b""))


def test_header_views_and_heights(browser, server):
    open_looks(browser, server)
    # The theme names the first section's header view and its height.
    header = section(browser, "banner").find_element(By.CSS_SELECTOR, ".section-header")
    image = header.find_element(By.CSS_SELECTOR, "img.header-view")
    wait(browser, lambda d: loaded(d, image))
    assert image.get_attribute("alt") == "Header view"
    assert image.get_attribute("src").endswith("/images/looks_banner")
    assert header.size["height"] == 66
    assert image.size["height"] > 40  # the picture fills the header, not a text line
    footer = section(browser, "banner").find_element(By.CSS_SELECTOR, ".section-footer")
    assert footer.text == "The header is an image the theme names."
    # The second section sets its own view and heights.
    styles = section(browser, "styles")
    ribbon = styles.find_element(By.CSS_SELECTOR, ".section-header img.header-view")
    wait(browser, lambda d: loaded(d, ribbon))
    assert ribbon.get_attribute("src").endswith("/images/looks_ribbon")
    assert styles.find_element(By.CSS_SELECTOR, ".section-header").size["height"] == 44
    assert styles.find_element(By.CSS_SELECTOR, ".section-footer").size["height"] == 44
    # A plain title stays a plain header.
    plain = section(browser, "controls").find_element(By.CSS_SELECTOR, ".section-header")
    assert plain.text.upper() == "TINTED CONTROLS" and not plain.find_elements(By.TAG_NAME, "img")
    screenshot(browser, "looks-headers")


def test_value2_and_default_rows(browser, server):
    open_looks(browser, server)
    titles, details = [], []
    for text, value in (("email", "ada@example.com"), ("phone", "+44 20 7946 0000")):
        cells = row(browser, text)
        title = cells.find_element(By.CSS_SELECTOR, ".value2-title")
        detail = cells.find_element(By.CSS_SELECTOR, ".value2-detail")
        assert detail.text == value
        titles.append(title)
        details.append(detail)
        # A small tinted title, right-aligned; the detail left-aligned right after it.
        assert css(browser, title, "text-align") == "right"
        assert css(browser, title, "color") == TINT
        assert css(browser, detail, "text-align") == "left"
        assert float(css(browser, title, "font-size")[:-2]) < float(css(browser, detail, "font-size")[:-2])
        gap = detail.rect["x"] - (title.rect["x"] + title.rect["width"])
        assert 0 <= gap <= 16, gap
    # The titles are one column: their right edges line up, and so do the details.
    edges = [t.rect["x"] + t.rect["width"] for t in titles]
    assert abs(edges[0] - edges[1]) < 1
    assert abs(details[0].rect["x"] - details[1].rect["x"]) < 1
    # UIKit's default style: the image and the title, no detail.
    plain = row(browser, "Default")
    assert plain.find_elements(By.CSS_SELECTOR, "img.row-image")
    assert not plain.find_elements(By.CSS_SELECTOR, ".detail, .value2-detail, .subtitle")
    assert "not shown" not in plain.text
    screenshot(browser, "looks-cell-styles")


def test_a_tinted_switch(browser, server):
    open_looks(browser, server)

    def switch(d):
        return row(d, "Notify").find_element(By.CSS_SELECTOR, "input.switch")

    assert switch(browser).is_selected()
    assert css(browser, switch(browser), "background-color") == ORANGE
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", switch(browser))
    screenshot(browser, "looks-tinted-switch")
    before = updates(browser)
    switch(browser).click()
    wait(browser, lambda d: updates(d) > before and not switch(d).is_selected())
    assert css(browser, switch(browser), "background-color") != ORANGE
    before = updates(browser)
    switch(browser).click()
    wait(browser, lambda d: updates(d) > before and switch(d).is_selected())
    assert css(browser, switch(browser), "background-color") == ORANGE


def shown_number(driver, text):
    """The number `willDisplay` gave row `text`: its place in the order rows were shown."""
    detail = row(driver, text).find_element(By.CSS_SELECTOR, ".detail").text
    assert detail.startswith("shown #"), detail
    return int(detail.split("#")[1])


def test_will_display_numbers_rows_as_they_scroll_into_view(browser, server):
    open_looks(browser, server)
    rows = section(browser, "long").find_element(By.CSS_SELECTOR, ".rows")
    assert rows.get_attribute("data-virtual") is not None
    assert shown_number(browser, "Row 1") == 1
    drawn = len(rows.find_elements(By.CSS_SELECTOR, ".row"))
    assert drawn < 100
    # Far down the list: row 2,501 is numbered as it comes into view, after the first rows
    # and long before its 2,501st place.
    browser.execute_script(
        "var list = arguments[0];"
        "window.scrollTo(0, list.getBoundingClientRect().top + window.scrollY + 2500 * 44 - 200);",
        rows)
    number = wait(browser, lambda d: shown_number(d, "Row 2501"))
    assert drawn < number < drawn + 200, number
    screenshot(browser, "looks-will-display")
    # Further still, later numbers: each row is numbered when it is first shown.
    browser.execute_script(
        "var list = arguments[0];"
        "window.scrollTo(0, list.getBoundingClientRect().top + window.scrollY + 4000 * 44 - 200);",
        rows)
    later = wait(browser, lambda d: shown_number(d, "Row 4001"))
    assert number < later < number + 200, later


def test_an_image_upload(browser, server, tmp_path):
    picture = tmp_path / "red.png"
    data = png(8, 6, (220, 20, 20))
    picture.write_bytes(data)
    open_looks(browser, server)
    upload = row(browser, "Photo").find_element(By.CSS_SELECTOR, "input.upload")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", upload)
    assert not row(browser, "Photo").find_elements(By.CSS_SELECTOR, "img.thumbnail")
    upload.send_keys(str(picture))

    def thumbnail(d):
        images = row(d, "Photo").find_elements(By.CSS_SELECTOR, "img.thumbnail")
        return images[0] if images and loaded(d, images[0]) else False

    image = wait(browser, thumbnail)
    source = image.get_attribute("src")
    assert source.startswith("data:image/png;base64,")
    assert base64.b64decode(source.split(",", 1)[1]) == data
    assert browser.execute_script("return arguments[0].naturalWidth;", image) == 8
    # The row's value is the picture: its path field shows the same address.
    field = row(browser, "Photo").find_element(By.CSS_SELECTOR, "input.control")
    assert field.get_attribute("value") == source
    screenshot(browser, "looks-upload")


def test_controls_follow_the_themes_layout_and_a_fixed_text_view_keeps_its_height(browser, server):
    open_looks(browser, server)
    # controlIndentation 150 and controlMargin 20: every control starts 150 points from the
    # row's edge plus the margin after the text, so the controls line up.
    starts = []
    for text in ("Volume", "Nickname"):
        cells = row(browser, text)
        control = cells.find_element(By.CSS_SELECTOR, ".control")
        starts.append(control.rect["x"] - cells.rect["x"])
    assert abs(starts[0] - starts[1]) < 1, starts
    assert abs(starts[0] - 170) < 2, starts
    # The notes' text view keeps its height however long its text grows.
    notes = row(browser, "Notes").find_element(By.CSS_SELECTOR, "textarea")
    assert notes.get_attribute("data-fixed") is not None
    height = notes.size["height"]
    browser.execute_script(
        "arguments[0].value = 'A long line of notes. '.repeat(40);"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", notes)
    assert notes.size["height"] == height
    screenshot(browser, "looks-layout")


def test_an_upload_that_is_no_picture_is_refused_and_says_why(browser, server, tmp_path):
    open_looks(browser, server)
    upload = row(browser, "Photo").find_element(By.CSS_SELECTOR, "input.upload")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", upload)
    # A file of another kind, chosen with the dialog's "All files": the page says so and
    # sends nothing.
    report = tmp_path / "report.pdf"
    report.write_bytes(b"%PDF-1.7 not a picture")
    upload.send_keys(str(report))
    wait(browser, lambda d: "report.pdf is not one" in d.find_element(By.ID, "trellis-status").text)
    assert not row(browser, "Photo").find_elements(By.CSS_SELECTOR, "img.thumbnail")
    # Bytes named as a PNG reach the server, which reads them and refuses them at the row.
    fake = tmp_path / "fake.png"
    fake.write_bytes(b"%PDF-1.7 not a picture")
    upload = row(browser, "Photo").find_element(By.CSS_SELECTOR, "input.upload")
    upload.send_keys(str(fake))
    wait(browser, lambda d: "named PNG but is not one" in row(d, "Photo").text
         or "named PNG but is not one" in d.find_element(By.ID, "trellis-status").text)
    assert not row(browser, "Photo").find_elements(By.CSS_SELECTOR, "img.thumbnail")
    field = row(browser, "Photo").find_element(By.CSS_SELECTOR, "input.control")
    assert not field.get_attribute("value").startswith("data:")
    screenshot(browser, "looks-upload-refused")


def test_new_and_load_more_rows_are_tinted(browser, server):
    """A list's "New …" and "Load more…" rows are drawn in the tint, as UIKit's insert rows
    are, not in the text colour of the items above them."""
    open_app(browser, server, "shapes")
    tap(browser, "Add and load more")
    wait_title(browser, "Add and load more")
    screen = ".pane-top > .screen:last-child "
    adds = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, screen + "button.add-item"))
    more = browser.find_element(By.CSS_SELECTOR, screen + "button.load-more")
    item = browser.find_element(By.CSS_SELECTOR, screen + ".row[data-kind='plain'] .cell")
    assert css(browser, adds, "color") == TINT
    assert css(browser, more, "color") == TINT
    assert css(browser, item, "color") != TINT
