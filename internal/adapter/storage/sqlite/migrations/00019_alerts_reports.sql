-- +goose Up
-- Demand alerts and the owners' weekly report (issue #19; docs/ARCHITECTURE.md
-- "Alerts and reports").
--
-- alert_scans is the last catalog version the alert scan compared with the
-- one before (one row, made here at version 0: the first scan only
-- remembers). A server that notices a new version moves it forward with a
-- compare-and-set in the scan's transaction: of servers noticing one
-- version, one scans it, and an older version is never scanned after a
-- newer one.
CREATE TABLE alert_scans (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    version    INTEGER NOT NULL,
    scanned_at TEXT
);
INSERT INTO alert_scans (id, version) VALUES (1, 0);
-- What the scanned versions said of each listing that has been available:
-- a listing without a row is new; one whose published price is below its
-- row's is cheaper. price 0: not published (never a drop: an alert must
-- not reveal what the site hides).
CREATE TABLE listing_seen (
    property_id INTEGER PRIMARY KEY,
    price       INTEGER NOT NULL DEFAULT 0,
    first_seen  TEXT    NOT NULL,
    changed_at  TEXT    NOT NULL
);
-- An alert's news (new, or cheaper than was_price) and when it was mailed:
-- NULL is pending (a daily digest's, or an instant alert's job not run
-- yet). Claiming pending rows is one guarded UPDATE … WHERE mailed_at IS
-- NULL in the transaction that queues their mail, so each goes out once.
ALTER TABLE demand_alerts ADD COLUMN reason TEXT NOT NULL DEFAULT 'new' CHECK (reason IN ('new', 'price'));
ALTER TABLE demand_alerts ADD COLUMN was_price INTEGER NOT NULL DEFAULT 0;
ALTER TABLE demand_alerts ADD COLUMN mailed_at TEXT;
UPDATE demand_alerts SET mailed_at = alerted_at;
CREATE INDEX demand_alerts_pending ON demand_alerts (demand_id) WHERE mailed_at IS NULL;
-- The weekly reports sent: the primary key (owner, the week's Monday) is
-- inserted in the transaction that queues the report, so of servers
-- sending the same week one does.
CREATE TABLE owner_reports (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    week       TEXT    NOT NULL CHECK (length(week) = 10),
    sent_at    TEXT    NOT NULL,
    PRIMARY KEY (account_id, week)
);
-- The one-click unsubscribe links of the alert and report mails: the
-- token's SHA-256, what it stops (an alert's: its demand; a report's: the
-- owner's weekly report). Usable again (unsubscribing twice is no error),
-- forgotten after a year.
CREATE TABLE mail_optouts (
    hash       TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL CHECK (kind IN ('alert', 'report')),
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    demand_id  INTEGER REFERENCES demands (id) ON DELETE CASCADE,
    created_at TEXT    NOT NULL,
    used_at    TEXT
);
CREATE INDEX mail_optouts_created ON mail_optouts (created_at);

-- +goose Down
DROP TABLE mail_optouts;
DROP TABLE owner_reports;
DROP INDEX demand_alerts_pending;
ALTER TABLE demand_alerts DROP COLUMN mailed_at;
ALTER TABLE demand_alerts DROP COLUMN was_price;
ALTER TABLE demand_alerts DROP COLUMN reason;
DROP TABLE listing_seen;
DROP TABLE alert_scans;
