-- A team whose members point at each other: a foreign key to its own table with
-- ON DELETE CASCADE, and rows whose managers form a cycle (Ann manages Bob, Bob manages Ann).
CREATE TABLE employee (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  manager_id INTEGER REFERENCES employee (id) ON DELETE CASCADE
);
INSERT INTO employee (id, name, manager_id) VALUES (1, 'Ann', 2);
INSERT INTO employee (id, name, manager_id) VALUES (2, 'Bob', 1);
INSERT INTO employee (id, name, manager_id) VALUES (3, 'Cy', 1);
INSERT INTO employee (id, name, manager_id) VALUES (4, 'Dee', NULL);
INSERT INTO employee (id, name, manager_id) VALUES (5, 'Eve', 4);
