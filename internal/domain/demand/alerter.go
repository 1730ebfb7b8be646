package demand

import (
	"context"
	"errors"
	"iter"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/mail"
)

// Alerter runs the alerts on an AlertStore: Scan over each catalog version,
// Send for one demand's pending alerts (an instant alert's job), Digest for
// every daily registrant's (the daily job). The caller (internal/app) gives
// it the catalog, the mails and the jobs.
type Alerter struct {
	Store AlertStore
	Queue mail.Queue
	// Listing is a property of the current catalog.
	Listing func(id int64) (*catalog.Property, bool)
	// Instant queues, inside tx, the job that mails demand's pending alerts
	// (Send) once the scan is committed.
	Instant func(ctx context.Context, tx mail.Tx, demand int64) error
	// Unsubscribe makes, inside tx, the token of the link that stops r's
	// alerts (package optout).
	Unsubscribe func(ctx context.Context, tx mail.Tx, r Recipient) (string, error)
	// Mail writes the alert mail of items to r (daily: the digest).
	Mail func(r Recipient, items []Item, unsubscribe string, daily bool) (mail.Message, error)
	Now  func() time.Time // nil: time.Now
}

func (a *Alerter) now() time.Time {
	if a.Now != nil {
		return a.Now().UTC()
	}
	return time.Now().UTC()
}

// Scanned says what a scan did.
type Scanned struct {
	Ran      bool // false: another server scanned this version, or a later one
	Baseline bool // the first scan: remembered, announced nothing
	News     int  // listings new or cheaper
	Alerts   int  // (demand, listing) pairs recorded for the first time
}

// Scan compares the catalog at version (its listings) with what the
// versions before said, records the alerts of the news and, for the
// registrants who want them at once, queues their job; all in one
// transaction, once across servers.
func (a *Alerter) Scan(ctx context.Context, version int64, listings iter.Seq[*catalog.Property]) (Scanned, error) {
	now := a.now()
	var out Scanned
	ran, err := a.Store.Scan(ctx, version, now, func(ctx context.Context, tx ScanTx, baseline bool) error {
		out = Scanned{Ran: true, Baseline: baseline}
		seen, err := tx.Seen(ctx)
		if err != nil {
			return err
		}
		news, remember := Changes(listings, seen, baseline)
		out.News = len(news)
		if err := tx.Remember(ctx, remember, now); err != nil {
			return err
		}
		if len(news) == 0 {
			return nil
		}
		recipients, err := tx.Recipients(ctx)
		if err != nil {
			return err
		}
		demands := make([]Demand, len(recipients))
		daily := map[int64]bool{}
		for i, r := range recipients {
			demands[i], daily[r.ID] = r.Demand, r.Daily
		}
		instant := map[int64]bool{}
		for _, al := range Alerts(demands, news, now) {
			first, err := tx.Record(ctx, al, now)
			if err != nil {
				return err
			}
			if first {
				out.Alerts++
				if !daily[al.Demand] {
					instant[al.Demand] = true
				}
			}
		}
		for _, d := range demands { // in id order
			if instant[d.ID] {
				if err := a.Instant(ctx, tx, d.ID); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if !ran {
		return Scanned{}, err
	}
	return out, err
}

// Send mails demand's pending alerts (daily: as the digest) and tells
// whether a mail was queued: the alerts are claimed in the transaction
// that queues it, so two servers sending at once send them once. Alerts of
// listings gone or no longer matching are claimed without a mail.
func (a *Alerter) Send(ctx context.Context, demand int64, daily bool) (bool, error) {
	sent := false
	_, err := a.Store.Claim(ctx, demand, a.now(), func(ctx context.Context, tx mail.Tx, r Recipient, pending []Pending) error {
		items := Compose(r.Demand, pending, a.Listing)
		if len(items) == 0 {
			return nil
		}
		token, err := a.Unsubscribe(ctx, tx, r)
		if err != nil {
			return err
		}
		m, err := a.Mail(r, items, token, daily)
		if err != nil {
			return err
		}
		sent = true
		return a.Queue.Enqueue(ctx, tx, m)
	})
	if err != nil {
		return false, err
	}
	return sent, nil
}

// Digest mails every daily registrant's pending alerts, a mail per demand;
// it returns how many mails it queued. One demand's failure does not stop
// the others (their errors are joined).
func (a *Alerter) Digest(ctx context.Context) (int, error) {
	ids, err := a.Store.PendingDemands(ctx, true)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, id := range ids {
		sent, err := a.Send(ctx, id, true)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if sent {
			n++
		}
	}
	return n, errors.Join(errs...)
}
