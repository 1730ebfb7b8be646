package app

import (
	"context"
	"errors"

	"immo/internal/domain/account"
	"immo/internal/domain/agency"
)

// siteEditors tells the agency's drafts who may edit the site now, by the
// accounts' own rule (account.Viewer.CanEditSite on the account as stored).
type siteEditors struct {
	accounts interface {
		ByID(ctx context.Context, id int64) (account.Account, error)
	}
}

func (e siteEditors) Editor(ctx context.Context, id int64) (agency.Editor, bool, error) {
	a, err := e.accounts.ByID(ctx, id)
	switch {
	case errors.Is(err, account.ErrNotFound):
		return agency.Editor{}, false, nil
	case err != nil:
		return agency.Editor{}, false, err
	}
	v := account.Viewer{Account: a}
	if a.Disabled || !v.CanEditSite() {
		return agency.Editor{}, false, nil
	}
	return agency.Editor{ID: a.ID, Email: a.Email, Admin: v.IsAdmin()}, true, nil
}
