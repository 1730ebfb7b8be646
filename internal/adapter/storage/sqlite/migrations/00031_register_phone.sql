-- The inbox's demands (sqlstore.Demands.Registered) show each registrant's
-- phone, which only their registration's request keeps (the account holds
-- names and address): the newest demand-register request of the account's
-- address is found through this index, one lookup a demand, whatever the
-- number of requests. The literal kind makes it partial: the query names
-- the same one.

-- +goose Up
CREATE INDEX requests_register_email ON requests (lower(trim(data->'person'->>'email')), id)
    WHERE kind = 'demand-register';

-- +goose Down
DROP INDEX requests_register_email;
