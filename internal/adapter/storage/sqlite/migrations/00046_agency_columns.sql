-- +goose Up
-- Every table of an agency's data carries its agency (issue #35, step 2):
-- the rows there are the implicit agency's, number 1. The stores set the
-- column from the agency they are bound to (sqlstore.Store.For) — never
-- from a caller's argument — and read through it. SQLite keeps one
-- agency's data: its keys stay as they are (a second agency needs
-- PostgreSQL, whose twin of this migration is followed by the keys made
-- per agency).
ALTER TABLE abuse_holds ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE account_tokens ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE accounts ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE agenda_property_slots ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE agenda_rules ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE agenda_slots ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE alert_scans ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE audit_log ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bookings ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE catalog_meta ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE content_meta ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE demand_alerts ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE demands ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE feed_holds ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE feed_pictures ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE feed_runs ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE feeds ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE listing_seen ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE mail_attachments ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE mail_optouts ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE media ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE newsletter_subscribers ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE newsletter_tokens ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE owner_properties ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE owner_reports ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE picture_variants ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE properties ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE property_sources ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE property_types ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE property_visits ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE rate_hits ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE refusal_tallies ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE rendered_pages ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE rendered_total ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE request_files ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE request_mails ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE request_notes ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE requests ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sessions ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE site_drafts ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE site_head ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE site_versions ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE spent_challenges ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE staff_totp ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE testimonials ADD COLUMN agency_id INTEGER NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE abuse_holds DROP COLUMN agency_id;
ALTER TABLE account_tokens DROP COLUMN agency_id;
ALTER TABLE accounts DROP COLUMN agency_id;
ALTER TABLE agenda_property_slots DROP COLUMN agency_id;
ALTER TABLE agenda_rules DROP COLUMN agency_id;
ALTER TABLE agenda_slots DROP COLUMN agency_id;
ALTER TABLE alert_scans DROP COLUMN agency_id;
ALTER TABLE audit_log DROP COLUMN agency_id;
ALTER TABLE bookings DROP COLUMN agency_id;
ALTER TABLE catalog_meta DROP COLUMN agency_id;
ALTER TABLE content_meta DROP COLUMN agency_id;
ALTER TABLE demand_alerts DROP COLUMN agency_id;
ALTER TABLE demands DROP COLUMN agency_id;
ALTER TABLE feed_holds DROP COLUMN agency_id;
ALTER TABLE feed_pictures DROP COLUMN agency_id;
ALTER TABLE feed_runs DROP COLUMN agency_id;
ALTER TABLE feeds DROP COLUMN agency_id;
ALTER TABLE listing_seen DROP COLUMN agency_id;
ALTER TABLE mail_attachments DROP COLUMN agency_id;
ALTER TABLE mail_optouts DROP COLUMN agency_id;
ALTER TABLE media DROP COLUMN agency_id;
ALTER TABLE newsletter_subscribers DROP COLUMN agency_id;
ALTER TABLE newsletter_tokens DROP COLUMN agency_id;
ALTER TABLE owner_properties DROP COLUMN agency_id;
ALTER TABLE owner_reports DROP COLUMN agency_id;
ALTER TABLE picture_variants DROP COLUMN agency_id;
ALTER TABLE projects DROP COLUMN agency_id;
ALTER TABLE properties DROP COLUMN agency_id;
ALTER TABLE property_sources DROP COLUMN agency_id;
ALTER TABLE property_types DROP COLUMN agency_id;
ALTER TABLE property_visits DROP COLUMN agency_id;
ALTER TABLE rate_hits DROP COLUMN agency_id;
ALTER TABLE refusal_tallies DROP COLUMN agency_id;
ALTER TABLE rendered_pages DROP COLUMN agency_id;
ALTER TABLE rendered_total DROP COLUMN agency_id;
ALTER TABLE request_files DROP COLUMN agency_id;
ALTER TABLE request_mails DROP COLUMN agency_id;
ALTER TABLE request_notes DROP COLUMN agency_id;
ALTER TABLE requests DROP COLUMN agency_id;
ALTER TABLE sessions DROP COLUMN agency_id;
ALTER TABLE site_drafts DROP COLUMN agency_id;
ALTER TABLE site_head DROP COLUMN agency_id;
ALTER TABLE site_versions DROP COLUMN agency_id;
ALTER TABLE spent_challenges DROP COLUMN agency_id;
ALTER TABLE staff_totp DROP COLUMN agency_id;
ALTER TABLE testimonials DROP COLUMN agency_id;
