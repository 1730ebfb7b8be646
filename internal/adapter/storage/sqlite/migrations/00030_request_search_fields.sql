-- The inbox's search looks in a kind's own words too (inbox.SearchFields):
-- a valuation's or an offer's street, postcode and city, a valuation's
-- property type, a job's position and motivation, a project's unit, a
-- document's name, a rent application's reason, a friend's names, a
-- testimonial's website. New requests are saved with them
-- (inbox.SearchText); the stored ones of those kinds get them here. FTS5's
-- tokenizer folds case and accents and splits on punctuation like
-- inbox.SearchText, and the triggers of 00022 keep requests_fts.

-- +goose Up
UPDATE requests SET search = trim(
    coalesce(json_extract(data, '$.person.firstName'), '') || ' ' ||
    coalesce(json_extract(data, '$.person.lastName'), '') || ' ' ||
    coalesce(json_extract(data, '$.person.email'), '') || ' ' ||
    coalesce(json_extract(data, '$.remark'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.unit'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.street'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.zip'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.city'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.propertyType'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.friendFirstName'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.friendLastName'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.document'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.website'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.position'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.motivation'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.conditions'), '') || ' ' ||
    coalesce(json_extract(data, '$.fields.movingReason'), ''))
WHERE kind IN ('contact-construction', 'contact-demand', 'send-to-friend', 'document-request', 'testimonial',
    'job-application', 'purchase-offer', 'rent-application');

-- +goose Down
-- The kinds' words stay: a search finds more, nothing breaks.
SELECT 1;
