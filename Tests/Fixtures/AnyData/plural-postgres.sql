-- A shop whose tables are named in the plural, as Rails, Laravel and most hand-written
-- schemas name them: psql -f plural-postgres.sql postgres://user@host/database
CREATE TABLE customers (id serial PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE addresses (id serial PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id), street TEXT);
CREATE TABLE statuses (id serial PRIMARY KEY, label TEXT);
CREATE TABLE orders (id serial PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id) ON DELETE CASCADE,
  status_id INTEGER REFERENCES statuses(id), placed TEXT, shipped_at timestamp,
  due date, updated_at timestamp NOT NULL DEFAULT '2020-01-01');
CREATE TABLE products (id serial PRIMARY KEY, title TEXT);
CREATE TABLE line_items (id serial PRIMARY KEY,
  order_id INTEGER REFERENCES orders(id) ON DELETE CASCADE,
  product_id INTEGER REFERENCES products(id) ON DELETE RESTRICT, quantity INTEGER);
CREATE TABLE categories (id serial PRIMARY KEY, name TEXT);
CREATE TABLE categories_products (category_id INTEGER REFERENCES categories(id),
  product_id INTEGER REFERENCES products(id), PRIMARY KEY (category_id, product_id));
INSERT INTO customers (name) VALUES ('Ada');
INSERT INTO statuses (label) VALUES ('open');
INSERT INTO orders (customer_id, status_id, placed) VALUES (1, 1, '2024-01-01');
INSERT INTO products (title) VALUES ('Pen');
INSERT INTO line_items (order_id, product_id, quantity) VALUES (1, 1, 2);
INSERT INTO categories (name) VALUES ('Office');
INSERT INTO categories_products VALUES (1, 1);
CREATE TABLE django_migrations (id serial PRIMARY KEY, app varchar(255) NOT NULL,
  name varchar(255) NOT NULL, applied timestamptz NOT NULL);
