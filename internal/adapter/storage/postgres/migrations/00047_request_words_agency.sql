-- +goose Up
-- A lead's words carry its agency (issue #35): the triggers that write
-- them copy the request's.

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION request_words_insert() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO request_words (agency_id, word, request_id)
    SELECT n.agency_id, w, n.id FROM inserted_requests n, request_words_of(n.search) w;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION request_words_change() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM request_words
    WHERE agency_id = OLD.agency_id AND word IN (SELECT request_words_of(OLD.search)) AND request_id = OLD.id;
    IF TG_OP = 'UPDATE' THEN
        INSERT INTO request_words (agency_id, word, request_id)
        SELECT NEW.agency_id, w, NEW.id FROM request_words_of(NEW.search) w;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION request_words_insert() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO request_words (word, request_id)
    SELECT w, n.id FROM inserted_requests n, request_words_of(n.search) w;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION request_words_change() RETURNS TRIGGER LANGUAGE plpgsql AS $$
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
