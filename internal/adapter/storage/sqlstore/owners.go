package sqlstore

import (
	"context"
	"database/sql"

	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

// Owners keeps which owner owns which property (account.OwnerStore); the
// links an invitation stores are the accounts' (Links).
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
			if _, err := tx.ExecContext(ctx, o.s.d.query(`INSERT INTO owner_properties (agency_id, account_id, property_id) VALUES (?, ?, ?)
				ON CONFLICT (account_id, property_id) DO NOTHING`), o.s.agency, got.ID, p); err != nil {
				return err
			}
		}
		return o.s.giveLink(ctx, tx, got, t, fn)
	})
	if err != nil {
		return account.Account{}, false, o.s.errorf("invite owner: %w", err)
	}
	return got, created, nil
}

// Properties implements account.OwnerStore.
func (o *Owners) Properties(ctx context.Context, accountID int64) ([]int64, error) {
	ids, err := appendRows(ctx, o.s.read, []int64{}, func(row scanner) (int64, error) {
		var id int64
		err := row.Scan(&id)
		return id, err
	}, o.s.d.query(`SELECT property_id FROM owner_properties
		WHERE agency_id = ? AND account_id = ? ORDER BY property_id`), o.s.agency, accountID)
	if err != nil {
		return nil, o.s.errorf("owner's properties: %w", err)
	}
	return ids, nil
}
