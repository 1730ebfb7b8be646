package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/mail"
	"immo/internal/domain/optout"
)

// OptOuts keeps the one-click unsubscribe links of the alert and report
// mails (optout.Store): each token's SHA-256 and what it stops.
type OptOuts struct{ s *Store }

// OptOuts is the store's optout.Store.
func (s *Store) OptOuts() *OptOuts { return &OptOuts{s} }

var _ optout.Store = (*OptOuts)(nil)

// AddIn implements optout.Store.
func (o *OptOuts) AddIn(ctx context.Context, tx mail.Tx, hash string, l optout.Link, now time.Time) error {
	t, err := sqlTx(tx)
	if err != nil {
		return err
	}
	if _, err := t.ExecContext(ctx, o.s.d.query(`INSERT INTO mail_optouts (agency_id, hash, kind, account_id, demand_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`), o.s.agency, hash, string(l.Kind), l.Account, nullID(l.Demand), o.s.d.Time(now)); err != nil {
		return o.s.errorf("add unsubscribe link: %w", err)
	}
	return nil
}

func (o *OptOuts) find(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, hash string) (optout.Link, error) {
	var l optout.Link
	var kind string
	var d sql.NullInt64
	err := q.QueryRowContext(ctx, o.s.d.query(`SELECT kind, account_id, demand_id FROM mail_optouts WHERE agency_id = ? AND hash = ?`), o.s.agency, hash).
		Scan(&kind, &l.Account, &d)
	if errors.Is(err, sql.ErrNoRows) {
		return optout.Link{}, optout.ErrUnknown
	}
	if err != nil {
		return optout.Link{}, err
	}
	l.Kind, l.Demand = optout.Kind(kind), d.Int64
	return l, nil
}

// Find implements optout.Store.
func (o *OptOuts) Find(ctx context.Context, hash string) (optout.Link, error) {
	l, err := o.find(ctx, o.s.read, hash)
	if err != nil && !errors.Is(err, optout.ErrUnknown) {
		return l, o.s.errorf("unsubscribe link: %w", err)
	}
	return l, err
}

// Use implements optout.Store: an alert's link pauses its demand, a
// report's turns the owner's report off, in one transaction.
func (o *OptOuts) Use(ctx context.Context, hash string, now time.Time) (optout.Link, error) {
	var l optout.Link
	err := o.s.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		if l, err = o.find(ctx, tx, hash); err != nil {
			return err
		}
		switch l.Kind {
		case optout.Alert:
			_, err = tx.ExecContext(ctx, o.s.d.query(`UPDATE demands SET paused = TRUE WHERE agency_id = ? AND id = ?`), o.s.agency, l.Demand)
		case optout.Report:
			_, err = tx.ExecContext(ctx, o.s.d.query(`UPDATE accounts SET weekly_report = FALSE WHERE agency_id = ? AND id = ?`), o.s.agency, l.Account)
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, o.s.d.query(`UPDATE mail_optouts SET used_at = ? WHERE agency_id = ? AND hash = ?`), o.s.d.Time(now), o.s.agency, hash)
		return err
	})
	if errors.Is(err, optout.ErrUnknown) {
		return optout.Link{}, err
	}
	if err != nil {
		return optout.Link{}, o.s.errorf("unsubscribe: %w", err)
	}
	return l, nil
}

// Purge implements optout.Store.
func (o *OptOuts) Purge(ctx context.Context, before time.Time) (int64, error) {
	// Old links go, every agency's: a purge by age reads no agency's data.
	res, err := o.s.write.ExecContext(ctx, o.s.d.query(`DELETE FROM mail_optouts /* every agency */ WHERE created_at < ?`), o.s.d.Time(before))
	if err != nil {
		return 0, o.s.errorf("purge unsubscribe links: %w", err)
	}
	return res.RowsAffected()
}
