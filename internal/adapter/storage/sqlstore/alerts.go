package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"immo/internal/domain/demand"
	"immo/internal/domain/mail"
)

// Alerts keeps what the demand alerts need across catalog versions and
// servers (demand.AlertStore): the last version scanned (alert_scans),
// what the versions said of each listing (listing_seen) and the pending
// alerts (demand_alerts.mailed_at NULL). Migration 00019 says why each is
// what it is.
type Alerts struct{ s *Store }

// Alerts is the store's demand.AlertStore.
func (s *Store) Alerts() *Alerts { return &Alerts{s} }

var _ demand.AlertStore = (*Alerts)(nil)

// Scan implements demand.AlertStore: a compare-and-set of alert_scans'
// version in the scan's transaction. On PostgreSQL a second server's
// UPDATE waits for the first's commit, then finds the version moved and
// changes nothing; SQLite's single writer serialises them.
func (al *Alerts) Scan(ctx context.Context, version int64, now time.Time, fn func(ctx context.Context, tx demand.ScanTx, baseline bool) error) (bool, error) {
	ran := false
	err := al.s.writeTx(ctx, func(tx *sql.Tx) error {
		var last int64
		if err := tx.QueryRowContext(ctx, al.s.d.query(`SELECT version FROM alert_scans WHERE agency_id = ? AND id = 1`),
			al.s.agency).Scan(&last); err != nil {
			return err
		}
		if version <= last {
			return nil
		}
		res, err := tx.ExecContext(ctx, al.s.d.query(`UPDATE alert_scans SET version = ?, scanned_at = ?
			WHERE agency_id = ? AND id = 1 AND version = ?`), version, al.s.d.Time(now), al.s.agency, last)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		ran = true
		return fn(ctx, scanTx{al.s.mailTx(tx), al}, last == 0)
	})
	if err != nil {
		return ran, al.s.errorf("alert scan: %w", err)
	}
	return ran, nil
}

// WithTx runs fn in one write transaction, committed when fn returns nil:
// for a caller whose mail tells of nothing another store writes (a link
// token stored with its mail).
func (s *Store) WithTx(ctx context.Context, fn func(ctx context.Context, tx mail.Tx) error) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error { return fn(ctx, s.mailTx(tx)) })
}

// scanTx is demand.ScanTx on the scan's transaction.
type scanTx struct {
	Tx
	al *Alerts
}

func (t scanTx) Seen(ctx context.Context) (map[int64]demand.Seen, error) {
	out := map[int64]demand.Seen{}
	err := eachRow(ctx, t.tx, func(row scanner) error {
		var s demand.Seen
		err := row.Scan(&s.Property, &s.Price)
		out[s.Property] = s
		return err
	}, t.al.s.d.query(`SELECT property_id, price FROM listing_seen WHERE agency_id = ?`), t.al.s.agency)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// seenBatch is how many rows one statement of Remember writes: a first
// scan remembers the whole catalog.
const seenBatch = 200

func (t scanTx) Remember(ctx context.Context, seen []demand.Seen, now time.Time) error {
	at := t.al.s.d.Time(now)
	for len(seen) > 0 {
		batch := seen[:min(seenBatch, len(seen))]
		seen = seen[len(batch):]
		values := strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?), ", len(batch)), ", ")
		args := make([]any, 0, 5*len(batch))
		for _, s := range batch {
			args = append(args, t.al.s.agency, s.Property, s.Price, at, at)
		}
		if _, err := t.tx.ExecContext(ctx, t.al.s.d.query(`INSERT INTO listing_seen (agency_id, property_id, price, first_seen, changed_at)
			VALUES `+values+` ON CONFLICT (`+t.al.s.d.AgencyKey+`property_id) DO UPDATE SET price = excluded.price, changed_at = excluded.changed_at`), args...); err != nil {
			return err
		}
	}
	return nil
}

// recipientColumns are a demand's (demandColumns) and its registrant's.
const recipientColumns = demandColumns + `, a.email, a.first_name, a.last_name, a.alert_frequency`

func scanRecipient(rows scanner) (demand.Recipient, error) {
	var r demand.Recipient
	row := demandRow{d: &r.Demand}
	var freq string
	if err := rows.Scan(append(row.fields(), &r.Email, &r.FirstName, &r.LastName, &freq)...); err != nil {
		return r, err
	}
	if err := row.decode(); err != nil {
		return r, err
	}
	r.Daily = freq == "daily"
	return r, nil
}

func (t scanTx) Recipients(ctx context.Context) ([]demand.Recipient, error) {
	return appendRows(ctx, t.tx, nil, scanRecipient, t.al.s.d.query(`SELECT `+recipientColumns+`
		FROM demands d JOIN accounts a ON a.id = d.account_id AND a.agency_id = d.agency_id
		WHERE d.agency_id = ? AND `+activeDemand+` ORDER BY d.id`), t.al.s.agency)
}

func (t scanTx) Record(ctx context.Context, a demand.Alert, now time.Time) (bool, error) {
	res, err := t.tx.ExecContext(ctx, t.al.s.d.query(`INSERT INTO demand_alerts (agency_id, demand_id, property_id, alerted_at, reason, was_price)
		SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM demands WHERE agency_id = ? AND id = ?)
		ON CONFLICT (demand_id, property_id) DO NOTHING`),
		t.al.s.agency, a.Demand, a.Property, t.al.s.d.Time(now), string(a.Reason), a.Was, t.al.s.agency, a.Demand)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Claim implements demand.AlertStore: one UPDATE … WHERE mailed_at IS NULL
// RETURNING in the transaction fn queues the mail in. On PostgreSQL a
// second server's UPDATE waits for the first's commit and then finds
// nothing pending; SQLite's single writer serialises them.
func (al *Alerts) Claim(ctx context.Context, demandID int64, now time.Time,
	fn func(ctx context.Context, tx mail.Tx, r demand.Recipient, pending []demand.Pending) error) (bool, error) {
	claimed := false
	err := al.s.writeTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, al.s.d.query(`UPDATE demand_alerts SET mailed_at = ?
			WHERE agency_id = ? AND demand_id = ? AND mailed_at IS NULL RETURNING property_id, reason, was_price, alerted_at`),
			al.s.d.Time(now), al.s.agency, demandID)
		if err != nil {
			return err
		}
		var pending []demand.Pending
		for rows.Next() {
			var p demand.Pending
			var reason string
			if err := rows.Scan(&p.Property, &reason, &p.Was, scanTime{&p.At}); err != nil {
				rows.Close()
				return err
			}
			p.Reason = demand.Reason(reason)
			pending = append(pending, p)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if len(pending) == 0 {
			return nil
		}
		claimed = true
		r, err := scanRecipient(tx.QueryRowContext(ctx, al.s.d.query(`SELECT `+recipientColumns+`
			FROM demands d JOIN accounts a ON a.id = d.account_id AND a.agency_id = d.agency_id
			WHERE d.agency_id = ? AND d.id = ? AND `+activeDemand), al.s.agency, demandID))
		if errors.Is(err, sql.ErrNoRows) {
			return nil // paused, disabled: its news are dropped
		}
		if err != nil {
			return err
		}
		return fn(ctx, al.s.mailTx(tx), r, pending)
	})
	if err != nil {
		return false, al.s.errorf("claim alerts: %w", err)
	}
	return claimed, nil
}

// PendingDemands implements demand.AlertStore.
func (al *Alerts) PendingDemands(ctx context.Context, daily bool) ([]int64, error) {
	q := `SELECT DISTINCT x.demand_id FROM demand_alerts x
		JOIN demands d ON d.id = x.demand_id AND d.agency_id = x.agency_id
		JOIN accounts a ON a.id = d.account_id AND a.agency_id = d.agency_id
		WHERE x.agency_id = ? AND x.mailed_at IS NULL`
	if daily {
		q += ` AND a.alert_frequency = 'daily'`
	}
	ids, err := appendRows(ctx, al.s.read, nil, func(row scanner) (int64, error) {
		var id int64
		err := row.Scan(&id)
		return id, err
	}, al.s.d.query(q+` ORDER BY x.demand_id`), al.s.agency)
	if err != nil {
		return nil, al.s.errorf("pending alerts: %w", err)
	}
	return ids, nil
}
