package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/catalog"
	"immo/internal/server"
)

// flakyStore is a catalog.Store whose database can go down (every call
// fails) or hang (every call waits for its context).
type flakyStore struct {
	down, hang atomic.Bool
}

var errDown = errors.New("connection refused")

func (s *flakyStore) fail(ctx context.Context) error {
	if s.hang.Load() {
		<-ctx.Done()
		return ctx.Err()
	}
	if s.down.Load() {
		return errDown
	}
	return nil
}

func (s *flakyStore) Version(ctx context.Context) (int64, error) { return 3, s.fail(ctx) }
func (s *flakyStore) Load(ctx context.Context) (*catalog.Catalog, int64, error) {
	return &catalog.Catalog{}, 3, s.fail(ctx)
}
func (s *flakyStore) Import(ctx context.Context, _ *catalog.Catalog, _ catalog.Keep) (catalog.ImportResult, error) {
	return catalog.ImportResult{}, errors.New("read-only")
}
func (s *flakyStore) Empty(ctx context.Context) (bool, error) { return false, s.fail(ctx) }

func TestHealthAndReadiness(t *testing.T) {
	store := &flakyStore{}
	svc, err := catalog.NewService(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.Handler(server.Deps{
		Catalog: svc, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), ReadyTimeout: 100 * time.Millisecond,
	}))
	defer ts.Close()

	type answer struct {
		OK             bool   `json:"ok"`
		Ready          bool   `json:"ready"`
		Reason         string `json:"reason"`
		CatalogVersion int64  `json:"catalogVersion"`
	}
	ask := func(path string) (int, answer) {
		t.Helper()
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var a answer
		if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return res.StatusCode, a
	}
	for _, tc := range []struct {
		name       string
		down, hang bool
		readyCode  int
		reason     string
	}{
		{name: "database up", readyCode: http.StatusOK},
		{name: "database down", down: true, readyCode: http.StatusServiceUnavailable, reason: "the database does not answer"},
		{name: "database hangs", hang: true, readyCode: http.StatusServiceUnavailable, reason: "the database did not answer within 100ms"},
		{name: "database back", readyCode: http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store.down.Store(tc.down)
			store.hang.Store(tc.hang)
			if code, a := ask("/healthz"); code != http.StatusOK || !a.OK {
				t.Errorf("/healthz = %d %+v, want 200 ok: the process answers", code, a)
			}
			start := time.Now()
			code, a := ask("/readyz")
			if code != tc.readyCode || a.Ready != (tc.readyCode == http.StatusOK) || a.Reason != tc.reason {
				t.Errorf("/readyz = %d %+v, want %d reason %q", code, a, tc.readyCode, tc.reason)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("/readyz took %v: the ping must time out", took)
			}
			if code == http.StatusOK && a.CatalogVersion != 3 {
				t.Errorf("/readyz catalogVersion = %d, want 3", a.CatalogVersion)
			}
		})
	}
}
