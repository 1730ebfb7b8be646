package route

import (
	"net/url"
	"strings"
	"sync"

	"immo/internal/domain/site"
)

// Consent is what the browser needs for the cookie dialog and the tag
// loader: the consent cookie's lifetime and revision, the categories, and
// every service the site uses with its category (a tag with its id).
type Consent struct {
	CookieDays int              `json:"cookieDays"`
	Revision   int              `json:"revision"`
	Categories []string         `json:"categories"`
	Services   []ConsentService `json:"services"`
	// PolicyURL is the cookie policy in the page's language, if the site has one.
	PolicyURL string `json:"policyUrl,omitempty"`
}

// ConsentService is a service as the dialog and the loader see it.
type ConsentService struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Provider string `json:"provider"`
	TagID    string `json:"tagId,omitempty"`
}

// CookiePolicy is the cookie policy page's table: per category, the
// services with their hosts and cookies (the same source as the dialog).
type CookiePolicy struct {
	Categories []CookieCategory `json:"categories"`
}

// CookieCategory is one category's services on the cookie policy.
type CookieCategory struct {
	Category string         `json:"category"`
	Services []site.Service `json:"services"`
}

// CookiePolicyID is the legal page that lists the cookies under its content.
const CookiePolicyID = "cookie-policy"

// consentCache holds the services of one configuration and catalog
// version (the tours' hosts come from the catalog).
type consentCache struct {
	mu       sync.Mutex
	site     *site.Config
	version  int64
	services []site.Service
}

// ConsentServices are the services the site uses now (site.ConsentServices
// with the catalog's tour hosts and the map tiles).
func (r *Resolver) ConsentServices() []site.Service {
	ix := r.Catalog.Index()
	cache := &r.state().consent
	cache.mu.Lock()
	defer cache.mu.Unlock()
	if cache.services == nil || ix.Version() != cache.version || cache.site != r.Site {
		hosts := map[string]bool{}
		var tours []string
		for _, t := range ix.Embedded().Tours {
			if u, err := url.Parse(strings.TrimSpace(t)); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
				if o := u.Scheme + "://" + strings.ToLower(u.Host); !hosts[o] {
					hosts[o] = true
					tours = append(tours, o)
				}
			}
		}
		cache.services = r.Site.ConsentServices(site.Embeds{TourHosts: tours, Tiles: r.MapTiles})
		cache.version, cache.site = ix.Version(), r.Site
	}
	return cache.services
}

func (c *resolution) consentShell() Consent {
	cfg := c.r.Site.Consent
	out := Consent{CookieDays: cfg.Days(), Revision: cfg.Revision, Categories: site.ConsentCategories}
	if l := c.r.Site.LegalByID(CookiePolicyID); l != nil {
		out.PolicyURL = c.r.LegalURL(l, c.lang)
	}
	for _, s := range c.r.ConsentServices() {
		out.Services = append(out.Services, ConsentService{ID: s.ID, Category: s.Category, Provider: s.Provider, TagID: s.TagID})
	}
	return out
}

// cookiePolicy is the table of the cookie policy page: every category,
// even one without services (the page then says so).
func (c *resolution) cookiePolicy() *CookiePolicy {
	p := &CookiePolicy{}
	all := c.r.ConsentServices()
	for _, cat := range site.ConsentCategories {
		cc := CookieCategory{Category: cat, Services: []site.Service{}}
		for _, s := range all {
			if s.Category == cat {
				cc.Services = append(cc.Services, s)
			}
		}
		p.Categories = append(p.Categories, cc)
	}
	return p
}
