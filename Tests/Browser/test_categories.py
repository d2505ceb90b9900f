"""Categories as an entity: chosen in a task's form, made in place, listing their tasks, and
deleted by each delete rule the demo can run with."""
import pytest
from selenium.webdriver.common.by import By

from conftest import screenshot, start_demo, stop_demo
from helpers import (bar_button, delete_row, open_app, press, row, row_texts, tap, title, type_into,
                     wait, wait_title)


@pytest.fixture(scope="module")
def fresh():
    """A demo of its own: the shared one's sample tasks are renamed by other tests."""
    process, details = start_demo()
    yield details
    stop_demo(process)


def footers(driver):
    return [f.text for f in driver.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .section-footer")]


def detail(driver, text):
    return row(driver, text).find_element(By.CSS_SELECTOR, ".detail").text


def test_a_category_is_chosen_made_in_place_and_lists_its_tasks(browser, fresh):
    server = fresh
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
    # rule: (the footers say, the category and the tag are gone, the tasks left,
    #        the report's category, the plants' tags; None where the task is gone)
    "nullify": ("takes it off its tasks", True, ["Book the dentist", "Write the report",
                                                  "Water the plants"], "", ""),
    "cascade": ("deletes its tasks too", True, ["Book the dentist"], None, None),
    "deny": ("cannot be deleted", False, ["Book the dentist", "Write the report",
                                           "Water the plants"], "Work", "Quick"),
    "noAction": ("leaves its tasks as they are", True, ["Book the dentist", "Write the report",
                                                        "Water the plants"], "", ""),
}


@pytest.fixture(params=sorted(EXPECTED))
def ruled(request):
    process, details = start_demo("--category-delete-rule", request.param,
                                  "--tag-delete-rule", request.param)
    yield request.param, details
    stop_demo(process)


def delete_and_check(driver, text, gone):
    delete_row(driver, text)
    if gone:
        wait(driver, lambda d: text not in row_texts(d))
    else:
        notice = wait(driver, lambda d: d.find_element(
            By.CSS_SELECTOR, ".pane-top > .screen:last-child .notice").text)
        assert "deny" in notice and "nothing was deleted" in notice
        assert text in row_texts(driver)


def shown_detail(driver, text):
    shown = row(driver, text).find_elements(By.CSS_SELECTOR, ".detail")
    return shown[0].text if shown else ""


def test_deleting_a_category_or_a_tag_follows_its_rule(browser, ruled):
    rule, server = ruled
    says, gone, tasks_left, report_category, plants_tags = EXPECTED[rule]
    open_app(browser, server, "categories")
    wait(browser, lambda d: "Work" in row_texts(d) and "Quick" in row_texts(d))
    assert all(says in text for text in footers(browser))
    press(browser, "edit")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    delete_and_check(browser, "Work", gone)
    delete_and_check(browser, "Quick", gone)
    screenshot(browser, "desktop-categories-delete-" + rule)
    open_app(browser, server, "tasks")
    wait(browser, lambda d: sorted(row_texts(d)) == sorted(tasks_left))
    for task, field, expected in (("Write the report", "Category", report_category),
                                  ("Water the plants", "Tags", plants_tags)):
        if expected is None:
            continue
        tap(browser, task)
        wait_title(browser, task)
        assert shown_detail(browser, field) == expected
        press(browser, "cancel")
        wait_title(browser, "Tasks")


def test_tags_are_chosen_several_at_a_time_and_made_in_place(browser, fresh):
    server = fresh
    open_app(browser, server, "tasks")
    tap(browser, "Book the dentist")
    wait_title(browser, "Book the dentist")
    tap(browser, "Tags")
    wait_title(browser, "Tags")
    tap(browser, "Urgent")
    wait(browser, lambda d: row(d, "Urgent").find_elements(By.CSS_SELECTOR, ".check"))
    press(browser, "add")
    wait_title(browser, "New Tag")
    type_into(browser, "Name", "Dentist")
    press(browser, "done")
    wait_title(browser, "Tags")
    wait(browser, lambda d: "Dentist" in row_texts(d))
    press(browser, "back")
    wait_title(browser, "Book the dentist")
    wait(browser, lambda d: shown_detail(d, "Tags") == "Urgent, Dentist")
    screenshot(browser, "desktop-task-tags")
    press(browser, "done")
    wait_title(browser, "Tasks")
