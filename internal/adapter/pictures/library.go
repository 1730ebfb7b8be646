package pictures

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/media"
)

// Library opens the site library's pictures (media.Library).
type Library interface {
	Open(ctx context.Context, id int64, name string) (media.Item, error)
	Get(ctx context.Context, id int64) (media.Item, error) // without its data
}

// libraryWait bounds one read of a library picture: a request (or the
// worker) waits no longer on the database.
const libraryWait = 10 * time.Second

// LibraryOpener opens the library's pictures for the worker: the sources
// under media.URLPrefix; any other is ErrUnknownSource.
func LibraryOpener(lib Library) Opener {
	return func(source string) ([]byte, error) {
		id, name, ok := media.ParseURL(source)
		if !ok {
			return nil, ErrUnknownSource
		}
		ctx, cancel := context.WithTimeout(context.Background(), libraryWait)
		defer cancel()
		it, err := lib.Open(ctx, id, name)
		if errors.Is(err, media.ErrNoItem) {
			return nil, ErrUnknownSource
		}
		return it.Data, err
	}
}

// Openers tries each opener in turn: the first that knows the source opens it.
func Openers(list ...Opener) Opener {
	return func(source string) ([]byte, error) {
		for _, open := range list {
			b, err := open(source)
			if !errors.Is(err, ErrUnknownSource) {
				return b, err
			}
		}
		return nil, ErrUnknownSource
	}
}

// LibraryFS is the library as a folder of "{id}/{name}" files, for the
// picture handler (picturehttp) under media.URLPrefix. An item never
// changes once added (a new picture is a new number), so the handler may
// learn each once.
func LibraryFS(lib Library) fs.FS { return libraryFS{lib} }

type libraryFS struct{ lib Library }

func (l libraryFS) Open(name string) (fs.File, error) {
	b, err := l.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(b), name: path.Base(name), size: int64(len(b))}, nil
}

// parseName reads "{id}/{name}", the number spelt only as the library
// spells it (no sign, no leading zero): the picture handler learns each
// name it serves, so a name has one spelling, or a stranger could make it
// learn millions.
func parseName(name string) (int64, string, bool) {
	num, file, ok := strings.Cut(name, "/")
	id, err := strconv.ParseInt(num, 10, 64)
	if !ok || err != nil || id <= 0 || strconv.FormatInt(id, 10) != num || file == "" || strings.Contains(file, "/") {
		return 0, "", false
	}
	return id, file, true
}

// Stat implements fs.StatFS: the picture handler asks it again now and
// then whether a picture it serves still is (a deleted one stops being
// served), without reading the picture.
func (l libraryFS) Stat(name string) (fs.FileInfo, error) {
	id, file, ok := parseName(name)
	if !ok {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	ctx, cancel := context.WithTimeout(context.Background(), libraryWait)
	defer cancel()
	it, err := l.lib.Get(ctx, id)
	if errors.Is(err, media.ErrNoItem) || err == nil && it.Name != file {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	if err != nil {
		return nil, err
	}
	return &memFile{name: file, size: int64(it.Size)}, nil
}

// ReadFile implements fs.ReadFileFS: fs.ReadFile reads through it.
func (l libraryFS) ReadFile(name string) ([]byte, error) {
	id, file, ok := parseName(name)
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	ctx, cancel := context.WithTimeout(context.Background(), libraryWait)
	defer cancel()
	it, err := l.lib.Open(ctx, id, file)
	if errors.Is(err, media.ErrNoItem) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if err != nil {
		return nil, err
	}
	return it.Data, nil
}

// memFile is a library's or a CRM's picture read whole; mod its time.
type memFile struct {
	*bytes.Reader
	name string
	size int64
	mod  time.Time
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Size() int64                { return f.size }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return f.mod }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }
