-- +goose Up
-- Demand registrants (issue #19). A demand posted on the public form waits
-- for its address to be confirmed (a mailed single-use link) before any
-- alert goes out: the form is open to anyone, who may type anyone's
-- address. A registrant pauses a demand rather than deleting it.
ALTER TABLE demands ADD COLUMN confirmed_at TEXT;
ALTER TABLE demands ADD COLUMN paused BOOLEAN NOT NULL DEFAULT FALSE;
-- How a registrant hears of matches: each at once, or a daily digest. An
-- owner may turn their weekly report off. A password change ends every
-- other session: a session older than password_changed_at is refused.
ALTER TABLE accounts ADD COLUMN alert_frequency TEXT NOT NULL DEFAULT 'instant'
    CHECK (alert_frequency IN ('instant', 'daily'));
ALTER TABLE accounts ADD COLUMN weekly_report BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE accounts ADD COLUMN password_changed_at TEXT;
-- The single-use links confirming a posted demand: the token's SHA-256.
CREATE TABLE demand_confirmations (
    hash       TEXT PRIMARY KEY,
    demand_id  INTEGER NOT NULL REFERENCES demands (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX demand_confirmations_demand ON demand_confirmations (demand_id);

-- +goose Down
DROP TABLE demand_confirmations;
ALTER TABLE accounts DROP COLUMN password_changed_at;
ALTER TABLE accounts DROP COLUMN weekly_report;
ALTER TABLE accounts DROP COLUMN alert_frequency;
ALTER TABLE demands DROP COLUMN paused;
ALTER TABLE demands DROP COLUMN confirmed_at;
