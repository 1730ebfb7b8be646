// Package site is the configuration of the public website: the agency, the
// languages, the menu pages and their modules, the header, top bar, footer,
// home banner, search block, pop-up and legal pages (SPEC §2, §3). It is read
// from one JSON file at start (Load, Parse) and checked whole (Validate). No
// HTTP and no SQL here.
package site

// Config is the whole site configuration, as in the JSON file.
type Config struct {
	Agency          Agency          `json:"agency"`
	Languages       Languages       `json:"languages"`
	SiteInfo        SiteInfo        `json:"siteInfo"`
	Consent         Consent         `json:"consent"`
	Header          Header          `json:"header"`
	TopBar          TopBar          `json:"topBar"`
	Pages           []Page          `json:"pages"`
	Menu            []MenuItem      `json:"menu"`
	Footer          Footer          `json:"footer"`
	Banner          Banner          `json:"banner"`
	SearchBlock     SearchBlock     `json:"searchBlock"`
	Popup           Popup           `json:"popup"`
	Legal           []LegalPage     `json:"legal"`
	StreetView      StreetView      `json:"streetView"`
	RentApplication RentApplication `json:"rentApplication"`
	// Appointments are the visit agenda's rules; nil: no visit form.
	Appointments *Appointments `json:"appointments,omitempty"`
	// Captcha, when set, is a third-party captcha in place of ALTCHA.
	Captcha *Captcha `json:"captcha,omitempty"`
	// Zones are the areas a demand registrant chooses (zones.go).
	Zones []Zone `json:"zones,omitempty"`
	// Moved are the addresses that no longer name a page (moved.go): a
	// renamed page's old one, a deleted page's.
	Moved []MovedPath `json:"moved,omitempty"`

	// moved is Moved by address, made by Parse for MovedTo; never written
	// after, so any number of requests read it at once.
	moved *movedIndex
}

// Captcha is a third-party captcha on the visitor forms instead of our
// self-hosted ALTCHA (the default): the provider (CaptchaProviders) and
// its public site key. Its secret is no configuration: it comes from the
// environment (IMMO_CAPTCHA_SECRET). Without JavaScript the provider's
// widget cannot run, so a form posted without it is refused.
type Captcha struct {
	Provider string `json:"provider"`
	SiteKey  string `json:"siteKey"`
}

// CaptchaProviders are the captcha services one can configure (package
// captcha has their details).
var CaptchaProviders = []string{"hcaptcha", "recaptcha", "turnstile"}

// StreetView is Google Street View on property pages (SPEC §2). With an
// APIKey (a Maps Embed API key, restricted to this site's addresses in the
// Google console: it is visible in the page) a property with a published
// address shows a street view frame; without one, a link that opens street
// view at the position in a new tab.
type StreetView struct {
	APIKey string `json:"apiKey"`
}

// Agency is who runs the site: shown in the footer, contact page and
// structured data.
type Agency struct {
	Name         string       `json:"name"`
	Address      Address      `json:"address"`
	Phone        string       `json:"phone"`
	Email        string       `json:"email"`
	VATNumber    string       `json:"vatNumber"`
	OpeningHours []OpeningDay `json:"openingHours"`
	Logo         string       `json:"logo"`
	Geo          Geo          `json:"geo"`
}

// Address is a postal address; Country is the country's name per language.
type Address struct {
	Street  string `json:"street"`
	Number  string `json:"number"`
	Zip     string `json:"zip"`
	City    string `json:"city"`
	Country Text   `json:"country"`
}

// Weekdays in the order opening hours are shown.
var Weekdays = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// OpeningDay is one weekday's opening: time ranges, or a text such as "on
// appointment", or neither when closed.
type OpeningDay struct {
	Day   string      `json:"day"`
	Hours []TimeRange `json:"hours"`
	Text  Text        `json:"text,omitempty"`
}

// TimeRange is an opening range in 24-hour "HH:MM" form, From before To.
type TimeRange struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Geo is a WGS84 position.
type Geo struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Languages is the SPEC language config: languageDefault and languageUse.
type Languages struct {
	Default string        `json:"default"`
	Use     []LanguageUse `json:"use"`
}

// LanguageUse says whether one language is offered.
type LanguageUse struct {
	Code string `json:"code"`
	Use  bool   `json:"use"`
}

// Enabled lists the offered languages in file order.
func (l Languages) Enabled() []string {
	var out []string
	for _, u := range l.Use {
		if u.Use {
			out = append(out, u.Code)
		}
	}
	return out
}

// IsEnabled tells whether code is offered.
func (l Languages) IsEnabled(code string) bool {
	for _, u := range l.Use {
		if u.Use && u.Code == code {
			return true
		}
	}
	return false
}

// SiteInfo holds the tracking ids (loaded only with consent) and the site
// settings for the page head.
type SiteInfo struct {
	GoogleAnalyticsID string       `json:"googleAnalyticsId"`
	GoogleAdsID       string       `json:"googleAdsId"`
	TagManagerID      string       `json:"tagManagerId"`
	SocialPixelID     string       `json:"socialPixelId"`
	Settings          SiteSettings `json:"settings"`
}

// SiteSettings are the head meta values: verification codes, the default
// share image and the robots directive.
type SiteSettings struct {
	GoogleVerification   string `json:"googleVerification"`
	FacebookVerification string `json:"facebookVerification"`
	NortonSafeWeb        string `json:"nortonSafeWeb"`
	Image                string `json:"image"`
	Robots               string `json:"robots"`
}

// Positions of the header's menu and logo, and sides of the drawer button.
const (
	Left   = "left"
	Center = "center"
	Right  = "right"
)

// Header is the header layout (SPEC §2 Header).
type Header struct {
	MenuPosition        string `json:"menuPosition"`
	LogoPosition        string `json:"logoPosition"`
	ShowLogoAtStart     bool   `json:"showLogoAtStart"`
	ChangeOnScroll      bool   `json:"changeOnScroll"`
	DrawerButton        string `json:"drawerButton"`
	FreeValuationButton bool   `json:"freeValuationButton"`
}

// TopBar is the link bar above the header, desktop and tablet only.
type TopBar struct {
	Left  []TopBarItem `json:"left"`
	Right []TopBarItem `json:"right"`
}

// TopBarItem is one link of the top bar; Status false hides it.
type TopBarItem struct {
	Status bool   `json:"status"`
	Label  Text   `json:"label"`
	Link   string `json:"link"`
	Icon   string `json:"icon"`
	Color  string `json:"color"`
	// DisplayCondition, when set, must hold for the item to show.
	DisplayCondition *DisplayCondition `json:"displayCondition,omitempty"`
}

// Footer is the configurable footer columns and the copyright line, which
// may hold the placeholder {{year}}.
type Footer struct {
	Columns   []FooterColumn `json:"columns"`
	Copyright Text           `json:"copyright"`
}

// CopyrightIn is the copyright line in lang for the given year.
func (f Footer) CopyrightIn(lang string, year int) string {
	return fill(f.Copyright.In(lang), map[string]int{"year": year})
}

// FooterColumn is one footer column; each text shows only when public.
type FooterColumn struct {
	Title     PublicText `json:"title"`
	IntroText PublicText `json:"introText"`
	FullText  PublicText `json:"fullText"`
	Images    []Image    `json:"images"`
	Col       Col        `json:"col"`
	// DisplayCondition, when set, must hold for the column to show.
	DisplayCondition *DisplayCondition `json:"displayCondition,omitempty"`
}

// PublicText is a text with a flag saying whether it is shown.
type PublicText struct {
	Public bool `json:"public"`
	Text   Text `json:"text"`
}

// Image is a picture path with its alternative text.
type Image struct {
	URL string `json:"url"`
	Alt Text   `json:"alt,omitempty"`
}

// Col is a grid width per breakpoint, out of 12.
type Col struct {
	SM int `json:"sm"`
	MD int `json:"md"`
	LG int `json:"lg"`
}

// LegalPage is one of the legal pages (privacy, cookie policy, disclaimer).
// Path is the original path (/Privacy/), Paths the path segment per
// language, Aliases further segments served under /{lang}/ (privacy-statement,
// cookie-policy). Content is trusted HTML from this file.
type LegalPage struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Path    string   `json:"path"`
	Paths   Text     `json:"paths"`
	Aliases []string `json:"aliases"`
	Title   Text     `json:"title"`
	Content Text     `json:"content"`
}
