"""`trellis serve postgres://…` over tables whose names must be quoted ("Order Items",
"Customers", keys "Item ID" and "Customer ID"), as spreadsheets imported into PostgreSQL name
them: the fixture `Tests/Fixtures/AnyData/names-postgres.sql`."""
import pytest

from conftest import ROOT, screenshot
from helpers import open_app, press, row, row_texts, tap, type_into, wait, wait_title
from test_any_data import serve, stop
from test_any_data_postgres import cluster, fresh_database, sql  # noqa: F401 (a fixture)

FIXTURE = ROOT / "Tests" / "Fixtures" / "AnyData" / "names-postgres.sql"


@pytest.fixture
def names(cluster):  # noqa: F811 (the fixture imported above)
    database = fresh_database(cluster, FIXTURE)
    process, details = serve(database)
    details["database"] = database
    yield details
    stop(process, details)


def test_a_row_of_a_table_named_with_a_space_is_edited_and_saved(browser, names):
    open_app(browser, names, "table")
    wait_title(browser, names["database"].rsplit("/", 1)[1])
    # Listed with the editable tables, before the read-only ones (the join table).
    page = browser.find_element("css selector", ".pane-top > .screen:last-child").text.lower()
    editable = page.split("read-only tables")[0]
    for table in ("customers", "order items", "gift tags", 'weird"name'):
        assert table in editable
    tap(browser, "Order Items")
    wait_title(browser, "Order Items")
    wait(browser, lambda d: {"Kettle", "Teapot", "Whisk", "Ladle"} <= set(row_texts(d)))
    tap(browser, "Teapot")
    wait_title(browser, "Teapot")
    wait(browser, lambda d: "Lee" in row(d, "Customer").text)
    tap(browser, "Customer")
    wait_title(browser, "Customer")
    tap(browser, "Moss")
    wait_title(browser, "Teapot")
    wait(browser, lambda d: "Moss" in row(d, "Customer").text)
    type_into(browser, "Product", "Tea pot")
    screenshot(browser, "table-names-postgres-form")
    press(browser, "done")
    wait_title(browser, "Order Items")
    wait(browser, lambda d: sql(
        names["database"],
        'SELECT i."Product", c."Name" FROM "Order Items" i '
        'JOIN "Customers" c USING ("Customer ID") WHERE i."Item ID" = 2')
        == [["Tea pot", "Moss"]])
    wait(browser, lambda d: "Tea pot" in row_texts(d))
