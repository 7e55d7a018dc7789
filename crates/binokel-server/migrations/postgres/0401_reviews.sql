-- Game reviews (issue #21): `id` is derived from the reviewed record's content and the
-- review budget (a second request for the same match finds the stored review); `record` is
-- the binokel-record/1 reviewed, `review` the binokel-review/1 document, both JSON text.
CREATE TABLE reviews (
    id TEXT PRIMARY KEY NOT NULL,
    record TEXT NOT NULL,
    review TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
