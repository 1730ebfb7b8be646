// Package picturehttp serves the site's own pictures and their stored
// variants (SPEC §7):
//
//	GET /pictures/demo/house-01.jpg                                    the original
//	GET /pictures/demo/house-01.jpg?width=400&height=auto              JPEG, 400 px wide
//	GET /pictures/demo/house-01.jpg?width=400&height=auto&format=webp  WebP, 400 px wide
//
// A request gets the stored variant nearest at or above the width it asks
// for (pictures.Pick), never wider than the original. Nothing is encoded per
// request: while a picture's variants are not made yet, the original is
// served with a short cache. Pictures that have no variants (the PNG logo)
// are always served as they are.
//
// Parameters: width is a whole number of pixels > 0; height, when given, is
// "auto" (the height follows the width); format is "jpeg" (or "jpg") or
// "webp", JPEG when absent. An empty value counts as absent; other
// parameters are ignored. A bad value is a 400 naming the parameter.
// v is the picture's version (Version): an address whose v is its
// content's is cached a year, immutable; another v (a page rendered before
// the picture changed) gets the current picture with the usual day.
// Without a width, JPEG is the original (it is a JPEG) and WebP the largest
// variant (the original's size up to 1920 pixels): a URL that asks WebP
// gets WebP once it is made.
//
// The format is what the URL says, never guessed from the Accept header, so
// one URL is one response and caches need no Vary.
package picturehttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"immo/internal/adapter/pictures"
)

// Cache lifetimes: a year, immutable, for an address naming its content's
// version (v=); a day, revalidated with the ETag, for one without; a minute
// for an original standing in for a variant not made yet.
const (
	CacheControlVersioned = "public, max-age=31536000, immutable"
	CacheControl          = "public, max-age=86400"
	CacheControlNotReady  = "public, max-age=60"
)

// VersionParam is the query parameter naming a picture's version.
const VersionParam = "v"

// versionLen is how many hex digits of the original's fingerprint make its
// version: 48 bits, which no two contents of one address will share.
const versionLen = 12

// Handler serves the pictures of a folder and their stored variants. It is
// safe for concurrent use.
type Handler struct {
	prefix  string
	files   fs.FS
	store   pictures.Store // nil: originals only
	log     *slog.Logger
	cache   *lru
	recheck time.Duration

	mu        sync.Mutex
	originals map[string]*original
}

// original is what the handler knows of a file of the folder, learnt once.
type original struct {
	contentType string
	etag        string // quoted
	variable    bool   // variants are made of it
	version     string // its fingerprint's first versionLen digits
	checked     time.Time
	// modTime is the file's when learnt (fs.Stat): with Recheck, a file
	// whose time changed is learnt again (a CRM's picture fetched anew).
	modTime time.Time
}

// Options tune a Handler.
type Options struct {
	// CacheBytes bounds the memory holding recently served variants, so a
	// popular picture does not go to the database on every request. 0 keeps
	// none.
	CacheBytes int
	// Recheck, when not 0, is how often the handler asks the folder again
	// (fs.Stat) whether a file it serves still is: a folder whose files
	// may be deleted (the picture library). A file never changes once there.
	Recheck time.Duration
}

// LibraryRecheck is how soon every server stops serving a picture deleted
// from the library (a browser may keep its copy for its day of cache).
const LibraryRecheck = 30 * time.Second

// DefaultCacheBytes is the variant cache of a server: all the demo
// agency's variants take about 10 MB.
const DefaultCacheBytes = 32 << 20

// New returns the handler of the pictures in files, served under prefix
// (like "/pictures/demo/"), with the variants in store (nil: originals
// only).
func New(prefix string, files fs.FS, store pictures.Store, log *slog.Logger, o Options) *Handler {
	return &Handler{
		prefix: prefix, files: files, store: store, log: log, recheck: o.Recheck,
		cache: newLRU(o.CacheBytes), originals: map[string]*original{},
	}
}

// query is a request's parameters, checked.
type query struct {
	width   int // 0: the original
	format  string
	version string // "": none asked
}

// badRequest is a parameter a request got wrong; its message names it.
type badRequest struct{ param, message string }

func (e *badRequest) Error() string { return e.param + ": " + e.message }

// parse checks the picture parameters of a query string.
func parse(r *http.Request) (query, error) {
	q := r.URL.Query()
	out := query{format: pictures.JPEG, version: q.Get(VersionParam)}
	if s := q.Get("width"); s != "" {
		w, err := strconv.Atoi(s)
		if err != nil || w <= 0 {
			return out, &badRequest{"width", fmt.Sprintf("%q is not a width: give a whole number of pixels above 0, like 400", s)}
		}
		out.width = w
	}
	if s := q.Get("height"); s != "" && s != "auto" {
		return out, &badRequest{"height", fmt.Sprintf("%q is not supported: the height follows the width, so give height=auto or nothing", s)}
	}
	switch s := strings.ToLower(q.Get("format")); s {
	case "", "jpeg", "jpg":
	case "webp":
		out.format = pictures.WebP
	default:
		return out, &badRequest{"format", fmt.Sprintf("%q is not a format: give webp or jpeg", q.Get("format"))}
	}
	return out, nil
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(r.URL.Path, h.prefix)
	if !ok || name == "" || !fs.ValidPath(name) {
		http.NotFound(w, r)
		return
	}
	q, err := parse(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	orig, err := h.original(name)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			h.log.Warn("picture: cannot read the original", "name", name, "err", err)
		}
		http.NotFound(w, r)
		return
	}
	cacheControl := CacheControl
	if q.version != "" && q.version == orig.version {
		cacheControl = CacheControlVersioned
	}
	width := q.width
	if width == 0 && q.format == pictures.WebP {
		width = pictures.Widths[len(pictures.Widths)-1] // the largest variant
	}
	if width == 0 || !orig.variable || h.store == nil {
		h.serveOriginal(w, r, name, orig, cacheControl)
		return
	}
	v, err := h.variant(r.Context(), h.prefix+name, pictures.Pick(width), q.format, orig)
	if err != nil {
		if !errors.Is(err, pictures.ErrNoVariant) && !errors.Is(err, context.Canceled) {
			h.log.Warn("picture: cannot read a variant", "name", name, "err", err)
		}
		// Not made yet (or the database failed): the original for now,
		// asked again in a minute.
		h.serveOriginal(w, r, name, orig, CacheControlNotReady)
		return
	}
	serve(w, r, pictures.ContentType(v.Format), `"`+v.ETag+`"`, cacheControl, bytes.NewReader(v.Data))
}

// Version is the version of the picture at address (a path under the
// handler's prefix), which a page adds to its address as v= so that the
// browser keeps it a year; ok false for an address not the handler's or
// a file it does not have.
func (h *Handler) Version(address string) (version string, ok bool) {
	name, found := strings.CutPrefix(address, h.prefix)
	if !found || name == "" || !fs.ValidPath(name) {
		return "", false
	}
	o, err := h.original(name)
	if err != nil {
		return "", false
	}
	return o.version, true
}

// variant returns the stored variant answering a request for width (a
// value of pictures.Widths) in format, from the cache or the store. A
// variant of another original than the current one is stale: ErrNoVariant.
func (h *Handler) variant(ctx context.Context, source string, width int, format string, orig *original) (pictures.Variant, error) {
	key := cacheKey{source, orig.etag, width, format}
	if v, ok := h.cache.get(key); ok {
		return v, nil
	}
	v, err := h.store.GetVariant(ctx, source, width, format)
	if err != nil {
		return v, err
	}
	if `"`+v.Original+`"` != orig.etag {
		return v, pictures.ErrNoVariant
	}
	h.cache.put(key, v)
	return v, nil
}

// original learns about the file name once: a file must not change while
// the server runs (the embedded demo pictures never do, a library picture
// is a new name); with Recheck, one deleted is forgotten at the next check.
func (h *Handler) original(name string) (*original, error) {
	h.mu.Lock()
	o, ok := h.originals[name]
	stale := ok && h.recheck > 0 && time.Since(o.checked) > h.recheck
	h.mu.Unlock()
	if ok && stale {
		fi, err := fs.Stat(h.files, name)
		if err != nil {
			h.mu.Lock()
			delete(h.originals, name)
			h.mu.Unlock()
			return nil, err
		}
		if !fi.ModTime().Equal(o.modTime) {
			ok = false // changed: learnt again below
		} else {
			h.mu.Lock()
			o.checked = time.Now()
			h.mu.Unlock()
		}
	}
	if ok {
		return o, nil
	}
	data, err := fs.ReadFile(h.files, name)
	if err != nil {
		// Only files are served: a directory is not found.
		if _, statErr := fs.Stat(h.files, name); statErr == nil {
			return nil, fs.ErrNotExist
		}
		return nil, err
	}
	fingerprint := pictures.Fingerprint(data)
	o = &original{etag: `"` + fingerprint + `"`, version: fingerprint[:versionLen], checked: time.Now()}
	if h.recheck > 0 {
		if fi, err := fs.Stat(h.files, name); err == nil {
			o.modTime = fi.ModTime()
		}
	}
	o.contentType = mime.TypeByExtension(path.Ext(name))
	if o.contentType == "" {
		o.contentType = http.DetectContentType(data)
	}
	if pictures.Variable(name) {
		_, _, format, err := pictures.Size(data)
		o.variable = err == nil && format == "jpeg"
	}
	h.mu.Lock()
	h.originals[name] = o
	h.mu.Unlock()
	return o, nil
}

// serveOriginal writes the file name as it is.
func (h *Handler) serveOriginal(w http.ResponseWriter, r *http.Request, name string, o *original, cacheControl string) {
	f, err := h.files.Open(name)
	if err != nil {
		h.log.Warn("picture: cannot open the original", "name", name, "err", err)
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	content, ok := f.(io.ReadSeeker)
	if !ok {
		data, err := io.ReadAll(f)
		if err != nil {
			h.log.Warn("picture: cannot read the original", "name", name, "err", err)
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		content = bytes.NewReader(data)
	}
	serve(w, r, o.contentType, o.etag, cacheControl, content)
}

// serve writes content with its headers; http.ServeContent answers
// If-None-Match, ranges and HEAD.
func serve(w http.ResponseWriter, r *http.Request, contentType, etag, cacheControl string, content io.ReadSeeker) {
	hd := w.Header()
	hd.Set("Content-Type", contentType)
	hd.Set("Cache-Control", cacheControl)
	hd.Set("ETag", etag)
	hd.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", time.Time{}, content)
}
