-- +goose Up
-- An agency's own keys (issue #35): a listing's number, an account's or a
-- subscriber's address, a slot's time, a counter's key, a cached page, a
-- link's hash are an agency's — two agencies may hold the same. Each key
-- gains agency_id first (which also leads the index every scoped read
-- walks). Numbers every agency draws from one sequence (requests,
-- accounts, demands…) stay as they are.

ALTER TABLE properties DROP CONSTRAINT properties_pkey, ADD PRIMARY KEY (agency_id, id);
ALTER TABLE projects DROP CONSTRAINT projects_pkey, ADD PRIMARY KEY (agency_id, id);
ALTER TABLE property_types DROP CONSTRAINT property_types_pkey, ADD PRIMARY KEY (agency_id, id);
ALTER TABLE catalog_meta DROP CONSTRAINT catalog_meta_pkey, ADD PRIMARY KEY (agency_id, id);
ALTER TABLE content_meta DROP CONSTRAINT content_meta_pkey, ADD PRIMARY KEY (agency_id, name);
ALTER TABLE site_head DROP CONSTRAINT site_head_pkey, ADD PRIMARY KEY (agency_id, one);
ALTER TABLE rendered_pages DROP CONSTRAINT rendered_pages_pkey, ADD PRIMARY KEY (agency_id, key);
ALTER TABLE rendered_total DROP CONSTRAINT rendered_total_pkey, ADD PRIMARY KEY (agency_id, id);
ALTER TABLE picture_variants DROP CONSTRAINT picture_variants_pkey, ADD PRIMARY KEY (agency_id, source, width, format);
ALTER TABLE agenda_property_slots DROP CONSTRAINT agenda_property_slots_pkey, ADD PRIMARY KEY (agency_id, start_at, property_id);
ALTER TABLE rate_hits DROP CONSTRAINT rate_hits_pkey, ADD PRIMARY KEY (agency_id, key, window_start);
ALTER TABLE abuse_holds DROP CONSTRAINT abuse_holds_pkey, ADD PRIMARY KEY (agency_id, key, window_start);
ALTER TABLE refusal_tallies DROP CONSTRAINT refusal_tallies_pkey, ADD PRIMARY KEY (agency_id, hour, reason, area);
ALTER TABLE property_visits DROP CONSTRAINT property_visits_pkey, ADD PRIMARY KEY (agency_id, property_id, day);
ALTER TABLE property_sources DROP CONSTRAINT property_sources_pkey, ADD PRIMARY KEY (agency_id, property_id, day, source);
ALTER TABLE listing_seen DROP CONSTRAINT listing_seen_pkey, ADD PRIMARY KEY (agency_id, property_id);
ALTER TABLE agenda_rules DROP CONSTRAINT agenda_rules_pkey, ADD PRIMARY KEY (agency_id, id);
ALTER TABLE alert_scans DROP CONSTRAINT alert_scans_pkey, ADD PRIMARY KEY (agency_id, id);
ALTER TABLE spent_challenges DROP CONSTRAINT spent_challenges_pkey, ADD PRIMARY KEY (agency_id, key);
ALTER TABLE sessions DROP CONSTRAINT sessions_pkey, ADD PRIMARY KEY (agency_id, token_hash);
ALTER TABLE feed_pictures DROP CONSTRAINT feed_pictures_pkey, ADD PRIMARY KEY (agency_id, key);
ALTER TABLE bookings DROP CONSTRAINT bookings_start_at_fkey;
ALTER TABLE agenda_slots DROP CONSTRAINT agenda_slots_pkey, ADD PRIMARY KEY (agency_id, start_at);
ALTER TABLE bookings ADD CONSTRAINT bookings_start_at_fkey FOREIGN KEY (agency_id, start_at) REFERENCES agenda_slots (agency_id, start_at);
ALTER TABLE newsletter_subscribers DROP CONSTRAINT newsletter_subscribers_email_key, ADD CONSTRAINT newsletter_subscribers_email_key UNIQUE (agency_id, email);
ALTER TABLE accounts DROP CONSTRAINT accounts_role_email_key, ADD CONSTRAINT accounts_role_email_key UNIQUE (agency_id, role, email);
DROP INDEX requests_fingerprint;
CREATE UNIQUE INDEX requests_fingerprint ON requests (agency_id, fingerprint);
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_pkey, ADD PRIMARY KEY (agency_id, hash);
ALTER TABLE newsletter_tokens DROP CONSTRAINT newsletter_tokens_pkey, ADD PRIMARY KEY (agency_id, hash);
ALTER TABLE mail_optouts DROP CONSTRAINT mail_optouts_pkey, ADD PRIMARY KEY (agency_id, hash);
ALTER TABLE bookings DROP CONSTRAINT bookings_cancel_hash_key, ADD CONSTRAINT bookings_cancel_hash_key UNIQUE (agency_id, cancel_hash);

-- +goose Down
ALTER TABLE bookings DROP CONSTRAINT bookings_cancel_hash_key, ADD CONSTRAINT bookings_cancel_hash_key UNIQUE (cancel_hash);
ALTER TABLE mail_optouts DROP CONSTRAINT mail_optouts_pkey, ADD PRIMARY KEY (hash);
ALTER TABLE newsletter_tokens DROP CONSTRAINT newsletter_tokens_pkey, ADD PRIMARY KEY (hash);
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_pkey, ADD PRIMARY KEY (hash);
DROP INDEX requests_fingerprint;
CREATE UNIQUE INDEX requests_fingerprint ON requests (fingerprint);
ALTER TABLE accounts DROP CONSTRAINT accounts_role_email_key, ADD CONSTRAINT accounts_role_email_key UNIQUE (role, email);
ALTER TABLE newsletter_subscribers DROP CONSTRAINT newsletter_subscribers_email_key, ADD CONSTRAINT newsletter_subscribers_email_key UNIQUE (email);
ALTER TABLE bookings DROP CONSTRAINT bookings_start_at_fkey;
ALTER TABLE agenda_slots DROP CONSTRAINT agenda_slots_pkey, ADD PRIMARY KEY (start_at);
ALTER TABLE bookings ADD CONSTRAINT bookings_start_at_fkey FOREIGN KEY (start_at) REFERENCES agenda_slots (start_at);
ALTER TABLE properties DROP CONSTRAINT properties_pkey, ADD PRIMARY KEY (id);
ALTER TABLE projects DROP CONSTRAINT projects_pkey, ADD PRIMARY KEY (id);
ALTER TABLE property_types DROP CONSTRAINT property_types_pkey, ADD PRIMARY KEY (id);
ALTER TABLE catalog_meta DROP CONSTRAINT catalog_meta_pkey, ADD PRIMARY KEY (id);
ALTER TABLE content_meta DROP CONSTRAINT content_meta_pkey, ADD PRIMARY KEY (name);
ALTER TABLE site_head DROP CONSTRAINT site_head_pkey, ADD PRIMARY KEY (one);
ALTER TABLE rendered_pages DROP CONSTRAINT rendered_pages_pkey, ADD PRIMARY KEY (key);
ALTER TABLE rendered_total DROP CONSTRAINT rendered_total_pkey, ADD PRIMARY KEY (id);
ALTER TABLE picture_variants DROP CONSTRAINT picture_variants_pkey, ADD PRIMARY KEY (source, width, format);
ALTER TABLE agenda_property_slots DROP CONSTRAINT agenda_property_slots_pkey, ADD PRIMARY KEY (start_at, property_id);
ALTER TABLE rate_hits DROP CONSTRAINT rate_hits_pkey, ADD PRIMARY KEY (key, window_start);
ALTER TABLE abuse_holds DROP CONSTRAINT abuse_holds_pkey, ADD PRIMARY KEY (key, window_start);
ALTER TABLE refusal_tallies DROP CONSTRAINT refusal_tallies_pkey, ADD PRIMARY KEY (hour, reason, area);
ALTER TABLE property_visits DROP CONSTRAINT property_visits_pkey, ADD PRIMARY KEY (property_id, day);
ALTER TABLE property_sources DROP CONSTRAINT property_sources_pkey, ADD PRIMARY KEY (property_id, day, source);
ALTER TABLE listing_seen DROP CONSTRAINT listing_seen_pkey, ADD PRIMARY KEY (property_id);
ALTER TABLE agenda_rules DROP CONSTRAINT agenda_rules_pkey, ADD PRIMARY KEY (id);
ALTER TABLE alert_scans DROP CONSTRAINT alert_scans_pkey, ADD PRIMARY KEY (id);
ALTER TABLE spent_challenges DROP CONSTRAINT spent_challenges_pkey, ADD PRIMARY KEY (key);
ALTER TABLE sessions DROP CONSTRAINT sessions_pkey, ADD PRIMARY KEY (token_hash);
ALTER TABLE feed_pictures DROP CONSTRAINT feed_pictures_pkey, ADD PRIMARY KEY (key);
