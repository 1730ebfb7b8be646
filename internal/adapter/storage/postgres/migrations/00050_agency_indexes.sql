-- +goose NO TRANSACTION
-- +goose Up
-- The lists an agency's inbox pages through, led by the agency (issue #35):
-- every statement names its agency, and among a hundred agencies an index
-- on (status, id) alone walks every agency's rows to find one agency's
-- page — the smaller the agency, the longer. Built concurrently: a
-- platform's requests and audit log are large, and writes go on meanwhile.
-- The old indexes go: no statement reads them without the agency.
-- (SQLite holds one agency: its indexes stay as they are.)
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_agency_id ON requests (agency_id, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_agency_status ON requests (agency_id, status, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_agency_kind ON requests (agency_id, kind, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_agency_lang ON requests (agency_id, lang, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_agency_created ON requests (agency_id, created_at);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_agency_assignee ON requests (agency_id, assignee_id, id) WHERE assignee_id IS NOT NULL;
CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_agency_id ON audit_log (agency_id, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_agency_target ON audit_log (agency_id, target_kind, target_id, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_agency_actor ON audit_log (agency_id, actor_id, id);
DROP INDEX CONCURRENTLY IF EXISTS requests_status;
DROP INDEX CONCURRENTLY IF EXISTS requests_kind;
DROP INDEX CONCURRENTLY IF EXISTS requests_lang;
DROP INDEX CONCURRENTLY IF EXISTS requests_created;
DROP INDEX CONCURRENTLY IF EXISTS requests_assignee;
DROP INDEX CONCURRENTLY IF EXISTS audit_log_target;
DROP INDEX CONCURRENTLY IF EXISTS audit_log_actor;

-- +goose Down
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_status ON requests (status, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_kind ON requests (kind, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_lang ON requests (lang, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_created ON requests (created_at);
CREATE INDEX CONCURRENTLY IF NOT EXISTS requests_assignee ON requests (assignee_id, id) WHERE assignee_id IS NOT NULL;
CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_target ON audit_log (target_kind, target_id, id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_actor ON audit_log (actor_id, id);
DROP INDEX CONCURRENTLY IF EXISTS requests_agency_id;
DROP INDEX CONCURRENTLY IF EXISTS requests_agency_status;
DROP INDEX CONCURRENTLY IF EXISTS requests_agency_kind;
DROP INDEX CONCURRENTLY IF EXISTS requests_agency_lang;
DROP INDEX CONCURRENTLY IF EXISTS requests_agency_created;
DROP INDEX CONCURRENTLY IF EXISTS requests_agency_assignee;
DROP INDEX CONCURRENTLY IF EXISTS audit_log_agency_id;
DROP INDEX CONCURRENTLY IF EXISTS audit_log_agency_target;
DROP INDEX CONCURRENTLY IF EXISTS audit_log_agency_actor;
