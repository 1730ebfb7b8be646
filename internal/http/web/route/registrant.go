package route

import (
	"net/http"
	"net/url"
	"strings"

	"immo/internal/domain/i18n"
	"immo/internal/http/web/views"
)

// The registrants' pages, under /{lang}/account/ in every language: the
// area (their demands, alerts, details and account), the login, the
// forgotten password, the page a reset link opens, the page a demand's
// confirmation link opens, and the data download. None is indexed nor
// cached; the page handler (web) reads the viewer and the tokens.

// RegistrantSlug is the area's path segment; the others are under it.
const RegistrantSlug = "account"

// The registrants' pages below the area.
const (
	RegistrantArea    = ""
	RegistrantLogin   = "login"
	RegistrantForgot  = "forgot-password"
	RegistrantReset   = "reset-password"
	RegistrantConfirm = "confirm"
	RegistrantExport  = "export"
)

// RegistrantURL is the registrants' page which in lang.
func (r *Resolver) RegistrantURL(which, lang string) string {
	u := "/" + lang + "/" + RegistrantSlug + "/"
	if which != "" {
		u += which + "/"
	}
	return u
}

// RegistrantAreaURL is the registrants' area in lang (notify.RegistrantLinks).
func (r *Resolver) RegistrantAreaURL(lang string) string {
	return r.RegistrantURL(RegistrantArea, lang)
}

func (r *Resolver) tokenURL(which, token, lang string) string {
	return r.RegistrantURL(which, lang) + "?token=" + url.QueryEscape(token)
}

// DemandConfirmURL is the page confirming a demand by its link's token.
func (r *Resolver) DemandConfirmURL(token, lang string) string {
	return r.tokenURL(RegistrantConfirm, token, lang)
}

// PasswordResetURL is the page choosing a new password by a reset link.
func (r *Resolver) PasswordResetURL(token, lang string) string {
	return r.tokenURL(RegistrantReset, token, lang)
}

// ForgotPasswordURL is the page asking for a reset link.
func (r *Resolver) ForgotPasswordURL(lang string) string {
	return r.RegistrantURL(RegistrantForgot, lang)
}

// RegistrantPage tells whether path is one of the registrants' pages:
// which (RegistrantArea, RegistrantLogin…), in lang.
func (r *Resolver) RegistrantPage(path string) (lang, which string, ok bool) {
	lang, rest, ok := r.splitLang(path)
	if !ok || len(rest) == 0 || rest[0] != RegistrantSlug || !strings.HasSuffix(path, "/") {
		return "", "", false
	}
	switch {
	case len(rest) == 1:
		return lang, RegistrantArea, true
	case len(rest) == 2:
		switch rest[1] {
		case RegistrantLogin, RegistrantForgot, RegistrantReset, RegistrantConfirm, RegistrantExport:
			return lang, rest[1], true
		}
	}
	return "", "", false
}

// RegistrantProps are the registrants' pages' (one view): Page says which.
type RegistrantProps struct {
	Base
	Texts AccountTexts `json:"texts" tstype:"Record<string, string>"`
	Page  string       `json:"page" tstype:"'login' | 'forgot' | 'reset' | 'confirm' | 'area' | 'failed'"`
	Title string       `json:"title"`
	// Action is where the page's forms post (the page itself, without a
	// link's token).
	Action string `json:"action"`
	// Links of the pages: the login, the forgotten password, the register.
	Login      string `json:"login"`
	OwnerLogin string `json:"ownerLogin"`
	Forgot     string `json:"forgot"`
	Register   string `json:"register,omitempty"`
	// State of a page a link opens or a form led to: "form", "unknown"
	// (the link is unknown, used or expired: 404), "sent" (a reset link
	// was asked for), "failed" (our failure).
	State string `json:"state,omitempty" tstype:"'form' | 'unknown' | 'sent' | 'failed'"`
	Token string `json:"token,omitempty"`
	Email string `json:"email,omitempty"`
	// ChoosePassword: the link's form asks for the account's password — a
	// reset's, and the confirmation of an account whose address was never
	// proven (whoever holds the mailbox chooses it).
	ChoosePassword bool `json:"choosePassword,omitempty"`
	// The area's: the account and its demands, and the choices of the
	// demands' form.
	Account *RegistrantAccount `json:"account,omitempty"`
	Demands []RegistrantDemand `json:"demands,omitempty"`
	Search  *SearchForm        `json:"search,omitempty"`
	Export  string             `json:"export,omitempty"`
	// Notice is what the last change did (a translation key), after a
	// form led back to the area.
	Notice string `json:"notice,omitempty"`
}

func (*RegistrantProps) View() string { return views.Registrant }

// RegistrantAccount is the area's account part.
type RegistrantAccount struct {
	Email          string `json:"email"`
	FirstName      string `json:"firstName"`
	LastName       string `json:"lastName"`
	Lang           string `json:"lang"`
	AlertFrequency string `json:"alertFrequency" tstype:"'instant' | 'daily'"`
}

// RegistrantDemand is one of the area's demands: its search as its form's
// values, and what it says in words.
type RegistrantDemand struct {
	ID        int64          `json:"id"`
	Values    map[string]any `json:"values" tstype:"Record<string, string | string[]>"`
	Summary   string         `json:"summary"`
	Confirmed bool           `json:"confirmed"`
	Paused    bool           `json:"paused"`
	Alerts    int            `json:"alerts"`
	Created   string         `json:"created"` // the day it was registered, as the area writes a date (Date)
}

// registrantResult is one of the registrants' pages: noindex, never
// cached, the language switcher leading to the same page (not a link's).
func (r *Resolver) registrantResult(lang string, status int, props *RegistrantProps, which string) Result {
	c := &resolution{r: r, lang: lang, ix: r.Catalog.Index()}
	props.Texts = registrantTexts(lang)
	props.Login, props.Forgot, props.Register = r.RegistrantURL(RegistrantLogin, lang), r.ForgotPasswordURL(lang), r.DemandRegisterURL(lang)
	props.OwnerLogin = r.LoginURL(lang)
	if props.Action == "" {
		props.Action = r.RegistrantURL(which, lang)
	}
	var urlIn func(string) string
	if which != RegistrantReset && which != RegistrantConfirm {
		urlIn = func(l string) string { return r.RegistrantURL(which, l) }
		if status == http.StatusOK {
			c.path = urlIn(lang)
		}
	}
	h := c.head(props.Title, "", nil, urlIn)
	h.Robots = "noindex"
	h.Breadcrumb = c.breadcrumb(nil, props.Title, "")
	c.formPage = true
	res := c.result(status, props, h, urlIn)
	res.Cacheable = false
	return res
}

// RegistrantLoginPage is the registrants' login, with the notice of what
// led there (an account deleted), if any.
func (r *Resolver) RegistrantLoginPage(lang, notice string) Result {
	return r.registrantResult(lang, http.StatusOK,
		&RegistrantProps{Page: "login", Title: i18n.T(lang, "registrant.login.title"), Notice: notice}, RegistrantLogin)
}

// ForgotPage asks for a reset link; state "sent" says one was mailed when
// the address has an account (the same words whether or not).
func (r *Resolver) ForgotPage(lang, state string) Result {
	return r.registrantResult(lang, http.StatusOK,
		&RegistrantProps{Page: "forgot", Title: i18n.T(lang, "registrant.forgot.title"), State: state}, RegistrantForgot)
}

// LinkPage is the page a reset link (page "reset") or a confirmation link
// (page "confirm") opens, in state.
// A confirmation's form asks for a password when choosePassword (the
// account was never confirmed); a reset's always does.
func (r *Resolver) LinkPage(lang, page, state, token, email string, choosePassword bool) Result {
	which := RegistrantReset
	if page == "confirm" {
		which = RegistrantConfirm
	}
	props := &RegistrantProps{Page: page, Title: i18n.T(lang, "registrant."+page+".title"), State: state}
	var status int
	status, props.Token, props.Email = linkAnswer(state, token, email)
	switch {
	case state == "unknown":
		props.Title = i18n.T(lang, "registrant.link.unknownTitle")
	case status == http.StatusOK:
		props.ChoosePassword = page == "reset" || choosePassword
		if page == "confirm" && choosePassword {
			props.Title = i18n.T(lang, "registrant.confirm.titleNew")
		}
	}
	return r.registrantResult(lang, status, props, which)
}

// RegistrantFailed is the page a registrant's page answers when it could
// not be made (the store failed): 500, saying to try again.
func (r *Resolver) RegistrantFailed(lang string) Result {
	return r.registrantResult(lang, http.StatusInternalServerError,
		&RegistrantProps{Page: "failed", Title: i18n.T(lang, "registrant.link.failedTitle"), State: "failed"}, RegistrantArea)
}

// RegistrantAreaPage is the registrant's area.
func (r *Resolver) RegistrantAreaPage(lang string, a RegistrantAccount, demands []RegistrantDemand, notice string) Result {
	search := r.searchForm(lang)
	if demands == nil {
		demands = []RegistrantDemand{}
	}
	return r.registrantResult(lang, http.StatusOK, &RegistrantProps{Page: "area", Title: i18n.T(lang, "registrant.area.title"),
		Account: &a, Demands: demands, Search: &search, Export: r.RegistrantURL(RegistrantExport, lang), Notice: notice}, RegistrantArea)
}
