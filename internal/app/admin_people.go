package app

import (
	"iter"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/mail"
	"immo/internal/http/web/admin"
	"immo/internal/http/web/route"
)

// withPeople wires the inbox's people pages into o: the owners (their
// invitation mailed again as the feed mails it, through resolver's
// password page and the site's composer), the registered demands and the
// newsletter's subscribers, on store.
func withPeople(o *admin.Options, store storage.Store, queue *mailqueue.Queue, resolver *route.Resolver, agencies *agency.Service,
	now func() time.Time) error {
	composer, err := siteComposer(resolver.Site, resolver, agencies)
	if err != nil {
		return err
	}
	owners := store.Owners()
	o.Owners = &account.OwnerInvites{Directory: owners, Store: owners, Queue: queue, Audit: owners.Audit, Now: now,
		Mail: func(a account.Account, token string, properties []int64) (mail.Message, error) {
			return composer.OwnerInvite(a, resolver.PasswordURL(token, a.Lang), properties)
		}}
	o.Demands = admin.DemandDesk{Register: store.Demands(), Summary: resolver.DemandSummary,
		Listings: func() iter.Seq[*catalog.Property] { return catalog.Listings(resolver.Catalog.Index()) }}
	o.Catalog = resolver.Catalog
	return nil
}
