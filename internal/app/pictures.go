package app

import (
	"context"
	"io/fs"
	"log/slog"
	"strings"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/media"
	"immo/internal/domain/platform"
	"immo/internal/domain/site"
	"immo/internal/http/picturehttp"
)

// pictureFolders are the handlers of the site's pictures: the demo
// agency's (embedded), the library's (nil: none) and the CRM's, their
// variants in variants, each keeping at most cacheBytes of recently served
// ones (0: picturehttp.DefaultCacheBytes). The first two are versioned (picturehttp.Folders).
func pictureFolders(variants pictures.Store, library *media.Library, crm fs.FS, cacheBytes int, log *slog.Logger) *picturehttp.Folders {
	if cacheBytes <= 0 {
		cacheBytes = picturehttp.DefaultCacheBytes
	}
	folders := &picturehttp.Folders{}
	folders.Add(picturehttp.New(demo.PictureURLPrefix, demo.Pictures(), variants, log,
		picturehttp.Options{CacheBytes: cacheBytes}), true)
	if library != nil {
		folders.Add(picturehttp.New(media.URLPrefix, pictures.LibraryFS(library), variants, log,
			picturehttp.Options{CacheBytes: cacheBytes, Recheck: picturehttp.LibraryRecheck}), true)
	}
	// A CRM's picture fetched anew is learnt again within the recheck.
	folders.Add(picturehttp.New(feed.PicturePrefix, crm, variants, log,
		picturehttp.Options{CacheBytes: cacheBytes, Recheck: picturehttp.LibraryRecheck}), false)
	return folders
}

// pictureVariants is where store's agency keeps its pictures' variants:
// its own rows, but for the demo's embedded pictures, whose variants are
// the implicit agency's whichever agency's site makes or serves them —
// every agency's starter and the demo catalog show the same bytes, made
// once for the platform rather than once per agency.
func pictureVariants(store storage.Store) pictures.Store {
	if store.Agency() == platform.Implicit {
		return store
	}
	return demoShared{own: store, demo: store.For(platform.Implicit)}
}

// demoShared routes each source's variants: the demo's to the implicit
// agency's rows, the others to the agency's own.
type demoShared struct{ own, demo pictures.Store }

func (d demoShared) of(source string) pictures.Store {
	if strings.HasPrefix(source, demo.PictureURLPrefix) {
		return d.demo
	}
	return d.own
}

func (d demoShared) PutVariants(ctx context.Context, vs []pictures.Variant) error {
	var mine, shared []pictures.Variant
	for _, v := range vs {
		if d.of(v.Source) == d.demo {
			shared = append(shared, v)
		} else {
			mine = append(mine, v)
		}
	}
	if len(shared) > 0 {
		if err := d.demo.PutVariants(ctx, shared); err != nil {
			return err
		}
	}
	if len(mine) > 0 {
		return d.own.PutVariants(ctx, mine)
	}
	return nil
}

func (d demoShared) GetVariant(ctx context.Context, source string, width int, format string) (pictures.Variant, error) {
	return d.of(source).GetVariant(ctx, source, width, format)
}

func (d demoShared) ListVariants(ctx context.Context, source string) ([]pictures.Variant, error) {
	return d.of(source).ListVariants(ctx, source)
}

// picturesInterval is how often the feeder looks for a new catalog version;
// the catalog service itself polls the database every 2 s.
const picturesInterval = 5 * time.Second

// startPictures starts the picture worker and its feeder (pictures.Feeder:
// the site's pictures and those of each catalog version the service serves).
// It returns the variant store for the HTTP handler, and stop, which ends
// both (a picture in progress is dropped, made again at the next start) and
// returns once they no longer use the store. The library's pictures are
// fed at start and as they are added.
func startPictures(ctx context.Context, store storage.Store, variants pictures.Store, cat *catalog.Service, cfg *site.Config, library *media.Library,
	added *pictureQueue, demoPictures func(sources ...string), log *slog.Logger) (_ pictures.Store, stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	// The demo's pictures, the CRM's fetched into the site, the library's.
	open := pictures.Openers(pictures.FSOpener(demo.PictureURLPrefix, demo.Pictures()), pictures.FeedOpener(store))
	if library != nil {
		open = pictures.Openers(open, pictures.LibraryOpener(library))
	}
	w := pictures.NewWorker(variants, open, log)
	enqueue := w.Enqueue
	if demoPictures != nil {
		// The demo's pictures are the platform's worker's to make
		// (pictureVariants): every site loaded at once would make the same
		// ones together.
		enqueue = func(sources ...string) {
			own := make([]string, 0, len(sources)) // a copy: sources may be the catalog index's own list
			var shared []string
			for _, s := range sources {
				if strings.HasPrefix(s, demo.PictureURLPrefix) {
					shared = append(shared, s)
				} else {
					own = append(own, s)
				}
			}
			demoPictures(shared...)
			w.Enqueue(own...)
		}
	}
	feeder := &pictures.Feeder{
		Enqueue: enqueue,
		Site:    sitePictures(cfg),
		Catalog: func() (int64, func() []string) {
			ix := cat.Index()
			return ix.Version(), func() []string { return ix.Embedded().Pictures }
		},
		Interval: picturesInterval,
	}
	if library != nil {
		// The library's pictures: those added before (a server stopped
		// before it made their variants) and those added from now on.
		if items, err := store.MediaItems(ctx, media.MaxItems); err != nil {
			log.Warn("pictures: cannot list the library", "err", err)
		} else {
			for _, it := range items {
				w.Enqueue(it.URL())
			}
		}
	}
	// New pictures, ahead of the queue (an editor waits for theirs; a first
	// start queues the catalog's hundreds): the library's added, the CRM's
	// fetched anew.
	added.start(w.EnqueueFirst)
	done := make(chan struct{}, 2)
	go func() { w.Run(ctx); done <- struct{}{} }()
	go func() { feeder.Run(ctx); done <- struct{}{} }()
	return variants, func() {
		cancel()
		for range 2 {
			<-done
		}
	}
}

// sitePictures are the configuration's pictures: the home banner first,
// then every other of ours it holds.
func sitePictures(cfg *site.Config) []string {
	if cfg == nil {
		return nil
	}
	out := []string{cfg.Banner.Image.URL}
	for _, img := range cfg.Banner.Gallery.Images {
		out = append(out, img.URL)
	}
	return append(out, pictures.URLsIn(cfg, demo.PictureURLPrefix)...)
}
