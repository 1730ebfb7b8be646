package sqlstore

import (
	"context"
	"database/sql"
	"strings"

	"immo/internal/domain/demand"
)

var _ demand.RegisteredStore = (*Demands)(nil)

// Registered implements demand.RegisteredStore: the newest demands first
// (below q.Before's id, through the primary key) with their registrants, the alerts mailed for each read from
// demand_alerts (its primary key starts with the demand). A search reads
// the registrants' addresses and names in lower case.
func (ds *Demands) Registered(ctx context.Context, q demand.RegisteredQuery) ([]demand.Registered, bool, error) {
	// The phone of the address's newest registration (requests_register_email,
	// migration 00031: the literal kind matches its partial index; the
	// address compared as an expression, a.email || '', as SQLite would
	// otherwise give the index's expression the column's affinity and scan
	// every request).
	query := `SELECT ` + demandColumns + `, a.email, a.first_name, a.last_name, a.disabled,
		(SELECT r.data->'person'->>'phone' FROM requests r WHERE r.kind = 'demand-register'
			AND lower(trim(r.data->'person'->>'email')) = a.email || '' AND r.agency_id = a.agency_id ORDER BY r.id DESC LIMIT 1),
		(SELECT count(*) FROM demand_alerts x WHERE x.demand_id = d.id AND x.agency_id = d.agency_id AND x.mailed_at IS NOT NULL),
		(SELECT max(x.mailed_at) FROM demand_alerts x WHERE x.demand_id = d.id AND x.agency_id = d.agency_id)
		FROM demands d JOIN accounts a ON a.id = d.account_id AND a.agency_id = d.agency_id WHERE d.agency_id = ?`
	args := []any{ds.s.agency}
	switch q.State {
	case demand.StateConfirmed:
		query += ` AND d.confirmed_at IS NOT NULL`
	case demand.StateUnconfirmed:
		query += ` AND d.confirmed_at IS NULL`
	}
	if q.Q != "" {
		query += ` AND (lower(a.email) LIKE ? ESCAPE '\' OR lower(a.first_name || ' ' || a.last_name) LIKE ? ESCAPE '\')`
		p := "%" + likeEscaped(strings.ToLower(q.Q)) + "%"
		args = append(args, p, p)
	}
	if q.Before > 0 {
		query += ` AND d.id < ?`
		args = append(args, q.Before)
	}
	query += ` ORDER BY d.id DESC LIMIT ? OFFSET ?`
	args = append(args, q.Limit+1, q.Offset)
	rows, err := ds.s.read.QueryContext(ctx, ds.s.d.query(query), args...)
	if err != nil {
		return nil, false, ds.s.errorf("registered demands: %w", err)
	}
	defer rows.Close()
	list := []demand.Registered{}
	for rows.Next() {
		var r demand.Registered
		var phone sql.NullString
		row := demandRow{d: &r.Demand}
		if err := rows.Scan(append(row.fields(), &r.Email, &r.FirstName, &r.LastName, &r.Disabled, &phone, &r.AlertsSent,
			scanTime{&r.LastAlert})...); err != nil {
			return nil, false, ds.s.errorf("registered demands: %w", err)
		}
		if err := row.decode(); err != nil {
			return nil, false, ds.s.errorf("%w", err)
		}
		r.Phone = phone.String
		list = append(list, r)
	}
	if err := rows.Err(); err != nil {
		return nil, false, ds.s.errorf("registered demands: %w", err)
	}
	more := len(list) > q.Limit
	if more {
		list = list[:q.Limit]
	}
	return list, more, nil
}
