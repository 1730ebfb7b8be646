package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"immo/internal/domain/mail"
	"immo/internal/domain/newsletter"
)

// Newsletter keeps the newsletter's subscribers and their tokens' hashes
// (newsletter.Store).
type Newsletter struct{ s *Store }

// Newsletter is the store's newsletter.Store.
func (s *Store) Newsletter() *Newsletter { return &Newsletter{s} }

var _ newsletter.Store = (*Newsletter)(nil)

// SubscribeIn implements newsletter.Store: one upsert. A confirmed
// subscriber keeps its state and language; anyone else is pending, in lang.
func (n *Newsletter) SubscribeIn(ctx context.Context, tx mail.Tx, email, lang string, now time.Time) (newsletter.Subscriber, error) {
	t, err := sqlTx(tx)
	if err != nil {
		return newsletter.Subscriber{}, n.s.errorf("subscribe: %w", err)
	}
	s := newsletter.Subscriber{Email: email}
	var state string
	err = t.QueryRowContext(ctx, n.s.d.query(`INSERT INTO newsletter_subscribers (agency_id, email, lang, state, created_at, updated_at)
		VALUES (?, ?, ?, 'pending', ?, ?)
		ON CONFLICT (`+n.s.d.AgencyKey+`email) DO UPDATE SET
			lang = CASE WHEN newsletter_subscribers.state = 'confirmed' THEN newsletter_subscribers.lang ELSE excluded.lang END,
			state = CASE WHEN newsletter_subscribers.state = 'confirmed' THEN 'confirmed' ELSE 'pending' END,
			updated_at = excluded.updated_at
		RETURNING id, lang, state`), n.s.agency, email, lang, n.s.d.Time(now), n.s.d.Time(now)).Scan(&s.ID, &s.Lang, &state)
	if err != nil {
		return newsletter.Subscriber{}, n.s.errorf("subscribe: %w", err)
	}
	s.State = newsletter.State(state)
	return s, nil
}

// AddTokenIn implements newsletter.Store.
func (n *Newsletter) AddTokenIn(ctx context.Context, tx mail.Tx, subscriberID int64, purpose, hash string, now time.Time) error {
	t, err := sqlTx(tx)
	if err != nil {
		return n.s.errorf("add token: %w", err)
	}
	if _, err := t.ExecContext(ctx, n.s.d.query(`INSERT INTO newsletter_tokens (agency_id, hash, subscriber_id, purpose, created_at)
		VALUES (?, ?, ?, ?, ?)`), n.s.agency, hash, subscriberID, purpose, n.s.d.Time(now)); err != nil {
		return n.s.errorf("add token: %w", err)
	}
	return nil
}

// Use implements newsletter.Store. The token is spent by one UPDATE guarded
// by used_at IS NULL, so of two clicks racing one wins.
func (n *Newsletter) Use(ctx context.Context, purpose, hash string, state newsletter.State, now time.Time) (newsletter.Subscriber, error) {
	var s newsletter.Subscriber
	err := n.s.writeTx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, n.s.d.query(`UPDATE newsletter_tokens SET used_at = ?
			WHERE agency_id = ? AND hash = ? AND purpose = ? AND used_at IS NULL RETURNING subscriber_id`),
			n.s.d.Time(now), n.s.agency, hash, purpose).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return newsletter.ErrUnknownToken
		}
		if err != nil {
			return err
		}
		// A confirmation link used after unsubscribing does not subscribe again.
		var st string
		err = tx.QueryRowContext(ctx, n.s.d.query(`UPDATE newsletter_subscribers
			SET state = CASE WHEN CAST(? AS TEXT) = 'confirmed' AND state = 'unsubscribed' THEN state ELSE ? END, updated_at = ?
			WHERE agency_id = ? AND id = ? RETURNING email, lang, state`), string(state), string(state), n.s.d.Time(now),
			n.s.agency, id).
			Scan(&s.Email, &s.Lang, &st)
		s.ID, s.State = id, newsletter.State(st)
		return err
	})
	if errors.Is(err, newsletter.ErrUnknownToken) {
		return newsletter.Subscriber{}, err
	}
	if err != nil {
		return newsletter.Subscriber{}, n.s.errorf("use token: %w", err)
	}
	return s, nil
}

// WithSubscriber implements newsletter.Store.
func (n *Newsletter) WithSubscriber(ctx context.Context, email string, fn func(ctx context.Context, tx mail.Tx, s newsletter.Subscriber) error) (bool, error) {
	found := false
	err := n.s.writeTx(ctx, func(tx *sql.Tx) error {
		s, err := n.scan(tx.QueryRowContext(ctx, n.s.d.query(`SELECT id, email, lang, state FROM newsletter_subscribers
			WHERE agency_id = ? AND email = ? AND state <> 'unsubscribed'`), n.s.agency, email))
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		return fn(ctx, n.s.mailTx(tx), s)
	})
	if err != nil {
		return false, n.s.errorf("newsletter subscriber: %w", err)
	}
	return found, nil
}

// Subscriber implements newsletter.Store.
func (n *Newsletter) Subscriber(ctx context.Context, email string) (newsletter.Subscriber, bool, error) {
	s, err := n.scan(n.s.read.QueryRowContext(ctx, n.s.d.query(`SELECT id, email, lang, state FROM newsletter_subscribers
		WHERE agency_id = ? AND email = ?`), n.s.agency, email))
	if errors.Is(err, sql.ErrNoRows) {
		return newsletter.Subscriber{}, false, nil
	}
	if err != nil {
		return newsletter.Subscriber{}, false, n.s.errorf("newsletter subscriber: %w", err)
	}
	return s, true, nil
}

func (n *Newsletter) scan(row *sql.Row) (newsletter.Subscriber, error) {
	var s newsletter.Subscriber
	var st string
	err := row.Scan(&s.ID, &s.Email, &s.Lang, &st)
	s.State = newsletter.State(st)
	return s, err
}

var _ newsletter.Directory = (*Newsletter)(nil)

// List implements newsletter.Directory: newest first by id (the state's
// index ends in it), a search a case-folded part of the address (the
// addresses are stored lower-cased; LIKE's own characters escaped).
func (n *Newsletter) List(ctx context.Context, q newsletter.ListQuery) ([]newsletter.Listed, error) {
	if q.Limit < 1 || q.Limit > newsletter.MaxList {
		q.Limit = newsletter.MaxList
	}
	where, args := []string{}, []any{n.s.agency}
	if q.State != "" {
		where, args = append(where, "state = ?"), append(args, string(q.State))
	}
	if s := strings.ToLower(strings.TrimSpace(q.Search)); s != "" {
		where, args = append(where, `email LIKE ? ESCAPE '\'`), append(args, "%"+likeEscaped(s)+"%")
	}
	if q.Before > 0 {
		where, args = append(where, "id < ?"), append(args, q.Before)
	}
	query := `SELECT id, email, lang, state, created_at, updated_at FROM newsletter_subscribers WHERE agency_id = ?`
	if len(where) > 0 {
		query += ` AND ` + strings.Join(where, " AND ")
	}
	out, err := appendRows(ctx, n.s.read, []newsletter.Listed{}, func(row scanner) (newsletter.Listed, error) {
		var l newsletter.Listed
		var st string
		err := row.Scan(&l.ID, &l.Email, &l.Lang, &st, scanTime{&l.Created}, scanTime{&l.Updated})
		l.State = newsletter.State(st)
		return l, err
	}, n.s.d.query(query+` ORDER BY id DESC LIMIT ?`), append(args, q.Limit)...)
	if err != nil {
		return nil, n.s.errorf("newsletter list: %w", err)
	}
	return out, nil
}
