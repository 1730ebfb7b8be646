package app

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/antispam"
	"immo/internal/domain/catalog"
	"immo/internal/domain/lead"
	"immo/internal/domain/listing"
	"immo/internal/domain/mail"
	"immo/internal/domain/notify"
	"immo/internal/domain/platform"
	"immo/internal/domain/portal"
	"immo/internal/domain/site"
	"immo/internal/http/web"
	"immo/internal/http/web/route"
)

// ownerPages are the owners' pages' services on the store; the portal
// counts the active demands against cat's listings.
func ownerPages(store storage.Store, cat *catalog.Service, ipKey []byte, watch antispam.Watch, secure bool, now func() time.Time, refused func(account.Role, web.Refusal)) (web.OwnerPages, error) {
	ip, err := lead.NewIPHasher(ipKey)
	if err != nil {
		return web.OwnerPages{}, err
	}
	return web.OwnerPages{
		Login: &account.Service{Store: store.Accounts(), Now: now},
		Links: &account.Links{Store: store.Links(), Kind: account.OwnerInviteLink, Now: now},
		Portal: &portal.Service{Store: store.Portal(), Demands: store.Demands().Active, Now: now,
			Listing: func(id int64) (*catalog.Property, bool) { return catalog.Listing(cat.Index(), id) }},
		Now:          now,
		LoginBrakes:  loginBrakes(ip, store, watch, secure, now, refused),
		WeeklyReport: store.Accounts().SetWeeklyReport,
	}, nil
}

// InviteResult says what an invitation did.
type InviteResult struct {
	Account account.Account
	Created bool   // the account is new
	Link    string // the password link's address on the site (its token in it)
}

// InviteOwner provisions the owner inv names on c.Store: the account
// (created when none, role owner, its password unknown to anyone), the
// properties linked (each must be in the catalog), and the mail with the
// link that sets the password, queued in the same transaction (sent by a
// running `immo serve` with IMMO_SMTP_URL; `immo mail` lists it). The
// language defaults to the site's.
func InviteOwner(ctx context.Context, c Config, inv account.Invitation) (InviteResult, error) {
	log, now := c.logger(), c.clock()
	cfg := c.Site
	if inv.Lang == "" {
		inv.Lang = cfg.Languages.Default
	}
	if !slices.Contains(cfg.Languages.Enabled(), inv.Lang) {
		return InviteResult{}, fmt.Errorf("%q is not a language of the site (%s)", inv.Lang, strings.Join(cfg.Languages.Enabled(), ", "))
	}
	cat, resolver, queue, composer, err := inviting(ctx, c)
	if err != nil {
		return InviteResult{}, err
	}
	for _, id := range inv.Properties {
		if _, err := cat.Index().Property(id, inv.Lang); err != nil {
			return InviteResult{}, fmt.Errorf("property %d is not in the catalog", id)
		}
	}
	var link string
	owners := &account.Owners{Store: c.Store.Owners(), Queue: queue, Now: now,
		Mail: func(a account.Account, token string) (mail.Message, error) {
			link = resolver.PasswordURL(token, a.Lang)
			return composer.OwnerInvite(a, link, inv.Properties)
		}}
	a, created, err := owners.Invite(ctx, inv)
	if err != nil {
		return InviteResult{}, err
	}
	log.Info("owner invited", "account", a.ID, "created", created, "properties", inv.Properties)
	return InviteResult{Account: a, Created: created, Link: link}, nil
}

// inviting is what a command inviting owners (InviteOwner,
// InviteFeedOwners) works with on c.Store: the catalog, the site's
// addresses on c.PublicURL, the mail queue (its mails sent by a running
// `immo serve`) and the mails' composer.
func inviting(ctx context.Context, c Config) (*catalog.Service, *route.Resolver, *mailqueue.Queue, *notify.Composer, error) {
	cat, err := catalog.NewService(ctx, c.Store)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("load catalog: %w", err)
	}
	resolver := &route.Resolver{Site: c.Site, Catalog: cat, BaseURL: strings.TrimRight(c.PublicURL, "/"),
		Origin: agencyOrigin(&platform.Resolver{Store: c.Store.Platform()}, c.Store.Agency(), c.PublicURL)}
	queue, err := newMail(c.Store, c.Site.Agency, "", slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, nil, nil, nil, err
	}
	composer, err := siteComposer(c.Site, resolver, nil)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return cat, resolver, queue, composer, nil
}

// siteComposer writes the mails that name listings and the site's pages
// by their absolute address on resolver: the owners' invitations, the
// alerts and the reports, as the agency last published (agencies; nil:
// as cfg says).
func siteComposer(cfg *site.Config, resolver *route.Resolver, agencies *agency.Service) (*notify.Composer, error) {
	return notify.New(notify.Config{Agency: cfg.Agency, Lang: cfg.Languages.Default, BaseURL: resolver.BaseURL, Origin: resolver.Origin,
		Listings: listing.Names{Catalog: resolver.Catalog, Site: cfg}, Links: resolver, Agencies: published(agencies),
		Catalog: resolver.Catalog, Sites: resolver})
}

// loginBrakes are the owners', the registrants' and the staff's login
// brakes, counted in the anti-spam counters per account.LoginWindow; their device
// cookies Secure when the site is served over HTTPS.
// refused hears each login refused (the operator's metrics; nil: nobody).
func loginBrakes(ip *lead.IPHasher, store storage.Store, watch antispam.Watch, secure bool, now func() time.Time, refused func(account.Role, web.Refusal)) web.LoginBrakes {
	limiter := func(max int, name string) *antispam.Limiter {
		return &antispam.Limiter{Counter: store.Antispam(), Max: max, Window: account.LoginWindow, Now: now, Name: name, Watch: watch}
	}
	return web.LoginBrakes{IP: ip, PerAccountAddress: limiter(account.LoginPerAccountAddress, "login-account-ip"),
		PerAddress: limiter(account.LoginPerAddress, "login-ip"), PerAccount: limiter(account.LoginPerAccount, "login-account"), Secure: secure, Refused: refused}
}
