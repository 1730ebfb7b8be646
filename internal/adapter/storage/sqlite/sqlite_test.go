package sqlite_test

import (
	"path/filepath"
	"testing"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage/sqlite"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/platform"
	"immo/internal/domain/rendered"
	"immo/internal/domain/testimonial"
)

// opener opens the store the suites run on: one file per test; a second
// open in the same test reuses it, as a second server on the same machine
// would.
func opener() func(t *testing.T) *sqlite.DB {
	path := storagetest.PerTest(func(t *testing.T) string {
		return filepath.Join(t.TempDir(), "immo.db")
	})
	return func(t *testing.T) *sqlite.DB {
		db, err := sqlite.Open(t.Context(), path(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := db.Close(); err != nil {
				t.Error(err)
			}
		})
		return db
	}
}

func TestStore(t *testing.T) {
	open := opener()
	storagetest.Run(t, func(t *testing.T) catalog.Store { return open(t) })
}

func TestPictureStore(t *testing.T) {
	open := opener()
	storagetest.RunPictures(t, func(t *testing.T) pictures.Store { return open(t) })
}

func TestRenderedStore(t *testing.T) {
	open := opener()
	storagetest.RunRendered(t, func(t *testing.T) rendered.Store { return open(t) })
}

func TestSiteVersions(t *testing.T) {
	open := opener()
	storagetest.RunSiteVersions(t, func(t *testing.T) agency.Store { return open(t) })
}

func TestFeedRuns(t *testing.T) {
	open := opener()
	storagetest.RunFeedRuns(t, func(t *testing.T) feed.Store { return open(t) })
}

func TestFeeds(t *testing.T) {
	open := opener()
	storagetest.RunFeeds(t, func(t *testing.T) storagetest.FeedsStore { return open(t) })
}

func TestFeedPictures(t *testing.T) {
	open := opener()
	storagetest.RunFeedPictures(t, func(t *testing.T) feed.Pictures { return open(t) })
}

func TestMediaStore(t *testing.T) {
	open := opener()
	storagetest.RunMedia(t, func(t *testing.T) storagetest.MediaStore { return open(t).Store })
}

func TestTestimonialStore(t *testing.T) {
	open := opener()
	storagetest.RunTestimonials(t, func(t *testing.T) testimonial.Store { return open(t) })
}

func TestRequestStore(t *testing.T) {
	open := opener()
	storagetest.RunRequests(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestBookingStore(t *testing.T) {
	open := opener()
	storagetest.RunBookings(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestAntispamStore(t *testing.T) {
	open := opener()
	storagetest.RunAntispam(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestNewsletterStore(t *testing.T) {
	open := opener()
	storagetest.RunNewsletter(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestAccountStore(t *testing.T) {
	open := opener()
	storagetest.RunAccounts(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestOwnerStore(t *testing.T) {
	open := opener()
	storagetest.RunOwners(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestLinkStore(t *testing.T) {
	open := opener()
	storagetest.RunLinks(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestStaffStore(t *testing.T) {
	open := opener()
	storagetest.RunStaff(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestDemandStore(t *testing.T) {
	open := opener()
	storagetest.RunDemands(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestVisitStore(t *testing.T) {
	open := opener()
	storagetest.RunVisits(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

// The owner portal's reads, scoped by the owner.
func TestPortalStore(t *testing.T) {
	open := opener()
	storagetest.RunPortal(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

// Migrate must be idempotent: Open runs it on every start.
func TestMigrateTwice(t *testing.T) {
	db, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func TestIDs(t *testing.T) {
	open := opener()
	storagetest.RunIDs(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

// The platform's agencies and their hosts.
func TestPlatformStore(t *testing.T) {
	open := opener()
	storagetest.RunPlatform(t, func(t *testing.T) platform.Store { return open(t).Platform() })
}

// An agency's health, as its platform's operator sees it.
func TestHealth(t *testing.T) {
	open := opener()
	storagetest.RunHealth(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

// The platform's operator: an agency's leave for it, its account.
func TestGrants(t *testing.T) {
	open := opener()
	storagetest.RunGrants(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}
