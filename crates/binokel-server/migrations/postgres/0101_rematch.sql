-- The follow-up table of a finished match (the protocol's `rematch`).
ALTER TABLE tables ADD COLUMN rematch TEXT;
