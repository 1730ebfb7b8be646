package notify

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

const (
	agencyEmail = "info@immo-arlon.be" // the demo agency's
	propertyID  = 1234
	projectID   = 77
)

var listings = map[int64]Listing{
	propertyID: {Title: "Villa met tuin", City: "Arlon", Picture: "/pictures/demo/house-01.jpg", URL: "/nl/te-koop/arlon/villa/1234/"},
	projectID:  {Title: "Résidence du Parc", City: "Arlon", Picture: "https://cdn.example.com/p.jpg", URL: "/fr/projets/77/"},
}

func composer(t *testing.T) *Composer {
	t.Helper()
	cfg := demotest.Site(t)
	c, err := New(Config{Agency: cfg.Agency, Lang: cfg.Languages.Default, BaseURL: "https://www.immo-arlon.be/",
		Listings: testListings{},
		Links:    testLinks{}, LeadURL: func(id int64) string { return fmt.Sprintf("/admin/leads/%d/", id) }})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testListings describe the listings of the tests (listings), in every
// language alike; no document, no list value is named.
type testListings struct{}

func (testListings) PropertyListing(id int64, _ string) (Listing, bool) {
	l, ok := listings[id]
	return l, ok
}
func (l testListings) ProjectListing(id int64, lang string) (Listing, bool) {
	return l.PropertyListing(id, lang)
}
func (testListings) DocumentName(int64, string, string) (string, bool) { return "", false }
func (testListings) ListLabel(string, string, string) (string, bool)   { return "", false }

// testLinks are the router's addresses, as the tests expect them.
type testLinks struct{}

func (testLinks) NewsletterConfirmURL(token, lang string) string {
	return "/" + lang + "/newsletter/confirm/?token=" + token
}
func (testLinks) UnsubscribeURL(token, lang string) string {
	return "/" + lang + "/unsubscribe/?token=" + token
}
func (testLinks) VisitCancelURL(token, lang string) string {
	return "/" + lang + "/cancel-visit/?token=" + token
}

// request is a valid request of kind in lang, every field of its Spec filled.
func request(kind lead.Kind, lang string) lead.Request {
	r := lead.Request{ID: 42, Kind: kind, Lang: lang, Page: "/" + lang + "/some-page/",
		Time: time.Date(2026, time.November, 23, 9, 30, 0, 0, time.UTC),
		Person: lead.Person{Title: lead.TitleMs, FirstName: "An", LastName: "Peeters",
			Email: "an.peeters@example.com", Phone: "0472123456"},
		Remark: "Is the garden south-facing?", Fields: map[string]string{}}
	spec := lead.Specs[kind]
	if spec.Property {
		r.PropertyID = propertyID
	}
	if spec.Project {
		r.ProjectID = projectID
	}
	for _, f := range spec.Fields {
		if f.Type == lead.Upload {
			r.Files = append(r.Files, lead.File{Field: f.Name, Name: f.Name + "-An Peeters.pdf", Type: "application/pdf",
				Data: []byte("%PDF-1.7\n" + strings.Repeat("x", 120_000))})
			continue
		}
		r.Fields[f.Name] = sample(f)
	}
	if kind == lead.KindVisit {
		r.Secret = "cancel-token" // the visit step's (cmd/immo)
	}
	if kind == lead.KindDemandRegister {
		r.Secret = "confirm-token" // the registration's step (registrant.Service)
	}
	return r
}

func sample(f lead.Field) string {
	switch f.Type {
	case lead.Choice:
		return f.Options[len(f.Options)-1]
	case lead.Email:
		return "friend@example.org"
	case lead.Number:
		return "250000"
	case lead.Date:
		return "2027-03-01"
	case lead.Slot:
		return "2026-11-25T14:00:00+01:00"
	}
	return "value of " + f.Name
}

func kinds() []lead.Kind {
	var out []lead.Kind
	for k := range lead.Specs {
		out = append(out, k)
	}
	return out
}

func compose(t *testing.T, c *Composer, r lead.Request, x Extra) []mail.Message {
	t.Helper()
	msgs, err := c.ComposeWith(r, x)
	if err != nil {
		t.Fatalf("%s %s: %v", r.Kind, r.Lang, err)
	}
	for _, m := range msgs {
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %q: %v", r.Kind, m.Subject, err)
		}
	}
	return msgs
}

// byRecipient finds the message to email.
func byRecipient(t *testing.T, msgs []mail.Message, email string) mail.Message {
	t.Helper()
	for _, m := range msgs {
		if len(m.To) == 1 && m.To[0].Email == email {
			return m
		}
	}
	t.Fatalf("no mail to %s among %d", email, len(msgs))
	return mail.Message{}
}

// rawKey finds an untranslated key of this package's texts.
var rawKey = regexp.MustCompile(`\b(mail|contact)\.[a-z]+\.`)

func TestEveryKindComposesItsMailsInItsLanguages(t *testing.T) {
	c := composer(t)
	for _, kind := range kinds() {
		for _, lang := range i18n.Languages {
			r := request(kind, lang)
			msgs := compose(t, c, r, Extra{Token: "tok123", Unsubscribe: "uns456"})
			for _, m := range msgs {
				for _, part := range []string{m.Subject, m.HTML, m.Text} {
					if k := rawKey.FindString(part); k != "" {
						t.Errorf("%s %s: raw key %q in %q", kind, lang, k, m.Subject)
					}
				}
			}
			switch kind {
			case lead.KindNewsletter:
				if len(msgs) != 1 {
					t.Fatalf("newsletter: %d mails, want the opt-in only", len(msgs))
				}
				m := byRecipient(t, msgs, r.Person.Email)
				want := "https://www.immo-arlon.be/" + lang + "/newsletter/confirm/?token=tok123"
				if m.Lang != lang || !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, `href="`+want+`"`) {
					t.Errorf("newsletter %s: lang %s, want link %s in\n%s", lang, m.Lang, want, m.Text)
				}
				unsub := "https://www.immo-arlon.be/" + lang + "/unsubscribe/?token=uns456"
				if m.ListUnsubscribe != unsub || !strings.Contains(m.Text, unsub) || !strings.Contains(m.HTML, `href="`+unsub+`"`) {
					t.Errorf("newsletter %s: want the unsubscribe link %s in the header and body, got %q", lang, unsub, m.ListUnsubscribe)
				}
				u, err := c.NewsletterUnsubscribe("an@example.com", lang, "uns789")
				if want := strings.Replace(unsub, "uns456", "uns789", 1); err != nil || u.ListUnsubscribe != want ||
					!strings.Contains(u.Text, want) || u.To[0].Email != "an@example.com" || u.Lang != lang || rawKey.MatchString(u.Text+u.Subject) {
					t.Errorf("unsubscribe link mail %s: %v %+v", lang, err, u)
				}
			case lead.KindFriend:
				if len(msgs) != 2 {
					t.Fatalf("friend: %d mails, want the friend's and the agency's", len(msgs))
				}
				m := byRecipient(t, msgs, "friend@example.org")
				if m.Lang != lang || m.ReplyTo == nil || m.ReplyTo.Email != agencyEmail {
					t.Errorf("friend %s: lang %s, reply-to %v", lang, m.Lang, m.ReplyTo)
				}
				checkNotice(t, c, r, byRecipient(t, msgs, agencyEmail))
			case lead.KindVisit: // its own confirmation: visit_test.go
				if len(msgs) != 2 {
					t.Fatalf("visit: %d mails, want notice and confirmation", len(msgs))
				}
				checkNotice(t, c, r, byRecipient(t, msgs, agencyEmail))
				if m := byRecipient(t, msgs, r.Person.Email); m.Lang != lang || !strings.Contains(m.Text, r.Remark) {
					t.Errorf("visit confirmation %s:\n%s", lang, m.Text)
				}
			default:
				if len(msgs) != 2 {
					t.Fatalf("%s: %d mails, want notice and confirmation", kind, len(msgs))
				}
				checkNotice(t, c, r, byRecipient(t, msgs, agencyEmail))
				m := byRecipient(t, msgs, r.Person.Email)
				subject := i18n.Tf(lang, "mail.confirm.subject", "agency", "Immo Arlon")
				if kind == lead.KindDemandRegister { // asks to confirm: registrant_test.go
					subject = i18n.Tf(lang, "mail.registrant.subject", "agency", "Immo Arlon")
				}
				if m.Lang != lang || m.Subject != subject {
					t.Errorf("%s confirmation: lang %s, subject %q", kind, m.Lang, m.Subject)
				}
				if m.ReplyTo == nil || m.ReplyTo.Email != agencyEmail {
					t.Errorf("%s confirmation: reply-to %v, want the agency", kind, m.ReplyTo)
				}
				for _, want := range []string{i18n.T(lang, "mail.confirm.intro."+string(kind)), r.Remark, "063 22 44 55", agencyEmail} {
					if !strings.Contains(m.Text, want) {
						t.Errorf("%s %s confirmation lacks %q:\n%s", kind, lang, want, m.Text)
					}
				}
			}
		}
	}
}

// checkNotice: in the site's language (French for the demo), every field,
// the time in Belgium, Reply-To the visitor.
func checkNotice(t *testing.T, c *Composer, r lead.Request, m mail.Message) {
	t.Helper()
	if m.Lang != "fr" {
		t.Errorf("%s notice in %s, want the site's fr", r.Kind, m.Lang)
	}
	if m.ReplyTo == nil || m.ReplyTo.Email != r.Person.Email || m.ReplyTo.Name != "An Peeters" {
		t.Errorf("%s notice: reply-to %+v", r.Kind, m.ReplyTo)
	}
	if kind := i18n.T("fr", "mail.kind."+string(r.Kind)); !strings.HasPrefix(m.Subject, kind+" #42") {
		t.Errorf("%s notice subject %q", r.Kind, m.Subject)
	}
	want := []string{"Lundi 23/11/2026 à 10:30", "An", "Peeters", "0472 12 34 56", r.Person.Email, "Mme",
		"https://www.immo-arlon.be/" + r.Lang + "/some-page/", i18n.T("fr", "mail.language."+r.Lang),
		// The request's page in the inbox.
		"https://www.immo-arlon.be/admin/leads/42/", i18n.T("fr", "mail.notice.open")}
	for _, f := range lead.Specs[r.Kind].Fields {
		if f.Type == lead.Upload { // named in the text, attached whole
			want = append(want, label("fr", f.Name), f.Name+"-An Peeters.pdf (120 kB)")
			file := r.File(f.Name)
			if !slices.ContainsFunc(m.Attachments, func(a mail.Attachment) bool {
				return a.Name == file.Name && a.ContentType == file.Type && bytes.Equal(a.Data, file.Data)
			}) {
				t.Errorf("%s notice: %s not attached (%d attachments)", r.Kind, f.Name, len(m.Attachments))
			}
			continue
		}
		if !f.Kept() { // the friend's address (for the friend's mail only), a password (for no mail)
			if strings.Contains(m.Text, r.Fields[f.Name]) || strings.Contains(m.HTML, r.Fields[f.Name]) {
				t.Errorf("%s notice holds %s, which is kept nowhere", r.Kind, f.Name)
			}
			continue
		}
		shown := "fr"
		if f.Name == "contactTime" { // the hours the visitor chose
			shown = r.Lang
		}
		want = append(want, label("fr", f.Name), c.value(f, r.Fields[f.Name], shown))
	}
	if r.PropertyID > 0 {
		want = append(want, "Villa met tuin", "https://www.immo-arlon.be/nl/te-koop/arlon/villa/1234/")
	}
	if r.ProjectID > 0 {
		want = append(want, "Résidence du Parc", "https://www.immo-arlon.be/fr/projets/77/")
	}
	for _, s := range want {
		if !strings.Contains(m.Text, s) {
			t.Errorf("%s notice lacks %q:\n%s", r.Kind, s, m.Text)
		}
	}
}

func TestValuesAreWrittenForTheReader(t *testing.T) {
	c := composer(t)
	tests := []struct {
		field lead.Field
		value string
		lang  string
		want  string
	}{
		{lead.Field{Name: "slot", Type: lead.Slot}, "2026-11-25T13:00:00Z", "nl", "woensdag 25/11/2026 om 14:00"},  // the weekday takes no capital in Dutch or French,
		{lead.Field{Name: "slot", Type: lead.Slot}, "2026-07-01T08:00:00Z", "de", "Mittwoch, 01.07.2026 um 10:00"}, // summer time; German dates: 01.07.2026
		{lead.Field{Name: "contactTime", Type: lead.Choice}, "afternoon", "nl", "13:00–16:00"},
		{lead.Field{Name: "contactTime", Type: lead.Choice}, "afternoon", "fr", "14:00–16:00"},
		{lead.Field{Name: "goal", Type: lead.Choice}, "rent", "en", "Rent out"},
		{lead.Field{Name: "pets", Type: lead.Choice}, "other", "en", "other"}, // not offered: as typed
		{lead.Field{Name: "amount", Type: lead.Number}, "1250000", "fr", "€ 1.250.000"},
		{lead.Field{Name: "amount", Type: lead.Number}, "1.250.000", "fr", "€ 1.250.000"}, // as the site writes a price
		{lead.Field{Name: "adults", Type: lead.Number}, "2", "fr", "2"},
		{lead.Field{Name: "movingDate", Type: lead.Date}, "2027-03-01", "en", "01/03/2027"},
		{lead.Field{Name: "movingDate", Type: lead.Date}, "soon", "en", "soon"},
		{lead.Field{Name: "street", Type: lead.Text}, "  ", "en", ""},
	}
	for _, tt := range tests {
		if got := c.value(tt.field, tt.value, tt.lang); got != tt.want {
			t.Errorf("%s %q in %s = %q, want %q", tt.field.Name, tt.value, tt.lang, got, tt.want)
		}
	}
}

func TestHostileValuesStayInTheBody(t *testing.T) {
	c := composer(t)
	long := strings.Repeat("très long ", 500)
	hostile := []struct {
		name string
		set  func(*lead.Request)
	}{
		{"script", func(r *lead.Request) {
			r.Person.FirstName = `<script>alert(1)</script>`
			r.Remark = `<img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a>`
		}},
		{"header injection", func(r *lead.Request) {
			r.Person.FirstName = "An\r\nBcc: victim@example.net"
			r.Person.LastName = "Peeters\nSubject: spam"
			r.Remark = "line 1\r\nline 2"
		}},
		{"very long", func(r *lead.Request) {
			r.Person.FirstName = long
			r.Remark = long + long
		}},
		{"non-ASCII", func(r *lead.Request) {
			r.Person.FirstName, r.Person.LastName = "Zoë", "Ñúñez 王"
		}},
		{"hostile page", func(r *lead.Request) { r.Page = "javascript:alert(1)//" }},
		{"CR/LF in every field", func(r *lead.Request) {
			inject := "x\r\nBcc: victim@example.net\nSubject: spam"
			r.Person.Title, r.Person.FirstName, r.Person.LastName, r.Person.Phone = inject, inject, inject, inject
			r.Remark = inject
			for _, f := range lead.Specs[r.Kind].Fields {
				if f.Type != lead.Upload && f.Name != "friendEmail" && f.Name != "slot" {
					r.Fields[f.Name] = inject
				}
			}
		}},
	}
	for _, h := range hostile {
		for _, kind := range kinds() {
			r := request(kind, "nl")
			h.set(&r)
			if kind == lead.KindFriend {
				r.Fields["friendFirstName"] = "Bob\r\nCc: other@example.net"
			}
			for _, m := range compose(t, c, r, Extra{Token: "t", Unsubscribe: "u"}) {
				headers := []string{m.Subject}
				for _, a := range m.To {
					headers = append(headers, a.Header())
				}
				if m.ReplyTo != nil {
					headers = append(headers, m.ReplyTo.Header())
				}
				for _, v := range headers {
					if strings.ContainsAny(v, "\r\n") || len(v) > 300 {
						t.Errorf("%s %s: header %q", h.name, kind, v)
					}
				}
				for _, bad := range []string{"<script", "<img src=x", "javascript:", "Peeters", "Zoë", "très long", "Bcc"} {
					if strings.Contains(m.Subject, bad) {
						t.Errorf("%s %s: visitor text %q in subject %q", h.name, kind, bad, m.Subject)
					}
				}
				for _, bad := range []string{"<script", "<img src=x", `"javascript:`, "=javascript:"} {
					if strings.Contains(m.HTML, bad) {
						t.Errorf("%s %s: %q unescaped in HTML", h.name, kind, bad)
					}
				}
			}
		}
	}
}

func TestNonASCIINamesAreEncodedInHeaders(t *testing.T) {
	c := composer(t)
	r := request(lead.KindInformation, "de")
	r.Person.FirstName, r.Person.LastName = "Zoë", "Müller"
	m := byRecipient(t, compose(t, c, r, Extra{}), agencyEmail)
	if got := m.ReplyTo.Header(); !strings.HasPrefix(got, "=?utf-8?") || !strings.HasSuffix(got, "<an.peeters@example.com>") {
		t.Errorf("Reply-To %q, want an encoded name", got)
	}
	if !strings.Contains(m.HTML, "Zoë") || !strings.Contains(m.Text, "Müller") {
		t.Error("the body lost the name")
	}
}

func TestFriendMailIsOurTemplateOnly(t *testing.T) {
	c := composer(t)
	r := request(lead.KindFriend, "en")
	r.Remark = strings.Repeat("buy cheap pills ", 200)
	ics := mail.Attachment{Name: "x.ics", ContentType: "text/calendar", Data: []byte("x")}
	m := byRecipient(t, compose(t, c, r, Extra{Attachments: []mail.Attachment{ics}}), "friend@example.org")
	if len(m.Attachments) != 0 {
		t.Error("a friend's mail carries an attachment")
	}
	if strings.Contains(m.Text, r.Person.Email) {
		t.Error("the friend's mail shows the sender's unverified address")
	}
	if n := strings.Count(m.Text, "buy cheap pills"); n == 0 || n > maxFriendMessage/len("buy cheap pills ")+1 {
		t.Errorf("message shown %d times, want it cut to %d characters", n, maxFriendMessage)
	}
	for _, want := range []string{"Villa met tuin", "Arlon", "https://www.immo-arlon.be/pictures/demo/house-01.jpg",
		"https://www.immo-arlon.be/nl/te-koop/arlon/villa/1234/", "An Peeters"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("friend's mail lacks %q", want)
		}
	}

	r.PropertyID = 999 // not online
	if _, err := c.Compose(t.Context(), r); !errors.Is(err, ErrNoListing) {
		t.Errorf("unknown property: %v, want ErrNoListing", err)
	}
}

func TestAttachmentsGoWithTheConfirmation(t *testing.T) {
	c := composer(t)
	r := request(lead.KindInformation, "fr") // a visit's own .ics: visit_test.go
	ics := mail.Attachment{Name: "visite.ics", ContentType: "text/calendar; method=REQUEST", Data: []byte("BEGIN:VCALENDAR")}
	msgs := compose(t, c, r, Extra{Attachments: []mail.Attachment{ics}})
	if n := len(byRecipient(t, msgs, r.Person.Email).Attachments); n != 1 {
		t.Errorf("confirmation has %d attachments, want 1", n)
	}
	if n := len(byRecipient(t, msgs, agencyEmail).Attachments); n != 0 {
		t.Errorf("notice has %d attachments, want 0", n)
	}
}

func TestRefusals(t *testing.T) {
	c := composer(t)
	if _, err := c.Compose(t.Context(), request(lead.KindNewsletter, "nl")); !errors.Is(err, ErrNoToken) {
		t.Errorf("newsletter without token: %v", err)
	}
	if _, err := c.Compose(t.Context(), lead.Request{Kind: "nope", Lang: "nl"}); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("unknown kind: %v", err)
	}
	agency := demotest.Site(t).Agency
	for _, cfg := range []Config{
		{Agency: agency, Lang: "fr", BaseURL: "/relative"},
		{Agency: agency, Lang: "fr", BaseURL: "ftp://x.be"},
		{Agency: agency, BaseURL: "https://x.be"},
	} {
		if _, err := New(cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("New(%+v) = %v, want ErrConfig", cfg.BaseURL, err)
		}
	}
	agency.Email = "not an address"
	if _, err := New(Config{Agency: agency, Lang: "fr", BaseURL: "https://x.be"}); !errors.Is(err, ErrConfig) {
		t.Errorf("bad agency email: %v", err)
	}
}

func TestAbsoluteAddresses(t *testing.T) {
	c := composer(t)
	tests := map[string]string{
		"/fr/a-vendre/1/":         "https://www.immo-arlon.be/fr/a-vendre/1/",
		"pictures/x.jpg":          "https://www.immo-arlon.be/pictures/x.jpg",
		"https://cdn.example/p.j": "https://cdn.example/p.j",
		"javascript:alert(1)":     "",
		"mailto:a@b.c":            "",
		"//evil.example/x":        "",
		"":                        "",
	}
	for in, want := range tests {
		if got := c.abs(in); got != want {
			t.Errorf("abs(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEuros(t *testing.T) {
	for n, want := range map[int64]string{0: "€ 0", 999: "€ 999", 1000: "€ 1.000", 250000: "€ 250.000", 1234567: "€ 1.234.567"} {
		if got := euros(n); got != want {
			t.Errorf("euros(%d) = %q, want %q", n, got, want)
		}
	}
}

// Every kind, field and option of package lead has its words in every
// language: a form field added without its label fails here.
func TestEveryFormWordIsTranslated(t *testing.T) {
	var keys []string
	for kind, spec := range lead.Specs {
		keys = append(keys, "mail.kind."+string(kind))
		if kind != lead.KindFriend && kind != lead.KindNewsletter {
			keys = append(keys, "mail.confirm.intro."+string(kind))
		}
		for _, f := range spec.Fields {
			keys = append(keys, "mail.field."+f.Name)
			for _, o := range f.Options {
				keys = append(keys, "mail.option."+f.Name+"."+o)
			}
		}
	}
	for _, o := range []string{lead.TitleMr, lead.TitleMs, lead.TitleMiss} {
		keys = append(keys, "mail.option.title."+o)
	}
	for _, l := range i18n.Languages {
		keys = append(keys, "mail.language."+l)
	}
	for _, k := range keys {
		for _, lang := range i18n.Languages {
			if s := i18n.Bundled()[lang][k]; strings.TrimSpace(s) == "" {
				t.Errorf("%s: %s missing", lang, k)
			}
		}
	}
}

// A request kept without a confirmation (its address got too many) mails
// the agency only.
func TestNoConfirmation(t *testing.T) {
	c := composer(t)
	for _, kind := range []lead.Kind{lead.KindInformation, lead.KindSiteContact} {
		r := request(kind, "fr")
		r.NoConfirmation = true
		msgs := compose(t, c, r, Extra{})
		if len(msgs) != 1 || msgs[0].To[0].Email != agencyEmail {
			t.Errorf("%s: %d mails, want the agency's notice only", kind, len(msgs))
		}
	}
}

// The agency reads the hours the visitor chose: on a Dutch page the
// afternoon is 13:00–16:00 (SPEC §9), whatever the notice's language.
func TestNoticeShowsTheContactHoursChosen(t *testing.T) {
	c := composer(t)
	for lang, want := range map[string]string{"nl": "13:00–16:00", "fr": "14:00–16:00", "de": "14:00–16:00"} {
		r := request(lead.KindSiteContact, lang)
		r.Fields["contactTime"] = "afternoon"
		notice := byRecipient(t, compose(t, c, r, Extra{}), agencyEmail)
		if notice.Lang != "fr" || !strings.Contains(notice.Text, want) {
			t.Errorf("%s: the notice (%s) lacks %s:\n%s", lang, notice.Lang, want, notice.Text)
		}
	}
}

// A phone's mail viewer is narrow: long values and links (a page's
// address) wrap inside the notice's table instead of widening it.
func TestNoticeWrapsLongValues(t *testing.T) {
	c := composer(t)
	r := request(lead.KindSiteContact, "fr")
	r.Page = "/fr/a-vendre/?city=" + strings.Repeat("Arlon", 40)
	r.Remark = strings.Repeat("x", 300)
	notice := byRecipient(t, compose(t, c, r, Extra{}), agencyEmail)
	cells := regexp.MustCompile(`<td valign="top" style="([^"]*)">`).FindAllStringSubmatch(notice.HTML, -1)
	links := regexp.MustCompile(`<td valign="top"[^>]*><a href="[^"]*" style="([^"]*)">`).FindAllStringSubmatch(notice.HTML, -1)
	if len(cells) == 0 || len(links) == 0 || !strings.Contains(notice.HTML, "table-layout:fixed") {
		t.Fatalf("no fixed table of values with links:\n%s", notice.HTML)
	}
	for _, c := range append(cells, links...) {
		if !strings.Contains(c[1], "overflow-wrap:anywhere") {
			t.Errorf("a value that does not wrap: style %q", c[1])
		}
	}
}

// A composer given an origin writes the site's addresses there — the
// agency's preferred host, which may change while the site runs — and
// keeps its base URL while the origin names none or does not parse.
func TestOrigin(t *testing.T) {
	c := composer(t)
	origin := ""
	c.cfg.Origin = func() string { return origin }
	for _, tc := range []struct{ origin, want string }{
		{"", "https://www.immo-arlon.be/fr/a-vendre/"},
		{"https://immo-arlon.test", "https://immo-arlon.test/fr/a-vendre/"},
		{"https://www.immo-virton.test", "https://www.immo-virton.test/fr/a-vendre/"},
		{"ftp://nope", "https://www.immo-arlon.be/fr/a-vendre/"},
		{"%zz", "https://www.immo-arlon.be/fr/a-vendre/"},
	} {
		origin = tc.origin
		if got := c.abs("/fr/a-vendre/"); got != tc.want {
			t.Errorf("origin %q: %q, want %q", tc.origin, got, tc.want)
		}
	}
	origin = "https://immo-arlon.test"
	if got := c.baseURL().Host; got != "immo-arlon.test" {
		t.Errorf("the pages' host %q", got)
	}
}
