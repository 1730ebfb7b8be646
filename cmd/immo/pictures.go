package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"time"

	"immo/internal/catalog"
	"immo/internal/demo"
	"immo/internal/pictures"
	"immo/internal/site"
	"immo/internal/storage"
)

// picturesInterval is how often the feeder looks for a new catalog version;
// the catalog service itself polls the database every 2 s.
const picturesInterval = 5 * time.Second

// startPictures starts the picture worker and feeds it every picture of the
// site and the catalog now, and the pictures of every later catalog version
// (an import through any server). It returns the variant store for the
// HTTP handler, and stop, which ends the worker
// (a picture in progress is dropped, made again at the next start) and
// returns once it no longer uses the store.
func startPictures(ctx context.Context, store storage.Store, cat *catalog.Service, cfg *site.Config, log *slog.Logger) (variants pictures.Store, stop func()) {
	variants = store
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{}, 2)
	w := pictures.NewWorker(variants, pictures.FSOpener(demo.PictureURLPrefix, demo.Pictures()), log)
	go func() { w.Run(ctx); done <- struct{}{} }()
	go func() { feedPictures(ctx, w, store, cat, cfg, log, picturesInterval); done <- struct{}{} }()
	return variants, func() {
		cancel()
		for range 2 {
			<-done
		}
	}
}

// feedPictures enqueues the pictures of each catalog version the service
// loads, starting with the current one. The worker skips what is made.
func feedPictures(ctx context.Context, w *pictures.Worker, store catalog.Store, cat *catalog.Service, cfg *site.Config, log *slog.Logger, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	fed := int64(-1)
	for {
		if v := cat.Index().Version(); v != fed {
			// The index keeps no list of every picture: read the catalog
			// again, once per version, off the request path.
			if c, _, err := store.Load(ctx); err != nil {
				log.Warn("pictures: cannot read the catalog", "err", err)
			} else {
				w.Enqueue(pictureSources(cfg, c)...)
				fed = v
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// pictureSources lists the picture URLs of the site and the catalog, each
// once, in the order visitors meet them: the home banner, the site's other
// pictures, the listings' card pictures, then their galleries.
func pictureSources(cfg *site.Config, c *catalog.Catalog) []string {
	var out []string
	seen := map[string]bool{}
	add := func(url string) {
		if url != "" && !seen[url] {
			seen[url] = true
			out = append(out, url)
		}
	}
	if cfg != nil {
		add(cfg.Banner.Image.URL)
		for _, img := range cfg.Banner.Gallery.Images {
			add(img.URL)
		}
		for _, url := range siteURLs(cfg) {
			add(url)
		}
	}
	for _, p := range c.Properties {
		add(p.SmallPictureItem.Url)
		add(p.XLargePictureItem.Url)
	}
	for _, p := range c.Projects {
		add(p.SmallPictureItem.Url)
		add(p.XLargePictureItem.Url)
	}
	for _, p := range c.Properties {
		for _, pic := range p.Pictures {
			add(pic.Url)
		}
	}
	for _, p := range c.Projects {
		for _, pic := range p.Pictures {
			add(pic.Url)
		}
	}
	return out
}

// siteURLs finds every string of the configuration that is one of our
// pictures (pop-up media, module images, Open Graph image…), wherever the
// configuration keeps it.
func siteURLs(cfg *site.Config) []string {
	b, err := json.Marshal(cfg)
	if err != nil {
		return nil
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if strings.HasPrefix(v, demo.PictureURLPrefix) {
				out = append(out, v)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(tree)
	slices.Sort(out) // maps walk in random order
	return out
}
