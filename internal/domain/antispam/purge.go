package antispam

import (
	"context"
	"fmt"
	"time"
)

// Store is what the site keeps against robots: the spent challenges, the
// attempt counters and what the abuse page shows (sqlstore.Antispam).
type Store interface {
	Challenges
	Counter
	Abuse
}

// Fingerprints are the requests' fingerprints of the same post sent twice
// (sqlstore.Requests).
type Fingerprints interface {
	ForgetFingerprints(ctx context.Context, before time.Time) (int64, error)
}

// PurgeInterval is how often the server purges (the server's loop calls Purge).
const PurgeInterval = time.Hour

// Purge deletes the spent challenges that expired and the counters of
// windows over a day old (the longest limit's), the holds that ended and
// the refusals' counts older than TallyKept, and forgets the fingerprints
// of the requests of over a day ago, as of now.
func Purge(ctx context.Context, spam Store, requests Fingerprints, now time.Time) error {
	if _, err := spam.PurgeSpent(ctx, now); err != nil {
		return fmt.Errorf("purge spent challenges: %w", err)
	}
	if _, err := spam.PurgeHits(ctx, now.Add(-48*time.Hour)); err != nil {
		return fmt.Errorf("purge rate counters: %w", err)
	}
	if err := spam.PurgeWatch(ctx, now, now.Add(-TallyKept)); err != nil {
		return fmt.Errorf("purge the abuse page's holds and counts: %w", err)
	}
	if _, err := requests.ForgetFingerprints(ctx, now.Add(-24*time.Hour)); err != nil {
		return fmt.Errorf("forget the requests' fingerprints: %w", err)
	}
	return nil
}
