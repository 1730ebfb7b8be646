package app

import (
	"context"
	"errors"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/registrant"
	"immo/internal/domain/site"
	"immo/internal/domain/spam"
	"immo/internal/http/web"
)

// newRegistrants is the demand registrants' service on the store: the
// zones of cfg, the property types of cat, queue's forgetting of an
// account's mails. newForms gives it its mails, queue and clock.
func newRegistrants(store storage.Store, cfg *site.Config, cat *catalog.Service, queue *mailqueue.Queue) *registrant.Service {
	return &registrant.Service{Store: store.Registrants(), Links: store.Links(), Zones: cfg, ForgetMails: queue.ForgetRecipient,
		Types: func() []int {
			var ids []int
			for _, t := range cat.Index().Types(cfg.Languages.Default) {
				ids = append(ids, t.WebID)
			}
			return ids
		}}
}

// registrantPages are the registrants' pages' services: the login with
// the login brakes (account.LoginWindow…), the forgotten password's.
func registrantPages(d formDeps, store storage.Store, reg *registrant.Service, jobs *siteJobs, queue *mailqueue.Queue, secure bool,
	now func() time.Time, refused func(account.Role, web.Refusal)) (web.RegistrantPages, error) {
	ip, err := lead.NewIPHasher(d.IPKey)
	if err != nil {
		return web.RegistrantPages{}, err
	}
	composer, err := siteComposer(d.Resolver.Site, d.Resolver, d.Agencies)
	if err != nil {
		return web.RegistrantPages{}, err
	}
	// An owner's forgotten password: a link to the page an invitation's
	// opens, asked for on the same form as a registrant's.
	owners := &account.Links{Store: store.Links(), Kind: account.OwnerResetLink, Queue: d.Queue, Now: now,
		Mail: func(a account.Account, token string) (mail.Message, error) {
			return composer.OwnerPasswordReset(a, d.Resolver.PasswordURL(token, a.Lang))
		}}
	jobs.forgot = func(ctx context.Context, email string) error {
		return errors.Join(reg.Resets().Forgot(ctx, email), owners.Forgot(ctx, email))
	}
	return web.RegistrantPages{
		Service:          reg,
		Forgot:           askForgotten(queue),
		Login:            &account.Service{Store: store.Accounts(), Now: now},
		LoginBrakes:      loginBrakes(ip, store, d.Watch, secure, now, refused),
		ForgotPerSender:  rateLimit(d, spam.DefaultPolicy.ForgotPerSender, false),
		ForgotPerAddress: rateLimit(d, spam.DefaultPolicy.ForgotPerAddress, false),
	}, nil
}
