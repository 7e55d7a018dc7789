-- A tournament's rules (issue #38: "name, preset and options"; docs/tournaments.md): the
-- rules object of a record (RULES.md, RECORDS.md), or the preset's name when it plays the
-- preset unchanged. NULL for a tournament stored before: the preset's rules.
ALTER TABLE tournaments ADD COLUMN rules TEXT;
