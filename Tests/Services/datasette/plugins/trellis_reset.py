"""POST /-/trellis-reset: puts the contacts database back to its 40 seed rows.

No token needed (the server listens on loopback only). Answers {"ok": true, "count": 40}.
"""

import sys
from pathlib import Path

from datasette import Response, hookimpl

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # Tests/Services, for seed.py
import seed  # noqa: E402


async def trellis_reset(datasette, request):
    if request.method != "POST":
        return Response.json({"ok": False, "errors": ["POST only"]}, status=405)
    db = datasette.get_database("contacts")
    await db.execute_write_fn(seed.reseed_datasette, transaction=False)
    count = (await db.execute("SELECT count(*) FROM contacts")).single_value()
    return Response.json({"ok": True, "count": count})


@hookimpl
def register_routes():
    return [(r"^/-/trellis-reset$", trellis_reset)]
