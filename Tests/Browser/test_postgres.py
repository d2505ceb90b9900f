"""Tasks on PostgreSQL, served by two demo servers on one database: a window on one server
edits, a window on the other watches, and each change shows there at once. The database
restarts in the middle (the watching window says it is reconnecting, then resumes, and no
acknowledged edit is lost), and one server is killed while the other keeps serving."""
import glob
import os
import pathlib
import shutil
import subprocess
import time
import uuid

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, screenshot, start_demo, stop_demos
from helpers import delete_row, open_app, press, row, row_texts, tap, type_into, wait, wait_title

RECONNECTING = "Reconnecting to the database…"


def psql():
    found = shutil.which("psql") or next(
        iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"), reverse=True)), None)
    if not found:
        pytest.fail("psql is missing: scripts/postgres.sh installs it with the server")
    return found


@pytest.fixture(scope="module")
def database():
    """A fresh database on the test cluster, its address."""
    url = os.environ.get("TRELLIS_POSTGRES_URL")
    if not url:
        if os.environ.get("TRELLIS_REQUIRE_POSTGRES") == "1":
            pytest.fail("TRELLIS_POSTGRES_URL is not set: start it with scripts/postgres.sh start")
        pytest.skip("no PostgreSQL: start it with scripts/postgres.sh start")
    name = "browser_" + uuid.uuid4().hex[:10]
    subprocess.run([psql(), url, "-q", "-c", "CREATE DATABASE " + name], check=True)
    yield url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="module")
def servers(database):
    """Two demo servers on the same database."""
    started = [start_demo("--postgres", database) for _ in range(2)]
    yield [details for _, details in started]
    stop_demos([process for process, _ in started])


def texts(driver):
    """Every row's text, the list's own rows (placeholders, the reconnecting row) included."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.pane-top > .screen:last-child .row'))"
        ".map(function (r) { var t = r.querySelector('.text') || r.querySelector('.cell');"
        " return t ? t.textContent.trim() : ''; })")


def tasks(driver):
    return [t for t in texts(driver) if t not in ("No tasks yet!", RECONNECTING)]


def restart_postgres(seconds_down):
    """Stops the test cluster, keeps it down a while, and starts it again (in the background)."""
    return subprocess.Popen(["bash", str(ROOT / "scripts" / "postgres.sh"), "restart",
                             str(seconds_down)])


def edit_name(driver, old, new):
    tap(driver, old)
    wait_title(driver, old)
    type_into(driver, "Name", new)
    press(driver, "done")
    wait_title(driver, "Tasks")


def test_an_edit_on_one_server_shows_in_a_window_on_the_other(servers, browser, desktop):
    editor, watcher = browser, desktop
    open_app(editor, servers[0], "tasks")
    open_app(watcher, servers[1], "tasks")
    wait(watcher, lambda d: "Water the plants" in tasks(d))
    wait(editor, lambda d: "Water the plants" in tasks(d))

    edit_name(editor, "Water the plants", "Water the garden")
    try:
        wait(watcher, lambda d: "Water the garden" in tasks(d) and "Water the plants" not in tasks(d),
             timeout=20)
    except Exception:
        screenshot(watcher, "postgres-watcher-missed-edit")
        raise AssertionError("the watcher shows %r; the editor %r" % (texts(watcher), texts(editor)))

    press(editor, "add")
    wait_title(editor, "New Task")
    type_into(editor, "Name", "Call the plumber")
    press(editor, "done")
    wait_title(editor, "Tasks")
    wait(watcher, lambda d: tasks(d)[-1:] == ["Call the plumber"], timeout=20)
    assert tasks(watcher) == tasks(editor)
    screenshot(editor, "postgres-server-1-editor")
    screenshot(watcher, "postgres-server-2-watcher")


def test_a_refused_move_is_told_only_in_the_window_that_made_it(servers, database, browser, desktop):
    """Two windows on one server show one list. The database refuses a move (a trigger here,
    a lock or a rule elsewhere): the window that moved puts the row back and says why; the
    other window never showed the move, and shows no notice."""
    mover, other = browser, desktop
    open_app(mover, servers[0], "tasks")
    open_app(other, servers[0], "tasks")
    wait(mover, lambda d: len(tasks(d)) >= 2)
    wait(other, lambda d: tasks(d) == tasks(mover))
    order = tasks(mover)
    subprocess.run([psql(), database, "-q", "-v", "ON_ERROR_STOP=1", "-c", """
        CREATE FUNCTION refuse_moves() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'the order of tasks is fixed today'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_moves BEFORE UPDATE OF position ON demo_task
        FOR EACH ROW WHEN (OLD.position IS DISTINCT FROM NEW.position)
        EXECUTE FUNCTION refuse_moves();"""], check=True)
    try:
        press(mover, "edit")
        wait(mover, lambda d: d.find_elements(By.CSS_SELECTOR, ".pane-top > .screen:last-child .move-down"))
        row(mover, order[0]).find_element(By.CSS_SELECTOR, ".move-down").click()
        wait(mover, lambda d: any(t.startswith("Could not move") for t in texts(d)), timeout=20)
        wait(mover, lambda d: tasks(d)[:len(order)] == order)
        screenshot(mover, "postgres-refused-move-mover")
        # Long enough for the other window to show whatever it would.
        for _ in range(10):
            assert not any("Could not move" in t for t in texts(other)), texts(other)
            assert tasks(other) == order
            time.sleep(0.2)
        screenshot(other, "postgres-refused-move-other")
        press(mover, "edit")
    finally:
        subprocess.run([psql(), database, "-q", "-c",
                        "DROP TRIGGER IF EXISTS refuse_moves ON demo_task;"
                        " DROP FUNCTION IF EXISTS refuse_moves();"], check=True)


def test_steps_added_on_one_server_show_in_the_task_on_the_other(servers, browser, desktop):
    """A task's steps live in a table of their own: added in the task's form on one server,
    they are in the task on the other."""
    editor, watcher = browser, desktop
    open_app(editor, servers[0], "tasks")
    open_app(watcher, servers[1], "tasks")
    wait(editor, lambda d: "Write the report" in tasks(d))
    press(editor, "add")
    wait_title(editor, "New Task")
    type_into(editor, "Name", "Paint the fence")
    tap(editor, "Steps")
    wait_title(editor, "Steps")
    for step in ("Buy paint", "Sand the boards"):
        press(editor, "add")
        wait_title(editor, "New Task Step")
        type_into(editor, "Name", step)
        press(editor, "done")
        wait_title(editor, "Steps")
    press(editor, "back")
    wait_title(editor, "New Task")
    press(editor, "done")
    wait_title(editor, "Tasks")
    wait(watcher, lambda d: "Paint the fence" in tasks(d), timeout=20)
    # The watcher's window is wide: the task opens in the detail pane.
    tap(watcher, "Paint the fence")
    wait_title(watcher, "Paint the fence", pane="detail")
    tap(watcher, "Steps", pane="detail")
    # A list pushed from the detail pane takes the whole window.
    wait_title(watcher, "Steps")
    wait(watcher, lambda d: row_texts(d)[:2] == ["Buy paint", "Sand the boards"])
    screenshot(watcher, "postgres-steps-on-server-2")
    press(watcher, "back")


def shown_detail(driver, text, pane="top"):
    shown = row(driver, text, pane).find_elements(By.CSS_SELECTOR, ".detail")
    return shown[0].text if shown else ""


def assert_lists_tasks(driver, name, expected, picture):
    """Opens the form of the category or tag `name` on the categories app and checks that
    its Tasks row lists `expected`, then goes back to the list."""
    wait(driver, lambda d: name in row_texts(d))
    tap(driver, name)
    wait_title(driver, name, pane="detail")
    tap(driver, "Tasks", pane="detail")
    wait_title(driver, "Tasks")
    wait(driver, lambda d: row_texts(d) == expected)
    screenshot(driver, picture)
    press(driver, "back")
    wait_title(driver, name, pane="detail")
    press(driver, "cancel", pane="detail")


def test_categories_and_tags_chosen_on_one_server_show_and_go_on_the_other(servers, browser, desktop):
    """A task's category (a to-one) and tags (a many-to-many) live in tables of their own:
    chosen and made in place in the task's form on one server, they are the task's on the
    other; a category deleted there (nullify, the default rule) leaves the task without one."""
    editor, watcher = browser, desktop
    open_app(editor, servers[0], "tasks")
    open_app(watcher, servers[1], "tasks")
    wait(editor, lambda d: "Write the report" in tasks(d))
    press(editor, "add")
    wait_title(editor, "New Task")
    type_into(editor, "Name", "Plan the trip")
    tap(editor, "Category")
    wait_title(editor, "Category")
    wait(editor, lambda d: row_texts(d)[:3] == ["Home", "Work", "Other"])
    press(editor, "add")
    wait_title(editor, "New Category")
    type_into(editor, "Name", "Travel")
    press(editor, "done")
    wait_title(editor, "Category")
    wait(editor, lambda d: row(d, "Travel").find_elements(By.CSS_SELECTOR, ".check"))
    press(editor, "back")
    wait_title(editor, "New Task")
    wait(editor, lambda d: shown_detail(d, "Category") == "Travel")
    tap(editor, "Tags")
    wait_title(editor, "Tags")
    wait(editor, lambda d: "Urgent" in row_texts(d))
    tap(editor, "Urgent")
    wait(editor, lambda d: row(d, "Urgent").find_elements(By.CSS_SELECTOR, ".check"))
    press(editor, "add")
    wait_title(editor, "New Tag")
    type_into(editor, "Name", "Abroad")
    press(editor, "done")
    wait_title(editor, "Tags")
    wait(editor, lambda d: row(d, "Abroad").find_elements(By.CSS_SELECTOR, ".check"))
    screenshot(editor, "postgres-tags-made-in-place")
    press(editor, "back")
    wait_title(editor, "New Task")
    wait(editor, lambda d: shown_detail(d, "Tags") == "Urgent, Abroad")
    press(editor, "done")
    wait_title(editor, "Tasks")

    wait(watcher, lambda d: "Plan the trip" in tasks(d), timeout=20)
    tap(watcher, "Plan the trip")
    wait_title(watcher, "Plan the trip", pane="detail")
    assert shown_detail(watcher, "Category", "detail") == "Travel"
    assert shown_detail(watcher, "Tags", "detail") == "Urgent, Abroad"
    screenshot(watcher, "postgres-category-and-tags-on-server-2")
    press(watcher, "cancel", pane="detail")

    # On server 2, Travel's form lists its task, read from the tasks' table by its key, and
    # Abroad's form the task that holds it, asked of the join table.
    open_app(watcher, servers[1], "categories")
    assert_lists_tasks(watcher, "Travel", ["Plan the trip"], "postgres-category-tasks")
    assert_lists_tasks(watcher, "Abroad", ["Plan the trip"], "postgres-tag-tasks")

    # The categories app on server 2 deletes Travel: the task on server 1 has no category.
    press(watcher, "edit")
    wait(watcher, lambda d: d.find_elements(
        By.CSS_SELECTOR, ".pane-top > .screen:last-child .row-delete"))
    delete_row(watcher, "Travel")
    wait(watcher, lambda d: "Travel" not in row_texts(d))
    open_app(editor, servers[0], "tasks")
    wait(editor, lambda d: "Plan the trip" in tasks(d))
    tap(editor, "Plan the trip")
    wait_title(editor, "Plan the trip")
    wait(editor, lambda d: shown_detail(d, "Category") == "")
    assert shown_detail(editor, "Tags") == "Urgent, Abroad"
    press(editor, "cancel")
    wait_title(editor, "Tasks")


def test_a_restart_shows_reconnecting_then_resumes_without_losing_an_edit(servers, browser, desktop):
    editor, watcher = browser, desktop
    open_app(editor, servers[0], "tasks")
    open_app(watcher, servers[1], "tasks")
    wait(watcher, lambda d: "Book the dentist" in tasks(d))
    # Acknowledged just before the outage: the form closed, so the database has it.
    edit_name(editor, "Book the dentist", "Book the dentist for May")
    wait(watcher, lambda d: "Book the dentist for May" in tasks(d), timeout=20)

    outage = restart_postgres(4)
    wait(watcher, lambda d: RECONNECTING in texts(d), timeout=20)
    screenshot(watcher, "postgres-reconnecting")
    assert outage.wait(timeout=60) == 0
    wait(watcher, lambda d: RECONNECTING not in texts(d), timeout=30)
    wait(editor, lambda d: RECONNECTING not in texts(d), timeout=30)
    assert "Book the dentist for May" in tasks(watcher)

    # Live again: an edit after the outage reaches the other server.
    edit_name(editor, "Write the report", "Write the final report")
    wait(watcher, lambda d: "Write the final report" in tasks(d), timeout=20)
    screenshot(watcher, "postgres-resumed")


def test_one_server_killed_the_other_keeps_serving(database, browser):
    first, first_details = start_demo("--postgres", database)
    second, second_details = start_demo("--postgres", database)
    try:
        open_app(browser, second_details, "tasks")
        wait(browser, lambda d: len(tasks(d)) >= 3)
        first.kill()
        first.wait(timeout=10)
        edit_name(browser, tasks(browser)[0], "Still served")
        browser.refresh()
        open_app(browser, second_details, "tasks")
        wait(browser, lambda d: "Still served" in tasks(d))
    finally:
        stop_demos([first, second], killed=[first])


def test_settings_follow_the_person_to_the_other_server(servers, browser, desktop):
    from helpers import control
    open_app(browser, servers[0], "settings")
    open_app(desktop, servers[1], "settings")
    wait(desktop, lambda d: control(d, "Username") is not None)
    type_into(browser, "Username", "ada")
    type_into(browser, "Font Size", "21")
    wait(desktop, lambda d: control(d, "Username").get_attribute("value") == "ada", timeout=20)
    wait(desktop, lambda d: control(d, "Font Size").get_attribute("value") == "21", timeout=20)
    screenshot(desktop, "postgres-synced-settings")
