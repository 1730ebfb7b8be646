-- A testimonial sent through the site's form is also a request (the agency's
-- notice, the visitor's confirmation): request_id ties the two, so the
-- testimonial's picture is the request's file and the agency finds the
-- sender's address. Deleting the request keeps the testimonial.

-- +goose Up
ALTER TABLE testimonials ADD COLUMN request_id INTEGER REFERENCES requests (id) ON DELETE SET NULL;
CREATE INDEX testimonials_pending ON testimonials (created_at) WHERE NOT approved;

-- +goose Down
DROP INDEX testimonials_pending;
ALTER TABLE testimonials DROP COLUMN request_id;
