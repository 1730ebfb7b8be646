package server

import (
	"net/http"
	"slices"
	"strings"
	"sync/atomic"

	"immo/internal/http/web/respond"
)

// Sources are the other origins the site's pages load from, by kind: each
// one derived from what the pages embed (sources.go), never a wildcard.
type Sources struct {
	Img   []string // pictures on other hosts (a picture CDN), the map tiles
	Media []string // video files of the home banner on other hosts
	Frame []string // video players, virtual tours, Google's street view, a captcha's widget
	// Script, Connect and Style are a third-party captcha's hosts (package
	// captcha), only when the configuration has one.
	Script, Connect, Style []string
}

// inboxPath is where the agency's inbox lives (package admin): its pages
// load nothing from another host, so their policy names none.
const inboxPath = "/admin/"

// previewPaths are the inbox's previews of the site (a draft's, a
// version's: package admin): the site's own pages, with the site's policy,
// which the site editor frames beside its form — framable by this site.
var previewPaths = []string{"/admin/preview/", "/admin/site/versions/"}

// previewing tells whether path is a preview's.
func previewing(path string) bool {
	return slices.ContainsFunc(previewPaths, func(p string) bool { return strings.HasPrefix(path, p) })
}

// securityHeaders sets the security headers on every response: the
// Content-Security-Policy with a fresh nonce (handed to the pages through
// the request's context, for their script tags; the inbox's without the
// site's third-party hosts), framing (only framePath,
// the map frame, by this site; nothing else by anyone), the referrer, MIME
// sniffing and permissions policies, and HSTS when the site is public over
// HTTPS. sources is called per response and must be cheap.
func securityHeaders(next http.Handler, framePath string, hsts bool, sources func(*http.Request) Sources) http.Handler {
	var policies policyCache
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		nonce := respond.NewNonce()
		preview := previewing(r.URL.Path)
		framable := r.URL.Path == framePath || preview
		h := w.Header()
		// The header values are built once and shared by the responses
		// (net/http only reads them): a cached page's answer allocates none.
		fetched := subresource(r.URL.Path)
		if fetched {
			h["Vary"] = varyDest
		}
		if !fetched || !loadedBy(r.Header.Get("Sec-Fetch-Dest")) {
			h["Content-Security-Policy"] = []string{policies.get(sources(r), framable, !preview && strings.HasPrefix(r.URL.Path, inboxPath)).with(nonce)}
		}
		if framable {
			h["X-Frame-Options"] = sameOrigin
		} else {
			h["X-Frame-Options"] = deny
		}
		h["Referrer-Policy"] = referrerPolicy
		h["X-Content-Type-Options"] = noSniff
		h["Permissions-Policy"] = permissions
		if hsts {
			h["Strict-Transport-Security"] = transportSecurity
		}
		next.ServeHTTP(w, r.WithContext(respond.WithNonce(r.Context(), nonce)))
	})
}

// subresource says path is a file of the web app's build or a picture:
// what pages load, which a policy does not govern unless a worker runs it
// or a visitor opens it as a document.
func subresource(path string) bool {
	return strings.HasPrefix(path, "/assets/") || strings.HasPrefix(path, "/pictures/")
}

// loadedBy says a page loads the response as a script, stylesheet, font or
// picture (Sec-Fetch-Dest), where a Content-Security-Policy header does
// nothing: only a document's and a worker's apply. Left out there, the
// 1.4 KB policy no longer rides on each of a page's 20-odd files. A browser
// that does not say gets the policy.
func loadedBy(dest string) bool {
	switch dest {
	case "script", "style", "font", "image":
		return true
	}
	return false
}

var (
	// varyDest keeps a cache between from answering a document or worker
	// with a file's copy kept without its policy.
	varyDest          = []string{"Sec-Fetch-Dest"}
	sameOrigin        = []string{"SAMEORIGIN"}
	deny              = []string{"DENY"}
	referrerPolicy    = []string{"strict-origin-when-cross-origin"}
	noSniff           = []string{"nosniff"}
	permissions       = []string{permissionsPolicy}
	transportSecurity = []string{"max-age=31536000; includeSubDomains"}
)

// policy is a Content-Security-Policy cut where its nonce goes.
type policy struct{ before, after string }

func (p policy) with(nonce string) string { return p.before + nonce + p.after }

// policyCache keeps the policies of the last Sources seen: they change
// with the catalog's version only (sourceCache returns the same slices
// until then), so a response builds no policy, it joins one around its
// nonce.
type policyCache struct {
	last atomic.Pointer[policies]
}

type policies struct {
	sources Sources
	byKind  [3]policy // a page, the framable map frame, the inbox's
}

func (c *policyCache) get(s Sources, framable, inbox bool) policy {
	i := 0
	switch {
	case framable:
		i = 1
	case inbox:
		i = 2
	}
	if p := c.last.Load(); p != nil && sameSources(p.sources, s) {
		return p.byKind[i]
	}
	p := &policies{sources: s}
	for j := range p.byKind {
		const mark = "\x00nonce\x00"
		src := s
		if j == 2 {
			src = Sources{} // the inbox: our own host only
		}
		before, after, _ := strings.Cut(contentSecurityPolicy(mark, j == 1, src), mark)
		p.byKind[j] = policy{before, after}
	}
	c.last.Store(p)
	return p.byKind[i]
}

// sameSources reports whether a and b hold the very same slices.
func sameSources(a, b Sources) bool {
	same := func(x, y []string) bool { return len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0]) }
	return same(a.Img, b.Img) && same(a.Media, b.Media) && same(a.Frame, b.Frame) &&
		same(a.Script, b.Script) && same(a.Connect, b.Connect) && same(a.Style, b.Style)
}

// permissionsPolicy turns off the powerful features no page uses; the
// frames (tours, players) may ask for fullscreen and the motion sensors a
// 360° tour reads. Only features Chromium recognises: an unknown one
// (bluetooth) makes it warn on every page.
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), " +
	"hid=(), midi=(), magnetometer=(), display-capture=(), browsing-topics=(), interest-cohort=()"

// contentSecurityPolicy is the policy of one response.
//
//   - script-src: the nonce with 'strict-dynamic' (CSP 3: the scripts our
//     nonced entry loads are trusted, the consent issue's tag loader
//     included; 'self' is then ignored), 'self' for browsers without
//     'strict-dynamic'. The page object, <script type="application/json">,
//     is data: CSP does not apply to it.
//   - a third-party captcha (configured): its script hosts in script-src
//     (the forms kit creates its script, trusted by 'strict-dynamic'; the
//     hosts serve browsers without it), its widget's frame and the hosts
//     it calls in frame-src and connect-src (hCaptcha's in style-src too).
//   - style-src 'self' 'unsafe-inline': React writes style attributes with
//     values from the data (a grid's --cols, a slide's picture), which a
//     nonce cannot cover and hashes could only list per value; CSS cannot
//     run script, and every attribute value is escaped.
//   - img-src data: for the CSS icons (SVG data URLs).
//   - worker-src 'self': the forms' ALTCHA widget solves in a worker
//     loaded from our /assets/ (without it, workers fall back to
//     script-src, whose 'strict-dynamic' ignores 'self'); not blob:, which
//     the widget's default build would need.
func contentSecurityPolicy(nonce string, framable bool, s Sources) string {
	ancestors := "'none'"
	if framable {
		ancestors = "'self'"
	}
	var b strings.Builder
	b.Grow(512)
	dir := func(name string, values ...string) {
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(name)
		for _, v := range values {
			b.WriteByte(' ')
			b.WriteString(v)
		}
	}
	dir("default-src", "'self'")
	dir("script-src", append([]string{"'nonce-" + nonce + "'", "'strict-dynamic'", "'self'"}, s.Script...)...)
	dir("style-src", append([]string{"'self'", "'unsafe-inline'"}, s.Style...)...)
	dir("img-src", append([]string{"'self'", "data:"}, s.Img...)...)
	dir("media-src", append([]string{"'self'"}, s.Media...)...)
	dir("frame-src", append([]string{"'self'"}, s.Frame...)...)
	dir("connect-src", append([]string{"'self'"}, s.Connect...)...)
	dir("worker-src", "'self'")
	dir("font-src", "'self'")
	dir("object-src", "'none'")
	dir("base-uri", "'none'")
	dir("form-action", "'self'")
	dir("frame-ancestors", ancestors)
	return b.String()
}

// sortedHosts is set's members, sorted (a stable header).
func sortedHosts(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for h := range set {
		out = append(out, h)
	}
	slices.Sort(out)
	return out
}
