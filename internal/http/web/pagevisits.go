package web

import (
	"net/http"
	"strings"
	"time"

	"immo/internal/domain/visit"
)

// PageVisits count the visits of the property pages for their owners
// (visit.Counter), at the edge of the page route: in front of the HTML
// cache, so a cached page counts, and a client navigation (X-Inertia) too;
// each counted visit with its source (visitSource), classified only when
// it counts.
// A visit is a GET answered 200 with the page of a property of the index
// (route.Resolver.PropertyAt), from a browser (not a robot: isBot) that
// shows the page (not a prefetch: isPrefetch), nor the page's owner (their
// portal's signed OwnsCookie, the only cookie read; none is set): the
// visitor is a name of the day made from its address and browser
// (visit.Visitors), which only the Counter's memory holds.
type PageVisits struct {
	// Counter gathers the visits, written in batches by its owner
	// (internal/app); nil: nothing is counted.
	Counter *visit.Counter
	// Visitor names the visitor at ip with userAgent on t's day
	// (visit.Visitors.Name).
	Visitor func(ip, userAgent string, t time.Time) string
	Now     func() time.Time // nil: time.Now
}

// PrefetchedVisitHeader marks the client router's word that a page it
// prefetched (not counted) is now shown: the request is answered 204
// without the page, and counted as the page's visit would be.
const PrefetchedVisitHeader = "X-Prefetched-Visit"

// countVisits fronts the page route with the counting of PageVisits.
func (h *Handler) countVisits(next http.Handler) http.Handler {
	v := h.pageVisits
	if v.Counter == nil || v.Visitor == nil {
		return next
	}
	now := v.Now
	if now == nil {
		now = time.Now
	}
	count := func(r *http.Request, property int64) {
		if h.owners.LoginBrakes.owns(r, property) {
			return // the owner looking at their own property's page
		}
		t := now()
		v.Counter.CountFrom(property, v.Visitor(remoteIP(r), r.UserAgent(), t), t, func() visit.Source {
			return visitSource(r)
		})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			next.ServeHTTP(w, r)
			return
		}
		// The address first: any other page is told at once (PropertyAt).
		property, ok := h.routes(r.Context()).PropertyAt(r.URL.EscapedPath())
		ok = ok && !isPrefetch(r) && !isBot(r.UserAgent())
		if len(r.Header[PrefetchedVisitHeader]) > 0 {
			if ok {
				count(r, property)
			}
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		sw := &StatusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.Status() == 0 || sw.Status() == http.StatusOK {
			count(r, property)
		}
	})
}

// visitSource is where a counted visit came from (visit.SourceOf): its
// Referer against the site's host, and the page address's utm_medium. A
// visit the client router tells of after a prefetch (PrefetchedVisitHeader)
// is a navigation on the site, its Referer the page it left.
func visitSource(r *http.Request) visit.Source {
	var referer string
	if vs := r.Header["Referer"]; len(vs) > 0 {
		referer = vs[0]
	}
	return visit.SourceOf(referer, r.Host, r.URL.RawQuery)
}

// isPrefetch tells a request that fetches a page the visitor may never
// see: a browser's prefetch or prerender (Sec-Purpose, Purpose, X-Moz,
// Safari's X-Purpose: preview) or our client router's hover prefetch
// (Purpose: prefetch, web/src/lib/router/router.ts).
func isPrefetch(r *http.Request) bool {
	for _, name := range [...]string{"Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"} {
		if vs := r.Header[name]; len(vs) > 0 { // canonical names: no Get's canonicalizing on every page
			v := strings.ToLower(vs[0])
			if strings.Contains(v, "prefetch") || strings.Contains(v, "prerender") || strings.Contains(v, "preview") {
				return true
			}
		}
	}
	return false
}

// botMarks are the parts of a User-Agent that name a program rather than a
// person's browser, lower case: the search engines' and social networks'
// crawlers, link previews, monitors, audits and HTTP libraries.
var botMarks = []string{
	"bot", "crawl", "spider", "slurp", "scrap", "fetch", "curl", "wget", "python", "go-http-client", "java/",
	"okhttp", "axios", "libwww", "httpclient", "http_request", "headless", "lighthouse", "pagespeed", "phantomjs",
	"selenium", "puppeteer", "playwright", "facebookexternalhit", "facebookcatalog", "meta-externalagent",
	"embedly", "preview", "whatsapp", "pingdom", "uptime", "monitor", "check_http", "validator", "archiver",
	"mediapartners", "adsbot", "apis-google", "feedfetcher", "ia_archiver",
}

// botsByFirst are botMarks by their first byte, for isBot's one pass.
var botsByFirst = func() (t [256][]string) {
	for _, m := range botMarks {
		t[m[0]] = append(t[m[0]], m)
	}
	return t
}()

// isBot tells a User-Agent that is no person's browser (one of botMarks,
// in any case); an empty one is a program's too.
func isBot(ua string) bool {
	if strings.TrimSpace(ua) == "" {
		return true
	}
	var buf [512]byte // lower case without an allocation, for the usual lengths
	lower := buf[:0]
	for i := 0; i < len(ua); i++ {
		c := ua[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower = append(lower, c)
	}
	for i, c := range lower {
		for _, m := range botsByFirst[c] {
			if len(lower)-i >= len(m) && string(lower[i:i+len(m)]) == m {
				return true
			}
		}
	}
	return false
}

// StatusWriter notes the status of the answer it writes (a page's visit
// counted on a 200, the operator's metrics); Flush and Unwrap
// (http.ResponseController) reach the writer beneath.
type StatusWriter struct {
	http.ResponseWriter
	status int // 0: none written yet
}

func (w *StatusWriter) WriteHeader(code int) {
	if w.status == 0 && code >= 200 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *StatusWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(p)
}

func (w *StatusWriter) Flush() {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *StatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Status is the status written, 0 none yet.
func (w *StatusWriter) Status() int { return w.status }
