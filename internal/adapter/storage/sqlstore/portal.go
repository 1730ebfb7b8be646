package sqlstore

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"immo/internal/domain/lead"
	"immo/internal/domain/portal"
	"immo/internal/domain/visit"
)

// Portal reads an owner's portal (portal.Store): every query joins
// owner_properties on the owner, so a property another owns reads as
// nothing, whatever ID is asked for.
type Portal struct{ s *Store }

// Portal is the store's portal.Store.
func (s *Store) Portal() *Portal { return &Portal{s} }

var _ portal.Store = (*Portal)(nil)

// Properties implements portal.Store.
func (p *Portal) Properties(ctx context.Context, owner int64) ([]int64, error) {
	return p.s.Owners().Properties(ctx, owner)
}

// Daily implements portal.Store as Visits.Daily does, in one statement:
// the first row the total (0 for a property not owner's), then the days.
func (p *Portal) Daily(ctx context.Context, owner, property int64, from, to visit.Day) (map[visit.Day]int, int, error) {
	return daily(ctx, p.s, "owner's daily visits", `
		SELECT '' AS day, CAST(COALESCE(SUM(v.count), 0) AS BIGINT) FROM property_visits v
			JOIN owner_properties o ON o.property_id = v.property_id AND o.agency_id = v.agency_id AND o.account_id = ?
			WHERE v.agency_id = ? AND v.property_id = ?
		UNION ALL
		SELECT v.day, v.count FROM property_visits v
			JOIN owner_properties o ON o.property_id = v.property_id AND o.agency_id = v.agency_id AND o.account_id = ?
			WHERE v.agency_id = ? AND v.property_id = ? AND v.day >= ? AND v.day <= ?`,
		from, to, owner, p.s.agency, property, owner, p.s.agency, property)
}

// Sources implements portal.Store.
func (p *Portal) Sources(ctx context.Context, owner, property int64, from, to visit.Day) (map[visit.Source]int, error) {
	return sources(ctx, p.s, p.s.read, `SELECT s.source, CAST(SUM(s.count) AS BIGINT) FROM property_sources s
		JOIN owner_properties o ON o.property_id = s.property_id AND o.agency_id = s.agency_id AND o.account_id = ?
		WHERE s.agency_id = ? AND s.property_id = ? AND s.day >= ? AND s.day <= ? GROUP BY s.source`,
		from, to, owner, p.s.agency, property)
}

// History implements portal.Store in one statement (the total a window
// count over the rows before the limit). Of a request's document only the
// names and the remark are read out; its address, phone and files stay.
func (p *Portal) History(ctx context.Context, owner, property int64, kinds []lead.Kind, limit int) ([]portal.Request, int, error) {
	if len(kinds) == 0 || limit <= 0 {
		return nil, 0, nil
	}
	args := []any{owner, p.s.agency, property}
	for _, k := range kinds {
		args = append(args, string(k))
	}
	args = append(args, limit)
	rows, err := p.s.read.QueryContext(ctx, p.s.d.query(`SELECT r.created_at, r.kind, r.status, r.data, b.start_at, b.cancelled_at,
			COUNT(*) OVER ()
		FROM requests r
		JOIN owner_properties o ON o.property_id = r.property_id AND o.agency_id = r.agency_id AND o.account_id = ?
		LEFT JOIN bookings b ON b.request_id = r.id AND b.agency_id = r.agency_id
		WHERE r.agency_id = ? AND r.property_id = ? AND r.status <> 'spam' AND r.kind IN (?`+strings.Repeat(", ?", len(kinds)-1)+`)
		ORDER BY r.created_at DESC, r.id DESC
		LIMIT ?`), args...)
	if err != nil {
		return nil, 0, p.s.errorf("owner's history: %w", err)
	}
	defer rows.Close()
	out := []portal.Request{}
	total := 0
	for rows.Next() {
		var r portal.Request
		var kind, status string
		var data []byte
		var cancelled time.Time
		if err := rows.Scan(scanTime{&r.Time}, &kind, &status, &data, scanTime{&r.Visit}, scanTime{&cancelled}, &total); err != nil {
			return nil, 0, p.s.errorf("owner's history: %w", err)
		}
		var doc struct {
			Person struct {
				FirstName string `json:"firstName"`
				LastName  string `json:"lastName"`
			} `json:"person"`
			Remark string `json:"remark"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, 0, p.s.errorf("owner's history: %w", err)
		}
		r.Kind, r.Status, r.Cancelled = lead.Kind(kind), lead.Status(status), !cancelled.IsZero()
		r.FirstName, r.LastName, r.Remark = doc.Person.FirstName, doc.Person.LastName, doc.Remark
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, p.s.errorf("owner's history: %w", err)
	}
	return out, total, nil
}
