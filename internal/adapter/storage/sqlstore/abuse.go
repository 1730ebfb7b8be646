package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"immo/internal/domain/antispam"
)

var _ antispam.Abuse = (*Antispam)(nil)

// AddRefusals implements antispam.Abuse: one upsert a count, in one
// transaction.
func (a *Antispam) AddRefusals(ctx context.Context, counts []antispam.Tally) error {
	err := a.s.writeTx(ctx, func(tx *sql.Tx) error {
		for _, c := range counts {
			if _, err := tx.ExecContext(ctx, a.s.d.query(`INSERT INTO refusal_tallies (agency_id, hour, reason, area, n) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (`+a.s.d.AgencyKey+`hour, reason, area) DO UPDATE SET n = refusal_tallies.n + excluded.n`),
				a.s.agency, a.s.d.Time(c.Hour.UTC().Truncate(time.Hour)), c.Reason, c.Area, c.Count); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return a.s.errorf("count refusals: %w", err)
	}
	return nil
}

// Held implements antispam.Abuse.
func (a *Antispam) Held(ctx context.Context, h antispam.Hold) error {
	err := a.s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, a.s.d.query(`INSERT INTO abuse_holds (agency_id, key, window_start, limit_name, who, area, max_hits, held_until)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (`+a.s.d.AgencyKey+`key, window_start) DO UPDATE
			SET who = excluded.who, area = excluded.area, max_hits = excluded.max_hits`),
			a.s.agency, h.Key, a.s.d.Time(h.Window), h.Limit, h.Who, h.Area, h.Max, a.s.d.Time(h.Until))
		return err
	})
	if err != nil {
		return a.s.errorf("hold: %w", err)
	}
	return nil
}

// Tallies implements antispam.Abuse.
func (a *Antispam) Tallies(ctx context.Context, since time.Time) ([]antispam.Tally, error) {
	out, err := appendRows(ctx, a.s.read, []antispam.Tally{}, func(row scanner) (antispam.Tally, error) {
		var t antispam.Tally
		err := row.Scan(scanTime{&t.Hour}, &t.Reason, &t.Area, &t.Count)
		return t, err
	}, a.s.d.query(`SELECT hour, reason, area, n FROM refusal_tallies
		WHERE agency_id = ? AND hour >= ? ORDER BY hour DESC, reason, area`), a.s.agency, a.s.d.Time(since.UTC().Truncate(time.Hour)))
	if err != nil {
		return nil, a.s.errorf("refusals: %w", err)
	}
	return out, nil
}

// holdColumns are a hold's columns with its counter's hits (h, r).
const holdColumns = `h.key, h.window_start, h.limit_name, h.who, h.area, h.max_hits, h.held_until, COALESCE(r.hits, 0)
	FROM abuse_holds h LEFT JOIN rate_hits r ON r.agency_id = h.agency_id AND r.key = h.key AND r.window_start = h.window_start`

func scanHold(row scanner) (antispam.Hold, error) {
	var h antispam.Hold
	err := row.Scan(&h.Key, scanTime{&h.Window}, &h.Limit, &h.Who, &h.Area, &h.Max, scanTime{&h.Until}, &h.Hits)
	return h, err
}

// Holds implements antispam.Abuse.
func (a *Antispam) Holds(ctx context.Context, q antispam.HoldQuery) ([]antispam.Hold, error) {
	query, args := `SELECT `+holdColumns+` WHERE h.agency_id = ? AND h.held_until > ?`, []any{a.s.agency, a.s.d.Time(q.Now)}
	if q.Who != "" {
		query += ` AND lower(h.who) LIKE ? ESCAPE '\'`
		args = append(args, "%"+likeEscaped(strings.ToLower(q.Who))+"%")
	}
	limit := q.Limit
	if limit <= 0 || limit > antispam.MaxHoldsRead {
		limit = antispam.MaxHoldsRead
	}
	out, err := appendRows(ctx, a.s.read, []antispam.Hold{}, scanHold,
		a.s.d.query(query+` ORDER BY h.window_start DESC, h.held_until DESC, h.key LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, a.s.errorf("holds: %w", err)
	}
	return out, nil
}

// Release implements antispam.Abuse: the hold is read and deleted, with
// every counter of its key, in one transaction with its audit entry (of
// two staff members releasing at once, the second DELETE waits for the
// first, deletes nothing and answers ErrNoHold).
func (a *Antispam) Release(ctx context.Context, key string, window, now time.Time, audit func(ctx context.Context, before antispam.Hold) error) error {
	err := a.s.InTx(ctx, func(ctx context.Context) error {
		return a.s.writeTx(ctx, func(tx *sql.Tx) error {
			before, err := scanHold(tx.QueryRowContext(ctx, a.s.d.query(`SELECT `+holdColumns+`
				WHERE h.agency_id = ? AND h.key = ? AND h.window_start = ? AND h.held_until > ?`), a.s.agency, key, a.s.d.Time(window), a.s.d.Time(now)))
			if errors.Is(err, sql.ErrNoRows) {
				return antispam.ErrNoHold
			}
			if err != nil {
				return err
			}
			res, err := tx.ExecContext(ctx, a.s.d.query(`DELETE FROM abuse_holds WHERE agency_id = ? AND key = ? AND window_start = ?`), a.s.agency, key, a.s.d.Time(window))
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				if err == nil {
					err = antispam.ErrNoHold
				}
				return err
			}
			if _, err := tx.ExecContext(ctx, a.s.d.query(`DELETE FROM rate_hits WHERE agency_id = ? AND key = ?`), a.s.agency, key); err != nil {
				return err
			}
			return audit(ctx, before)
		})
	})
	if err != nil && !errors.Is(err, antispam.ErrNoHold) {
		return a.s.errorf("release: %w", err)
	}
	return err
}

// PurgeWatch implements antispam.Abuse.
func (a *Antispam) PurgeWatch(ctx context.Context, holds, tallies time.Time) error {
	if _, err := a.purge(ctx, `DELETE FROM abuse_holds /* every agency */ WHERE held_until < ?`, holds); err != nil {
		return err
	}
	_, err := a.purge(ctx, `DELETE FROM refusal_tallies /* every agency */ WHERE hour < ?`, tallies)
	return err
}
