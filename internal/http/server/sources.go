package server

import (
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"

	"immo/internal/adapter/captcha"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/rules"
	"immo/internal/domain/site"
)

// sourceCache derives the pages' other origins from what they embed, once
// per configuration and catalog version: the catalog's pictures (a picture
// CDN) and virtual tours, the configuration's pictures and banner video
// (its player's host, or the file's), Google's street view frame when a
// key is configured, and the map tiles. The configuration is the request's
// agency's (agency.FromContext), else the one it was made with.
type sourceCache struct {
	catalog *catalog.Service
	tiles   string
	start   *site.Config

	mu      sync.Mutex
	site    *site.Config
	fixed   Sources // from the configuration and the tiles
	version int64
	sources Sources
}

func newSourceCache(cat *catalog.Service, cfg *site.Config, tiles string) *sourceCache {
	return &sourceCache{catalog: cat, tiles: tiles, start: cfg, site: cfg, fixed: fixedSources(cfg, tiles), version: -1}
}

// fixedSources are the origins cfg and the tiles name.
func fixedSources(cfg *site.Config, tiles string) Sources {
	img, media, frame := map[string]bool{}, map[string]bool{}, map[string]bool{}
	if t := site.TileOrigin(tiles); t != "" {
		img[t] = true
	}
	if cfg != nil {
		if cfg.StreetView.APIKey != "" {
			frame["https://www.google.com"] = true
		}
		configEmbeds(cfg, img, media, frame)
	}
	var script, connect, style []string
	if cfg != nil && cfg.Captcha != nil {
		p := captcha.Providers[cfg.Captcha.Provider]
		script, connect, style = p.ScriptHosts, p.ConnectHosts, p.StyleHosts
		for _, h := range p.FrameHosts {
			frame[h] = true
		}
	}
	// The consented tags (configured ids only): their script hosts serve
	// browsers without 'strict-dynamic'; they send beacons (img, connect)
	// and the ads' conversion frame.
	if cfg != nil {
		tagHosts := map[string]bool{}
		for _, t := range cfg.SiteInfo.Tags() {
			for _, h := range t.Hosts {
				tagHosts[h], img[h], frame[h] = true, true, true
			}
		}
		hosts := sortedHosts(tagHosts)
		script = append(slices.Clone(script), hosts...)
		connect = append(slices.Clone(connect), hosts...)
	}
	return Sources{Img: sortedHosts(img), Media: sortedHosts(media), Frame: sortedHosts(frame), Script: script, Connect: connect, Style: style}
}

// get is the sources of the request's configuration and the catalog
// version being served.
func (c *sourceCache) get(r *http.Request) Sources {
	cfg := c.start
	if a := agency.FromContext(r.Context()); a != nil && a.Site != nil {
		cfg = a.Site
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cfg != c.site {
		c.site, c.fixed, c.version = cfg, fixedSources(cfg, c.tiles), -1
	}
	if c.catalog == nil {
		return c.fixed
	}
	ix := c.catalog.Index()
	if ix == nil {
		return c.fixed
	}
	if ix.Version() != c.version {
		img, frame := set(c.fixed.Img), set(c.fixed.Frame)
		e := ix.Embedded()
		for _, p := range e.Pictures {
			addOrigin(img, p)
		}
		for _, t := range e.Tours {
			addOrigin(frame, t)
		}
		c.sources = Sources{Img: sortedHosts(img), Media: c.fixed.Media, Frame: sortedHosts(frame), Script: c.fixed.Script, Connect: c.fixed.Connect, Style: c.fixed.Style}
		c.version = ix.Version()
	}
	return c.sources
}

func set(hosts []string) map[string]bool {
	m := make(map[string]bool, len(hosts))
	for _, h := range hosts {
		m[h] = true
	}
	return m
}

// addOrigin adds the origin of an absolute http(s) address to s; a path on
// this site ('self') adds nothing.
func addOrigin(s map[string]bool, raw string) {
	if o := originOf(raw); o != "" {
		s[o] = true
	}
}

func originOf(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + strings.ToLower(u.Host)
}

var imageExts = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".webp": true, ".gif": true, ".svg": true, ".avif": true}

// configEmbeds walks every text of the configuration: a picture address
// adds its origin to img; a video link adds its player's origin to frame
// (rules.VideoOf, the rules the banner follows), or for a file its origin
// to media.
func configEmbeds(cfg *site.Config, img, media, frame map[string]bool) {
	cfg.Walk(func(v map[string]any) {
		// A banner video in the object form may name its type instead of
		// ending in an extension.
		if mime, _ := v["mimetype"].(string); strings.HasPrefix(mime, "video/") {
			if u, ok := v["url"].(string); ok {
				addOrigin(media, u)
			}
		}
	}, func(v string) {
		if originOf(v) == "" {
			return
		}
		if video, ok := rules.VideoOf(v); ok {
			if video.Embed != "" {
				addOrigin(frame, video.Embed)
			} else if video.Kind == rules.VideoFile {
				addOrigin(media, v)
			}
			return
		}
		if u, err := url.Parse(v); err == nil && imageExts[strings.ToLower(path.Ext(u.Path))] {
			addOrigin(img, v)
		}
	})
}
