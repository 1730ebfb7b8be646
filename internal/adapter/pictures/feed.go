package pictures

import (
	"bytes"
	"context"
	"io/fs"
	"path"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

// FeedPictures are the CRM's pictures fetched into the site: read from
// the store, or fetched now when a run named one not fetched yet (Fetch).
type FeedPictures interface {
	FeedPicture(ctx context.Context, key string) (feed.Picture, error)
}

// FeedFetch fetches the picture of key now, returning its data (nil when
// the CRM gives none).
type FeedFetch func(ctx context.Context, key string) ([]byte, error)

// feedWait bounds one read (or fetch) of a CRM picture.
const feedWait = time.Minute

// FeedOpener opens the CRM's pictures for the worker: the sources under
// feed.PicturePrefix that are fetched; any other is ErrUnknownSource.
func FeedOpener(store FeedPictures) Opener {
	return func(source string) ([]byte, error) {
		key, name, ok := feed.ParseLocal(source)
		if !ok {
			return nil, ErrUnknownSource
		}
		ctx, cancel := context.WithTimeout(context.Background(), feedWait)
		defer cancel()
		p, err := store.FeedPicture(ctx, key)
		if e, coded := errs.As(err); coded && e.Code == errs.NotFound || err == nil && (p.Name != name || p.Data == nil) {
			return nil, ErrUnknownSource
		}
		return p.Data, err
	}
}

// FeedFS is the CRM's pictures as a folder of "{key}/{name}" files, for
// the picture handler under feed.PicturePrefix. A picture a run named but
// not fetched yet is fetched at its first request (fetch; nil: not
// found). Its time is when it was fetched: the handler, rechecking, learns
// a picture fetched anew.
func FeedFS(store FeedPictures, fetch FeedFetch) fs.FS { return feedFS{store, fetch} }

type feedFS struct {
	store FeedPictures
	fetch FeedFetch
}

func (f feedFS) Open(name string) (fs.File, error) {
	b, err := f.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(b), name: path.Base(name), size: int64(len(b))}, nil
}

// picture is the stored picture of name, its name as the store spells it.
func (f feedFS) picture(op, name string) (feed.Picture, error) {
	key, file, ok := feed.ParseLocal(feed.PicturePrefix + name)
	notFound := &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	if !ok {
		return feed.Picture{}, notFound
	}
	ctx, cancel := context.WithTimeout(context.Background(), feedWait)
	defer cancel()
	p, err := f.store.FeedPicture(ctx, key)
	if e, coded := errs.As(err); coded && e.Code == errs.NotFound || err == nil && p.Name != file {
		return p, notFound
	}
	return p, err
}

// Stat implements fs.StatFS.
func (f feedFS) Stat(name string) (fs.FileInfo, error) {
	p, err := f.picture("stat", name)
	if err != nil {
		return nil, err
	}
	return &memFile{name: p.Name, size: int64(p.Size), mod: p.Fetched}, nil
}

// ReadFile implements fs.ReadFileFS.
func (f feedFS) ReadFile(name string) ([]byte, error) {
	p, err := f.picture("open", name)
	if err != nil {
		return nil, err
	}
	if p.Data == nil && f.fetch != nil {
		ctx, cancel := context.WithTimeout(context.Background(), feedWait)
		defer cancel()
		if p.Data, err = f.fetch(ctx, p.Key); err != nil {
			return nil, err
		}
	}
	if p.Data == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return p.Data, nil
}
