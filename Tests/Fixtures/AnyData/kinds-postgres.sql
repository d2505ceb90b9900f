-- Opening hours kept as times of day, a single-precision number and an address:
-- psql -f kinds-postgres.sql postgres://user@host/database
CREATE TABLE shifts (id serial PRIMARY KEY, name TEXT NOT NULL, starts time NOT NULL,
  ends time with time zone, planned timestamp, load real, host inet);
INSERT INTO shifts (name, starts, ends, load, host)
  VALUES ('Early', '07:30', '15:00:00+01', 0.1, '10.0.0.1');
CREATE VIEW loads AS SELECT name, load, host FROM shifts;
