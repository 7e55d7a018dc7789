-- `binokel admin close` (issue #35): an operator's request to close a table before its
-- match ends. `tables.close_reason` is the durable request (a process that loads the table
-- later closes it at once); `leases.closing` tells the process that holds the table's lease
-- now, which reads it when it renews the lease, closes the table (status `closed`), tells its
-- connections and gives the lease up. A closed match has no result and is never rated.
ALTER TABLE tables ADD COLUMN close_reason TEXT;
ALTER TABLE leases ADD COLUMN closing TEXT;
