package feedsync

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"net/url"
	"time"

	"immo/internal/domain/feed"
	"immo/internal/domain/media"
	"immo/internal/domain/upload"
)

// pictureWait bounds one picture's fetch; visitorFetches how many
// pictures visitors' requests fetch at once (FetchOne).
const (
	pictureWait    = time.Minute
	visitorFetches = 4
)

// localizer is the Picture hook of a run of feed f (importer.Options):
// a picture on the CRM's host gets its local address and is wanted; any
// other stays as given.
type localizer struct {
	host string
	want map[string]feed.Picture
}

func newLocalizer(f feed.Feed) *localizer {
	l := &localizer{want: map[string]feed.Picture{}}
	if u, err := url.Parse(f.URL); err == nil {
		l.host = u.Hostname()
	}
	return l
}

func (l *localizer) local(address string) string {
	if l.host == "" || !feed.OnHost(address, l.host) {
		return address
	}
	key := feed.PictureKey(address)
	l.want[key] = feed.Picture{Key: key, URL: address, Name: feed.PictureName(address)}
	return feed.LocalURL(address)
}

// wanted keeps the pictures a run applied named, and asks for their
// fetch (PicturesWanted).
func (r *Runner) wanted(ctx context.Context, f feed.Feed, l *localizer) {
	if r.Pictures == nil || len(l.want) == 0 {
		return
	}
	want := make([]feed.Picture, 0, len(l.want))
	for _, p := range l.want {
		want = append(want, p)
	}
	if err := r.Pictures.WantPictures(ctx, f.ID, want); err != nil {
		r.Log.Warn("keeping a feed's pictures", "feed", f.ID, "err", err)
		return
	}
	if r.PicturesWanted != nil {
		if err := r.PicturesWanted(ctx, f.ID); err != nil {
			r.Log.Warn("asking for a feed's pictures", "feed", f.ID, "err", err)
		}
	}
}

// FetchOne fetches the picture of key now, for a visitor's request of a
// picture not fetched yet: one fetch per picture however many ask, a few
// at once; its data, nil when the CRM gives none.
func (r *Runner) FetchOne(ctx context.Context, key string) ([]byte, error) {
	r.visitorsOnce.Do(func() { r.visitors = make(chan struct{}, visitorFetches) })
	v, err, _ := r.fetching.Do(key, func() (any, error) {
		select {
		case r.visitors <- struct{}{}:
			defer func() { <-r.visitors }()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		p, err := r.Pictures.FeedPicture(ctx, key)
		if err != nil || p.Data != nil {
			return p.Data, err
		}
		if !p.Checked.IsZero() && r.Now().Sub(p.Checked) < feed.PictureRetry {
			return nil, nil // failed lately: visitors do not ask the CRM again and again
		}
		f, err := r.Feeds.Feed(ctx, p.Feed)
		if err != nil {
			return nil, err
		}
		if _, err := r.fetchPicture(ctx, f, p); err != nil {
			return nil, err
		}
		p, err = r.Pictures.FeedPicture(ctx, key)
		return p.Data, err
	})
	data, _ := v.([]byte)
	return data, err
}

// FetchPictures fetches the pictures of feed id that are due
// (feed.Pictures.PicturesDue: never fetched, or not checked for
// feed.PictureRecheck), at most feed.PictureBatch, for the pictures' job:
// fresh is how many it stored anew (their pages change), more whether
// others are due.
func (r *Runner) FetchPictures(ctx context.Context, id int64) (fresh int, more bool, err error) {
	f, err := r.Feeds.Feed(ctx, id)
	if err != nil {
		return 0, false, err
	}
	now := r.Now()
	due, err := r.Pictures.PicturesDue(ctx, id, now.Add(-feed.PictureRetry), now.Add(-feed.PictureRecheck), feed.PictureBatch)
	if err != nil {
		return 0, false, err
	}
	for _, p := range due {
		if ctx.Err() != nil {
			return fresh, true, ctx.Err()
		}
		stored, err := r.fetchPicture(ctx, f, p)
		if err != nil {
			return fresh, true, err
		}
		if stored {
			fresh++
			if r.PictureStored != nil {
				r.PictureStored(feed.PicturePrefix + p.Key + "/" + p.Name)
			}
		}
	}
	return fresh, len(due) == feed.PictureBatch, nil
}

// fetchPicture asks the CRM for p (again, with its validators) and keeps
// what it learnt: a new picture checked by content and re-encoded, or
// the old one and why the fetch failed. stored: p's picture is new.
func (r *Runner) fetchPicture(ctx context.Context, f feed.Feed, p feed.Picture) (stored bool, err error) {
	data, ans, validators, ferr := r.getPicture(ctx, f, p)
	p.Checked, p.Error = r.Now(), ""
	switch {
	case ferr != nil:
		p.Error = ferr.Error()
		p.Data = nil
	case ans == http.StatusNotModified:
		p.Data = nil
	default:
		sum := sha256.Sum256(data)
		hash := hex.EncodeToString(sum[:])
		if hash == p.Hash && !p.Fetched.IsZero() {
			p.Data = nil // the same picture again
			break
		}
		out, w, h, cerr := pictureOf(p.Name, data)
		if cerr != nil {
			p.Error, p.Data = cerr.Error(), nil
			break
		}
		p.Hash, p.Data, p.Width, p.Height, p.Fetched = hash, out, w, h, p.Checked
		p.ETag, p.LastModified = validators[0], validators[1]
		stored = true
	}
	return stored, r.Pictures.SavePicture(ctx, p)
}

// getPicture is the CRM's answer to p: its body (at most
// feed.MaxPictureBytes), status and validators (ETag, Last-Modified).
func (r *Runner) getPicture(ctx context.Context, f feed.Feed, p feed.Picture) ([]byte, int, [2]string, error) {
	var none [2]string
	ctx, cancel := context.WithTimeout(ctx, pictureWait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.URL, nil)
	if err != nil {
		return nil, 0, none, err
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "image/jpeg, image/png, image/webp")
	if !p.Fetched.IsZero() {
		if p.ETag != "" {
			req.Header.Set("If-None-Match", p.ETag)
		}
		if p.LastModified != "" {
			req.Header.Set("If-Modified-Since", p.LastModified)
		}
	}
	if u, err := url.Parse(f.URL); err == nil && feed.OnHost(p.URL, u.Hostname()) {
		if err := r.authorize(req, f); err != nil {
			return nil, 0, none, err
		}
	}
	resp, err := r.Client.Do(req)
	if err != nil {
		return nil, 0, none, fmt.Errorf("the CRM did not answer: %w", err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusNotModified:
		return nil, resp.StatusCode, none, nil
	case http.StatusOK:
	default:
		return nil, resp.StatusCode, none, fmt.Errorf("the CRM answered %s", resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, feed.MaxPictureBytes+1))
	if err != nil {
		return nil, resp.StatusCode, none, fmt.Errorf("reading the picture: %w", err)
	}
	if len(data) > feed.MaxPictureBytes {
		return nil, resp.StatusCode, none, fmt.Errorf("the picture is larger than %d MB", feed.MaxPictureBytes>>20)
	}
	return data, resp.StatusCode, [2]string{clip(resp.Header.Get("ETag")), clip(resp.Header.Get("Last-Modified"))}, nil
}

// errNotPicture is a CRM's answer that is no picture the site takes.
var errNotPicture = errors.New("not a JPEG, PNG or WebP picture within the bounds")

// pictureOf is data checked by content (upload.Media: JPEG, PNG or WebP
// within the bounds) and re-encoded as JPEG without its metadata, at most
// media.Side pixels a side, with its size.
func pictureOf(name string, data []byte) ([]byte, int, int, error) {
	if _, key := upload.Media.Check(name, data); key != "" {
		return nil, 0, 0, fmt.Errorf("%w (%s)", errNotPicture, key)
	}
	out, err := upload.Shrink(data, media.Side)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%w: %v", errNotPicture, err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(out))
	if err != nil {
		return nil, 0, 0, err
	}
	return out, cfg.Width, cfg.Height, nil
}
