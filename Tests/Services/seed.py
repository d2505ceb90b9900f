"""The seed data both servers start from and go back to on reset.

40 contacts: "Contact 01" ... "Contact 40", ids 1..40, emails contact01@example.com ...,
cities cycling over CITIES, positions 0..39.

As a script, (re)writes the Datasette database:  python seed.py datasette PATH
"""

import sqlite3
import sys

CITIES = ["Berlin", "Lisbon", "Oslo", "Paris", "Vienna"]
COUNT = 40


def contacts():
    """The seed rows, in order, as dicts with id, name, email, city, position."""
    return [
        {
            "id": i,
            "name": f"Contact {i:02d}",
            "email": f"contact{i:02d}@example.com",
            "city": CITIES[(i - 1) % len(CITIES)],
            "position": i - 1,
        }
        for i in range(1, COUNT + 1)
    ]


# The Datasette table, with an FTS5 index on name and city kept in step by triggers, so that
# Datasette's `_search` parameter works on the table.
DATASETTE_SCHEMA = """
CREATE TABLE IF NOT EXISTS contacts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL CONSTRAINT name_not_blank CHECK (trim(name) <> ''),
  email TEXT,
  city TEXT,
  position INTEGER
);
CREATE VIRTUAL TABLE IF NOT EXISTS contacts_fts USING fts5(
  name, city, content='contacts', content_rowid='id'
);
CREATE TRIGGER IF NOT EXISTS contacts_ai AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts (rowid, name, city) VALUES (new.id, new.name, new.city);
END;
CREATE TRIGGER IF NOT EXISTS contacts_ad AFTER DELETE ON contacts BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, name, city)
    VALUES ('delete', old.id, old.name, old.city);
END;
CREATE TRIGGER IF NOT EXISTS contacts_au AFTER UPDATE ON contacts BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, name, city)
    VALUES ('delete', old.id, old.name, old.city);
  INSERT INTO contacts_fts (rowid, name, city) VALUES (new.id, new.name, new.city);
END;
"""


def reseed_datasette(conn):
    """Creates the schema if missing and replaces every row with the seed rows (one transaction)."""
    conn.executescript(DATASETTE_SCHEMA)
    with conn:
        conn.execute("DELETE FROM contacts")
        conn.execute("INSERT INTO contacts_fts (contacts_fts) VALUES ('rebuild')")
        conn.executemany(
            "INSERT INTO contacts (id, name, email, city, position)"
            " VALUES (:id, :name, :email, :city, :position)",
            contacts(),
        )


def main(argv):
    if len(argv) != 3 or argv[1] != "datasette":
        sys.exit("usage: python seed.py datasette PATH")
    conn = sqlite3.connect(argv[2])
    try:
        reseed_datasette(conn)
    finally:
        conn.close()


if __name__ == "__main__":
    main(sys.argv)
