"""Roles: a member and a lead signed in to the Team Tasks app at once. Each sees and does
exactly what the app's policy allows, and a member's page never receives another person's
private rows, not even in a WebSocket message."""
import json
import os
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver, screenshot, start_demo, stop_demo
from helpers import ax_property, press, row, row_texts, tap, type_into, wait, wait_title
from test_sign_in import connected, sign_in, trellis_binary

PASSWORDS = {"ann": "ann-secret", "bob": "bob-secret", "lee": "lee-secret"}
ROLES = {"ann": "member", "bob": "member", "lee": "lead"}


@pytest.fixture(scope="module")
def team_server():
    people = os.path.join(tempfile.mkdtemp(prefix="trellis-team-"), "people.sqlite")
    for name, password in PASSWORDS.items():
        subprocess.run([trellis_binary(), "users", "add", name, "--roles", ROLES[name],
                        "--people", people], input=password + "\n", text=True, check=True,
                       capture_output=True, timeout=60)
    process, details = start_demo("--people", people)
    yield details
    stop_demo(process)


def open_team(driver, url, name):
    driver.get(url + "/apps/team")
    wait(driver, lambda d: "/sign-in?next=" in d.current_url)
    sign_in(driver, name, PASSWORDS[name])
    wait(driver, lambda d: d.current_url == url + "/apps/team")
    wait(driver, connected)
    wait_title(driver, "Team Tasks")


def socket_frames(driver):
    """The text of every WebSocket frame the page received so far."""
    frames = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.webSocketFrameReceived":
            frames.append(message["params"]["response"]["payloadData"])
    return frames


def test_a_member_and_a_lead_see_and_do_what_the_policy_allows(browser, team_server):
    url = team_server["url"]
    lead = make_driver(860, 900)
    try:
        open_team(browser, url, "ann")
        open_team(lead, url, "lee")
        # Ann, a member, sees her own tasks only; Lee, a lead, sees everyone's.
        wait(browser, lambda d: row_texts(d) == ["Plan the launch", "Call the printer"])
        wait(lead, lambda d: {"Plan the launch", "Review the budget", "Call the printer"}
             <= set(row_texts(d)))

        # Ann adds a task: it is hers, and Lee's list shows it with its owner.
        press(browser, "add")
        wait_title(browser, "New Task")
        type_into(browser, "Title", "Book the venue")
        press(browser, "done")
        wait_title(browser, "Team Tasks")
        wait(browser, lambda d: row_texts(d)[-1] == "Book the venue")
        row(lead, "Book the venue")
        detail = row(lead, "Book the venue").find_element(By.CSS_SELECTOR, ".subtitle").text
        assert detail == "ann"

        # Lee changes Bob's task; its form then says who edited it.
        tap(lead, "Review the budget")
        wait_title(lead, "Review the budget")
        type_into(lead, "Title", "Review the budget by Friday")
        press(lead, "done")
        wait_title(lead, "Team Tasks")
        tap(lead, "Review the budget by Friday")
        wait_title(lead, "Review the budget by Friday")
        edited = row(lead, "Edited by").find_element(By.CSS_SELECTOR, ".control")
        assert edited.get_attribute("value") == "lee"
        # Nobody types who edited a task: the field is read-only, its value read as it is.
        assert edited.get_attribute("readonly") == "true", "nobody types who edited a task"
        assert ax_property(lead, edited, "readonly") is True
        screenshot(lead, "desktop-team-edited-by")
        press(lead, "cancel")

        # Ann's list never showed Bob's task, and no message to her page carried it.
        wait(browser, lambda d: "Review the budget by Friday" not in row_texts(d))
        assert all("Review the budget" not in frame for frame in socket_frames(browser))
        assert "Review the budget" not in browser.page_source
        screenshot(browser, "desktop-team-member")
    finally:
        lead.quit()
