package main

import (
	"context"
	"errors"
	"fmt"

	"immo/internal/app"
	"immo/internal/domain/account"
	"immo/internal/domain/platform"
)

const staffSynopsis = "immo staff   [--data-dir DIR] [--agency N] [--config FILE] [--public-url URL] add EMAIL --role admin|agent|operator [--lang nl|fr|en|de] [--first-name X --last-name Y] | list | reset-2fa EMAIL | disable EMAIL | enable EMAIL"

// runStaff provisions the agency's staff from the command line — the
// first admin, then anyone when no admin can sign in; admins manage the
// others in the inbox. add creates the staff account (a password nobody
// knows) and queues a mail with a link, valid 7 days and once, to the
// inbox's page that sets the password; list shows the staff; reset-2fa
// removes a member's second factor (a lost phone with no admin left to
// reset it, or a changed server secret); disable and enable end or give
// back a member's access (the platform's operator's: the inbox never
// changes theirs). The platform's operators (--role operator) are the
// first agency's accounts: they sign in to its inbox, reach its platform
// pages, and read no agency's leads unless the agency allows it.
func runStaff(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("staff", staffSynopsis)
	s.registerAgency(fs)
	s.registerSite(fs, mailedLinkOrigin)
	role := fs.String("role", "", "add: admin (works the leads and manages the staff), agent (works the leads) or operator (the platform's: manages the agencies, reads no leads unless an agency allows it)")
	lang := fs.String("lang", "", "add: the language of the staff member's mail (default: the site's)")
	var first, last string
	fs.StringVar(&first, "first-name", "", "add: the staff member's first name")
	fs.StringVar(&first, "first", "", "add: the same as --first-name")
	fs.StringVar(&last, "last-name", "", "add: the staff member's last name")
	fs.StringVar(&last, "last", "", "add: the same as --last-name")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	usage := errors.New("usage: " + staffSynopsis)
	if len(pos) == 0 {
		return usage
	}
	switch {
	case pos[0] == "add" && len(pos) == 2:
		if *role == "" {
			return errors.New("add: --role admin, agent or operator is required")
		}
	case pos[0] == "reset-2fa" && len(pos) == 2, pos[0] == "list" && len(pos) == 1,
		(pos[0] == "disable" || pos[0] == "enable") && len(pos) == 2:
	default:
		return usage
	}
	r, err := account.ParseStaffRole(*role)
	switch {
	case pos[0] == "add" && err != nil:
		return err
	case r == account.Operator && s.agency != 0 && s.agency != platform.Implicit:
		return fmt.Errorf("add: the platform's operators are the first agency's accounts (no --agency %d)", s.agency)
	}
	store, c, err := openMailing(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	switch pos[0] {
	case "add":
		a, err := app.AddStaff(ctx, c, account.NewStaff{Email: pos[1], FirstName: first, LastName: last, Lang: *lang, Role: r})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "staff %d created: %s, %s (%s)\n", a.ID, a.Email, a.StaffRole, a.Lang)
		fmt.Fprintf(stdout, "a mail to %s with a link to choose a password (valid 7 days, once) is queued (immo mail lists it)\n", a.Email)
	case "reset-2fa":
		a, err := app.ResetStaffTOTP(ctx, c, pos[1])
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "staff %d (%s): second factor removed; they sign in with their password and may add one again\n", a.ID, a.Email)
	case "disable", "enable":
		a, err := app.SetStaffDisabled(ctx, c, pos[1], pos[0] == "disable")
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "staff %d (%s) %sd: effective at their next request\n", a.ID, a.Email, pos[0])
	case "list":
		list, err := app.ListStaff(ctx, c)
		if err != nil {
			return err
		}
		return printStaff(list)
	}
	return nil
}

// printStaff writes the staff as a table, admins first.
func printStaff(list []account.StaffMember) error {
	w := newTable("ID\tROLE\tSTATE\tPASSWORD\t2FA\tLANG\tEMAIL\tNAME")
	for _, m := range list {
		state, password, twoFactor := "enabled", "set", "off"
		if m.Disabled {
			state = "disabled"
		}
		if !m.PasswordSet {
			password = "not yet"
		}
		if m.TwoFactor {
			twoFactor = "on"
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", m.ID, m.StaffRole, state, password, twoFactor, m.Lang, m.Email,
			clip(m.FirstName+" "+m.LastName, 40))
	}
	return w.Flush()
}
