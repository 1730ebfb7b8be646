package site

import (
	"net/url"
	"slices"
	"strings"

	"immo/internal/domain/rules"
)

// The cookie consent's categories (SPEC §4), named as in
// web/src/lib/consent.ts and in the consent cookie.
const (
	Necessary    = "necessary"
	Analytics    = "analytics"
	Marketing    = "marketing"
	Social       = "social"
	Unclassified = "unclassified"
)

// ConsentCategories are the categories in the order the dialog and the
// cookie policy show them.
var ConsentCategories = []string{Necessary, Analytics, Marketing, Social, Unclassified}

// Consent is the consent cookie's configuration: its lifetime in days and
// the revision of the cookie list (raising it asks every visitor again).
type Consent struct {
	CookieDays int `json:"cookieDays"`
	Revision   int `json:"revision"`
}

// DefaultCookieDays is the consent cookie's lifetime when the configuration
// gives none (vanilla-cookieconsent's default, about six months).
const DefaultCookieDays = 182

// Days is the consent cookie's lifetime in days.
func (c Consent) Days() int {
	if c.CookieDays == 0 {
		return DefaultCookieDays
	}
	return c.CookieDays
}

// The services the site may use, by id: the consent dialog, the tag loader,
// the click-to-load embeds and the cookie policy share these names.
const (
	ServiceSite          = "site"
	ServiceTagManager    = "tagManager"
	ServiceAnalytics     = "analytics"
	ServiceAds           = "ads"
	ServicePixel         = "pixel"
	ServiceYouTube       = "youtube"
	ServiceVimeo         = "vimeo"
	ServiceFacebookVideo = "facebookVideo"
	ServiceStreetView    = "streetView"
	ServiceTours         = "tours"
	ServiceMapTiles      = "mapTiles"
)

// Service is one party the pages involve, in the category whose consent it
// waits for: who provides it, the hosts the browser talks to, the cookies
// it sets (as far as known) and whether it is a tag (a script our loader
// adds, with TagID) rather than an embed.
type Service struct {
	ID       string   `json:"id"`
	Category string   `json:"category"`
	Provider string   `json:"provider"`
	Hosts    []string `json:"hosts"`
	Cookies  []Cookie `json:"cookies"`
	TagID    string   `json:"tagId,omitempty"`
}

// Cookie is a cookie a service sets; Days 0 means for the browser session.
// Name may end in * (a family: _ga_<id>).
type Cookie struct {
	Name string `json:"name"`
	Days int    `json:"days"`
}

// Embeds are what the pages embed beyond the configuration: the virtual
// tours' hosts (from the catalog) and the map tiles' URL template ("" when
// no tiles load; our own host is no third party).
type Embeds struct {
	TourHosts []string
	Tiles     string
}

var (
	googleTagHost = "https://www.googletagmanager.com"
	tagServices   = map[string]Service{
		ServiceTagManager: {Category: Analytics, Provider: "Google Tag Manager (Google Ireland Ltd)",
			Hosts: []string{googleTagHost}},
		ServiceAnalytics: {Category: Analytics, Provider: "Google Analytics (Google Ireland Ltd)",
			Hosts:   []string{googleTagHost, "https://*.google-analytics.com", "https://*.analytics.google.com"},
			Cookies: []Cookie{{"_ga", 730}, {"_ga_*", 730}}},
		ServiceAds: {Category: Marketing, Provider: "Google Ads (Google Ireland Ltd)",
			Hosts: []string{googleTagHost, "https://www.googleadservices.com", "https://googleads.g.doubleclick.net",
				"https://td.doubleclick.net", "https://www.google.com"},
			Cookies: []Cookie{{"_gcl_au", 90}, {"IDE", 390}}},
		ServicePixel: {Category: Social, Provider: "Meta Pixel (Meta Platforms Ireland Ltd)",
			Hosts: []string{"https://connect.facebook.net", "https://www.facebook.com"}, Cookies: []Cookie{{"_fbp", 90}, {"fr", 90}}},
	}
	videoServices = map[string]Service{
		rules.VideoYouTube: {ID: ServiceYouTube, Category: Social, Provider: "YouTube (Google Ireland Ltd)",
			Hosts: []string{"https://www.youtube-nocookie.com", "https://i.ytimg.com"}, Cookies: []Cookie{{"VISITOR_INFO1_LIVE", 180}, {"YSC", 0}}},
		rules.VideoVimeo: {ID: ServiceVimeo, Category: Social, Provider: "Vimeo (Vimeo.com Inc.)",
			Hosts: []string{"https://player.vimeo.com", "https://i.vimeocdn.com"}, Cookies: []Cookie{{"vuid", 730}}},
		rules.VideoFacebook: {ID: ServiceFacebookVideo, Category: Social, Provider: "Facebook (Meta Platforms Ireland Ltd)",
			Hosts: []string{"https://www.facebook.com"}, Cookies: []Cookie{{"datr", 400}, {"fr", 90}}},
	}
)

// Tags are the configured tracking ids by service, in loading order; a
// service without an id is absent (nothing of it is listed or loaded).
func (s SiteInfo) Tags() []Service {
	var out []Service
	for _, t := range tagIDs {
		id := strings.TrimSpace(t.get(s))
		if id == "" {
			continue
		}
		svc := tagServices[t.service]
		svc.ID, svc.TagID = t.service, id
		out = append(out, svc)
	}
	return out
}

// SessionCookie and SessionDays are the owners' session cookie, strictly
// necessary, as the cookie policy lists it: internal/http/web/session's
// CookieName and Lifetime (in days), which this package does not import
// (internal/http/web/session's tests check that the two agree).
const (
	SessionCookie = "immo_session"
	SessionDays   = 30
)

// ConsentServices are every service the site uses, in the categories'
// order: our own cookies (the consent's, the owners' session), the configured tags, the video players of
// the configuration's videos, Google's street view when a key is set, the
// catalog's virtual tours and third-party map tiles. The cookie dialog,
// the cookie policy and the tag loader all read this one list.
func (c *Config) ConsentServices(e Embeds) []Service {
	out := []Service{{ID: ServiceSite, Category: Necessary, Provider: c.Agency.Name,
		Cookies: []Cookie{{"cc_cookie", c.Consent.Days()}, {SessionCookie, SessionDays}}}}
	out = append(out, c.SiteInfo.Tags()...)
	for _, kind := range c.videoKinds() {
		out = append(out, videoServices[kind])
	}
	if c.StreetView.APIKey != "" {
		out = append(out, Service{ID: ServiceStreetView, Category: Unclassified, Provider: "Google Maps (Google Ireland Ltd)",
			Hosts: []string{"https://www.google.com", "https://maps.googleapis.com", "https://maps.gstatic.com"}, Cookies: []Cookie{{"NID", 180}}})
	}
	if len(e.TourHosts) > 0 {
		hosts := slices.Clone(e.TourHosts)
		slices.Sort(hosts)
		hosts = slices.Compact(hosts)
		out = append(out, Service{ID: ServiceTours, Category: Unclassified, Provider: strings.Join(hostNames(hosts), ", "), Hosts: hosts})
	}
	if o := TileOrigin(e.Tiles); o != "" {
		out = append(out, Service{ID: ServiceMapTiles, Category: Unclassified, Provider: strings.TrimPrefix(o, "https://"), Hosts: []string{o}})
	}
	slices.SortStableFunc(out, func(a, b Service) int {
		return slices.Index(ConsentCategories, a.Category) - slices.Index(ConsentCategories, b.Category)
	})
	for i := range out {
		if out[i].Hosts == nil {
			out[i].Hosts = []string{}
		}
		if out[i].Cookies == nil {
			out[i].Cookies = []Cookie{}
		}
	}
	return out
}

// videoKinds are the video players (YouTube, Vimeo, Facebook) the
// configuration's texts link to, by rules.VideoOf, the rule the pages use.
func (c *Config) videoKinds() []string {
	found := map[string]bool{}
	c.Walk(nil, func(s string) {
		if video, ok := rules.VideoOf(s); ok && videoServices[video.Kind].ID != "" {
			found[video.Kind] = true
		}
	})
	var out []string
	for _, k := range []string{rules.VideoYouTube, rules.VideoVimeo, rules.VideoFacebook} {
		if found[k] {
			out = append(out, k)
		}
	}
	return out
}

func hostNames(origins []string) []string {
	out := make([]string, len(origins))
	for i, o := range origins {
		out[i] = strings.TrimPrefix(strings.TrimPrefix(o, "https://"), "http://")
	}
	return out
}

// TileOrigin is the origin of a tile URL template ({s} subdomains as *), or
// "" for none or a path on this site: the consent source's service and the
// CSP's img-src name the same host.
func TileOrigin(tiles string) string {
	u, err := url.Parse(strings.ReplaceAll(strings.TrimSpace(tiles), "{s}", "s-sub"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + strings.Replace(strings.ToLower(u.Host), "s-sub", "*", 1)
}
