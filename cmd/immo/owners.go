package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"immo/internal/app"
	"immo/internal/domain/account"
)

const ownersSynopsis = "immo owners  [--data-dir DIR] [--agency N] [--config FILE] [--public-url URL] invite EMAIL --property ID [--property ID…] [--lang nl|fr|en|de] [--first-name X --last-name Y]"

// propertyIDs is the repeatable --property flag.
type propertyIDs []int64

func (p *propertyIDs) String() string {
	s := make([]string, len(*p))
	for i, id := range *p {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ",")
}

func (p *propertyIDs) Set(v string) error {
	id, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || id <= 0 {
		return fmt.Errorf("%q is not a property ID", v)
	}
	*p = append(*p, id)
	return nil
}

// runOwners provisions the owners of the portal until the agency's inbox
// does: invite creates the owner's account when there is none (role owner,
// a random password nobody knows), links the properties (each must be in
// the catalog) and queues a mail with a link, valid 7 days and once, that
// sets the password. An owner invited again gets the new properties and a
// new link.
func runOwners(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("owners", ownersSynopsis)
	s.registerAgency(fs)
	s.registerSite(fs, mailedLinkOrigin)
	var props propertyIDs
	fs.Var(&props, "property", "a property the owner owns, by its ID (repeat for each)")
	lang := fs.String("lang", "", "the language of the owner's mail and pages (default: the site's)")
	first := fs.String("first-name", "", "the owner's first name")
	last := fs.String("last-name", "", "the owner's last name")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	usage := errors.New("usage: " + ownersSynopsis)
	if len(pos) != 2 || pos[0] != "invite" {
		return usage
	}
	if len(props) == 0 {
		return errors.New("invite: at least one --property ID is required")
	}
	store, c, err := openMailing(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	res, err := app.InviteOwner(ctx, c, account.Invitation{Email: pos[1], FirstName: *first, LastName: *last, Lang: *lang, Properties: props})
	if err != nil {
		return err
	}
	a := res.Account
	if res.Created {
		fmt.Fprintf(stdout, "owner %d created: %s (%s)\n", a.ID, a.Email, a.Lang)
	} else {
		fmt.Fprintf(stdout, "owner %d exists: %s (%s)\n", a.ID, a.Email, a.Lang)
	}
	fmt.Fprintf(stdout, "properties linked: %s\n", props.String())
	fmt.Fprintf(stdout, "a mail to %s with a link to choose a password (valid 7 days, once) is queued (immo mail lists it)\n", a.Email)
	return nil
}
