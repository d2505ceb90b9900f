"""Categories as an entity: chosen in a task's form, made in place, listing their tasks, and
deleted by each delete rule the demo can run with."""
import pytest
from selenium.webdriver.common.by import By

from conftest import screenshot, start_demo, stop_demo
from helpers import (bar_button, open_app, press, row, row_texts, tap, title, type_into,
                     wait, wait_title)


def footer(driver):
    return driver.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .section-footer").text


def detail(driver, text):
    return row(driver, text).find_element(By.CSS_SELECTOR, ".detail").text


def test_a_category_is_chosen_made_in_place_and_lists_its_tasks(browser, server):
    open_app(browser, server, "tasks")
    tap(browser, "Write the report")
    wait_title(browser, "Write the report")
    assert detail(browser, "Category") == "Work"
    tap(browser, "Category")
    wait_title(browser, "Category")
    assert row_texts(browser)[:3] == ["Home", "Work", "Other"]
    press(browser, "add")
    wait_title(browser, "New Category")
    type_into(browser, "Name", "Errands")
    press(browser, "done")
    wait_title(browser, "Category")
    wait(browser, lambda d: "Errands" in row_texts(d))
    assert row(browser, "Errands").find_elements(By.CSS_SELECTOR, ".check")
    screenshot(browser, "desktop-category-made-in-place")
    press(browser, "back")
    wait_title(browser, "Write the report")
    wait(browser, lambda d: detail(d, "Category") == "Errands")
    press(browser, "done")
    wait_title(browser, "Tasks")
    # The category's own screen lists the task.
    open_app(browser, server, "categories")
    wait(browser, lambda d: "Errands" in row_texts(d))
    tap(browser, "Errands")
    wait_title(browser, "Errands")
    assert detail(browser, "Tasks") == "1"
    tap(browser, "Tasks")
    wait_title(browser, "Tasks")
    wait(browser, lambda d: row_texts(d) == ["Write the report"])
    screenshot(browser, "desktop-category-tasks")


EXPECTED = {
    # rule: (what the footer says, the tasks left, the category is gone, the report's category)
    "nullify": ("leaves its tasks without one", 3, True, ""),
    "cascade": ("deletes its tasks too", 2, True, None),
    "deny": ("cannot be deleted", 3, False, "Work"),
    "noAction": ("leaves its tasks as they are", 3, True, ""),
}


@pytest.fixture(params=sorted(EXPECTED))
def ruled(request):
    process, details = start_demo("--category-delete-rule", request.param)
    yield request.param, details
    stop_demo(process)


def test_deleting_a_category_follows_its_rule(browser, ruled):
    rule, server = ruled
    says, tasks_left, gone, report_category = EXPECTED[rule]
    open_app(browser, server, "categories")
    wait(browser, lambda d: "Work" in row_texts(d))
    assert says in footer(browser)
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    row(browser, "Work").find_element(By.CSS_SELECTOR, ".row-delete").click()
    if gone:
        wait(browser, lambda d: "Work" not in row_texts(d))
    else:
        notice = wait(browser, lambda d: d.find_element(
            By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice").text)
        assert "deny" in notice and "nothing was deleted" in notice
        assert "Work" in row_texts(browser)
    screenshot(browser, "desktop-categories-delete-" + rule)
    open_app(browser, server, "tasks")
    wait(browser, lambda d: len(row_texts(d)) == tasks_left)
    if report_category is None:
        assert "Write the report" not in row_texts(browser)
    else:
        tap(browser, "Write the report")
        wait_title(browser, "Write the report")
        shown = row(browser, "Category").find_elements(By.CSS_SELECTOR, ".detail")
        assert (shown[0].text if shown else "") == report_category
