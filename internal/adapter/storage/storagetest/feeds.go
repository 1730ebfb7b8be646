package storagetest

import (
	"bytes"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

// RunFeeds is the contract of feed.Feeds: the CRM's feeds kept with their
// sealed secrets, one claim of each due run, one lease at a time, the
// runs' state, and the body of a held run.
func RunFeeds(t *testing.T, open func(t *testing.T) FeedsStore) {
	t.Run("RoundTrip", func(t *testing.T) { testFeedsRoundTrip(t, open(t)) })
	t.Run("OneClaimAndOneLease", func(t *testing.T) { testFeedsClaims(t, open(t)) })
	t.Run("Held", func(t *testing.T) { testFeedsHeld(t, open(t)) })
	t.Run("Listings", func(t *testing.T) { testFeedsListings(t, open(t)) })
	t.Run("PruneRuns", func(t *testing.T) { testPruneRuns(t, open(t)) })
}

// FeedsStore are the feeds and their runs.
type FeedsStore interface {
	feed.Feeds
	feed.Store
}

func sampleFeed(next time.Time) feed.Feed {
	return feed.Feed{Name: "CRM", URL: "https://crm.example.com/export.json", Auth: feed.AuthHeader, AuthName: "X-Api-Key",
		Secret: "plain", Schedule: feed.Schedule{Every: 15 * time.Minute}, MaxOffline: 30, CreatedBy: "boss@agency.test",
		Created: created, State: feed.State{NextRun: next}}
}

func testFeedsRoundTrip(t *testing.T, s FeedsStore) {
	ctx := t.Context()
	var sealedFor int64
	id, err := s.AddFeed(ctx, sampleFeed(created.Add(time.Minute)), func(id int64, f *feed.Feed) {
		sealedFor = id
		f.Secret, f.PushKey = "sealed-secret", "sealed-push"
	})
	if err != nil || id <= 0 || sealedFor != id {
		t.Fatalf("AddFeed = %d, %v (sealed for %d)", id, err, sealedFor)
	}
	got, err := s.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "CRM" || got.URL != "https://crm.example.com/export.json" || got.Auth != feed.AuthHeader || got.AuthName != "X-Api-Key" ||
		got.Secret != "sealed-secret" || got.PushKey != "sealed-push" || got.Schedule.Every != 15*time.Minute || got.MaxOffline != 30 ||
		got.Paused || got.CreatedBy != "boss@agency.test" || !got.Created.Equal(created) || !got.NextRun.Equal(created.Add(time.Minute)) {
		t.Errorf("the feed as kept: %+v", got)
	}
	daily := sampleFeed(time.Time{})
	daily.Schedule = feed.Schedule{Daily: "06:30"}
	id2, err := s.AddFeed(ctx, daily, func(int64, *feed.Feed) {})
	if err != nil {
		t.Fatal(err)
	}
	all, err := s.Feeds(ctx)
	if err != nil || len(all) != 2 || all[0].ID != id || all[1].ID != id2 || all[1].Schedule.Daily != "06:30" || !all[1].NextRun.IsZero() {
		t.Fatalf("Feeds = %+v, %v", all, err)
	}
	if err := s.SetPaused(ctx, id, true, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if f, _ := s.Feed(ctx, id); !f.Paused || !f.NextRun.IsZero() {
		t.Errorf("paused: %+v", f)
	}
	st := feed.State{ETag: `"v2"`, LastModified: "Tue, 01 Dec 2026 10:00:00 GMT", ContentHash: "abc", Failures: 2, Alerted: true, LastRun: 9}
	if err := s.SaveState(ctx, id, st); err != nil {
		t.Fatal(err)
	}
	if f, _ := s.Feed(ctx, id); f.ETag != st.ETag || f.LastModified != st.LastModified || f.ContentHash != "abc" || f.Failures != 2 || !f.Alerted || f.LastRun != 9 {
		t.Errorf("state as kept: %+v", f.State)
	}
	if err := s.DeleteFeed(ctx, id2); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Feed(ctx, id2); !isCode(err, errs.NotFound) {
		t.Errorf("a deleted feed: %v", err)
	}
	if err := s.SetPaused(ctx, id2, false, created); !isCode(err, errs.NotFound) {
		t.Errorf("pausing a deleted feed: %v", err)
	}
	for range feed.MaxFeeds - 1 {
		if _, err := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {}); !isCode(err, errs.Conflict) {
		t.Errorf("a feed past %d: %v", feed.MaxFeeds, err)
	}
}

func testFeedsClaims(t *testing.T, s FeedsStore) {
	ctx := t.Context()
	due := created.Add(time.Minute)
	id, err := s.AddFeed(ctx, sampleFeed(due), func(int64, *feed.Feed) {})
	if err != nil {
		t.Fatal(err)
	}
	// Two servers claim the same due run: one does.
	var won atomic.Int32
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			ok, err := s.ClaimRun(ctx, id, due, due.Add(15*time.Minute))
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Errorf("%d claims of one due run", won.Load())
	}
	if f, _ := s.Feed(ctx, id); !f.NextRun.Equal(due.Add(15 * time.Minute)) {
		t.Errorf("next run after the claim: %v", f.NextRun)
	}
	// A paused feed is never claimed.
	next := due.Add(15 * time.Minute)
	if err := s.SetPaused(ctx, id, true, next); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.ClaimRun(ctx, id, next, next.Add(time.Hour)); ok || err != nil {
		t.Errorf("claiming a paused feed: %v, %v", ok, err)
	}
	// One lease at a time, until it expires or is given back.
	now := created.Add(time.Hour)
	if ok, err := s.Lock(ctx, id, now, now.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("first lock: %v, %v", ok, err)
	}
	if ok, _ := s.Lock(ctx, id, now.Add(time.Second), now.Add(time.Minute)); ok {
		t.Error("a second lock while the first holds")
	}
	if ok, _ := s.Lock(ctx, id, now.Add(2*time.Minute), now.Add(3*time.Minute)); !ok {
		t.Error("no lock after the first expired")
	}
	if err := s.Unlock(ctx, id); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.Lock(ctx, id, now.Add(2*time.Minute), now.Add(3*time.Minute)); !ok {
		t.Error("no lock after unlocking")
	}
	if ok, err := s.Lock(ctx, id+100, now, now.Add(time.Minute)); ok || err != nil {
		t.Errorf("locking no feed: %v, %v", ok, err)
	}
}

func testFeedsHeld(t *testing.T, s FeedsStore) {
	ctx := t.Context()
	id, err := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {})
	if err != nil {
		t.Fatal(err)
	}
	if run, body, err := s.Held(ctx, id); run != 0 || body != nil || err != nil {
		t.Errorf("Held with none: %d, %q, %v", run, body, err)
	}
	big := bytes.Repeat([]byte{0, 1, 2, 0xff}, 1<<18)
	if err := s.Hold(ctx, id, 7, []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := s.Hold(ctx, id, 8, big); err != nil {
		t.Fatal(err)
	}
	if run, body, err := s.Held(ctx, id); run != 8 || !bytes.Equal(body, big) || err != nil {
		t.Errorf("Held = %d, %d bytes, %v", run, len(body), err)
	}
	if err := s.DropHeld(ctx, id); err != nil {
		t.Fatal(err)
	}
	if run, _, _ := s.Held(ctx, id); run != 0 {
		t.Errorf("held after dropping: %d", run)
	}
	if err := s.Hold(ctx, id, 9, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteFeed(ctx, id); err != nil {
		t.Fatal(err)
	}
	if run, _, _ := s.Held(ctx, id); run != 0 {
		t.Errorf("held after deleting its feed: %d", run)
	}
}

func testFeedsListings(t *testing.T, s FeedsStore) {
	ctx := t.Context()
	a, _ := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {})
	b, _ := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {})
	c, _ := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {})
	if l, err := s.Listings(ctx, a); err != nil || len(l.Properties)+len(l.Projects) != 0 {
		t.Errorf("a new feed's listings: %+v, %v", l, err)
	}
	if err := s.SetListings(ctx, a, feed.Listings{Properties: []int64{1, 2}, Projects: []int64{7}}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetListings(ctx, b, feed.Listings{Properties: []int64{3}}); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.Listings(ctx, a); len(l.Properties) != 2 || l.Properties[1] != 2 || len(l.Projects) != 1 {
		t.Errorf("a's listings: %+v", l)
	}
	others, err := s.OthersListings(ctx, c)
	if err != nil || len(others.Properties) != 3 || len(others.Projects) != 1 {
		t.Errorf("the others of c: %+v, %v", others, err)
	}
	if others, _ := s.OthersListings(ctx, a); len(others.Properties) != 1 || others.Properties[0] != 3 || len(others.Projects) != 0 {
		t.Errorf("the others of a: %+v", others)
	}
	if _, err := s.Listings(ctx, c+100); !isCode(err, errs.NotFound) {
		t.Errorf("the listings of no feed: %v", err)
	}
}

func testPruneRuns(t *testing.T, s FeedsStore) {
	ctx := t.Context()
	id, _ := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {})
	at := func(days int) time.Time { return created.Add(time.Duration(days) * 24 * time.Hour) }
	record := func(day int, status feed.Status) int64 {
		n, err := s.RecordRun(ctx, feed.Run{Feed: id, Source: "x", Trigger: feed.TriggerSchedule, Started: at(day), Ended: at(day), Status: status})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	oldUnchanged := record(0, feed.StatusUnchanged)
	oldApplied := record(0, feed.StatusApplied)
	ancient := record(-400, feed.StatusFailed)
	heldAncient := record(-400, feed.StatusHeld)
	recent := record(20, feed.StatusUnchanged)
	if err := s.Hold(ctx, id, heldAncient, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	n, err := s.PruneRuns(ctx, at(10), at(-30))
	if err != nil || n != 2 {
		t.Fatalf("PruneRuns = %d, %v; want 2 (an old unchanged run, an ancient one)", n, err)
	}
	runs, _ := s.Runs(ctx, 10)
	var left []int64
	for _, r := range runs {
		left = append(left, r.ID)
	}
	want := []int64{recent, heldAncient, oldApplied}
	if len(left) != 3 || left[0] != want[0] || left[1] != want[1] || left[2] != want[2] {
		t.Errorf("runs left %v, want %v (not %d, %d)", left, want, oldUnchanged, ancient)
	}
}
