-- A shop's data, made to exercise every rule Trellis infers from an SQLite schema
-- (the "Any Data" article): sqlite3 shop.sqlite < shop.sql
PRAGMA foreign_keys = ON;

-- Text, a UNIQUE name, a CHECK Trellis leaves to the database (a function), an IN (...) list, a
-- Boolean with a default.
CREATE TABLE supplier (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  email TEXT CHECK (email IS NULL OR instr(email, '@') > 1),
  country TEXT CHECK (country IN ('NL', 'FR', 'DE', 'US')),
  active BOOLEAN NOT NULL DEFAULT 1
);

-- length(x) <= n.
CREATE TABLE category (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK (length(name) <= 20)
);

-- Numbers with ranges, a date kept as text, bytes, a generated column, a required foreign
-- key whose rows are deleted with their supplier, an optional one cleared with its category.
CREATE TABLE product (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL UNIQUE,
  price REAL NOT NULL CHECK (price >= 0),
  stock INTEGER NOT NULL DEFAULT 0 CHECK (stock BETWEEN 0 AND 1000),
  released DATE,
  photo BLOB,
  priceWithTax REAL GENERATED ALWAYS AS (round(price * 1.21, 2)) VIRTUAL,
  supplierId INTEGER NOT NULL REFERENCES supplier(id) ON DELETE CASCADE,
  categoryId INTEGER REFERENCES category(id) ON DELETE SET NULL
);

CREATE TABLE tag (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL UNIQUE
);

-- A join table: two foreign keys forming the key.
CREATE TABLE product_tag (
  productId INTEGER NOT NULL REFERENCES product(id) ON DELETE CASCADE,
  tagId INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
  PRIMARY KEY (productId, tagId)
);

-- A range written as two comparisons; a product with reviews cannot be deleted.
CREATE TABLE review (
  id INTEGER PRIMARY KEY,
  productId INTEGER NOT NULL REFERENCES product(id) ON DELETE RESTRICT,
  stars INTEGER NOT NULL CHECK (stars >= 1 AND stars <= 5),
  body TEXT
);

-- A composite key that is not a join: read-only.
CREATE TABLE stock_move (
  productId INTEGER NOT NULL REFERENCES product(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  PRIMARY KEY (productId, day)
);

-- No row id: read-only.
CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;

-- A view: read-only.
CREATE VIEW product_summary AS
  SELECT p.id AS id, p.name AS name, s.name AS supplier, p.price AS price
  FROM product p JOIN supplier s ON s.id = p.supplierId;

-- A full-text index of the products: their search.
CREATE VIRTUAL TABLE product_fts USING fts5(name, code, content='product', content_rowid='id');

INSERT INTO supplier (id, name, email, country, active) VALUES
  (1, 'Acme', 'sales@acme.test', 'US', 1),
  (2, 'Bolt & Co', 'hello@bolt.test', 'NL', 1),
  (3, 'Cobalt', NULL, 'FR', 0);
INSERT INTO category (id, name) VALUES (1, 'Tools'), (2, 'Garden'), (3, 'Kitchen');
INSERT INTO product (id, name, code, price, stock, released, supplierId, categoryId) VALUES
  (1, 'Hammer', 'HAM-1', 12.5, 40, '2024-03-01', 1, 1),
  (2, 'Rake', 'RAK-1', 20, 12, '2023-09-15', 2, 2),
  (3, 'Whisk', 'WHI-1', 4.25, 100, '2022-01-10', 2, 3),
  (4, 'Spade', 'SPA-1', 31, 5, NULL, 3, 2),
  (5, 'Saw', 'SAW-1', 18, 0, '2021-06-30', 1, NULL);
INSERT INTO tag (id, label) VALUES (1, 'steel'), (2, 'wood'), (3, 'sale');
INSERT INTO product_tag (productId, tagId) VALUES (1, 1), (1, 2), (2, 2), (5, 1), (5, 3);
INSERT INTO review (id, productId, stars, body) VALUES
  (1, 1, 5, 'Solid.'), (2, 1, 4, 'Heavy but good.'), (3, 3, 3, NULL);
INSERT INTO stock_move (productId, day, quantity) VALUES
  (1, '2024-05-01', 10), (1, '2024-05-02', -2), (2, '2024-05-01', 4);
INSERT INTO setting (key, value) VALUES ('currency', 'EUR'), ('taxRate', '0.21');
INSERT INTO product_fts (product_fts) VALUES ('rebuild');
