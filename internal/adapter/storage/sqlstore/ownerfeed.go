package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

var _ account.FeedOwnerStore = (*Owners)(nil)

// errNothingNew rolls back an InviteNew that links nothing new.
var errNothingNew = errors.New("no new link")

// InviteNew implements account.FeedOwnerStore: each link an INSERT … ON
// CONFLICT DO NOTHING whose rows affected say whether it is new, so two
// imports racing make and mail a link once.
func (o *Owners) InviteNew(ctx context.Context, a account.Account, properties []int64, t account.Token,
	fn func(ctx context.Context, tx mail.Tx, a account.Account) error) (account.Account, bool, []int64, error) {
	var created bool
	var got account.Account
	var linked []int64
	err := o.s.writeTx(ctx, func(tx *sql.Tx) error {
		created, linked = false, nil
		a.Role = account.Owner
		var err error
		if got, created, err = o.s.ensureAccount(ctx, tx, a); err != nil {
			return err
		}
		for _, p := range properties {
			res, err := tx.ExecContext(ctx, o.s.d.query(`INSERT INTO owner_properties (agency_id, account_id, property_id) VALUES (?, ?, ?)
				ON CONFLICT (account_id, property_id) DO NOTHING`), o.s.agency, got.ID, p)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n > 0 {
				linked = append(linked, p)
			}
		}
		if len(linked) == 0 {
			return errNothingNew
		}
		return o.s.giveLink(ctx, tx, got, t, fn)
	})
	if errors.Is(err, errNothingNew) {
		return got, false, nil, nil
	}
	if err != nil {
		return account.Account{}, false, nil, o.s.errorf("invite owner from the feed: %w", err)
	}
	return got, created, linked, nil
}
