package app

import (
	"context"
	"errors"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/lead"
)

// UnlockLogin releases the hold of every login of email — an owner's, a
// registrant's, a staff member's — that strangers' failures from anywhere
// put on it this window (`immo unlock`): for when every admin is held and
// nobody is left to release it on the abuse page. The roles released.
func UnlockLogin(ctx context.Context, c Config, email string) ([]account.Role, error) {
	ip, err := lead.NewIPHasher(c.Keys.IPHash)
	if err != nil {
		return nil, err
	}
	clock := c.Now
	if clock == nil {
		clock = time.Now
	}
	now := clock()
	b := loginBrakes(ip, c.Store, nil, false, clock, nil)
	var released []account.Role
	for _, role := range []account.Role{account.Staff, account.Owner, account.Registrant} {
		err := c.Store.Antispam().Release(ctx, b.AccountKey(role, email), now.UTC().Truncate(account.LoginWindow), now,
			func(context.Context, antispam.Hold) error { return nil })
		switch {
		case errors.Is(err, antispam.ErrNoHold):
		case err != nil:
			return released, err
		default:
			released = append(released, role)
		}
	}
	return released, nil
}
