package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"time"

	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/antispam"
	"immo/internal/domain/i18n"
	"immo/internal/domain/mail"
	"immo/internal/domain/notify"
	"immo/internal/domain/platform"
	"immo/internal/domain/site"
)

// staffService is the staff's service on store: their password links'
// mails composed by composer and queued on queue, each change audited in
// the inbox's log, the second factors sealed with totpKey (none: no second
// factor can be enrolled or checked), wrong codes braked per account in
// the anti-spam counters. The inbox's handlers call it (login steps,
// enrolment, the staff pages); `immo staff` provisions with it.
func staffService(store storage.Store, agency site.Agency, composer *notify.Composer, queue mail.Queue, totpKey []byte,
	watch antispam.Watch, now func() time.Time) (*account.StaffService, error) {
	if now == nil {
		now = time.Now
	}
	var box *account.SecretBox
	if len(totpKey) > 0 {
		var err error
		if box, err = account.NewSecretBox(totpKey); err != nil {
			return nil, err
		}
	}
	staff := store.Staff()
	return &account.StaffService{
		Store:    staff,
		Accounts: &account.Service{Store: store.Accounts(), Now: now},
		Queue:    queue,
		Mail: func(a account.Account, token string) (mail.Message, error) {
			return composer.StaffInvite(a, account.StaffPasswordLink(token))
		},
		Audit:  staff.Audit,
		Seal:   box,
		Issuer: agency.Name,
		CodeBrake: &antispam.Limiter{Counter: store.Antispam(), Max: account.CodeBrakeMax, Window: account.CodeBrakeWindow,
			Now: now, Name: "code-account", Watch: watch},
		Now: now,
	}, nil
}

// staffComposer writes the staff's mails, whose one link is the inbox's
// on publicURL (origin's when it names one), as the agency last published
// (agencies; nil: as cfg says).
func staffComposer(cfg *site.Config, publicURL string, origin func() string, agencies *agency.Service) (*notify.Composer, error) {
	return notify.New(notify.Config{Agency: cfg.Agency, Lang: cfg.Languages.Default, BaseURL: strings.TrimRight(publicURL, "/"),
		Origin: origin, Agencies: published(agencies)})
}

// agencyOrigin is the origin of the site's links as the agency's preferred
// host names it — publicURL's scheme, the host the platform's agencies give
// (issue #35) — or "" while it has none (publicURL's then).
func agencyOrigin(hosts *platform.Resolver, agency int64, publicURL string) func() string {
	scheme, _, _ := strings.Cut(publicURL, "://")
	return func() string {
		if h := hosts.Preferred(context.Background(), agency); h != "" {
			return scheme + "://" + h
		}
		return ""
	}
}

// published is what a composer writes a job's or an account's mails as:
// the agency agencies last published, or none (a command: the
// configuration it read).
func published(agencies *agency.Service) notify.Published {
	if agencies == nil { // a nil *Service in the interface would not be nil
		return nil
	}
	return agencies
}

// commandStaff is the staff's service a command (`immo staff`) works
// with on c.Store: its mails queued for a running `immo serve` to send.
func commandStaff(c Config) (*account.StaffService, error) {
	queue, err := newMail(c.Store, c.Site.Agency, "", slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	composer, err := staffComposer(c.Site, c.PublicURL, agencyOrigin(&platform.Resolver{Store: c.Store.Platform()}, c.Store.Agency(), c.PublicURL), nil)
	if err != nil {
		return nil, err
	}
	return staffService(c.Store, c.Site.Agency, composer, queue, c.Keys.TOTP, nil, c.Now)
}

// AddStaff adds the staff member n names on c.Store from the command line
// (an admin or an agent; the language defaults to the site's): the
// account, its password unknown to anyone, and the mail with the link
// that sets it (c.PublicURL + account.StaffPasswordPath, valid 7 days,
// once), queued in the same transaction with its audit entry (by 0, the
// command line). An address with a staff account already is refused.
func AddStaff(ctx context.Context, c Config, n account.NewStaff) (account.Account, error) {
	if n.Lang == "" {
		n.Lang = c.Site.Languages.Default
	}
	if !slices.Contains(c.Site.Languages.Enabled(), n.Lang) {
		return account.Account{}, fmt.Errorf("%q is not a language of the site (%s)", n.Lang, strings.Join(c.Site.Languages.Enabled(), ", "))
	}
	s, err := commandStaff(c)
	if err != nil {
		return account.Account{}, err
	}
	a, problems, err := s.Provision(ctx, n)
	if err != nil {
		if errors.Is(err, account.ErrStaffTaken) {
			return account.Account{}, fmt.Errorf("%s has a staff account already", account.NormalEmail(n.Email))
		}
		return account.Account{}, err
	}
	if len(problems) > 0 {
		names := make([]string, 0, len(problems))
		for name := range problems {
			names = append(names, name)
		}
		sort.Strings(names)
		var msgs []string
		for _, name := range names {
			msgs = append(msgs, name+": "+i18n.T("en", problems[name]))
		}
		return account.Account{}, errors.New(strings.Join(msgs, "; "))
	}
	return a, nil
}

// ListStaff is the staff on c.Store, admins first.
func ListStaff(ctx context.Context, c Config) ([]account.StaffMember, error) {
	return c.Store.Staff().ListStaff(ctx)
}

// ResetStaffTOTP removes the second factor of the staff member of email on
// c.Store (audited as the command line's): the way back when no admin can
// sign in to do it, or when the server's secret changed and no sealed
// secret opens any more.
func ResetStaffTOTP(ctx context.Context, c Config, email string) (account.Account, error) {
	return onStaff(ctx, c, email, func(s *account.StaffService, id int64) error { return s.ProvisionResetTOTP(ctx, id) })
}

// SetStaffDisabled disables (or enables) the staff member of email on
// c.Store, audited as the command line's: the platform's operator's
// account, which the inbox never changes, or anyone's when no admin can
// sign in. The last enabled admin stays.
func SetStaffDisabled(ctx context.Context, c Config, email string, disabled bool) (account.Account, error) {
	return onStaff(ctx, c, email, func(s *account.StaffService, id int64) error { return s.ProvisionSetDisabled(ctx, id, disabled) })
}

// onStaff runs change, as the command line, on the staff member of email.
func onStaff(ctx context.Context, c Config, email string, change func(s *account.StaffService, id int64) error) (account.Account, error) {
	a, err := c.Store.Accounts().ByEmail(ctx, account.Staff, account.NormalEmail(email))
	if errors.Is(err, account.ErrNotFound) {
		return account.Account{}, fmt.Errorf("%s has no staff account", account.NormalEmail(email))
	}
	if err != nil {
		return account.Account{}, err
	}
	s, err := commandStaff(c)
	if err != nil {
		return account.Account{}, err
	}
	return a, change(s, a.ID)
}
