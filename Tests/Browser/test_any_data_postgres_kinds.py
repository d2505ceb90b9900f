"""Columns PostgreSQL types by their modifiers and kinds, in `trellis serve postgres://…` in a
real browser, over the fixture `kinds-postgres.sql` (a time of day, a `real`, an `inet`): what
the database would refuse is said on the field first, and values show as PostgreSQL prints
them."""
import pytest

from conftest import ROOT, screenshot
from helpers import control, open_app, press, tap, wait, wait_title
from test_any_data import serve, stop
from test_any_data_dates import choose
from test_any_data_postgres import cluster, fresh_database, sql  # noqa: F401 (cluster)

FIXTURES = ROOT / "Tests" / "Fixtures" / "AnyData"


@pytest.fixture
def served(request, cluster):  # noqa: F811 (the fixture imported above)
    database = fresh_database(cluster, FIXTURES / request.param)
    process, details = serve(database)
    details["database"] = database
    yield details
    stop(process, details)


def open_row(driver, served, table, name):
    open_app(driver, served, "table")
    wait_title(driver, served["database"].rsplit("/", 1)[1])
    tap(driver, table)
    wait_title(driver, table)
    tap(driver, name)
    wait_title(driver, name)


@pytest.mark.parametrize("served", ["kinds-postgres.sql"], indirect=True)
def test_a_time_of_day_is_picked_and_written(browser, served):
    open_row(browser, served, "shifts", "Early")
    starts = control(browser, "Starts")
    # A time input, which lets no other text be typed: the server checks what a page sends.
    assert starts.get_attribute("type") == "time"
    assert starts.get_attribute("value") == "07:30:00"
    # As PostgreSQL prints them: no float8 digits, no /32.
    assert control(browser, "Load").get_attribute("value") == "0.1"
    assert control(browser, "Host").get_attribute("value") == "10.0.0.1"
    screenshot(browser, "any-data-postgres-time-of-day")
    choose(browser, "Starts", "08:15")
    wait(browser, lambda d: control(d, "Starts").get_attribute("value") == "08:15")
    press(browser, "done")
    wait_title(browser, "shifts")
    wait(browser, lambda d: sql(served["database"], "SELECT starts::text FROM shifts")
         == [["08:15:00"]])
