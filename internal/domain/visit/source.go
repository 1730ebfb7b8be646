package visit

import (
	"context"
	"net/url"
	"strings"
)

// Source is where a visit of a property page came from, read from the
// request's Referer (and its utm_medium): the owner's portal shows each
// property's last 30 days by source.
type Source string

// The sources, in the order the portal lists them.
const (
	// SourceDirect: no Referer — an address typed or bookmarked, a link in
	// an app or a document, or a browser that sends none.
	SourceDirect Source = "direct"
	// SourceSearch: a search engine (Google, Bing, DuckDuckGo, Ecosia…).
	SourceSearch Source = "search"
	// SourcePortal: a property portal (Immoweb, Zimmo, Immovlan,
	// Logic-Immo, atHome…), where the agency also lists the property.
	SourcePortal Source = "portal"
	// SourceSocial: a social network (Facebook, Instagram, LinkedIn, X…).
	SourceSocial Source = "social"
	// SourceMail: a webmail (Gmail, Outlook…) or a link marked
	// utm_medium=email (a newsletter, a demand's alert).
	SourceMail Source = "mail"
	// SourceSite: the agency's own site — the visitor came from a list,
	// the home page or another property. The issue lists no such source;
	// counting it as direct would make "direct" say what it is not (most
	// property visits start on the site's own lists), and the entry page
	// that brought the visitor to the site is not counted (only property
	// pages are), so it is a source of its own.
	SourceSite Source = "site"
	// SourceOther: any other site, or a Referer that is no web address.
	SourceOther Source = "other"
)

// Sources are every Source, in the portal's order.
var Sources = []Source{SourceDirect, SourceSearch, SourcePortal, SourceSocial, SourceMail, SourceSite, SourceOther}

// Valid tells one of Sources.
func (s Source) Valid() bool {
	switch s {
	case SourceDirect, SourceSearch, SourcePortal, SourceSocial, SourceMail, SourceSite, SourceOther:
		return true
	}
	return false
}

// SourceOf classifies a visit: referer is its Referer header, host the
// site's host as the request names it (Host, with or without its port),
// query the page address's raw query. A utm_medium of email or newsletter
// says mail whatever the Referer (a webmail's link usually sends none, or
// only the webmail's origin); then the Referer's host decides. Our pages
// send `strict-origin-when-cross-origin`, so another site's Referer is
// usually its origin only: the host is all this reads.
func SourceOf(referer, host, query string) Source {
	if query != "" && strings.Contains(query, "utm_") {
		if s, ok := utmSource(query); ok {
			return s
		}
	}
	if referer == "" {
		return SourceDirect
	}
	scheme, rest, ok := strings.Cut(referer, "://")
	if !ok {
		return SourceOther
	}
	scheme = strings.ToLower(scheme)
	if scheme == "android-app" { // an Android app's link: its package
		return appSource(hostOf(rest))
	}
	if scheme != "http" && scheme != "https" {
		return SourceOther
	}
	h := hostOf(rest)
	if h == "" {
		return SourceOther
	}
	if own := hostOf(host); own != "" && trimWWW(h) == trimWWW(own) {
		return SourceSite
	}
	return hostSource(h)
}

// hostOf is the host of an address's authority (after the scheme), in
// lower case, without user, port or trailing dot.
func hostOf(rest string) string {
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "[") { // an IPv6 literal
		if i := strings.IndexByte(rest, ']'); i >= 0 {
			return strings.ToLower(rest[:i+1])
		}
		return ""
	}
	if i := strings.IndexByte(rest, ':'); i >= 0 {
		rest = rest[:i]
	}
	return strings.ToLower(strings.TrimSuffix(rest, "."))
}

func trimWWW(h string) string { return strings.TrimPrefix(h, "www.") }

// utmSource reads utm_medium (and, without it, utm_source) of a page's
// query: mail for email and newsletters, social for social networks, else
// the source's name when it is a known site's.
func utmSource(query string) (Source, bool) {
	q, err := url.ParseQuery(query)
	if err != nil && len(q) == 0 {
		return "", false
	}
	switch strings.ToLower(strings.TrimSpace(q.Get("utm_medium"))) {
	case "email", "e-mail", "mail", "newsletter", "mailing":
		return SourceMail, true
	case "social", "social-media", "socialmedia", "social_media":
		return SourceSocial, true
	}
	if name := strings.ToLower(strings.TrimSpace(q.Get("utm_source"))); name != "" {
		if s, ok := byLabel[name]; ok {
			return s, true
		}
		if s := hostSource(name); s != SourceOther {
			return s, true
		}
	}
	return "", false
}

// byHost are the hosts known as a whole (short links, one-letter names).
var byHost = map[string]Source{
	"t.co": SourceSocial, "x.com": SourceSocial, "t.me": SourceSocial, "lnkd.in": SourceSocial, "fb.me": SourceSocial,
	"bsky.app": SourceSocial, "threads.net": SourceSocial, "wa.me": SourceSocial, "mastodon.social": SourceSocial,
	"mail.google.com": SourceMail, "outlook.live.com": SourceMail, "outlook.office.com": SourceMail,
	"outlook.office365.com": SourceMail, "mail.yahoo.com": SourceMail, "web.de": SourceMail, "mail.proton.me": SourceMail,
	"search.brave.com": SourceSearch, "search.yahoo.com": SourceSearch, "search.aol.com": SourceSearch,
	"com.google.android.gm": SourceMail, "com.microsoft.office.outlook": SourceMail,
	"com.google.android.googlequicksearchbox": SourceSearch,
	"com.facebook.katana":                     SourceSocial, "com.facebook.orca": SourceSocial, "com.instagram.android": SourceSocial,
	"com.linkedin.android": SourceSocial, "com.twitter.android": SourceSocial, "com.whatsapp": SourceSocial,
}

// byLabel are the names a site's host holds as one of its labels, whatever
// its country's domain (google.be, google.co.uk; m.facebook.com).
var byLabel = map[string]Source{
	// Search engines.
	"google": SourceSearch, "bing": SourceSearch, "duckduckgo": SourceSearch, "ecosia": SourceSearch,
	"qwant": SourceSearch, "yahoo": SourceSearch, "yandex": SourceSearch, "baidu": SourceSearch,
	"startpage": SourceSearch, "lilo": SourceSearch, "seznam": SourceSearch, "naver": SourceSearch,
	"ask": SourceSearch, "kagi": SourceSearch, "perplexity": SourceSearch, "chatgpt": SourceSearch,
	// Property portals (Belgium, Luxembourg and neighbours).
	"immoweb": SourcePortal, "zimmo": SourcePortal, "immovlan": SourcePortal, "logic-immo": SourcePortal,
	"athome": SourcePortal, "immotop": SourcePortal, "wortimmo": SourcePortal, "realo": SourcePortal,
	"immoscoop": SourcePortal, "hebbes": SourcePortal, "biddit": SourcePortal, "trevi": SourcePortal,
	"seloger": SourcePortal, "leboncoin": SourcePortal, "bienici": SourcePortal, "funda": SourcePortal,
	"pararius": SourcePortal, "jaap": SourcePortal, "immoscout24": SourcePortal, "immobilienscout24": SourcePortal,
	"immowelt": SourcePortal, "idealista": SourcePortal, "trovit": SourcePortal, "nestoria": SourcePortal,
	"mitula": SourcePortal, "2ememain": SourcePortal, "2dehands": SourcePortal, "kapaza": SourcePortal,
	"immo-lux": SourcePortal, "habiter": SourcePortal,
	// Social networks.
	"facebook": SourceSocial, "instagram": SourceSocial, "linkedin": SourceSocial, "twitter": SourceSocial,
	"pinterest": SourceSocial, "tiktok": SourceSocial, "youtube": SourceSocial, "reddit": SourceSocial,
	"whatsapp": SourceSocial, "messenger": SourceSocial, "snapchat": SourceSocial, "telegram": SourceSocial,
	"threads": SourceSocial, "vk": SourceSocial, "tumblr": SourceSocial, "xing": SourceSocial,
	// Webmails.
	"webmail": SourceMail, "outlook": SourceMail, "hotmail": SourceMail, "gmx": SourceMail,
	"protonmail": SourceMail, "zimbra": SourceMail, "roundcube": SourceMail, "mail": SourceMail,
}

// hostSource classifies another site's host: known whole, or by a label it
// holds (the first such label from the left: mail.yahoo.fr is a webmail,
// search.yahoo.fr a search engine).
func hostSource(h string) Source {
	if s, ok := byHost[h]; ok {
		return s
	}
	rest := h
	for rest != "" {
		label, after, _ := strings.Cut(rest, ".")
		if after == "" { // the top-level domain names no site
			break
		}
		if s, ok := byLabel[label]; ok {
			return s
		}
		rest = after
	}
	return SourceOther
}

// appSource classifies an Android app's package (android-app://…).
func appSource(pkg string) Source {
	if s, ok := byHost[pkg]; ok {
		return s
	}
	for _, label := range strings.Split(pkg, ".") {
		if s, ok := byLabel[label]; ok {
			return s
		}
	}
	return SourceOther
}

// SourceKey is one property's visits from one source on one day.
type SourceKey struct {
	Property int64
	Day      Day
	Source   Source
}

// SourceStore keeps the daily counts by source (sqlstore.Visits): Flush
// writes them when its Store is one.
type SourceStore interface {
	// AddSources adds each count to its property, day and source (an
	// upsert per key, in one transaction); a day not Valid, a source not
	// Valid or a negative count is an error, and nothing is added.
	AddSources(ctx context.Context, counts map[SourceKey]int) error
	// Sources are property's counts by source from from to to (both
	// included); sources without visits absent.
	Sources(ctx context.Context, property int64, from, to Day) (map[Source]int, error)
}
