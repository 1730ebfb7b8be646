package demand

import (
	"cmp"
	"context"
	"iter"
	"math"
	"slices"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/mail"
)

// The alerts: each catalog version is compared with what the versions
// before it said of every listing (Seen); a listing available for the first
// time, or available at a published price below the last one, is News; a
// news matching a demand confirmed before it is an Alert, recorded once per
// demand and listing (AlertStore.RecordIn) and mailed at once or in the
// daily digest (Compose's items, from the Pending rows claimed).

// Seen is what the catalog versions scanned said of a listing that has been
// available.
type Seen struct {
	Property int64
	// Price is its published price in whole euros; 0: not published.
	Price int64
}

// DigestHour is when the registrants who asked for one daily mail get it:
// every day at this hour, Brussels time.
const DigestHour = 8

// Reason is why a listing is news.
type Reason string

const (
	ReasonNew     Reason = "new"   // available for the first time
	ReasonCheaper Reason = "price" // its published price went down
)

// News is a listing a catalog version brings.
type News struct {
	Property *catalog.Property
	Reason   Reason
	// Was is the published price before a drop (ReasonCheaper).
	Was int64
}

// PublishedPrice is p's price as an alert may tell it: whole euros, 0 when
// the agency does not publish it.
func PublishedPrice(p *catalog.Property) int64 {
	if !p.PublishPrice || p.Price <= 0 || math.IsNaN(p.Price) || p.Price > math.MaxInt64/2 {
		return 0
	}
	return int64(math.Round(p.Price))
}

// Changes compares the available listings of a catalog version with seen
// (what the versions before said): news are the listings without a row
// (new) and those whose published price is below their row's, both
// published (cheaper); remember are the rows to write for this version (a
// new listing, a price changed either way). Listings that are not
// available are neither news nor remembered: one available later is new
// then. baseline (the first scan ever) remembers everything and announces
// nothing: a registrant is not told of what was online before the alerts
// began.
func Changes(listings iter.Seq[*catalog.Property], seen map[int64]Seen, baseline bool) (news []News, remember []Seen) {
	for p := range listings {
		if p.Status != catalog.StatusAvailable {
			continue
		}
		price := PublishedPrice(p)
		before, known := seen[p.ID]
		switch {
		case !known:
			if !baseline {
				news = append(news, News{Property: p, Reason: ReasonNew})
			}
		case price == before.Price:
			continue
		case price > 0 && before.Price > 0 && price < before.Price && !baseline:
			news = append(news, News{Property: p, Reason: ReasonCheaper, Was: before.Price})
		}
		remember = append(remember, Seen{Property: p.ID, Price: price})
	}
	return news, remember
}

// Alert is one listing to announce to one demand.
type Alert struct {
	Demand   int64
	Property int64
	Reason   Reason
	Was      int64
}

// Alerts pairs the news found at `at` with the demands they match: only a
// demand confirmed before then (a listing online when the registrant
// confirmed is no news to them), active (not paused).
func Alerts(demands []Demand, news []News, at time.Time) []Alert {
	var out []Alert
	for _, d := range demands {
		if d.Paused || d.Confirmed.IsZero() || !d.Confirmed.Before(at) {
			continue
		}
		for _, n := range news {
			if d.Matches(n.Property) {
				out = append(out, Alert{Demand: d.ID, Property: n.Property.ID, Reason: n.Reason, Was: n.Was})
			}
		}
	}
	return out
}

// Recipient is an active demand with its registrant's address and choice.
type Recipient struct {
	Demand
	Email, FirstName, LastName string
	// Daily: the registrant reads the day's alerts in one digest; else
	// each scan's alerts are mailed at once.
	Daily bool
}

// Pending is a recorded alert not yet mailed.
type Pending struct {
	Property int64
	Reason   Reason
	Was      int64
	At       time.Time // when it was found
}

// Item is one listing of an alert mail.
type Item struct {
	Property *catalog.Property
	Reason   Reason
	Was      int64 // the price before a drop
}

// Compose is what an alert mail to d shows of its pending alerts: the
// listings still in the catalog and still matching d (one sold, taken
// offline or changed since is left out), the price drops only while the
// price is still below what it was, newest first. Empty: no mail.
func Compose(d Demand, pending []Pending, listing func(id int64) (*catalog.Property, bool)) []Item {
	sorted := slices.Clone(pending)
	slices.SortStableFunc(sorted, func(a, b Pending) int {
		return cmp.Or(b.At.Compare(a.At), cmp.Compare(a.Property, b.Property))
	})
	var out []Item
	for _, p := range sorted {
		l, ok := listing(p.Property)
		if !ok || !d.Matches(l) {
			continue
		}
		if p.Reason == ReasonCheaper {
			if now := PublishedPrice(l); now == 0 || now >= p.Was {
				continue
			}
		}
		out = append(out, Item{Property: l, Reason: p.Reason, Was: p.Was})
	}
	return out
}

// Count is how many of demands match p now (the owner's report).
func Count(demands []Demand, p *catalog.Property) int {
	n := 0
	for _, d := range demands {
		if !d.Paused && !d.Confirmed.IsZero() && d.Matches(p) {
			n++
		}
	}
	return n
}

// ScanTx is what the scan of one catalog version does inside its
// transaction (AlertStore.Scan).
type ScanTx interface {
	mail.Tx
	// Seen is what the versions scanned before said of every listing.
	Seen(ctx context.Context) (map[int64]Seen, error)
	// Remember writes this version's rows.
	Remember(ctx context.Context, rows []Seen, now time.Time) error
	// Recipients are the active demands (Store.Active's) with their
	// registrants.
	Recipients(ctx context.Context) ([]Recipient, error)
	// Record keeps a as pending; first is false when the demand was told
	// about that listing already (or is gone), so a listing is announced to
	// a demand once.
	Record(ctx context.Context, a Alert, now time.Time) (first bool, err error)
}

// AlertStore keeps what the alerts need across catalog versions and
// servers.
type AlertStore interface {
	// Scan runs fn in one write transaction when version is above the last
	// catalog version scanned, and records it: of servers noticing the
	// same version one scans it, and none scans an older one after it.
	// baseline is true on the first scan ever. ran is false when fn did
	// not run.
	Scan(ctx context.Context, version int64, now time.Time, fn func(ctx context.Context, tx ScanTx, baseline bool) error) (ran bool, err error)
	// Claim marks the pending alerts of the demand mailed and, when there
	// were any and the demand is still active, runs fn with them in the
	// same transaction (which queues their mail): of servers claiming the
	// same demand at once one gets them. An inactive demand's pending
	// alerts are dropped.
	Claim(ctx context.Context, demand int64, now time.Time, fn func(ctx context.Context, tx mail.Tx, r Recipient, pending []Pending) error) (claimed bool, err error)
	// PendingDemands are the demands with pending alerts whose registrant
	// reads a daily digest (daily), or any registrant (!daily), by id.
	PendingDemands(ctx context.Context, daily bool) ([]int64, error)
}
