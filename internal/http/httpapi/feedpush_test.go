package httpapi

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

// fakeFeeds is one feed, 7, with the token "tok"; each run applies.
type fakeFeeds struct {
	now    time.Time
	pushed string // the body a push read
	calls  int
}

func (f *fakeFeeds) Feed(_ context.Context, id int64) (feed.Feed, error) {
	if id != 7 {
		return feed.Feed{}, &errs.Error{Code: errs.NotFound, Message: "no such feed"}
	}
	return feed.Feed{ID: 7, PushKey: "sealed"}, nil
}
func (f *fakeFeeds) PushKey(feed.Feed) (string, error) { return "tok", nil }
func (f *fakeFeeds) Push(_ context.Context, _ int64, body io.Reader) (feed.Run, error) {
	f.calls++
	b, err := io.ReadAll(body)
	f.pushed = string(b)
	return feed.Run{ID: 1, Status: feed.StatusApplied}, err
}
func (f *fakeFeeds) Upsert(context.Context, int64, int64, []byte) (feed.Run, error) {
	f.calls++
	return feed.Run{ID: 1, Status: feed.StatusApplied}, nil
}
func (f *fakeFeeds) Remove(context.Context, int64, int64) (feed.Run, error) {
	f.calls++
	return feed.Run{ID: 1, Status: feed.StatusUnchanged}, nil
}
func (f *fakeFeeds) Clock() time.Time { return f.now }

// watched is a body that counts what was read of it.
type watched struct {
	io.Reader
	read int
}

func (w *watched) Read(p []byte) (int, error) {
	n, err := w.Reader.Read(p)
	w.read += n
	return n, err
}

// TestFeedPushReadsNoBodyUnauthenticated: a wrong token is refused before
// a byte of the body is read; a body announced past its bound is refused
// before it is read; a signed file is signed as feed.Signature signs it,
// and reaches the run whole.
func TestFeedPushReadsNoBodyUnauthenticated(t *testing.T) {
	fake := &fakeFeeds{now: time.Unix(1_800_000_000, 0)}
	mux := http.NewServeMux()
	(&FeedPushAPI{Feeds: fake}).Register(mux)
	do := func(method, path string, body *watched, length int64, header map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, body)
		req.ContentLength = length
		for k, v := range header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec
	}
	file := strings.Repeat(`{"x":1}`, 50_000)
	for _, tc := range []struct {
		name   string
		method string
		path   string
		length int64
		header map[string]string
		code   int
	}{
		{"wrong token", "POST", "/api/feed/7", int64(len(file)), map[string]string{"Authorization": "Bearer nope"}, 401},
		{"unknown feed", "POST", "/api/feed/8", int64(len(file)), map[string]string{"Authorization": "Bearer tok"}, 401},
		{"stale signature", "POST", "/api/feed/7", int64(len(file)), map[string]string{"X-Immo-Timestamp": "1700000000", "X-Immo-Signature": "sha256=00"}, 401},
		{"announced too large", "POST", "/api/feed/7", feed.MaxBody + 1, map[string]string{"Authorization": "Bearer tok"}, 413},
		{"record announced too large", "PUT", "/api/feed/7/properties/3", 1<<20 + 1, map[string]string{"Authorization": "Bearer tok"}, 413},
		{"signed, announced too large", "POST", "/api/feed/7", feed.MaxBody + 1,
			map[string]string{"X-Immo-Timestamp": strconv.FormatInt(fake.now.Unix(), 10), "X-Immo-Signature": "sha256=00"}, 413},
	} {
		body := &watched{Reader: strings.NewReader(file)}
		rec := do(tc.method, tc.path, body, tc.length, tc.header)
		if rec.Code != tc.code || body.read != 0 || fake.calls != 0 {
			t.Errorf("%s: %d, %d bytes read, %d runs; want %d, none", tc.name, rec.Code, body.read, fake.calls, tc.code)
		}
	}
	// A record of no announced length is cut at its bound.
	big := &watched{Reader: strings.NewReader(strings.Repeat(" ", 1<<20+10))}
	if rec := do("PUT", "/api/feed/7/properties/3", big, -1, map[string]string{"Authorization": "Bearer tok"}); rec.Code != 413 || fake.calls != 0 || big.read > 1<<20+1<<16 {
		t.Errorf("a record of no announced length past its bound: %d, %d runs, %d bytes read", rec.Code, fake.calls, big.read)
	}
	ts := strconv.FormatInt(fake.now.Unix(), 10)
	rec := do("POST", "/api/feed/7", &watched{Reader: strings.NewReader(file)}, int64(len(file)),
		map[string]string{"X-Immo-Timestamp": ts, "X-Immo-Signature": feed.Signature("tok", ts, "POST", "/api/feed/7", []byte(file))})
	if rec.Code != 200 || fake.pushed != file {
		t.Fatalf("a signed file: %d %s, %d bytes pushed", rec.Code, rec.Body, len(fake.pushed))
	}
	rec = do("DELETE", "/api/feed/7/properties/3", &watched{Reader: strings.NewReader("")}, 0,
		map[string]string{"X-Immo-Timestamp": ts, "X-Immo-Signature": feed.Signature("tok", ts, "DELETE", "/api/feed/7/properties/3", nil)})
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"status":"unchanged"`) {
		t.Fatalf("a signed delete: %d %s", rec.Code, rec.Body)
	}
}
