package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/report"
)

// Reports reads the owners' weekly figures and marks their reports sent
// (report.Store; owner_reports, migration 00019).
type Reports struct{ s *Store }

// Reports is the store's report.Store.
func (s *Store) Reports() *Reports { return &Reports{s} }

var _ report.Store = (*Reports)(nil)

// Recipients implements report.Store.
func (rp *Reports) Recipients(ctx context.Context) ([]report.Owner, error) {
	rows, err := rp.s.read.QueryContext(ctx, rp.s.d.query(`SELECT `+prefixed("a.", accountColumns)+`, p.property_id
		FROM accounts a JOIN owner_properties p ON p.account_id = a.id AND p.agency_id = a.agency_id
		WHERE a.agency_id = ? AND a.role = ? AND a.weekly_report AND NOT a.disabled ORDER BY a.id, p.property_id`),
		rp.s.agency, string(account.Owner))
	if err != nil {
		return nil, rp.s.errorf("report recipients: %w", err)
	}
	defer rows.Close()
	var out []report.Owner
	for rows.Next() {
		var acc account.Account
		var role string
		var property int64
		if err := rows.Scan(append(accountFields(&acc, &role), &property)...); err != nil {
			return nil, rp.s.errorf("report recipients: %w", err)
		}
		acc.Role = account.Role(role)
		if n := len(out); n > 0 && out[n-1].ID == acc.ID {
			out[n-1].Properties = append(out[n-1].Properties, property)
			continue
		}
		out = append(out, report.Owner{Account: acc, Properties: []int64{property}})
	}
	if err := rows.Err(); err != nil {
		return nil, rp.s.errorf("report recipients: %w", err)
	}
	return out, nil
}

// prefixed puts prefix before each of the comma-separated columns.
func prefixed(prefix, columns string) string {
	parts := strings.Split(columns, ",")
	for i, c := range parts {
		parts[i] = prefix + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// Figures implements report.Store: the visits of the week and the week
// before (property_visits, by Brussels day), the requests about each
// property received in the week by kind, and the visits booked in the week
// (a booking's request's time; cancelled ones left out).
func (rp *Reports) Figures(ctx context.Context, properties []int64, w report.Week) (map[int64]report.Figures, error) {
	out := map[int64]report.Figures{}
	if len(properties) == 0 {
		return out, nil
	}
	in := strings.TrimSuffix(strings.Repeat("?, ", len(properties)), ", ")
	ids := make([]any, 1, 1+len(properties)) // the agency, then the properties
	ids[0] = rp.s.agency
	for _, p := range properties {
		ids = append(ids, p)
		out[p] = report.Figures{Property: p, Requests: map[string]int{}}
	}
	from, to := w.Days()
	prev, _ := w.Before().Days()
	start, end := w.Span()
	err := func() error {
		tx, err := rp.s.read.BeginTx(ctx, &rp.s.d.Snapshot) // one snapshot for the three
		if err != nil {
			return err
		}
		defer tx.Rollback() //nolint:errcheck // read-only
		each := func(q string, args []any, fn func(property int64, key string, n int)) error {
			return eachRow(ctx, tx, func(row scanner) error {
				var property int64
				var key string
				var n int
				if err := row.Scan(&property, &key, &n); err != nil {
					return err
				}
				fn(property, key, n)
				return nil
			}, rp.s.d.query(q), args...)
		}
		if err := each(`SELECT property_id, day, count FROM property_visits
			WHERE agency_id = ? AND property_id IN (`+in+`) AND day >= ? AND day <= ?`, append(ids[:len(ids):len(ids)], string(prev), string(to)),
			func(p int64, day string, n int) {
				f := out[p]
				if day >= string(from) {
					f.Visits += n
				} else {
					f.VisitsBefore += n
				}
				out[p] = f
			}); err != nil {
			return err
		}
		// The kinds an owner is told of, as the portal's history shows them.
		kinds := strings.TrimSuffix(strings.Repeat("?, ", len(lead.OwnerKinds)), ", ")
		args := append(ids[:len(ids):len(ids)], rp.s.d.Time(start), rp.s.d.Time(end))
		for _, k := range lead.OwnerKinds {
			args = append(args, string(k))
		}
		if err := each(`SELECT property_id, kind, count(*) FROM requests
			WHERE agency_id = ? AND property_id IN (`+in+`) AND created_at >= ? AND created_at < ? AND status <> 'spam' AND kind IN (`+kinds+`)
			GROUP BY property_id, kind`, args,
			func(p int64, kind string, n int) { out[p].Requests[kind] += n }); err != nil {
			return err
		}
		return each(`SELECT b.property_id, '', count(*) FROM bookings b
			JOIN requests r ON r.id = b.request_id AND r.agency_id = b.agency_id
			WHERE b.agency_id = ? AND b.property_id IN (`+in+`) AND b.cancelled_at IS NULL AND r.status <> 'spam' AND r.created_at >= ? AND r.created_at < ?
			GROUP BY b.property_id`,
			append(ids[:len(ids):len(ids)], rp.s.d.Time(start), rp.s.d.Time(end)),
			func(p int64, _ string, n int) { f := out[p]; f.Booked += n; out[p] = f })
	}()
	if err != nil {
		return nil, rp.s.errorf("report figures: %w", err)
	}
	return out, nil
}

// Send implements report.Store: owner_reports' primary key decides, in the
// transaction fn queues the mail in.
func (rp *Reports) Send(ctx context.Context, owner int64, w report.Week, now time.Time, fn func(ctx context.Context, tx mail.Tx) error) (bool, error) {
	sent := false
	err := rp.s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, rp.s.d.query(`INSERT INTO owner_reports (agency_id, account_id, week, sent_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (account_id, week) DO NOTHING`), rp.s.agency, owner, string(w.Monday), rp.s.d.Time(now))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		sent = true
		return fn(ctx, rp.s.mailTx(tx))
	})
	if err != nil {
		return false, rp.s.errorf("send report: %w", err)
	}
	return sent, nil
}
