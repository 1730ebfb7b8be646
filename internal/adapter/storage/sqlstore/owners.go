package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

// Owners keeps which owner owns which property and the accounts'
// single-use password links (account.OwnerStore).
type Owners struct{ s *Store }

// Owners is the store's account.OwnerStore.
func (s *Store) Owners() *Owners { return &Owners{s} }

var _ account.OwnerStore = (*Owners)(nil)

// Invite implements account.OwnerStore.
func (o *Owners) Invite(ctx context.Context, a account.Account, properties []int64, t account.Token,
	fn func(ctx context.Context, tx mail.Tx, a account.Account) error) (account.Account, bool, error) {
	var created bool
	var got account.Account
	err := o.s.writeTx(ctx, func(tx *sql.Tx) error {
		a.Role = account.Owner
		var err error
		if got, created, err = o.s.ensureAccount(ctx, tx, a); err != nil {
			return err
		}
		for _, p := range properties {
			if _, err := tx.ExecContext(ctx, o.s.d.query(`INSERT INTO owner_properties (account_id, property_id) VALUES (?, ?)
				ON CONFLICT (account_id, property_id) DO NOTHING`), got.ID, p); err != nil {
				return err
			}
		}
		if err := o.s.insertLink(ctx, tx, got.ID, t.Purpose, t.Hash, t.Expires); err != nil {
			return err
		}
		if fn != nil {
			return fn(ctx, Tx{tx}, got)
		}
		return nil
	})
	if err != nil {
		return account.Account{}, false, o.s.errorf("invite owner: %w", err)
	}
	return got, created, nil
}

// TokenAccount implements account.OwnerStore.
func (o *Owners) TokenAccount(ctx context.Context, purpose, hash string, now time.Time) (account.Account, error) {
	var id int64
	err := o.s.read.QueryRowContext(ctx, o.s.d.query(`SELECT t.account_id FROM account_tokens t
		JOIN accounts a ON a.id = t.account_id
		WHERE t.hash = ? AND t.purpose = ? AND t.used_at IS NULL AND t.expires_at > ? AND NOT a.disabled`),
		hash, purpose, o.s.d.Time(now)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return account.Account{}, account.ErrUnknownToken
	}
	if err != nil {
		return account.Account{}, o.s.errorf("password link: %w", err)
	}
	return o.s.Accounts().ByID(ctx, id)
}

// UseToken implements account.OwnerStore: the token is spent by one UPDATE
// guarded by used_at IS NULL, so of two uses racing one wins.
func (o *Owners) UseToken(ctx context.Context, purpose, hash string, now time.Time, passwordHash string) (account.Account, error) {
	var id int64
	err := o.s.writeTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, o.s.d.query(`UPDATE account_tokens SET used_at = ?
			WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
			AND account_id IN (SELECT id FROM accounts WHERE NOT disabled)
			RETURNING account_id`), o.s.d.Time(now), hash, purpose, o.s.d.Time(now)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return account.ErrUnknownToken
		}
		if err != nil {
			return err
		}
		return o.s.setPassword(ctx, tx, id, passwordHash, now)
	})
	if errors.Is(err, account.ErrUnknownToken) {
		return account.Account{}, err
	}
	if err != nil {
		return account.Account{}, o.s.errorf("use password link: %w", err)
	}
	return o.s.Accounts().ByID(ctx, id)
}

// ResetLink implements account.OwnerStore.
func (o *Owners) ResetLink(ctx context.Context, email string, t account.Token,
	fn func(ctx context.Context, tx mail.Tx, a account.Account) error) (bool, error) {
	a, err := o.s.Accounts().ByEmail(ctx, account.Owner, email)
	if errors.Is(err, account.ErrNotFound) || err == nil && a.Disabled {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	err = o.s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := o.s.insertLink(ctx, tx, a.ID, t.Purpose, t.Hash, t.Expires); err != nil {
			return err
		}
		return fn(ctx, Tx{tx}, a)
	})
	if err != nil {
		return false, o.s.errorf("owner's reset link: %w", err)
	}
	return true, nil
}

// Properties implements account.OwnerStore.
func (o *Owners) Properties(ctx context.Context, accountID int64) ([]int64, error) {
	rows, err := o.s.read.QueryContext(ctx, o.s.d.query(`SELECT property_id FROM owner_properties
		WHERE account_id = ? ORDER BY property_id`), accountID)
	if err != nil {
		return nil, o.s.errorf("owner's properties: %w", err)
	}
	defer rows.Close()
	ids := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, o.s.errorf("owner's properties: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, o.s.errorf("owner's properties: %w", err)
	}
	return ids, nil
}
