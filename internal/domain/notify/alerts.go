package notify

import (
	"math"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/report"
)

// Alert is the mail of a demand's alerts to its registrant, in the
// demand's language: each listing (title, city, price — or that it went
// down — and an absolute link), a mail at once or the day's digest
// (daily), with the link that stops this search's alerts in its body and
// as List-Unsubscribe (RFC 8058 one-click).
func (c *Composer) Alert(r demand.Recipient, items []demand.Item, unsubscribe string, daily bool) (mail.Message, error) {
	c = c.published()
	lang := r.Lang
	a := c.agency(lang)
	subject, intro := "mail.alert.subject", "mail.alert.intro"
	if daily {
		subject, intro = "mail.alert.subjectDaily", "mail.alert.introDaily"
	}
	greeting := greet(lang, r.FirstName, r.LastName)
	p := page{Lang: lang, Subject: i18n.Tf(lang, subject, "agency", a.Name), Agency: a, Greeting: greeting,
		Paragraphs: []string{i18n.T(lang, intro)}, Closing: i18n.T(lang, "mail.confirm.closing"),
		Footnote: i18n.Tf(lang, "mail.alert.why", "agency", a.Name)}
	for _, it := range items {
		l, ok := Listing{}, false
		if c.cfg.Listings != nil {
			l, ok = c.cfg.Listings.PropertyListing(it.Property.ID, lang)
		}
		if !ok || c.abs(l.URL) == "" {
			continue // gone from the catalog since: nothing to link
		}
		price := i18n.T(lang, "mail.alert.onRequest")
		if n := demand.PublishedPrice(it.Property); n > 0 {
			price = euros(n)
		}
		if it.Reason == demand.ReasonCheaper {
			price = i18n.Tf(lang, "mail.alert.cheaper", "price", price, "was", euros(it.Was))
		}
		l.URL, l.Picture = c.abs(l.URL), c.abs(l.Picture)
		p.Cards = append(p.Cards, card{Listing: l, Place: placeOf(l), Facts: facts(it.Property, lang), Price: price})
	}
	if len(p.Cards) == 0 {
		return mail.Message{}, ErrNoListing
	}
	if len(p.Cards) == 1 {
		p.Button = &link{Text: i18n.T(lang, "mail.alert.view"), URL: p.Cards[0].URL}
	}
	// The way to change or pause the search, as the portals' alerts give.
	if links, ok := c.registrantLinks(); ok {
		p.Secondary = &link{Text: i18n.T(lang, "mail.alert.manage"), URL: c.abs(links.RegistrantAreaURL(lang))}
	}
	return c.optOutMail(p, mail.Address{Name: fullName(r.FirstName, r.LastName), Email: r.Email}, unsubscribe, "mail.alert.unsubscribe")
}

// OwnerReport is an owner's weekly report of w, in their language: for
// each property its visits and their change from the week before, the
// requests by kind, the visits booked and the matching demands, with the
// link that turns the report off in its body and as List-Unsubscribe.
func (c *Composer) OwnerReport(o report.Owner, w report.Week, figures []report.Figures, unsubscribe string) (mail.Message, error) {
	c = c.published()
	lang := o.Lang
	a := c.agency(lang)
	from, to := w.Span()
	to = to.Add(-12 * time.Hour) // the Sunday
	dates := []string{"from", from.In(c.cfg.Zone).Format(dateLayout(lang)), "to", to.In(c.cfg.Zone).Format(dateLayout(lang))}
	greeting := greet(lang, o.FirstName, o.LastName)
	p := page{Lang: lang, Subject: i18n.Tf(lang, "mail.report.subject", append(dates, "agency", a.Name)...), Agency: a,
		Greeting: greeting, Paragraphs: []string{i18n.Tf(lang, "mail.report.intro", dates...)},
		Closing: i18n.T(lang, "mail.confirm.closing"), Footnote: i18n.Tf(lang, "mail.report.why", "agency", a.Name)}
	for _, f := range figures {
		name := strconv.FormatInt(f.Property, 10)
		var url string
		if c.cfg.Listings != nil {
			if l, ok := c.cfg.Listings.PropertyListing(f.Property, lang); ok {
				name = titleCity(l) + " (" + name + ")"
				url = c.abs(l.URL)
			}
		}
		visits := strconv.Itoa(f.Visits)
		if pct, ok := f.Change(); ok {
			sign := ""
			if pct > 0 {
				sign = "+"
			}
			visits = i18n.Tf(lang, "mail.report.change", "visits", visits, "change", sign+strconv.Itoa(pct)+" %",
				"before", strconv.Itoa(f.VisitsBefore))
		} else {
			visits = i18n.Tf(lang, "mail.report.noBefore", "visits", visits, "before", strconv.Itoa(f.VisitsBefore))
		}
		p.Rows = append(p.Rows, row{Label: i18n.T(lang, "mail.report.property"), Value: name, Link: url},
			row{Label: i18n.T(lang, "mail.report.visits"), Value: visits},
			row{Label: i18n.T(lang, "mail.report.requests"), Value: requestsText(f.Requests, lang)},
			row{Label: i18n.T(lang, "mail.report.booked"), Value: strconv.Itoa(f.Booked)},
			row{Label: i18n.T(lang, "mail.report.demands"), Value: strconv.Itoa(f.Demands)})
	}
	if len(p.Rows) == 0 {
		return mail.Message{}, ErrNoListing
	}
	return c.optOutMail(p, mail.Address{Name: fullName(o.FirstName, o.LastName), Email: o.Email}, unsubscribe, "mail.report.unsubscribe")
}

// titleCity names a listing in a report: "Title – City", or the title
// alone when it says the city already ("House in Arlon").
func titleCity(l Listing) string {
	if place := placeOf(l); place != "" {
		return oneLine(l.Title, 150) + " – " + place
	}
	return oneLine(l.Title, 150)
}

// placeOf is the listing's city, "" when its title names it.
func placeOf(l Listing) string {
	city := strings.TrimSpace(l.City)
	if city == "" || strings.Contains(strings.ToLower(l.Title), strings.ToLower(city)) {
		return ""
	}
	return city
}

// facts are a listing's rooms and surface in lang ("3 bedrooms · 180 m²"),
// what the portals' alerts show under a title; "" when it states neither.
func facts(p *catalog.Property, lang string) string {
	var parts []string
	if n := p.Bedrooms(); n > 0 {
		key := "mail.alert.bedrooms"
		if n == 1 {
			key = "mail.alert.bedroom"
		}
		parts = append(parts, i18n.Tf(lang, key, "n", strconv.Itoa(n)))
	}
	if s := p.LivingSurface(); s > 0 {
		parts = append(parts, strconv.FormatFloat(math.Round(s), 'f', 0, 64)+" m²")
	}
	return strings.Join(parts, " · ")
}

// requestsText is "Information request: 1, Visit request: 2", the kinds
// an owner is told of (lead.OwnerKinds) in their order, or "none".
func requestsText(byKind map[string]int, lang string) string {
	var parts []string
	for _, k := range lead.OwnerKinds {
		if n := byKind[string(k)]; n > 0 {
			parts = append(parts, i18n.T(lang, "mail.kind."+string(k))+": "+strconv.Itoa(n))
		}
	}
	if len(parts) == 0 {
		return i18n.T(lang, "mail.report.none")
	}
	return strings.Join(parts, ", ")
}

// optOutMail renders p to to with the one-click link of an alert or a
// report (unsubscribe's token), in its body (text: key) and as
// List-Unsubscribe, and checks the message.
func (c *Composer) optOutMail(p page, to mail.Address, token, key string) (mail.Message, error) {
	m, err := c.withUnsubscribe(p, to, token, key)
	if err != nil {
		return m, err
	}
	return m, m.Validate()
}
