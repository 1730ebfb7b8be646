-- SQLite's twin (00034) makes the requests', accounts' and testimonials'
-- ids AUTOINCREMENT so a deleted row's number is never given again;
-- PostgreSQL's identity sequences never go back: nothing to do.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
