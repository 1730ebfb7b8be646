package storagetest

import (
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/lead"
	"immo/internal/domain/platform"
)

// RunHealth is the contract of platform.HealthReader: an agency's figures
// — listings online, leads since a time (spam left out) and still new,
// feeds and those failing, its last catalog run, its server errors by the
// hour — counted, nothing read.
func RunHealth(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Figures", func(t *testing.T) { testHealth(t, open(t)) })
}

func testHealth(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	week := day.Add(-7 * 24 * time.Hour)
	if h, err := s.Health(ctx, week); err != nil || h != (platform.Health{}) {
		t.Fatalf("an empty agency's health: %+v, %v", h, err)
	}
	mustImport(t, s, sample(3, 1, 10, 11), catalog.ImportResult{Types: 3, PropertiesAdded: 4, ProjectsAdded: 2, Version: 1})
	old := sampleRequest("hash-old", week.Add(-time.Hour))
	for _, r := range []lead.Request{sampleRequest("hash-1", day), sampleRequest("hash-2", day.Add(time.Minute)), old} {
		if _, err := s.Requests().Save(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
	}
	id, err := s.Requests().Save(ctx, sampleRequest("hash-spam", day.Add(2*time.Minute)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Requests().SetStatus(ctx, id, lead.StatusSpam); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {}); err != nil {
		t.Fatal(err)
	}
	failing, err := s.AddFeed(ctx, sampleFeed(time.Time{}), func(int64, *feed.Feed) {})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(ctx, failing, feed.State{Failures: 2}); err != nil {
		t.Fatal(err)
	}
	ended := day.Add(time.Hour)
	if _, err := s.RecordRun(ctx, feed.Run{Feed: failing, Source: "crm", Trigger: feed.TriggerSchedule, Started: ended.Add(-time.Second), Ended: ended,
		Status: feed.StatusFailed, Error: "the CRM answered 503"}); err != nil {
		t.Fatal(err)
	}
	// Server errors by hour: one before the week, two counts of one hour
	// added together, one of the next hour.
	for _, c := range []struct {
		at time.Time
		n  int
	}{{week.Add(-2 * time.Hour), 5}, {day, 2}, {day.Add(10 * time.Minute), 3}, {day.Add(time.Hour), 1}} {
		if err := s.CountServerErrors(ctx, c.at, c.n); err != nil {
			t.Fatal(err)
		}
	}
	h, err := s.Health(ctx, week)
	if err != nil {
		t.Fatal(err)
	}
	want := platform.Health{Listings: 6, Leads: 2, LeadsNew: 3, Feeds: 2, FeedsFailing: 1, LastRunStatus: string(feed.StatusFailed), ServerErrors: 6}
	got := h
	got.LastRun = time.Time{}
	if got != want || !h.LastRun.Equal(ended) {
		t.Errorf("health %+v, want %+v with the last run at %v", h, want, ended)
	}
	// A count a month on forgets the hours before platform.ErrorsKept.
	later := day.Add(platform.ErrorsKept + 2*time.Hour)
	if err := s.CountServerErrors(ctx, later, 4); err != nil {
		t.Fatal(err)
	}
	if h, err := s.Health(ctx, week); err != nil || h.ServerErrors != 4 {
		t.Errorf("the errors after a month: %d, %v; want the new hour's 4 only", h.ServerErrors, err)
	}
}
