package account

import (
	"context"
	"fmt"

	"immo/internal/domain/mail"
)

// Owners from the catalog feed: an import names a property's owners by
// their address (importer.Owner), and each import invites the owners of
// the links it makes — an owner newly linked to a property gets a mail
// with a link that sets their password (an account already made gets a
// new link, which also serves an owner who never chose one). A link the
// feed made before, or the agency with `immo owners invite`, is left as it
// is: the same file imported every hour mails nobody again.

// FeedOwnerStore is what InviteNew needs of the store.
type FeedOwnerStore interface {
	// InviteNew is OwnerStore.Invite for the links not made yet: in one
	// write transaction the owner account of a.Email (created from a when
	// there is none), its links to properties that are new, and — only
	// when one is — the token and fn (which queues the mail). linked are
	// the new links, ascending; none: nothing was written.
	InviteNew(ctx context.Context, a Account, properties []int64, t Token,
		fn func(ctx context.Context, tx mail.Tx, a Account) error) (acc Account, created bool, linked []int64, err error)
}

// InviteNew links the owner inv names to inv.Properties and, when one of
// the links is new, mails them a password link (Invite's mail); an owner
// linked to every one already gets nothing. linked are the new links.
func (o *Owners) InviteNew(ctx context.Context, inv Invitation) (a Account, created bool, linked []int64, err error) {
	store, ok := o.Store.(FeedOwnerStore)
	if !ok {
		return Account{}, false, nil, fmt.Errorf("account: the owner store %T cannot invite from a feed", o.Store)
	}
	a, props, t, queue, err := o.invitation(inv)
	if err != nil {
		return Account{}, false, nil, err
	}
	return store.InviteNew(ctx, a, props, t, queue)
}
