package sqlstore

import (
	"context"
	"encoding/json"

	"immo/internal/domain/feed"
)

var _ feed.Store = (*Store)(nil)

// runReport is the part of a run kept as JSON: what it did and refused,
// and the translation key of why not (the error column keeps its English
// words; a run kept before the keys has none).
type runReport struct {
	Types         int               `json:"types"`
	TypesRejected int               `json:"typesRejected"`
	Properties    feed.Counts       `json:"properties"`
	Projects      feed.Counts       `json:"projects"`
	Problems      []feed.Problem    `json:"problems"`
	MoreProblems  int               `json:"moreProblems"`
	ErrorKey      string            `json:"errorKey,omitempty"`
	ErrorParams   map[string]string `json:"errorParams,omitempty"`
}

// RecordRun implements feed.Store.
func (s *Store) RecordRun(ctx context.Context, r feed.Run) (int64, error) {
	r = r.Bounded()
	report, err := json.Marshal(runReport{r.Types, r.TypesRejected, r.Properties, r.Projects, r.Problems, r.MoreProblems,
		r.ErrorKey, r.ErrorParams})
	if err != nil {
		return 0, err
	}
	var id int64
	if err := s.write.QueryRowContext(ctx, s.d.query(`INSERT INTO feed_runs
		(agency_id, feed_id, http_status, source, trigger_kind, started_by, started_at, ended_at, status, error, catalog_version, report)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), s.agency, r.Feed, r.HTTPStatus, r.Source, string(r.Trigger), r.By, s.d.Time(r.Started), s.d.Time(r.Ended),
		string(r.Status), r.Error, r.CatalogVersion, string(report)).Scan(&id); err != nil {
		return 0, s.errorf("record run: %w", err)
	}
	return id, nil
}

// Runs implements feed.Store.
func (s *Store) Runs(ctx context.Context, limit int) ([]feed.Run, error) {
	out, err := appendRows(ctx, s.read, nil, func(row scanner) (feed.Run, error) {
		var r feed.Run
		var report string
		if err := row.Scan(&r.ID, &r.Feed, &r.HTTPStatus, &r.Source, &r.Trigger, &r.By, scanTime{&r.Started}, scanTime{&r.Ended}, &r.Status, &r.Error,
			&r.CatalogVersion, &report); err != nil {
			return r, err
		}
		var rep runReport
		if err := json.Unmarshal([]byte(report), &rep); err != nil {
			return r, err
		}
		r.Types, r.TypesRejected, r.Properties, r.Projects, r.Problems, r.MoreProblems =
			rep.Types, rep.TypesRejected, rep.Properties, rep.Projects, rep.Problems, rep.MoreProblems
		r.ErrorKey, r.ErrorParams = rep.ErrorKey, rep.ErrorParams
		return r, nil
	}, s.d.query(`SELECT id, feed_id, http_status, source, trigger_kind, started_by, started_at, ended_at, status, error, catalog_version, report
		FROM feed_runs WHERE agency_id = ? ORDER BY id DESC LIMIT ?`), s.agency, limit)
	if err != nil {
		return nil, s.errorf("runs: %w", err)
	}
	return out, nil
}
