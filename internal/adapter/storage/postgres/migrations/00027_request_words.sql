-- +goose Up
-- The inbox's search as a word table of our own, read in the list's order
-- like SQLite's FTS5 (issue #21), replacing the GIN index on the 'simple'
-- tsvector of migration 00022, whose matches came unordered (a word of
-- middling frequency walked the ids testing each row's vector: 8 000 rows
-- with selective filters).
--
-- A lead has a row per distinct word of its search text (requests.search,
-- as inbox.SearchText writes it: lower case, accents folded, one space
-- between words; a word cut at 64 letters as the typed ones are) and per
-- distinct two- and three-letter start of one, as FTS5's prefix = '2 3'.
-- The primary key (word, request_id) is the B-tree: the leads of one word
-- or start are read newest first from the index alone, so a walk stops at
-- the page's end; the words starting with a longer typed word are a range
-- of it (word is compared byte by byte: COLLATE "C").
--
-- The rows are kept by triggers, as FTS5's external content is on SQLite:
-- a statement's inserted requests at once (a transition table: a bulk
-- insert makes one INSERT … SELECT), an update of the search text or a
-- deleted request row by row (its rows found from the old text, through
-- the primary key; no foreign key, whose cascade would want an index on
-- request_id alone).
-- +goose StatementBegin
CREATE FUNCTION request_words_of(search TEXT) RETURNS SETOF TEXT
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT DISTINCT x FROM unnest(string_to_array(search, ' ')) w,
        LATERAL (VALUES (left(w, 2)), (left(w, 3)), (left(w, 64))) v (x)
    WHERE length(w) >= 2
$$;
-- +goose StatementEnd

CREATE TABLE request_words (
    word       TEXT COLLATE "C" NOT NULL,
    request_id BIGINT           NOT NULL,
    PRIMARY KEY (word, request_id)
);
INSERT INTO request_words (word, request_id)
SELECT w, r.id FROM requests r, request_words_of(r.search) w;

-- +goose StatementBegin
CREATE FUNCTION request_words_insert() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO request_words (word, request_id)
    SELECT w, n.id FROM inserted_requests n, request_words_of(n.search) w;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER request_words_insert AFTER INSERT ON requests
    REFERENCING NEW TABLE AS inserted_requests
    FOR EACH STATEMENT EXECUTE FUNCTION request_words_insert();

-- +goose StatementBegin
CREATE FUNCTION request_words_change() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM request_words
    WHERE word IN (SELECT request_words_of(OLD.search)) AND request_id = OLD.id;
    IF TG_OP = 'UPDATE' THEN
        INSERT INTO request_words (word, request_id)
        SELECT w, NEW.id FROM request_words_of(NEW.search) w;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER request_words_update AFTER UPDATE OF id, search ON requests
    FOR EACH ROW WHEN (OLD.id <> NEW.id OR OLD.search <> NEW.search)
    EXECUTE FUNCTION request_words_change();
CREATE TRIGGER request_words_delete AFTER DELETE ON requests
    FOR EACH ROW EXECUTE FUNCTION request_words_change();

DROP INDEX requests_search;
ALTER TABLE requests DROP COLUMN search_words;

-- +goose Down
ALTER TABLE requests ADD COLUMN search_words TSVECTOR
    GENERATED ALWAYS AS (to_tsvector('simple', search)) STORED;
CREATE INDEX requests_search ON requests USING GIN (search_words);
DROP TRIGGER request_words_delete ON requests;
DROP TRIGGER request_words_update ON requests;
DROP TRIGGER request_words_insert ON requests;
DROP FUNCTION request_words_change();
DROP FUNCTION request_words_insert();
DROP TABLE request_words;
DROP FUNCTION request_words_of(TEXT);
