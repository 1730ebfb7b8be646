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

	"immo/internal/domain/catalog"
	"immo/internal/http/server"
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
func (s *flakyStore) Changes(ctx context.Context, _ int64) (catalog.Changes, error) {
	return catalog.Changes{}, s.fail(ctx)
}
func (s *flakyStore) FirstSeen(ctx context.Context, _ []int64) (map[int64]time.Time, error) {
	return nil, s.fail(ctx)
}
func (s *flakyStore) Listed(ctx context.Context) (catalog.Listed, error) {
	return catalog.Listed{}, s.fail(ctx)
}
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
	// The ping's timeout is 100 ms where the database hangs (it answers
	// only when the ping gives up: the answer is the timeout at work,
	// however loaded the machine), and far where it answers, which a busy
	// machine may delay past 100 ms.
	serve := func(timeout time.Duration) *httptest.Server {
		return httptest.NewServer(server.Handler(server.Deps{
			Catalog: svc, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), ReadyTimeout: timeout,
		}))
	}
	quick, patient := serve(100*time.Millisecond), serve(5*time.Minute)
	defer quick.Close()
	defer patient.Close()
	ts := patient

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
			ts = patient
			if tc.hang {
				ts = quick
			}
			store.down.Store(tc.down)
			store.hang.Store(tc.hang)
			if code, a := ask("/healthz"); code != http.StatusOK || !a.OK {
				t.Errorf("/healthz = %d %+v, want 200 ok: the process answers", code, a)
			}
			code, a := ask("/readyz")
			if code != tc.readyCode || a.Ready != (tc.readyCode == http.StatusOK) || a.Reason != tc.reason {
				t.Errorf("/readyz = %d %+v, want %d reason %q", code, a, tc.readyCode, tc.reason)
			}
			if code == http.StatusOK && a.CatalogVersion != 3 {
				t.Errorf("/readyz catalogVersion = %d, want 3", a.CatalogVersion)
			}
		})
	}
}
