-- Opening hours kept as times of day: psql -f times-postgres.sql postgres://user@host/database
CREATE TABLE shifts (id serial PRIMARY KEY, name TEXT NOT NULL, starts time NOT NULL,
  ends time with time zone, planned timestamp);
INSERT INTO shifts (name, starts, ends) VALUES ('Early', '07:30', '15:00:00+01');
