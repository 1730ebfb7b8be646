-- The inbox's search looks in a kind's own words too (inbox.SearchFields):
-- a valuation's or an offer's street, postcode and city, a valuation's
-- property type, a job's position and motivation, a project's unit, a
-- document's name, a rent application's reason, a friend's names, a
-- testimonial's website. New requests are saved with them
-- (inbox.SearchText); the stored ones of those kinds get them here, folded
-- as 00022 folded the names, and 00027's trigger rewrites their words.

-- +goose Up
UPDATE requests SET search = btrim(regexp_replace(lower(translate(
    concat_ws(' ', data->'person'->>'firstName', data->'person'->>'lastName',
        data->'person'->>'email', data->>'remark',
        data->'fields'->>'unit', data->'fields'->>'street', data->'fields'->>'zip', data->'fields'->>'city',
        data->'fields'->>'propertyType', data->'fields'->>'friendFirstName', data->'fields'->>'friendLastName',
        data->'fields'->>'document', data->'fields'->>'website', data->'fields'->>'position',
        data->'fields'->>'motivation', data->'fields'->>'conditions', data->'fields'->>'movingReason'),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy')), '[^[:alnum:]]+', ' ', 'g'))
WHERE kind IN ('contact-construction', 'contact-demand', 'send-to-friend', 'document-request', 'testimonial',
    'job-application', 'purchase-offer', 'rent-application');

-- +goose Down
-- The kinds' words stay: a search finds more, nothing breaks.
SELECT 1;
