package route

import (
	"net/http"
	"time"

	"net/url"
	"strings"

	"immo/internal/domain/agenda"

	"immo/internal/domain/i18n"
	"immo/internal/http/web/views"
)

// The owners' pages: the login (/{lang}/login/), the page an invitation's
// link opens to choose a password (/{lang}/password/?token=…) and the
// portal's overview (/{lang}/owner/). Their path is the same in every
// language (SPEC §2: /login/ under each language's prefix). The page
// handler (web) reads the viewer and the tokens; these only build the
// pages. None is indexed nor cached.

// Path segments of the owners' pages.
const (
	LoginSlug    = "login"
	PasswordSlug = "password"
	OwnerSlug    = "owner"
)

// DateTime writes t as the owners' pages show a time: the Brussels date
// and hour, day first ("27/11/2026 14:00"; German "27.11.2026 14:00").
func DateTime(t time.Time, lang string) string {
	layout := "02/01/2006 15:04"
	if lang == "de" {
		layout = "02.01.2006 15:04"
	}
	return t.In(agenda.Brussels).Format(layout)
}

// Date writes t's Brussels day as the account pages show a date, day first
// ("27/11/2026"; German "27.11.2026").
func Date(t time.Time, lang string) string {
	layout := "02/01/2006"
	if lang == "de" {
		layout = "02.01.2006"
	}
	return t.In(agenda.Brussels).Format(layout)
}

// LoginURL is the owner login page in lang.
func (r *Resolver) LoginURL(lang string) string { return "/" + lang + "/" + LoginSlug + "/" }

// OwnerURL is the owner portal's overview in lang.
func (r *Resolver) OwnerURL(lang string) string { return "/" + lang + "/" + OwnerSlug + "/" }

// PasswordURL is the page that sets a password with token, in lang (the
// link an invitation mails).
func (r *Resolver) PasswordURL(token, lang string) string {
	u := "/" + lang + "/" + PasswordSlug + "/"
	if token != "" {
		u += "?token=" + url.QueryEscape(token)
	}
	return u
}

// OwnerPage tells whether path is one of the owners' pages: which is its
// slug (LoginSlug, PasswordSlug, OwnerSlug), lang its language.
func (r *Resolver) OwnerPage(path string) (lang, which string, ok bool) {
	lang, rest, ok := r.splitLang(path)
	if !ok || len(rest) != 1 || !strings.HasSuffix(path, "/") {
		return "", "", false
	}
	switch rest[0] {
	case LoginSlug, PasswordSlug, OwnerSlug:
		return lang, rest[0], true
	}
	return "", "", false
}

// AccountTexts are the words of the owners' pages in one language, by
// their key (account.login.title…): they come in the pages' props rather
// than in the web app's translations, so that no other page's first load
// carries them (the account namespace is Go-only, as the mails').
type AccountTexts map[string]string

// accountTexts are lang's account.* texts; pairs fill their placeholders.
func accountTexts(lang string, pairs ...string) AccountTexts {
	t := AccountTexts{}
	for _, k := range i18n.Keys(lang) {
		if strings.HasPrefix(k, "account.") {
			t[k] = i18n.Tf(lang, k, pairs...)
		}
	}
	return t
}

// AccountProps are the owners' pages' (one view, so that the web app's
// first load carries one lazy view for them, not three): Page says which.
type AccountProps struct {
	Base
	Texts AccountTexts `json:"texts" tstype:"Record<string, string>"`
	Page  string       `json:"page" tstype:"'login' | 'password' | 'portal'"`
	Title string       `json:"title"`
	// Action is where the page's form posts (the page itself, without a
	// password link's token; the portal's is its logout button's).
	Action string `json:"action"`
	// The password page's: State is "form" (the link is good: choose a
	// password), "unknown" (the link is unknown, used or expired: 404) or
	// "failed" (our failure); Token the link's, posted back by the form;
	// Email the account's address (the username for password managers);
	// Login the login page, for a link used already.
	State string `json:"state,omitempty" tstype:"'form' | 'unknown' | 'failed'"`
	Token string `json:"token,omitempty"`
	Email string `json:"email,omitempty"`
	Login string `json:"login,omitempty"`
	// Forgot is the forgotten password's page (the login's link; the same
	// form as the registrants', which mails every account of an address).
	Forgot string `json:"forgot,omitempty"`
	// The portal's: the owner's name and properties.
	Name       string          `json:"name,omitempty"`
	Properties []OwnedProperty `json:"properties,omitempty"`
	// WeeklyReport: the owner gets the Monday report by mail (the portal's
	// switch turns it off and on); Notice what the last change did.
	WeeklyReport bool   `json:"weeklyReport,omitempty"`
	Notice       string `json:"notice,omitempty"`
}

// OwnedProperty is one of the owner's properties and its page's visits.
type OwnedProperty struct {
	ID int64 `json:"id"`
	// Title, City, URL and Picture are empty when it is not online.
	Title string `json:"title,omitempty"`
	// TitleLang is the title's language when it is not the page's (a
	// title fallen back to French).
	TitleLang string `json:"titleLang,omitempty"`
	City      string `json:"city,omitempty"`
	URL       string `json:"url,omitempty"`
	Picture   string `json:"picture,omitempty"`
	Online    bool   `json:"online"`
	// The page's visits today, this week (from Monday), this month (from
	// the 1st), in Brussels time, and ever.
	Today int `json:"today"`
	Week  int `json:"week"`
	Month int `json:"month"`
	Total int `json:"total"`
	// Last30 are the page's visits of each of the last 30 days, oldest
	// first, today last, days without visits as 0: the portal's chart and
	// its table.
	Last30 []DayVisits `json:"last30"`
	// Sources are the last 30 days' visits by source (visit.Sources, every
	// one, in order).
	Sources []SourceVisits `json:"sources"`
	// Demands are the active demands' counts; nil when the listing is not
	// in the catalog.
	Demands *DemandTally `json:"demands"`
	// History are the newest requests about it, Requests how many there
	// are in all.
	History  []HistoryRow `json:"history"`
	Requests int          `json:"requests"`
}

// SourceVisits are the visits from one source (visit.Source).
type SourceVisits struct {
	Source string `json:"source" tstype:"'direct' | 'search' | 'portal' | 'social' | 'mail' | 'site' | 'other'"`
	Count  int    `json:"count"`
}

// DemandTally is demand.Tally: how many active demands of the listing's
// goal there are (Searching), how many it matches, and how many each
// criterion holds for. Goal says which (sale: to buy, rent: to rent).
type DemandTally struct {
	Goal      string `json:"goal" tstype:"'sale' | 'rent'"`
	Searching int    `json:"searching"`
	Matching  int    `json:"matching"`
	Budget    int    `json:"budget"`
	Zone      int    `json:"zone"`
	Type      int    `json:"type"`
	Rooms     int    `json:"rooms"`
}

// HistoryRow is one request about the property (portal.Row): its date
// and a booked visit's slot as ISO 8601 (Time, Visit) and written in the
// page's language in Brussels time (Date, VisitDate).
type HistoryRow struct {
	Time      string `json:"time"`
	Date      string `json:"date"`
	Kind      string `json:"kind"`
	Contact   string `json:"contact"`
	Comment   string `json:"comment"`
	Status    string `json:"status" tstype:"'received' | 'handled' | 'booked' | 'cancelled'"`
	Visit     string `json:"visit,omitempty"`
	VisitDate string `json:"visitDate,omitempty"`
}

// DayVisits are a page's visits on one day (Day as "YYYY-MM-DD", in
// Brussels).
type DayVisits struct {
	Day   string `json:"day"`
	Count int    `json:"count"`
}

func (*AccountProps) View() string { return views.Account }

// ownerResult is one of the owners' pages: noindex, never cached; the
// language switcher leads to the same page in each language, but for a
// password link (its token is not in the switcher's links).
func (r *Resolver) ownerResult(lang, title string, status int, props Props, urlIn func(string) string) Result {
	c := &resolution{r: r, lang: lang, ix: r.Catalog.Index()}
	if urlIn != nil && status == http.StatusOK {
		c.path = urlIn(lang)
	}
	h := c.head(title, "", nil, urlIn)
	h.Robots = "noindex"
	h.Breadcrumb = c.breadcrumb(nil, title, "")
	c.formPage = true
	res := c.result(status, props, h, urlIn)
	res.Cacheable = false
	return res
}

// Login is the owner login page in lang.
func (r *Resolver) Login(lang string) Result {
	title := i18n.T(lang, "account.login.title")
	return r.ownerResult(lang, title, http.StatusOK, &AccountProps{Texts: accountTexts(lang), Page: "login", Title: title, Action: r.LoginURL(lang),
		Forgot: r.ForgotPasswordURL(lang)}, r.LoginURL)
}

// Password is the page a password link opens, in state (PasswordProps).
func (r *Resolver) Password(lang, state, token, email string) Result {
	title := i18n.T(lang, "account.password.title")
	props := &AccountProps{Texts: accountTexts(lang), Page: "password", Title: title, State: state, Action: r.PasswordURL("", lang),
		Login: r.LoginURL(lang)}
	var status int
	status, props.Token, props.Email = linkAnswer(state, token, email)
	if state == "unknown" {
		props.Title = i18n.T(lang, "account.password.unknownTitle")
	}
	return r.ownerResult(lang, props.Title, status, props, nil)
}

// linkAnswer is how a page a mailed link opens answers in state: its
// status, and the token and address the page holds — an unknown link
// (used, expired) neither, our failure only the token, to try again.
func linkAnswer(state, token, email string) (status int, heldToken, heldEmail string) {
	switch state {
	case "unknown":
		return http.StatusNotFound, "", ""
	case "failed":
		return http.StatusInternalServerError, token, ""
	}
	return http.StatusOK, token, email
}

// OwnerPortal is the portal's overview of the owner called name, with
// their properties.
func (r *Resolver) OwnerPortal(lang, name string, properties []OwnedProperty, weeklyReport bool, notice string) Result {
	title := i18n.T(lang, "account.portal.title")
	ix := r.Catalog.Index()
	for i := range properties {
		p, err := ix.Property(properties[i].ID, lang)
		if err != nil {
			continue
		}
		o := &properties[i]
		o.Online = true
		o.Title, o.TitleLang = p.Heading(lang)
		o.City, o.Picture = p.City, p.XLargePictureItem.Url
		typeName := ix.TypeName(p.WebID, lang)
		if typeName == "" {
			typeName = p.TypeDescription
		}
		o.URL = r.PropertyURL(p.ID, p.Goal, p.City, typeName, lang)
	}
	return r.ownerResult(lang, title, http.StatusOK,
		&AccountProps{Texts: accountTexts(lang, "name", name), Page: "portal", Title: title, Name: name, Properties: properties,
			Action: r.OwnerURL(lang), WeeklyReport: weeklyReport, Notice: notice}, r.OwnerURL)
}
