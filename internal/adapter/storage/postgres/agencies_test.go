package postgres_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage/postgres"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/platform"
	"immo/internal/domain/rendered"
	"immo/internal/domain/testimonial"
)

// Two agencies keep apart (issue #35): every contract's suite runs bound to
// agency 1, then again bound to agency 2 on the same database, each of its
// cases on the tables the same case left for agency 1 — the same listing
// numbers, visitor and staff addresses, keys and counters. A statement that
// reads, counts, changes or mails across agencies makes agency 2's run see
// what it never stored, or refuse what it stores as taken.
func TestAgenciesApart(t *testing.T) {
	top := t
	var mu sync.Mutex
	urls := map[string]string{}
	// A case's schema lives as long as the whole test: agency 2's run of
	// the case finds there what agency 1's left. The two agencies are
	// added (their rows provisioned) when the schema is made; each open
	// is a new connection pool, as a second server's, closed when the case
	// ends.
	schema := func(t *testing.T) string {
		parts := strings.SplitN(t.Name(), "/", 3)
		key := parts[len(parts)-1]
		mu.Lock()
		defer mu.Unlock()
		if url, ok := urls[key]; ok {
			return url
		}
		url := pgtest.URL(top)
		db, err := postgres.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for i, host := range []string{"one.example", "two.example"} {
			id, err := db.Platform().AddAgency(t.Context(), platform.Agency{Name: host, Lang: "fr", Hosts: []string{host}, Created: time.Now()})
			if err != nil || id != int64(i+1) {
				t.Fatalf("agency %d: %d, %v", i+1, id, err)
			}
		}
		urls[key] = url
		return url
	}
	// opener binds agency id's stores on the database of a case.
	opener := func(id int64) func(t *testing.T) *sqlstore.Store {
		return func(t *testing.T) *sqlstore.Store {
			db, err := postgres.Open(t.Context(), schema(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db.Store.For(id)
		}
	}
	for _, id := range []int64{1, 2} {
		name := map[int64]string{1: "first", 2: "second"}[id]
		t.Run(name, func(t *testing.T) {
			open := opener(id)
			t.Run("Catalog", func(t *testing.T) { storagetest.Run(t, func(t *testing.T) catalog.Store { return open(t) }) })
			t.Run("Pictures", func(t *testing.T) { storagetest.RunPictures(t, func(t *testing.T) pictures.Store { return open(t) }) })
			t.Run("Rendered", func(t *testing.T) { storagetest.RunRendered(t, func(t *testing.T) rendered.Store { return open(t) }) })
			t.Run("SiteVersions", func(t *testing.T) {
				storagetest.RunSiteVersions(t, func(t *testing.T) agency.Store { return open(t) })
			})
			t.Run("FeedRuns", func(t *testing.T) { storagetest.RunFeedRuns(t, func(t *testing.T) feed.Store { return open(t) }) })
			t.Run("Feeds", func(t *testing.T) {
				storagetest.RunFeeds(t, func(t *testing.T) storagetest.FeedsStore { return open(t) })
			})
			t.Run("FeedPictures", func(t *testing.T) {
				storagetest.RunFeedPictures(t, func(t *testing.T) feed.Pictures { return open(t) })
			})
			t.Run("Media", func(t *testing.T) {
				storagetest.RunMedia(t, func(t *testing.T) storagetest.MediaStore { return open(t) })
			})
			t.Run("Testimonials", func(t *testing.T) {
				storagetest.RunTestimonials(t, func(t *testing.T) testimonial.Store { return open(t) })
			})
			for _, suite := range []struct {
				name string
				run  func(*testing.T, func(*testing.T) *sqlstore.Store)
			}{
				{"Requests", storagetest.RunRequests}, {"Bookings", storagetest.RunBookings}, {"Antispam", storagetest.RunAntispam},
				{"Newsletter", storagetest.RunNewsletter}, {"Accounts", storagetest.RunAccounts}, {"Owners", storagetest.RunOwners},
				{"Links", storagetest.RunLinks}, {"Staff", storagetest.RunStaff}, {"Demands", storagetest.RunDemands},
				{"Visits", storagetest.RunVisits}, {"Portal", storagetest.RunPortal}, {"Inbox", storagetest.RunInbox},
				{"AgendaDesk", storagetest.RunAgendaDesk}, {"Alerts", storagetest.RunAlerts}, {"OptOuts", storagetest.RunOptOuts},
				{"Reports", storagetest.RunReports}, {"IDs", storagetest.RunIDs}, {"Health", storagetest.RunHealth},
				{"Grants", storagetest.RunGrants},
			} {
				t.Run(suite.name, func(t *testing.T) { suite.run(t, open) })
			}
		})
	}
}
