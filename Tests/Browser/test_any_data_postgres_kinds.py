"""Columns PostgreSQL types by their modifiers and kinds, in `trellis serve postgres://…` in a
real browser, over the fixture `kinds-postgres.sql` (a time of day, a `real`, an `inet`): what
the database would refuse is said on the field first, and values show as PostgreSQL prints
them."""
import pytest

from conftest import ROOT, screenshot
from helpers import control, open_app, press, tap, type_into, wait, wait_title
from test_any_data import serve, stop, validation
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
def test_a_time_of_day_is_typed_checked_and_written(browser, served):
    open_row(browser, served, "shifts", "Early")
    starts = control(browser, "Starts")
    assert starts.get_attribute("value") == "07:30:00"
    assert starts.get_attribute("placeholder") == "hh:mm"
    # As PostgreSQL prints them: no float8 digits, no /32.
    assert control(browser, "Load").get_attribute("value") == "0.1"
    assert control(browser, "Host").get_attribute("value") == "10.0.0.1"
    type_into(browser, "Starts", "7.30")
    assert validation(browser, "Starts") == (
        "Starts must be a time of day, such as 09:30 or 17:45:30")
    screenshot(browser, "any-data-postgres-time-of-day")
    press(browser, "done")
    wait_title(browser, "Early")
    assert sql(served["database"], "SELECT starts::text FROM shifts") == [["07:30:00"]]
    type_into(browser, "Starts", "08:15")
    press(browser, "done")
    wait_title(browser, "shifts")
    wait(browser, lambda d: sql(served["database"], "SELECT starts::text FROM shifts")
         == [["08:15:00"]])
