-- +goose Up
-- An agency's third-party captcha secret (issue #35), sealed with the
-- agency's own key (as a feed's): each agency of a platform checks its own
-- provider's tokens. '': none (the implicit agency may use
-- IMMO_CAPTCHA_SECRET; the others' forms use ALTCHA).
ALTER TABLE agencies ADD COLUMN captcha_secret TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE agencies DROP COLUMN captcha_secret;
