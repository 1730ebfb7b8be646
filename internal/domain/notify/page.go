package notify

import (
	"bytes"
	"embed"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"

	"immo/internal/domain/i18n"
	"immo/internal/domain/rules"
)

// One layout for every mail: a mail is a page of optional parts (greeting,
// paragraphs, listing, quote, rows, button…), filled in Go with plain text.
// html/template escapes every value; the text part prints them as they are.
//
//go:embed templates
var templates embed.FS

var (
	htmlLayout = htmltemplate.Must(htmltemplate.ParseFS(templates, "templates/mail.html"))
	textLayout = texttemplate.Must(texttemplate.ParseFS(templates, "templates/mail.txt"))
)

// page is what one mail says, every string plain text.
type page struct {
	Lang       string
	Subject    string
	Agency     agencyView
	Heading    string
	Greeting   string
	Paragraphs []string
	Listing    *Listing
	// Cards are listings told of (an alert's): each its picture and title
	// linked to its page, its city, rooms and surface, its price.
	Cards     []card
	Quote     *quote
	RowsTitle string
	Rows      []row
	Button    *link
	Secondary *link    // a second, plainer link after the button (a visit's cancel link)
	After     []string // paragraphs after the rows
	Contact   bool     // the agency's contact details after the paragraphs
	Closing   string   // signed with the agency's name
	Footnote  string
	// Unsubscribe ends a newsletter mail: the link that unsubscribes.
	Unsubscribe *link
}

type agencyView struct {
	Name, Logo, Street, City, Country string
	Phone, PhoneLink, Email           string
	Website, Host, VAT                string
}

type quote struct{ Label, Text string }

// card is one listing of Cards: Place its city (left out when its title
// says it already), Facts its rooms and surface, Price what it costs.
type card struct {
	Listing
	Place, Facts, Price string
}

type row struct{ Label, Value, Link string }

type link struct{ Text, URL string }

// agency is the agency's name, address and contact details in lang.
func (c *Composer) agency(lang string) agencyView {
	a := c.cfg.Agency
	street := strings.TrimSpace(a.Address.Street + " " + a.Address.Number)
	v := agencyView{
		Name: a.Name, Logo: c.abs(a.Logo), Street: street,
		City:    strings.TrimSpace(a.Address.Zip + " " + a.Address.City),
		Country: a.Address.Country.In(lang),
		Phone:   rules.FormatPhone(a.Phone), PhoneLink: rules.TelNumber(a.Phone),
		Email: a.Email, Website: c.baseURL().String(), Host: c.baseURL().Host,
	}
	if a.VATNumber != "" {
		v.VAT = i18n.T(lang, "contact.vat") + " " + a.VATNumber
	}
	return v
}

// Colon is what follows a label in the text part: French writes a narrow
// no-break space before it ("Téléphone : 063…"), the others none.
func (p page) Colon() string {
	if p.Lang == "fr" {
		return "\u202f:"
	}
	return ":"
}

// render writes p's HTML and text parts.
func render(p page) (html, text string, err error) {
	var h, t bytes.Buffer
	if err := htmlLayout.Execute(&h, p); err != nil {
		return "", "", err
	}
	if err := textLayout.Execute(&t, p); err != nil {
		return "", "", err
	}
	return h.String(), t.String(), nil
}
