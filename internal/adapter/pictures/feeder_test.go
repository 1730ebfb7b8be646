package pictures

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The feeder queues the site's pictures, then the catalog's, at start and
// once per new catalog version; the same version is not listed again.
func TestFeederFeedsEachVersionOnce(t *testing.T) {
	var (
		mu     sync.Mutex
		queued [][]string
	)
	var version, lists atomic.Int64
	version.Store(1)
	f := &Feeder{
		Enqueue: func(s ...string) {
			mu.Lock()
			defer mu.Unlock()
			queued = append(queued, s)
		},
		Site: []string{"/pictures/demo/banner.jpg"},
		Catalog: func() (int64, func() []string) {
			v := version.Load()
			return v, func() []string {
				lists.Add(1)
				return []string{"/pictures/demo/card.jpg", "/pictures/demo/v" + string(rune('0'+v)) + ".jpg"}
			}
		},
		Interval: time.Millisecond,
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.Run(ctx); close(done) }()
	waitFor := func(n int) {
		t.Helper()
		deadline := time.Now().Add(time.Minute) // a bound for feeds that never come, far above a loaded machine's delay
		for {
			mu.Lock()
			got := len(queued)
			mu.Unlock()
			if got >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d feeds, want %d", got, n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	waitFor(1)
	time.Sleep(20 * time.Millisecond) // many ticks on one version
	version.Store(2)
	waitFor(2)
	cancel()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("Run did not end with its context")
	}
	want := [][]string{
		{"/pictures/demo/banner.jpg", "/pictures/demo/card.jpg", "/pictures/demo/v1.jpg"},
		{"/pictures/demo/banner.jpg", "/pictures/demo/card.jpg", "/pictures/demo/v2.jpg"},
	}
	if !slices.EqualFunc(queued, want, slices.Equal) {
		t.Errorf("fed %v, want %v", queued, want)
	}
	if n := lists.Load(); n != 2 {
		t.Errorf("the catalog's pictures were listed %d times, want once per version (2)", n)
	}
}

func TestURLsIn(t *testing.T) {
	type module struct {
		Image string            `json:"image"`
		Media map[string]string `json:"media"`
	}
	v := struct {
		Title   string   `json:"title"`
		Modules []module `json:"modules"`
	}{
		Title: "/pictures/demo/title.jpg",
		Modules: []module{
			{Image: "/pictures/demo/b.jpg", Media: map[string]string{"x": "https://cdn.example/c.jpg", "y": "/pictures/demo/a.jpg"}},
			{Image: "/other/d.jpg"},
		},
	}
	got := URLsIn(v, "/pictures/demo/")
	want := []string{"/pictures/demo/a.jpg", "/pictures/demo/b.jpg", "/pictures/demo/title.jpg"}
	if !slices.Equal(got, want) {
		t.Errorf("URLsIn = %v, want %v", got, want)
	}
}
