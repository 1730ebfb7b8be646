package app

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"immo/internal/adapter/importer"
	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

// FeedInvites say what inviting a catalog file's owners did.
type FeedInvites struct {
	Invited   int // owners mailed a password link: newly linked to a property
	Created   int // of which accounts made
	Unchanged int // owners linked to every property of theirs already: nothing sent
}

// InviteFeedOwners links the owners an import named (importer.Report's
// Owners) to their properties and mails a password link to each owner
// with a new link (account.Owners.InviteNew), in their language when the
// site has it, else the site's. An owner linked already — by an earlier
// import or by `immo owners invite` — gets nothing, so importing the same
// file again mails nobody. One owner's failure does not stop the others:
// the errors come back joined.
func InviteFeedOwners(ctx context.Context, c Config, owners []importer.FeedOwner) (FeedInvites, error) {
	var res FeedInvites
	if len(owners) == 0 {
		return res, nil
	}
	log, now := c.logger(), c.clock()
	cfg := c.Site
	_, resolver, queue, composer, err := inviting(ctx, c)
	if err != nil {
		return res, err
	}
	// One invitation per address, with every property of theirs in the
	// file, their names and language from their first record that has them.
	var order []string
	byEmail := map[string]*account.Invitation{}
	for _, o := range owners {
		email := account.NormalEmail(o.Email)
		inv, ok := byEmail[email]
		if !ok {
			inv = &account.Invitation{Email: email}
			byEmail[email] = inv
			order = append(order, email)
		}
		inv.Properties = append(inv.Properties, o.Property)
		if inv.FirstName == "" && inv.LastName == "" {
			inv.FirstName, inv.LastName = o.FirstName, o.LastName
		}
		if inv.Lang == "" && slices.Contains(cfg.Languages.Enabled(), o.Language) {
			inv.Lang = o.Language
		}
	}
	var errs []error
	for _, email := range order {
		inv := *byEmail[email]
		if inv.Lang == "" {
			inv.Lang = cfg.Languages.Default
		}
		invitation := &account.Owners{Store: c.Store.Owners(), Queue: queue, Now: now,
			Mail: func(a account.Account, token string) (mail.Message, error) {
				return composer.OwnerInvite(a, resolver.PasswordURL(token, a.Lang), inv.Properties)
			}}
		a, created, linked, err := invitation.InviteNew(ctx, inv)
		if err != nil {
			errs = append(errs, fmt.Errorf("owner %s: %w", email, err))
			continue
		}
		if len(linked) == 0 {
			res.Unchanged++
			continue
		}
		res.Invited++
		if created {
			res.Created++
		}
		log.Info("owner invited from the feed", "account", a.ID, "created", created, "linked", linked)
	}
	return res, errors.Join(errs...)
}
