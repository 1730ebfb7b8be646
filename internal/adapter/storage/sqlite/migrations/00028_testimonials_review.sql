-- +goose Up
-- The inbox's testimonials, a page at a time (testimonial.Query): the
-- pending or the published ones, newest first by id.
CREATE INDEX testimonials_review ON testimonials (approved, id);

-- +goose Down
DROP INDEX testimonials_review;
