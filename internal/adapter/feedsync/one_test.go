package feedsync_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"immo/internal/adapter/feedsync"
	"immo/internal/domain/feed"
)

// TestPushOne: one listing pushed is applied under the feed's lease as a
// push run (its owners heard of), the same again is unchanged, an invalid
// one is refused with its problem and changes nothing, a delete takes it
// offline once; a busy feed is refused without a run.
func TestPushOne(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		ctx := t.Context()
		p := f.online(t).Properties[4]
		record := func(edit func(m map[string]any)) []byte {
			b, _ := json.Marshal(p)
			var m map[string]any
			json.Unmarshal(b, &m)
			edit(m)
			out, _ := json.Marshal(m)
			return out
		}
		repriced := record(func(m map[string]any) {
			m["Price"] = 234567.0
			m["Owners"] = []map[string]string{{"Email": "owner@example.be"}}
		})
		run, err := f.runner.Upsert(ctx, f.feed.ID, p.ID, repriced)
		if err != nil || run.Status != feed.StatusApplied || run.Properties.Updated != 1 || run.Trigger != feed.TriggerPush ||
			run.Feed != f.feed.ID || run.ID == 0 || run.Source == "" || f.invited != 1 {
			t.Fatalf("an upsert: %+v %v (%d hooks)", run, err, f.invited)
		}
		version := run.CatalogVersion
		again, err := f.runner.Upsert(ctx, f.feed.ID, p.ID, repriced)
		if err != nil || again.Status != feed.StatusUnchanged || again.Properties.Unchanged != 1 || again.CatalogVersion != 0 {
			t.Errorf("the same again: %+v %v", again, err)
		}
		bad, err := f.runner.Upsert(ctx, f.feed.ID, p.ID, record(func(m map[string]any) { m["Zip"] = "" }))
		if err != nil || bad.Status != feed.StatusFailed || len(bad.Problems) != 1 || bad.Problems[0].Field != "Zip" || bad.Properties.Rejected != 1 {
			t.Errorf("an invalid record: %+v %v", bad, err)
		}
		if got := f.online(t); got.Properties[4].Price != 234567 {
			t.Errorf("after the refused record the price is %v", got.Properties[4].Price)
		}
		gone, err := f.runner.Remove(ctx, f.feed.ID, p.ID)
		if err != nil || gone.Status != feed.StatusApplied || gone.Properties.Offline != 1 || gone.CatalogVersion <= version {
			t.Errorf("a delete: %+v %v", gone, err)
		}
		twice, err := f.runner.Remove(ctx, f.feed.ID, p.ID)
		if err != nil || twice.Status != feed.StatusUnchanged || twice.Properties != (feed.Counts{}) {
			t.Errorf("the delete again: %+v %v", twice, err)
		}
		if n := len(f.online(t).Properties); n != 64 {
			t.Errorf("%d properties online, want 64", n)
		}
		// Another feed's listing: refused to this feed's pushes.
		other, _, err := f.svc.Add(ctx, feed.Input{Name: "Other", URL: "https://other.example.com/x.json"}, "boss@agency.test")
		if err != nil {
			t.Fatal(err)
		}
		owned := f.online(t).Properties[0].ID
		if err := f.store.SetListings(ctx, other.ID, feed.Listings{Properties: []int64{owned}}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.runner.Remove(ctx, f.feed.ID, owned); err == nil || !strings.Contains(err.Error(), "another feed") {
			t.Errorf("deleting another feed's listing: %v", err)
		}
		if n := len(f.online(t).Properties); n != 64 {
			t.Errorf("%d properties online after refusing another feed's listing, want 64", n)
		}
		now := f.svc.Now()
		if ok, err := f.store.Lock(ctx, f.feed.ID, now, now.Add(feed.PullTimeout)); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if _, err := f.runner.Remove(ctx, f.feed.ID, p.ID); !errors.Is(err, feedsync.ErrBusy) {
			t.Errorf("a busy feed: %v", err)
		}
		if _, err := f.runner.Upsert(ctx, f.feed.ID+100, p.ID, repriced); err == nil {
			t.Error("an unknown feed took a push")
		}
		runs, _ := f.store.Runs(ctx, 10)
		if len(runs) != 5 {
			t.Errorf("%d runs recorded, want 5", len(runs))
		}
	})
}
