-- +goose Up
-- One table for every single-use link (issue #31): a posted demand's
-- confirmation link joins the accounts' password links in account_tokens,
-- of purpose 'confirm-demand', naming the demand it confirms (and only it
-- names one). The links stored in demand_confirmations move over, each to
-- its demand's account.
ALTER TABLE account_tokens ADD COLUMN demand_id BIGINT REFERENCES demands (id) ON DELETE CASCADE;
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
    CHECK (purpose IN ('set-password', 'reset', 'staff-password', 'confirm-demand'));
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_demand_check
    CHECK ((purpose = 'confirm-demand') = (demand_id IS NOT NULL));
INSERT INTO account_tokens (hash, account_id, purpose, demand_id, expires_at, used_at)
SELECT c.hash, d.account_id, 'confirm-demand', c.demand_id, c.expires_at, c.used_at
FROM demand_confirmations c JOIN demands d ON d.id = c.demand_id;
CREATE INDEX account_tokens_demand ON account_tokens (demand_id);
DROP TABLE demand_confirmations;

-- +goose Down
CREATE TABLE demand_confirmations (
    hash       TEXT PRIMARY KEY,
    demand_id  BIGINT  NOT NULL REFERENCES demands (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX demand_confirmations_demand ON demand_confirmations (demand_id);
INSERT INTO demand_confirmations (hash, demand_id, expires_at, used_at)
SELECT hash, demand_id, expires_at, used_at FROM account_tokens WHERE purpose = 'confirm-demand';
DELETE FROM account_tokens WHERE purpose = 'confirm-demand';
DROP INDEX account_tokens_demand;
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_demand_check;
ALTER TABLE account_tokens DROP COLUMN demand_id;
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
    CHECK (purpose IN ('set-password', 'reset', 'staff-password'));
