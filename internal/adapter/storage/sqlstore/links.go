package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/account"
)

// Links keeps every account's single-use links, whatever the role and the
// purpose (account.LinkStore): one table, account_tokens, each row a
// link's SHA-256, its purpose, its expiry, its account and when it was
// used.
type Links struct{ s *Store }

// Links is the store's account.LinkStore.
func (s *Store) Links() *Links { return &Links{s} }

var _ account.LinkStore = (*Links)(nil)

// AddLink implements account.LinkStore.
func (l *Links) AddLink(ctx context.Context, to account.Account, t account.Token, fn account.TxFunc) (account.Account, error) {
	var a account.Account
	err := l.s.writeTx(ctx, func(tx *sql.Tx) error {
		where, key := `role = ? AND id = ?`, any(to.ID)
		if to.ID == 0 {
			where, key = `role = ? AND email = ?`, to.Email
		}
		var err error
		if a, err = l.s.accountIn(ctx, tx, where, string(to.Role), key); err != nil {
			return err
		}
		if a.Disabled {
			return account.ErrDisabled
		}
		return l.s.giveLink(ctx, tx, a, t, fn)
	})
	if err != nil {
		return account.Account{}, l.errorf("add link", err)
	}
	return a, nil
}

// LinkAccount implements account.LinkStore.
func (l *Links) LinkAccount(ctx context.Context, kind account.LinkKind, hash string, now time.Time) (account.Account, error) {
	var id int64
	err := l.s.read.QueryRowContext(ctx, l.s.d.query(`SELECT t.account_id FROM account_tokens t
		JOIN accounts a ON a.id = t.account_id AND a.agency_id = t.agency_id
		WHERE t.agency_id = ? AND t.hash = ? AND t.purpose = ? AND t.used_at IS NULL AND t.expires_at > ? AND a.role = ?
		AND NOT a.disabled`),
		l.s.agency, hash, kind.Purpose, l.s.d.Time(now), string(kind.Role)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return account.Account{}, account.ErrUnknownToken
	}
	if err != nil {
		return account.Account{}, l.errorf("link", err)
	}
	return l.s.Accounts().ByID(ctx, id)
}

// UseLink implements account.LinkStore: the link is spent by one UPDATE
// guarded by used_at IS NULL, so of two uses racing one wins.
func (l *Links) UseLink(ctx context.Context, kind account.LinkKind, hash string, now time.Time, passwordHash string,
	fn account.TxFunc) (account.Account, error) {
	var a account.Account
	err := l.s.writeTx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, l.s.d.query(`UPDATE account_tokens SET used_at = ?
			WHERE agency_id = ? AND hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
			AND account_id IN (SELECT id FROM accounts WHERE agency_id = ? AND role = ? AND NOT disabled)
			RETURNING account_id`), l.s.d.Time(now), l.s.agency, hash, kind.Purpose, l.s.d.Time(now), l.s.agency,
			string(kind.Role)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return account.ErrUnknownToken
		}
		if err != nil {
			return err
		}
		if err := l.s.setPassword(ctx, tx, id, passwordHash, now); err != nil {
			return err
		}
		if a, err = l.s.accountIn(ctx, tx, `id = ?`, id); err != nil {
			return err
		}
		if fn != nil {
			return fn(ctx, l.s.mailTx(tx), a)
		}
		return nil
	})
	if err != nil {
		return account.Account{}, l.errorf("use link", err)
	}
	return a, nil
}

// errorf prefixes err unless it is one of the domain's.
func (l *Links) errorf(what string, err error) error {
	for _, known := range []error{account.ErrNotFound, account.ErrDisabled, account.ErrUnknownToken} {
		if errors.Is(err, known) {
			return err
		}
	}
	return l.s.errorf("%s: %w", what, err)
}

// accountIn is the account where names, read in tx: ErrNotFound when none.
func (s *Store) accountIn(ctx context.Context, tx *sql.Tx, where string, args ...any) (account.Account, error) {
	var a account.Account
	var role string
	err := tx.QueryRowContext(ctx, s.d.query(`SELECT `+accountColumns+` FROM accounts WHERE agency_id = ? AND (`+where+`)`),
		append([]any{s.agency}, args...)...).
		Scan(accountFields(&a, &role)...)
	if errors.Is(err, sql.ErrNoRows) {
		return account.Account{}, account.ErrNotFound
	}
	a.Role = account.Role(role)
	return a, err
}

// The accounts' password links and passwords: every way a link is mailed
// and a password set goes through these two, so a newer link or a new
// password ends every earlier link, whichever flow (an owner's
// invitation, a reset, a staff member's link) made it.

// giveLink stores link t of account a in tx, ending a's other links, then
// runs fn, if any, in tx (the link's mail, its audit).
func (s *Store) giveLink(ctx context.Context, tx *sql.Tx, a account.Account, t account.Token, fn account.TxFunc) error {
	if err := s.insertLink(ctx, tx, a.ID, t.Purpose, t.Hash, t.Expires); err != nil {
		return err
	}
	if fn != nil {
		return fn(ctx, s.mailTx(tx), a)
	}
	return nil
}

// insertLink stores a password link of the account, ending its earlier
// unused ones: only the newest mail's link works.
func (s *Store) insertLink(ctx context.Context, tx *sql.Tx, accountID int64, purpose, hash string, expires time.Time) error {
	if err := s.endLinks(ctx, tx, accountID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, s.d.query(`INSERT INTO account_tokens (agency_id, hash, account_id, purpose, expires_at)
		VALUES (?, ?, ?, ?, ?)`), s.agency, hash, accountID, purpose, s.d.Time(expires))
	return err
}

// setPassword sets the account's password hash at now: its sessions
// started before end (session.Manager reads password_changed_at), its
// unused links end, and its address counts as proven (a link mailed to it
// or a session that needed it led here).
func (s *Store) setPassword(ctx context.Context, tx *sql.Tx, accountID int64, hash string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, s.d.query(`UPDATE accounts SET password_hash = ?, password_changed_at = ?,
		email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE agency_id = ? AND id = ?`),
		hash, s.d.Time(now), s.d.Time(now), s.agency, accountID); err != nil {
		return err
	}
	return s.endLinks(ctx, tx, accountID)
}

// endLinks deletes the account's unused password links (the used ones
// stay: the staff list reads the newest link's expiry). A demand's
// confirmation link stays too: it confirms that demand, not the password.
func (s *Store) endLinks(ctx context.Context, tx *sql.Tx, accountID int64) error {
	_, err := tx.ExecContext(ctx, s.d.query(`DELETE FROM account_tokens WHERE agency_id = ? AND account_id = ? AND used_at IS NULL
		AND demand_id IS NULL`), s.agency, accountID)
	return err
}
