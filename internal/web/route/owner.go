package route

import (
	"net/http"
	"net/url"
	"strings"

	"immo/internal/i18n"
	"immo/internal/web/views"
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

// LoginProps are the owner login page's.
type LoginProps struct {
	Base
	Title string `json:"title"`
	// Action is where the form posts (the page itself).
	Action string `json:"action"`
}

// PasswordProps are the page a password link opens.
type PasswordProps struct {
	Base
	Title string `json:"title"`
	// State: "form" (the link is good: choose a password), "unknown" (the
	// link is unknown, used or expired: 404), "failed" (our failure).
	State string `json:"state" tstype:"'form' | 'unknown' | 'failed'"`
	// Token is the link's, posted back by the form.
	Token string `json:"token,omitempty"`
	// Email is the account's address (the form's username field).
	Email  string `json:"email,omitempty"`
	Action string `json:"action"`
	// Login is the login page, for a link used already.
	Login string `json:"login"`
}

// OwnerProps are the owner portal's overview.
type OwnerProps struct {
	Base
	Title      string          `json:"title"`
	Name       string          `json:"name"`
	Properties []OwnedProperty `json:"properties"`
	// Logout is where the logout button posts (the page itself).
	Logout string `json:"logout"`
}

// OwnedProperty is one of the owner's properties and its page's visits.
type OwnedProperty struct {
	ID int64 `json:"id"`
	// Title, City, URL and Picture are empty when it is not online.
	Title   string `json:"title,omitempty"`
	City    string `json:"city,omitempty"`
	URL     string `json:"url,omitempty"`
	Picture string `json:"picture,omitempty"`
	Online  bool   `json:"online"`
	// The page's visits today, in the last 7 and 30 days (today
	// included), and ever.
	Today int `json:"today"`
	Week  int `json:"week"`
	Month int `json:"month"`
	Total int `json:"total"`
}

func (*LoginProps) View() string    { return views.OwnerLogin }
func (*PasswordProps) View() string { return views.OwnerPassword }
func (*OwnerProps) View() string    { return views.OwnerPortal }

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
	res := c.result(status, props, h, urlIn)
	res.Cacheable = false
	return res
}

// Login is the owner login page in lang.
func (r *Resolver) Login(lang string) Result {
	title := i18n.T(lang, "account.login.title")
	return r.ownerResult(lang, title, http.StatusOK, &LoginProps{Title: title, Action: r.LoginURL(lang)}, r.LoginURL)
}

// Password is the page a password link opens, in state (PasswordProps).
func (r *Resolver) Password(lang, state, token, email string) Result {
	title := i18n.T(lang, "account.password.title")
	status := http.StatusOK
	props := &PasswordProps{Title: title, State: state, Action: r.PasswordURL("", lang), Login: r.LoginURL(lang)}
	switch state {
	case "unknown":
		status = http.StatusNotFound
		props.Title = i18n.T(lang, "account.password.unknownTitle")
	case "failed":
		status = http.StatusInternalServerError
		props.Token = token
	default:
		props.Token, props.Email = token, email
	}
	return r.ownerResult(lang, props.Title, status, props, nil)
}

// OwnerPortal is the portal's overview of the owner called name, with
// their properties.
func (r *Resolver) OwnerPortal(lang, name string, properties []OwnedProperty) Result {
	title := i18n.T(lang, "account.portal.title")
	ix := r.Catalog.Index()
	for i := range properties {
		p, err := ix.Property(properties[i].ID, lang)
		if err != nil {
			continue
		}
		o := &properties[i]
		o.Online = true
		o.Title, _ = PropertyTitle(&p, lang)
		o.City, o.Picture = p.City, p.XLargePictureItem.Url
		typeName := ix.TypeName(p.WebID, lang)
		if typeName == "" {
			typeName = p.TypeDescription
		}
		o.URL = r.PropertyURL(p.ID, p.Goal, p.City, typeName, lang)
	}
	if properties == nil {
		properties = []OwnedProperty{}
	}
	return r.ownerResult(lang, title, http.StatusOK,
		&OwnerProps{Title: title, Name: name, Properties: properties, Logout: r.OwnerURL(lang)}, r.OwnerURL)
}
