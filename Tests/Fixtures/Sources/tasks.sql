-- The table Tasks.json lists: sqlite3 tasks.sqlite < tasks.sql
CREATE TABLE task (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  notes TEXT,
  done BOOLEAN NOT NULL DEFAULT 0
);
INSERT INTO task (name, notes, done) VALUES
  ('Water the plants', 'The fern too', 0),
  ('Pay the rent', NULL, 1),
  ('Call Sam', 'About Sunday', 0);
