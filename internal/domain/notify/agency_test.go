package notify

import (
	"context"
	"strings"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/lead"
	"immo/internal/domain/listing"
)

// fixedAgency is Config.Agencies publishing one agency.
type fixedAgency struct{ a *agency.Agency }

func (f fixedAgency) Current() *agency.Agency { return f.a }

// A mail no request carries an agency for (an account's link, a job's) is
// written as the agency last published: its sender, its name in the
// body; a request's own agency wins over it (a draft's preview); each
// mail leaves from the agency it names.
func TestMailsAreTheAgencyAsPublished(t *testing.T) {
	c := composer(t)
	started := demotest.Site(t)
	invite := func(c *Composer) (from, text string) {
		t.Helper()
		m, err := c.StaffInvite(account.Account{Email: "nina@agency.test", FirstName: "Nina", Lang: "fr"}, account.StaffPasswordLink("tok"))
		if err != nil || m.From == nil {
			t.Fatalf("invitation: %v, from %v", err, m.From)
		}
		return m.From.Email, m.Text
	}
	if from, _ := invite(c); from != started.Agency.Email {
		t.Errorf("no agency published: from %s, want %s", from, started.Agency.Email)
	}
	moved := demotest.Site(t)
	moved.Agency.Email, moved.Agency.Name = "bureau@immo-virton.be", "Immo Virton"
	follows := *c
	follows.cfg.Agencies = fixedAgency{&agency.Agency{Site: moved, Version: 2}}
	if from, text := invite(&follows); from != "bureau@immo-virton.be" || !strings.Contains(text, "Immo Virton") {
		t.Errorf("published: from %s, want bureau@immo-virton.be and the name in\n%s", from, text)
	}
	draft := demotest.Site(t)
	draft.Agency.Email = "draft@immo-virton.be"
	ctx := agency.NewContext(t.Context(), &agency.Agency{Site: draft, Draft: 3})
	msgs, err := follows.Compose(ctx, request(lead.KindSiteContact, "en"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.From == nil || m.From.Email != "draft@immo-virton.be" {
			t.Errorf("a request's mail to %v from %v, want the request's agency", m.To, m.From)
		}
	}
	if msgs, _ := follows.Compose(t.Context(), request(lead.KindSiteContact, "en")); msgs[0].From.Email != "bureau@immo-virton.be" {
		t.Errorf("a request without an agency: from %v, want the published one", msgs[0].From)
	}
}

// A request's mails are written as the agency of its context — its
// address and its default language as the configuration published (or a
// draft) says them —, and as configured when the context carries none.
func TestMailsAreTheRequestsAgencys(t *testing.T) {
	c := composer(t)
	r := request(lead.KindSiteContact, "en")
	notice := func(ctx context.Context) (to, lang string) {
		t.Helper()
		msgs, err := c.Compose(ctx, r)
		if err != nil || len(msgs) != 2 {
			t.Fatalf("%d mails, %v", len(msgs), err)
		}
		return msgs[0].To[0].Email, msgs[0].Lang
	}
	started := demotest.Site(t)
	if to, lang := notice(t.Context()); to != started.Agency.Email || lang != started.Languages.Default {
		t.Errorf("no agency in the context: to %s in %s, want %s in %s", to, lang, started.Agency.Email, started.Languages.Default)
	}
	other := demotest.Site(t)
	other.Agency.Email, other.Agency.Name, other.Languages.Default = "office@other-agency.test", "Other", "de"
	ctx := agency.NewContext(t.Context(), &agency.Agency{Site: other})
	if to, lang := notice(ctx); to != "office@other-agency.test" || lang != "de" {
		t.Errorf("the request's agency: to %s in %s, want office@other-agency.test in de", to, lang)
	}
	if to, _ := notice(t.Context()); to != started.Agency.Email {
		t.Errorf("the composer itself changed: to %s", to)
	}
}

// countingListings fails a test that looks a property up.
type countingListings struct {
	testListings
	lookups *int
}

func (l countingListings) PropertyListing(id int64, lang string) (Listing, bool) {
	*l.lookups++
	return l.testListings.PropertyListing(id, lang)
}

// The property the page posted to looked up, carried by the request's
// context, names the listing in the agency's notice and the visitor's
// confirmation, each in its language, with no lookup of its own; another
// property's request looks its own up.
func TestMailsNameThePropertyThePageLookedUp(t *testing.T) {
	cfg := demotest.Site(t)
	names := listing.Names{Catalog: demotest.FixedIndex{Ix: demotest.Index(t)}, Site: cfg}
	p, err := names.Catalog.Index().Property(4100002, "fr")
	if err != nil {
		t.Fatal(err)
	}
	lookups := 0
	c := composer(t)
	c.cfg.Listings = countingListings{lookups: &lookups}
	r := request(lead.KindInformation, "nl") // the agency reads French: two languages
	r.PropertyID = 4100002
	msgs, err := c.Compose(listing.NewContext(t.Context(), names.Describe(&p)), r)
	if err != nil || len(msgs) != 2 {
		t.Fatalf("%d mails, %v", len(msgs), err)
	}
	if lookups != 0 {
		t.Errorf("%d lookups of the property the page looked up", lookups)
	}
	if msgs[0].Lang == msgs[1].Lang {
		t.Fatalf("both mails in %s: the test wants the notice and the confirmation in two languages", msgs[0].Lang)
	}
	for _, m := range msgs {
		want, _ := names.PropertyListing(4100002, m.Lang)
		if !strings.Contains(m.Text, want.Title) || !strings.Contains(m.Text, want.URL) {
			t.Errorf("the %s mail does not name %q at %s:\n%s", m.Lang, want.Title, want.URL, m.Text)
		}
	}
	r.PropertyID = propertyID
	if _, err := c.Compose(listing.NewContext(t.Context(), names.Describe(&p)), r); err != nil || lookups == 0 {
		t.Errorf("another property's request: %d lookups, %v", lookups, err)
	}
}
