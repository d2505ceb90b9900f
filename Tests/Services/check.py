"""Sends every request of Tests/Services/README.md to the running servers and checks each answer.

Reads the variables of .build-services/env; ends with both servers reset to the seed.
Run by `bash scripts/services.sh check` (standard library only).
"""

import json
import os
import sys
import urllib.error
import urllib.request

D = os.environ["TRELLIS_DRF_URL"]
S = os.environ["TRELLIS_DATASETTE_URL"]
TOKEN = os.environ["TRELLIS_DATASETTE_TOKEN"]
DB = os.environ["TRELLIS_DATASETTE_DB"]
TABLE = f"{S}{DB}/contacts"
checked = 0


def request(method, url, body=None, token=None):
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=20) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    return status, (json.loads(raw) if raw else None)


def expect(what, answer, status, test=lambda body: True):
    global checked
    got_status, body = answer
    if got_status != status or not test(body):
        sys.exit(f"check: {what}: expected {status}, got {got_status} {json.dumps(body)}")
    checked += 1
    return body


def names(rows):
    return [row["name"] for row in rows]


def drf():
    request("POST", D + "reset/")
    first = expect("drf list", request("GET", D + "contacts/"), 200,
                   lambda b: b["count"] == 40 and len(b["results"]) == 7 and b["previous"] is None
                   and b["results"][0] == {"id": 1, "name": "Contact 01", "email": "contact01@example.com",
                                           "city": "Berlin", "position": 0})
    second = expect("drf next page", request("GET", first["next"]), 200,
                    lambda b: names(b["results"])[0] == "Contact 08" and b["previous"])
    url, pages = first["next"], 1
    while url:
        pages += 1
        url = expect("drf pages", request("GET", url), 200)["next"]
    assert pages == 6, pages
    expect("drf page size", request("GET", D + "contacts/?page_size=5"), 200,
           lambda b: len(b["results"]) == 5 and "page_size=5" in b["next"])
    expect("drf page past the end", request("GET", D + "contacts/?page=99"), 404,
           lambda b: b == {"detail": "Invalid page."})
    expect("drf search", request("GET", D + "contacts/?search=berlin"), 200,
           lambda b: b["count"] == 8 and all(r["city"] == "Berlin" for r in b["results"])
           and "search=berlin" in b["next"])
    expect("drf search two terms", request("GET", D + "contacts/?search=contact%200"), 200,
           lambda b: b["count"] == 13)
    expect("drf one", request("GET", D + "contacts/1/"), 200, lambda b: b["name"] == "Contact 01")
    new = {"name": "New Person", "email": "new@example.com", "city": "Rome", "position": 40}
    expect("drf create", request("POST", D + "contacts/", new), 201, lambda b: b == {"id": 41, **new})
    expect("drf patch", request("PATCH", D + "contacts/41/", {"city": "Madrid"}), 200,
           lambda b: b["city"] == "Madrid" and b["name"] == "New Person")
    expect("drf put", request("PUT", D + "contacts/41/", {"name": "Renamed"}), 200,
           lambda b: b["name"] == "Renamed" and b["city"] == "Madrid")
    expect("drf delete", request("DELETE", D + "contacts/41/"), 204, lambda b: b is None)
    expect("drf one missing", request("GET", D + "contacts/41/"), 404,
           lambda b: b == {"detail": "No Contact matches the given query."})
    expect("drf name missing", request("POST", D + "contacts/", {"email": "x@example.com"}), 400,
           lambda b: b == {"name": ["This field is required."]})
    expect("drf name blank", request("POST", D + "contacts/", {"name": ""}), 400,
           lambda b: b == {"name": ["This field may not be blank."]})
    expect("drf email invalid", request("POST", D + "contacts/", {"name": "New", "email": "nope"}), 400,
           lambda b: b == {"email": ["Enter a valid email address."]})
    expect("drf no trailing slash", request("POST", D + "contacts", {"name": "X"}), 404,
           lambda b: b == {"detail": "Not found."})
    expect("drf reset", request("POST", D + "reset/"), 200, lambda b: b == {"ok": True, "count": 40})
    expect("drf after reset", request("GET", D + "contacts/?search=new"), 200, lambda b: b["count"] == 0)


def datasette():
    request("POST", S + "-/trellis-reset")
    first = expect("datasette list", request("GET", TABLE + ".json?_size=7&_sort=position&_extra=count"), 200,
                   lambda b: b["ok"] and b["count"] == 40 and len(b["rows"]) == 7 and b["next"] == "6,7"
                   and b["rows"][0] == {"id": 1, "name": "Contact 01", "email": "contact01@example.com",
                                        "city": "Berlin", "position": 0})
    expect("datasette next page", request("GET", first["next_url"]), 200,
           lambda b: names(b["rows"])[0] == "Contact 08" and b["count"] == 40)
    url, pages = first["next_url"], 1
    while url:
        pages += 1
        url = expect("datasette pages", request("GET", url), 200)["next_url"]
    assert pages == 6, pages
    expect("datasette default order", request("GET", TABLE + ".json?_size=7"), 200,
           lambda b: b["next"] == "7" and "rows" in b)
    expect("datasette search", request("GET", TABLE + ".json?_search=berlin&_size=7&_extra=count"), 200,
           lambda b: b["count"] == 8 and all(r["city"] == "Berlin" for r in b["rows"]))
    expect("datasette search prefix", request("GET", TABLE + ".json?_search=ber*&_searchmode=raw&_extra=count"),
           200, lambda b: b["count"] == 8)
    expect("datasette search malformed", request("GET", TABLE + ".json?_search=%22x&_searchmode=raw"), 400,
           lambda b: b["ok"] is False)
    expect("datasette contains", request("GET", TABLE + ".json?name__contains=act%200"), 200,
           lambda b: names(b["rows"]) == [f"Contact 0{i}" for i in range(1, 10)])
    expect("datasette one", request("GET", TABLE + "/1.json"), 200, lambda b: b["rows"][0]["name"] == "Contact 01")
    new = {"name": "New Person", "email": "new@example.com", "city": "Rome", "position": 40}
    expect("datasette create", request("POST", TABLE + "/-/insert", {"row": new}, TOKEN), 201,
           lambda b: b == {"ok": True, "rows": [{"id": 41, **new}]})
    expect("datasette search new row", request("GET", TABLE + ".json?_search=rome"), 200,
           lambda b: names(b["rows"]) == ["New Person"])
    expect("datasette update", request("POST", TABLE + "/41/-/update", {"update": {"city": "Madrid"}, "return": True},
                                       TOKEN), 200,
           lambda b: b == {"ok": True, "rows": [{**new, "id": 41, "city": "Madrid"}]})
    expect("datasette update, no return", request("POST", TABLE + "/41/-/update", {"update": {"city": "Oslo"}}, TOKEN),
           200, lambda b: b == {"ok": True})
    expect("datasette delete", request("POST", TABLE + "/41/-/delete", None, TOKEN), 200, lambda b: b == {"ok": True})
    expect("datasette one missing", request("GET", TABLE + "/41.json"), 404,
           lambda b: b["errors"] == ["Row not found"])
    expect("datasette update missing", request("POST", TABLE + "/999/-/update", {"update": {"city": "X"}}, TOKEN),
           404, lambda b: b["errors"] == ["Record not found: ['999']"])
    expect("datasette delete missing", request("POST", TABLE + "/999/-/delete", None, TOKEN), 404)
    expect("datasette name missing", request("POST", TABLE + "/-/insert", {"row": {"email": "x@example.com"}}, TOKEN),
           400, lambda b: b["errors"] == ["NOT NULL constraint failed: contacts.name"])
    expect("datasette name blank", request("POST", TABLE + "/-/insert", {"row": {"name": "  "}}, TOKEN), 400,
           lambda b: b["errors"] == ["CHECK constraint failed: name_not_blank"])
    expect("datasette unknown column", request("POST", TABLE + "/-/insert", {"row": {"name": "X", "phone": "1"}},
                                               TOKEN), 400,
           lambda b: b["errors"] == ["Row 0 has invalid columns: phone"])
    expect("datasette no token", request("POST", TABLE + "/-/insert", {"row": {"name": "X"}}), 403,
           lambda b: b["errors"] == ["Permission denied"])
    expect("datasette bad token", request("POST", TABLE + "/-/insert", {"row": {"name": "X"}}, "dstok_bad"), 401,
           lambda b: b["errors"] == ["Invalid token signature"])
    expect("datasette size too big", request("GET", TABLE + ".json?_size=2000"), 400)
    expect("datasette reset", request("POST", S + "-/trellis-reset"), 200, lambda b: b == {"ok": True, "count": 40})
    expect("datasette after reset", request("GET", TABLE + ".json?_search=rome"), 200, lambda b: b["rows"] == [])


drf()
datasette()
print(f"services: check: {checked} requests answered as Tests/Services/README.md says")
