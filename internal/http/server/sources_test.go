package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/adapter/storage/sqlite"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
)

// The policy's other origins are exactly what the pages embed: the tiles, a
// picture CDN and a tour from the catalog, the banner's player, street view.
func TestSourcesFromWhatPagesEmbed(t *testing.T) {
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cat := demotest.Catalog(t)
	cat.Properties[0].Pictures = append(cat.Properties[0].Pictures, catalog.Picture{Url: "https://cdn.example/p/1.jpg"})
	cat.Properties[1].VirtualTour = "https://tours.example/show/?m=1"
	if _, err := store.Import(ctx, cat, catalog.Keep{}); err != nil {
		t.Fatal(err)
	}
	svc, err := catalog.NewService(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	cfg := demotest.Site(t)
	cfg.SiteInfo = site.SiteInfo{} // the tags' hosts: TestSourcesTags

	s := newSourceCache(svc, cfg, "").get(httptest.NewRequest(http.MethodGet, "/", nil))
	if len(s.Img) != 1 || s.Img[0] != "https://cdn.example" || len(s.Media) != 0 {
		t.Errorf("demo + a CDN picture: img %v media %v", s.Img, s.Media)
	}
	// The demo's two Matterport tours and ours; its footer's Facebook page
	// is a link, not a frame.
	if want := []string{"https://my.matterport.com", "https://tours.example"}; !slices.Equal(s.Frame, want) {
		t.Errorf("frame %v, want %v", s.Frame, want)
	}

	cfg.StreetView.APIKey = "key"
	cfg.Banner.Type = site.BannerVideo
	cfg.Banner.Video = site.Video{URL: "https://youtu.be/dQw4w9WgXcQ"}
	cfg.Banner.Image.URL = "https://img.example/banner.webp"
	s = newSourceCache(svc, cfg, "https://{s}.tiles.example/{z}/{x}/{y}.png").get(httptest.NewRequest(http.MethodGet, "/", nil))
	for kind, want := range map[string][]string{
		"img":   {"https://*.tiles.example", "https://cdn.example", "https://img.example"},
		"frame": {"https://my.matterport.com", "https://tours.example", "https://www.google.com", "https://www.youtube-nocookie.com"},
	} {
		got := s.Img
		if kind == "frame" {
			got = s.Frame
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s %v, want %v", kind, got, want)
		}
	}
	cfg.Banner.Video = site.Video{URL: "https://media.example/v?id=3", MimeType: "video/mp4"}
	if s = newSourceCache(svc, cfg, "").get(httptest.NewRequest(http.MethodGet, "/", nil)); !slices.Equal(s.Media, []string{"https://media.example"}) {
		t.Errorf("a video file: media %v", s.Media)
	}
	policy := contentSecurityPolicy("n", false, s)
	if !strings.Contains(policy, "media-src 'self' https://media.example;") || strings.Contains(policy, "*;") || strings.Contains(policy, " * ") {
		t.Errorf("policy %s", policy)
	}
}

// The policy follows the request's agency: a version published since the
// start (or a draft) that embeds a new host has it, the start's has not.
func TestSourcesOfTheRequestsAgency(t *testing.T) {
	start := demotest.Site(t)
	spring := *demotest.Site(t)
	spring.Banner.Image.URL = "https://spring.example/banner.webp"
	c := newSourceCache(nil, start, "")
	plain := httptest.NewRequest(http.MethodGet, "/", nil)
	published := plain.WithContext(agency.NewContext(plain.Context(), &agency.Agency{Site: &spring, Version: 2}))
	has := func(s Sources) bool { return slices.Contains(s.Img, "https://spring.example") }
	if has(c.get(plain)) {
		t.Error("the start's configuration names the new host")
	}
	if !has(c.get(published)) {
		t.Errorf("the published version's picture host is missing: %v", c.get(published).Img)
	}
	if has(c.get(plain)) {
		t.Error("after the new version, a request without an agency got its hosts")
	}
}

// A third-party captcha's hosts are in the policy only when configured, each
// in its directive; without one (ALTCHA) the policy is as before.
func TestSourcesCaptcha(t *testing.T) {
	cfg := demotest.Site(t)
	cfg.SiteInfo = site.SiteInfo{} // no tags
	without := contentSecurityPolicy("n", false, newSourceCache(nil, cfg, "").get(httptest.NewRequest(http.MethodGet, "/", nil)))
	for _, host := range []string{"challenges.cloudflare.com", "hcaptcha.com", "recaptcha"} {
		if strings.Contains(without, host) {
			t.Errorf("no captcha configured, yet %s in %s", host, without)
		}
	}
	if !strings.Contains(without, "connect-src 'self';") || !strings.Contains(without, "style-src 'self' 'unsafe-inline';") || !strings.Contains(without, "script-src 'nonce-n' 'strict-dynamic' 'self';") {
		t.Errorf("without a captcha: %s", without)
	}
	for provider, want := range map[string][]string{
		"turnstile": {"script-src 'nonce-n' 'strict-dynamic' 'self' https://challenges.cloudflare.com;",
			"frame-src 'self' https://challenges.cloudflare.com;",
			"connect-src 'self' https://challenges.cloudflare.com;"},
		"hcaptcha": {"script-src 'nonce-n' 'strict-dynamic' 'self' https://hcaptcha.com https://*.hcaptcha.com;",
			"frame-src 'self' https://*.hcaptcha.com https://hcaptcha.com;",
			"connect-src 'self' https://hcaptcha.com https://*.hcaptcha.com;",
			"style-src 'self' 'unsafe-inline' https://hcaptcha.com https://*.hcaptcha.com;"},
		"recaptcha": {"script-src 'nonce-n' 'strict-dynamic' 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;",
			"frame-src 'self' https://recaptcha.google.com/recaptcha/ https://www.google.com/recaptcha/;",
			"connect-src 'self' https://www.google.com/recaptcha/;"},
	} {
		cfg.Captcha = &site.Captcha{Provider: provider, SiteKey: "0x4AAAAAAABkMYinukE8nzY"}
		policy := contentSecurityPolicy("n", false, newSourceCache(nil, cfg, "").get(httptest.NewRequest(http.MethodGet, "/", nil)))
		for _, w := range want {
			if !strings.Contains(policy, w) {
				t.Errorf("%s: %q not in %s", provider, w, policy)
			}
		}
	}
}

// The tags' hosts are in the policy only for the configured ids: none
// without ids, Google's with an analytics id only, Meta's with the pixel.
func TestSourcesTags(t *testing.T) {
	cfg := demotest.Site(t)
	all := contentSecurityPolicy("n", false, newSourceCache(nil, cfg, "").get(httptest.NewRequest(http.MethodGet, "/", nil)))
	for _, want := range []string{
		"script-src 'nonce-n' 'strict-dynamic' 'self' https://*.analytics.google.com https://*.google-analytics.com https://connect.facebook.net",
		"img-src 'self' data: https://*.analytics.google.com", "https://connect.facebook.net https://googleads.g.doubleclick.net",
		"frame-src 'self' https://*.analytics.google.com", "https://td.doubleclick.net",
		"connect-src 'self' https://*.analytics.google.com", "https://www.googletagmanager.com;",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("every tag: %q not in %s", want, all)
		}
	}
	cfg.SiteInfo = site.SiteInfo{GoogleAnalyticsID: "G-ABCDEF1234"}
	ga := contentSecurityPolicy("n", false, newSourceCache(nil, cfg, "").get(httptest.NewRequest(http.MethodGet, "/", nil)))
	if !strings.Contains(ga, "connect-src 'self' https://*.analytics.google.com https://*.google-analytics.com https://www.googletagmanager.com;") ||
		strings.Contains(ga, "facebook") || strings.Contains(ga, "doubleclick") {
		t.Errorf("analytics only: %s", ga)
	}
	cfg.SiteInfo = site.SiteInfo{}
	none := contentSecurityPolicy("n", false, newSourceCache(nil, cfg, "").get(httptest.NewRequest(http.MethodGet, "/", nil)))
	for _, host := range []string{"google", "facebook", "doubleclick"} {
		if strings.Contains(none, host) {
			t.Errorf("no tag configured, yet %s in %s", host, none)
		}
	}
}
