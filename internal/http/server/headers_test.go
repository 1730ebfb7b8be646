package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/http/web"
)

// newHeaderSite serves the demo agency with pages whose head loads a script,
// under the public URL given.
func newHeaderSite(t *testing.T, publicURL string) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(apptest.New(t, apptest.Options{PublicURL: publicURL, MapFrame: web.MapFrameOptions{Tiles: web.OSMTiles},
		AssetTags: `<link rel="modulepreload" href="/assets/chunk.js"><script type="module" src="/assets/app.js"></script>`}).Handler)
	t.Cleanup(ts.Close)
	return ts
}

func fetch(t *testing.T, ts *httptest.Server, path string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// Every kind of response carries the security headers; only the map frame
// may be framed, and only by the site.
func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	ts := newHeaderSite(t, "")
	for _, c := range []struct {
		kind, path string
		status     int // 0: any (the map frame is a 503 without a web build)
	}{
		{"page", "/fr/", 200},
		{"list page", "/nl/te-koop/", 200},
		{"inertia redirect target", "/for-sale/", 200},
		{"404 page", "/fr/nope/", 404},
		{"api", "/api/properties", 200},
		{"api error", "/api/properties?page=x", 400},
		{"forms' challenge", "/api/altcha", 200},
		{"asset", "/assets/missing.js", 404},
		{"picture", "/pictures/demo/banner.jpg", 200},
		{"epc picture", "/images/epc/wallonia/A.svg", 0},
		{"favicon", "/favicon.svg", 200},
		{"robots", "/robots.txt", 200},
		{"sitemap", "/sitemap.xml", 200},
		{"health", "/healthz", 200},
		{"map frame", "/map-frame/?lang=fr", 0},
	} {
		t.Run(c.kind, func(t *testing.T) {
			res, _ := fetch(t, ts, c.path)
			if c.status != 0 && res.StatusCode != c.status {
				t.Fatalf("%s: %d, want %d", c.path, res.StatusCode, c.status)
			}
			h := res.Header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'nonce-", "'strict-dynamic'", "object-src 'none'", "base-uri 'none'", "worker-src 'self'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: CSP lacks %q: %s", c.path, want, csp)
				}
			}
			ancestors, xfo := "frame-ancestors 'none'", "DENY"
			if c.kind == "map frame" {
				ancestors, xfo = "frame-ancestors 'self'", "SAMEORIGIN"
			}
			if !strings.Contains(csp, ancestors) || h.Get("X-Frame-Options") != xfo {
				t.Errorf("%s: framing %q / %q, want %s / %s", c.path, csp, h.Get("X-Frame-Options"), ancestors, xfo)
			}
			// The map frame too: tile servers want the origin as Referer.
			referrer := "strict-origin-when-cross-origin"
			for k, want := range map[string]string{
				"X-Content-Type-Options": "nosniff",
				"Referrer-Policy":        referrer,
			} {
				if got := h.Get(k); got != want {
					t.Errorf("%s: %s = %q, want %q", c.path, k, got, want)
				}
			}
			for _, f := range strings.Split(h.Get("Permissions-Policy"), ",") {
				name, _, _ := strings.Cut(strings.TrimSpace(f), "=")
				if !chromiumFeatures[name] {
					t.Errorf("%s: Permissions-Policy names %q, which Chromium does not recognise (it warns on every page)", c.path, name)
				}
			}
			for _, off := range []string{"camera=()", "microphone=()", "geolocation=()"} {
				if !strings.Contains(h.Get("Permissions-Policy"), off) {
					t.Errorf("%s: Permissions-Policy %q lacks %s", c.path, h.Get("Permissions-Policy"), off)
				}
			}
			if h.Get("Strict-Transport-Security") != "" {
				t.Errorf("%s: HSTS over plain http", c.path)
			}
		})
	}
}

var (
	cspNonce  = regexp.MustCompile(`script-src 'nonce-([A-Za-z0-9+/=]+)'`)
	tagNonces = regexp.MustCompile(`<(?:script|link rel="modulepreload") nonce="([^"]*)"`)
)

// Each response has its own nonce, and the page's script and module preload
// tags carry that one — a cached page too.
func TestNoncePerResponse(t *testing.T) {
	ts := newHeaderSite(t, "")
	seen := map[string]bool{}
	for range 3 {
		res, body := fetch(t, ts, "/fr/a-vendre/")
		m := cspNonce.FindStringSubmatch(res.Header.Get("Content-Security-Policy"))
		if m == nil || len(m[1]) < 22 {
			t.Fatalf("no nonce in %q", res.Header.Get("Content-Security-Policy"))
		}
		if seen[m[1]] {
			t.Fatalf("nonce %s repeated", m[1])
		}
		seen[m[1]] = true
		tags := tagNonces.FindAllStringSubmatch(body, -1)
		if len(tags) != 2 {
			t.Fatalf("%d nonced tags in the page", len(tags))
		}
		for _, tag := range tags {
			if tag[1] != m[1] {
				t.Errorf("tag nonce %q, header nonce %q", tag[1], m[1])
			}
		}
		if strings.Count(body, "<script")-strings.Count(body, `<script type="application/ld+json">`) != 2 || !strings.Contains(body, `<script type="application/json" id="page">`) {
			t.Errorf("scripts other than the entry, the page object and structured data (data blocks):\n%s", body)
		}
	}
}

// HSTS only when the public URL is https.
func TestHSTSOnlyOverHTTPS(t *testing.T) {
	for url, want := range map[string]bool{"https://immo.example": true, "HTTPS://immo.example/": true, "http://immo.example": false, "": false} {
		res, _ := fetch(t, newHeaderSite(t, url), "/fr/")
		if got := res.Header.Get("Strict-Transport-Security"); (got != "") != want || (want && !strings.HasPrefix(got, "max-age=31536000")) {
			t.Errorf("public URL %q: HSTS %q", url, got)
		}
	}
}

// chromiumFeatures are the policy-controlled features Chromium 156 knows
// (document.featurePolicy.features()), the ones the policy may name.
var chromiumFeatures = map[string]bool{}

func init() {
	for _, f := range strings.Fields(`accelerometer aria-notify autoplay browsing-topics camera captured-surface-control
		clipboard-read clipboard-write compute-pressure cross-origin-isolated deferred-fetch deferred-fetch-minimal
		digital-credentials-create digital-credentials-get display-capture encrypted-media fullscreen gamepad geolocation
		gyroscope hid identity-credentials-get idle-detection interest-cohort keyboard-map language-detector language-model
		local-fonts local-network local-network-access loopback-network magnetometer media-playback-while-not-visible
		microphone midi on-device-speech-recognition otp-credentials payment picture-in-picture private-state-token-issuance
		private-state-token-redemption publickey-credentials-create publickey-credentials-get screen-wake-lock serial
		speaker-selection storage-access summarizer sync-xhr translator unload usb window-management xr-spatial-tracking`) {
		chromiumFeatures[f] = true
	}
}

// A page's scripts, stylesheets, fonts and pictures come without the
// policy (only a document's and a worker's apply), the other headers kept;
// the same file opened as a document or run as a worker gets it, and every
// such answer varies by Sec-Fetch-Dest for the caches between.
func TestPolicyOnlyWhereItApplies(t *testing.T) {
	ts := newHeaderSite(t, "")
	for _, c := range []struct {
		path, dest string
		policy     bool
	}{
		{"/assets/missing.js", "script", false},
		{"/assets/missing.css", "style", false},
		{"/pictures/demo/banner.jpg", "image", false},
		{"/assets/missing.js", "worker", true},
		{"/pictures/demo/banner.jpg", "document", true},
		{"/assets/missing.js", "", true},
		{"/fr/", "script", true}, // a page is a document whatever the request says
	} {
		req, _ := http.NewRequest("GET", ts.URL+c.path, nil)
		if c.dest != "" {
			req.Header.Set("Sec-Fetch-Dest", c.dest)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.Header.Get("Content-Security-Policy") != ""; got != c.policy {
			t.Errorf("%s as %q: policy %v, want %v", c.path, c.dest, got, c.policy)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s as %q: other headers lost: %v", c.path, c.dest, res.Header)
		}
		if strings.HasPrefix(c.path, "/fr/") {
			continue
		}
		if !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Sec-Fetch-Dest") {
			t.Errorf("%s as %q: Vary %q lacks Sec-Fetch-Dest", c.path, c.dest, res.Header.Values("Vary"))
		}
	}
}

// The inbox's pages load nothing from another host: their policy names
// none of the site's (map tiles, players, tags), its other directives the
// site's own.
func TestInboxPolicyOwnHostOnly(t *testing.T) {
	ts := newHeaderSite(t, "")
	site, _ := fetch(t, ts, "/fr/")
	inbox, _ := fetch(t, ts, "/admin/login/")
	page, admin := site.Header.Get("Content-Security-Policy"), inbox.Header.Get("Content-Security-Policy")
	if !strings.Contains(page, "https://") {
		t.Fatalf("the site's policy names no other host, nothing to compare: %s", page)
	}
	if strings.Contains(admin, "https://") || !strings.Contains(admin, "img-src 'self' data:;") || !strings.Contains(admin, "connect-src 'self';") ||
		!strings.Contains(admin, "frame-ancestors 'none'") || !strings.Contains(admin, "'strict-dynamic'") {
		t.Errorf("the inbox's policy: %s", admin)
	}
}
