package feedsync

import (
	"context"
	"errors"
	"net/http"
	"os"
	"strconv"

	"immo/internal/adapter/safehttp"
	"immo/internal/domain/feed"
)

// userAgent names the site to the CRM.
const userAgent = "immo-feed/1 (+https://github.com/immo)"

// fetch asks f's address for its file, with its authentication and the
// validators of the last file applied, and spools the answer's body. A
// 304 has no body. A failure of the network, a 5xx or a 429 is worth
// retrying (answer.retry).
func (r *Runner) fetch(ctx context.Context, f feed.Feed) (*os.File, answer, error) {
	ctx, cancel := context.WithTimeout(ctx, feed.PullTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.URL, nil)
	if err != nil {
		return nil, answer{}, fail("url", nil, "the feed's address: %v", err)
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "application/json")
	if f.ETag != "" {
		req.Header.Set("If-None-Match", f.ETag)
	}
	if f.LastModified != "" {
		req.Header.Set("If-Modified-Since", f.LastModified)
	}
	if err := r.authorize(req, f); err != nil {
		return nil, answer{}, err
	}
	resp, err := r.Client.Do(req)
	if err != nil {
		// A refused address or redirect stays refused: no other attempt.
		retry := !errors.Is(err, safehttp.ErrNotPublic) && !errors.Is(err, safehttp.ErrRedirect)
		return nil, answer{retry: retry}, fail("network", nil, "the feed did not answer: %v", err)
	}
	defer resp.Body.Close()
	ans := answer{status: resp.StatusCode}
	switch {
	case resp.StatusCode == http.StatusNotModified:
		return nil, ans, nil
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		ans.retry = true
		return nil, ans, fail("status", map[string]string{"status": strconv.Itoa(resp.StatusCode)}, "the feed answered %s", resp.Status)
	case resp.StatusCode != http.StatusOK:
		return nil, ans, fail("status", map[string]string{"status": strconv.Itoa(resp.StatusCode)}, "the feed answered %s", resp.Status)
	}
	if resp.ContentLength > r.maxBody() {
		return nil, ans, tooLarge(r.maxBody())
	}
	file, spooled, err := spool(resp.Body, r.maxBody())
	spooled.status = resp.StatusCode
	spooled.etag, spooled.lastModified = clip(resp.Header.Get("ETag")), clip(resp.Header.Get("Last-Modified"))
	return file, spooled, err
}

// clip bounds a validator kept on the feed; a longer one is not kept.
func clip(v string) string {
	if len(v) > 200 {
		return ""
	}
	return v
}

// authorize gives req f's authentication, its secret opened.
func (r *Runner) authorize(req *http.Request, f feed.Feed) error {
	if f.Auth == feed.AuthNone {
		return nil
	}
	secret, err := r.Sealer.OpenFor(f.Secret, feed.SealContext(f.ID, "secret"))
	if err != nil {
		return fail("secret", nil, "the feed's secret does not open (the server's secret changed?): enter it again")
	}
	switch f.Auth {
	case feed.AuthHeader:
		req.Header.Set(f.AuthName, secret)
	case feed.AuthBasic:
		req.SetBasicAuth(f.AuthName, secret)
	}
	return nil
}
