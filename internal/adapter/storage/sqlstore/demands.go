package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"immo/internal/domain/demand"
)

// Demands keeps the registered searches and what each was told
// (demand.Store). The types and zones are JSON arrays in their row (the
// migration says why).
type Demands struct{ s *Store }

// Demands is the store's demand.Store.
func (s *Store) Demands() *Demands { return &Demands{s} }

var _ demand.Store = (*Demands)(nil)

// jsonList is a list as its column holds it: [] for none, never null.
func jsonList[T any](xs []T) (string, error) {
	if xs == nil {
		xs = []T{}
	}
	b, err := json.Marshal(xs)
	return string(b), err
}

// Save implements demand.Store: d as a new demand of d.Account.
func (ds *Demands) Save(ctx context.Context, d demand.Demand) (int64, error) {
	var id int64
	err := ds.s.writeTx(ctx, func(tx *sql.Tx) (err error) {
		id, err = ds.s.insertDemand(ctx, tx, d)
		return err
	})
	if err != nil {
		return 0, ds.s.errorf("save demand: %w", err)
	}
	return id, nil
}

// insertDemand inserts d (d.ID ignored) in tx: its id.
func (s *Store) insertDemand(ctx context.Context, tx *sql.Tx, d demand.Demand) (int64, error) {
	types, err := jsonList(d.Types)
	if err != nil {
		return 0, err
	}
	zips, err := jsonList(d.Zips)
	if err != nil {
		return 0, err
	}
	var id int64
	err = tx.QueryRowContext(ctx, s.d.query(`INSERT INTO demands
		(agency_id, account_id, lang, goal, types, zips, price_min, price_max, bedrooms_min, bedrooms_max,
		 garages_min, garages_max, parkings_min, parkings_max, bathrooms_min, created_at, confirmed_at, paused)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		s.agency, d.Account, d.Lang, d.Goal, types, zips, d.Price.Min, d.Price.Max, d.Bedrooms.Min, d.Bedrooms.Max,
		d.Garages.Min, d.Garages.Max, d.Parkings.Min, d.Parkings.Max, d.BathroomsMin, s.d.Time(d.Created),
		nullTime(s.d.Time, d.Confirmed), d.Paused,
	).Scan(&id)
	return id, err
}

// Delete implements demand.Store: only account's own demand; its alerts go
// with it (ON DELETE CASCADE).
func (ds *Demands) Delete(ctx context.Context, id, account int64) error {
	res, err := ds.s.write.ExecContext(ctx, ds.s.d.query(`DELETE FROM demands WHERE agency_id = ? AND id = ? AND account_id = ?`),
		ds.s.agency, id, account)
	if err != nil {
		return ds.s.errorf("delete demand: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return ds.s.errorf("delete demand: %w", err)
	}
	if n == 0 {
		return demand.ErrNotFound
	}
	return nil
}

// Active implements demand.Store: every demand of an account not
// disabled, by id.
func (ds *Demands) Active(ctx context.Context) ([]demand.Demand, error) {
	return ds.s.demandRows(ctx, `SELECT `+demandColumns+` FROM demands d
		JOIN accounts a ON a.id = d.account_id AND a.agency_id = d.agency_id
		WHERE d.agency_id = ? AND `+activeDemand+` ORDER BY d.id`, ds.s.agency)
}

// activeDemand is the condition of a demand told of matches (d, joined
// with its account a): confirmed, not paused, its account enabled.
const activeDemand = `NOT a.disabled AND a.email_confirmed_at IS NOT NULL AND d.confirmed_at IS NOT NULL AND NOT d.paused`

// demandRow is where a row of demandColumns scans: the demand, and its
// lists as their JSON (decode).
type demandRow struct {
	d           *demand.Demand
	types, zips []byte
}

func (r *demandRow) fields() []any {
	d := r.d
	return []any{&d.ID, &d.Account, &d.Lang, &d.Goal, &r.types, &r.zips,
		&d.Price.Min, &d.Price.Max, &d.Bedrooms.Min, &d.Bedrooms.Max, &d.Garages.Min, &d.Garages.Max,
		&d.Parkings.Min, &d.Parkings.Max, &d.BathroomsMin, scanTime{&d.Created}, scanTime{&d.Confirmed}, &d.Paused}
}

// decode reads the scanned lists into the demand.
func (r *demandRow) decode() error {
	if err := json.Unmarshal(r.types, &r.d.Types); err != nil {
		return fmt.Errorf("demand %d: types: %w", r.d.ID, err)
	}
	if err := json.Unmarshal(r.zips, &r.d.Zips); err != nil {
		return fmt.Errorf("demand %d: zips: %w", r.d.ID, err)
	}
	return nil
}

// demandColumns are a demand row's, as Store.demands scans them.
const demandColumns = `d.id, d.account_id, d.lang, d.goal, d.types, d.zips,
	d.price_min, d.price_max, d.bedrooms_min, d.bedrooms_max, d.garages_min, d.garages_max,
	d.parkings_min, d.parkings_max, d.bathrooms_min, d.created_at, d.confirmed_at, d.paused`

// demands are the store's agency's demands d where says (conditions, then
// an order), its arguments args.
func (s *Store) demands(ctx context.Context, where string, args ...any) ([]demand.Demand, error) {
	return s.demandRows(ctx, `SELECT `+demandColumns+` FROM demands d WHERE d.agency_id = ? AND `+where,
		append([]any{s.agency}, args...)...)
}

// demandRows are the demands query reads (its columns demandColumns).
func (s *Store) demandRows(ctx context.Context, query string, args ...any) ([]demand.Demand, error) {
	rows, err := s.read.QueryContext(ctx, s.d.query(query), args...)
	if err != nil {
		return nil, s.errorf("demands: %w", err)
	}
	defer rows.Close()
	out := []demand.Demand{}
	for rows.Next() {
		var d demand.Demand
		row := demandRow{d: &d}
		if err := rows.Scan(row.fields()...); err != nil {
			return nil, s.errorf("demands: %w", err)
		}
		if err := row.decode(); err != nil {
			return nil, s.errorf("%w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, s.errorf("demands: %w", err)
	}
	return out, nil
}

// MarkAlerted implements demand.Store. The insert does nothing when the
// pair is marked already (the primary key decides between racing
// servers) or the demand is gone, which a second look tells apart.
func (ds *Demands) MarkAlerted(ctx context.Context, demandID, property int64) (bool, error) {
	// Marked as told already (mailed_at set): the daily digest sends only
	// the rows the alert scan left pending.
	now := ds.s.d.Time(time.Now())
	res, err := ds.s.write.ExecContext(ctx, ds.s.d.query(`INSERT INTO demand_alerts (agency_id, demand_id, property_id, alerted_at, mailed_at)
		SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM demands WHERE agency_id = ? AND id = ?)
		ON CONFLICT (demand_id, property_id) DO NOTHING`),
		ds.s.agency, demandID, property, now, now, ds.s.agency, demandID)
	if err != nil {
		return false, ds.s.errorf("mark alerted: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, ds.s.errorf("mark alerted: %w", err)
	}
	if n == 1 {
		return true, nil
	}
	var one int
	err = ds.s.read.QueryRowContext(ctx, ds.s.d.query(`SELECT 1 FROM demands WHERE agency_id = ? AND id = ?`),
		ds.s.agency, demandID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, demand.ErrNotFound
	}
	if err != nil {
		return false, ds.s.errorf("mark alerted: %w", err)
	}
	return false, nil
}
