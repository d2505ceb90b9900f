-- Tables as spreadsheets imported into PostgreSQL, and other tools, name them: names that must
-- be quoted (spaces, capitals, punctuation, accents, a double quote) for tables, their keys,
-- their foreign keys, a join table and its columns:
-- psql -f names-postgres.sql postgres://user@host/database
-- It drops and makes its own tables.
DROP TABLE IF EXISTS "Item Tags", "Order Items", "Gift Tags", "Customers", "weird""name" CASCADE;

-- A capitalised name, a key with a space, a column whose key is not ASCII.
CREATE TABLE "Customers" (
  "Customer ID" serial PRIMARY KEY,
  "Name" text NOT NULL,
  "Prénom" text
);

-- A name with a space, a key with a space, a foreign key with a space whose rows are cleared
-- with their customer.
CREATE TABLE "Order Items" (
  "Item ID" bigserial PRIMARY KEY,
  "Product" text NOT NULL,
  "Qty" integer NOT NULL DEFAULT 1 CHECK ("Qty" >= 1),
  "Customer ID" integer REFERENCES "Customers" ("Customer ID") ON DELETE SET NULL
);

CREATE TABLE "Gift Tags" (
  "Tag ID" serial PRIMARY KEY,
  "Label" text NOT NULL
);

-- A join table whose name and columns have spaces: a many-to-many on both sides.
CREATE TABLE "Item Tags" (
  "Item ID" bigint NOT NULL REFERENCES "Order Items" ("Item ID") ON DELETE CASCADE,
  "Tag ID" integer NOT NULL REFERENCES "Gift Tags" ("Tag ID") ON DELETE CASCADE,
  PRIMARY KEY ("Item ID", "Tag ID")
);

-- A double quote in the names of a table, its key and a column.
CREATE TABLE "weird""name" (
  "key""id" serial PRIMARY KEY,
  "say ""hi""" text NOT NULL
);

INSERT INTO "Customers" ("Name", "Prénom") VALUES ('Lee', 'Ann'), ('Diaz', 'Bo'), ('Moss', 'Cy');
INSERT INTO "Order Items" ("Product", "Qty", "Customer ID") VALUES
  ('Kettle', 1, 1), ('Teapot', 2, 1), ('Whisk', 3, 2), ('Ladle', 1, NULL);
INSERT INTO "Gift Tags" ("Label") VALUES ('gift'), ('fragile'), ('express');
INSERT INTO "Item Tags" ("Item ID", "Tag ID") VALUES (1, 1), (2, 2);
INSERT INTO "weird""name" ("say ""hi""") VALUES ('hello'), ('bye');
