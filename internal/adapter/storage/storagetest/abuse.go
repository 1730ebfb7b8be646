package storagetest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/antispam"
	"immo/internal/domain/audit"
)

// testAbuse is the abuse page's store: the refusals counted per hour, the
// holds a Limiter records with their counters' hits, the search, the
// release (its counters forgotten, its audit entry in its transaction,
// once of two at once) and the purge.
func testAbuse(t *testing.T, s, other *sqlstore.Store) {
	ctx := t.Context()
	a := s.Antispam()
	now := day
	hour := now.Truncate(time.Hour)
	// Counted on two servers: in memory until read or flushed.
	w, w2 := antispam.NewBatch(a), antispam.NewBatch(other.Antispam())
	for i, r := range []struct{ reason, area string }{{"noproof-hour", "contact"}, {"noproof-hour", "contact"},
		{"honeypot", "friend"}, {"login-ip", "owner-login"}} {
		if err := antispam.Refuse(ctx, []*antispam.Batch{w, w2}[i%2], now, r.reason, r.area); err != nil {
			t.Fatal(err)
		}
	}
	if stored, _ := a.Tallies(ctx, now.Add(-2*time.Hour)); len(stored) != 0 {
		t.Fatalf("counts written before a flush: %+v", stored)
	}
	if err := w2.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := a.AddRefusals(ctx, []antispam.Tally{{Hour: hour.Add(-3 * time.Hour), Reason: "proof", Area: "visit", Count: 1}}); err != nil {
		t.Fatal(err)
	}
	tallies, err := w.Tallies(ctx, now.Add(-2*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []antispam.Tally{{Hour: hour, Reason: "honeypot", Area: "friend", Count: 1},
		{Hour: hour, Reason: "login-ip", Area: "owner-login", Count: 1}, {Hour: hour, Reason: "noproof-hour", Area: "contact", Count: 2}}
	if !slices.EqualFunc(tallies, want, func(a, b antispam.Tally) bool {
		return a.Hour.Equal(b.Hour) && a.Reason == b.Reason && a.Area == b.Area && a.Count == b.Count
	}) {
		t.Fatalf("tallies of the last two hours = %+v, want %+v", tallies, want)
	}
	if all, _ := a.Tallies(ctx, now.Add(-24*time.Hour)); len(all) != 4 || all[3].Reason != "proof" {
		t.Fatalf("tallies of the day = %+v", all)
	}

	// Two limits held through a Limiter, one of them on two servers.
	lim := func(st *sqlstore.Store, name string, max int, window time.Duration) *antispam.Limiter {
		return &antispam.Limiter{Counter: st.Antispam(), Watch: antispam.NewBatch(st.Antispam()), Max: max, Window: window, Name: name,
			Now: func() time.Time { return now }}
	}
	ip := antispam.Attempt{Key: "lead:noproof-hour:hash-ip", Who: "203.0.113.7", Area: "contact"}
	mail := antispam.Attempt{Key: "lead:mailto-day:hash-mail", Who: "Jan.Peeters@example.be", Area: "friend"}
	for i := range 3 {
		st := s
		if i%2 == 1 {
			st = other
		}
		if _, err := lim(st, "noproof-hour", 2, time.Hour).Allow(ctx, ip); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := lim(s, "mailto-day", 1, 24*time.Hour).Hit(ctx, mail); err != nil {
		t.Fatal(err)
	}
	if _, _, err := lim(s, "forgot-hour", 5, time.Hour).Hit(ctx, antispam.Attempt{Key: "lead:forgot-hour:x", Who: "198.51.100.1"}); err != nil {
		t.Fatal(err)
	}
	holds, err := a.Holds(ctx, antispam.HoldQuery{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(holds) != 2 {
		t.Fatalf("holds = %+v, want the two keys at their limits (not the one under)", holds)
	}
	byKey := map[string]antispam.Hold{}
	for _, h := range holds {
		byKey[h.Key] = h
	}
	if h := byKey[ip.Key]; h.Who != ip.Who || h.Limit != "noproof-hour" || h.Area != "contact" || h.Hits != 3 || h.Max != 2 ||
		!h.Window.Equal(hour) || !h.Until.Equal(hour.Add(time.Hour)) {
		t.Fatalf("the IP's hold = %+v", h)
	}
	if h := byKey[mail.Key]; h.Who != mail.Who || h.Hits != 1 || !h.Until.Equal(now.Truncate(24*time.Hour).Add(24*time.Hour)) {
		t.Fatalf("the address's hold = %+v", h)
	}
	if found, _ := a.Holds(ctx, antispam.HoldQuery{Now: now, Who: "jan.peeters"}); len(found) != 1 || found[0].Key != mail.Key {
		t.Fatalf("a search by a part of the address, any case = %+v", found)
	}
	if found, _ := a.Holds(ctx, antispam.HoldQuery{Now: now, Who: "%"}); len(found) != 0 {
		t.Fatalf("a search for %% is a literal: %+v", found)
	}
	if later, _ := a.Holds(ctx, antispam.HoldQuery{Now: hour.Add(time.Hour)}); len(later) != 1 || later[0].Key != mail.Key {
		t.Fatalf("after the hour's window only the day's hold stays: %+v", later)
	}

	// A refused audit entry releases nothing.
	refused := errors.New("no audit")
	if err := a.Release(ctx, ip.Key, hour, now, func(context.Context, antispam.Hold) error { return refused }); !errors.Is(err, refused) {
		t.Fatalf("release with a failing audit = %v", err)
	}
	if n, _ := a.Count(ctx, ip.Key, hour); n != 3 {
		t.Fatalf("a failed release forgot the counter: %d", n)
	}
	// Two staff members release at once: once.
	var audited []antispam.Hold
	var mu sync.Mutex
	errs := race(2, s, other, func(st *sqlstore.Store) error {
		return st.Antispam().Release(ctx, ip.Key, hour, now, func(ctx context.Context, before antispam.Hold) error {
			mu.Lock()
			audited = append(audited, before)
			mu.Unlock()
			return st.Audit().Log(ctx, audit.Entry{Time: now, Actor: 1, Action: "abuse.release", TargetKind: "abuse", Before: before.Who})
		})
	})
	nils := 0
	for _, err := range errs {
		switch {
		case err == nil:
			nils++
		case !errors.Is(err, antispam.ErrNoHold):
			t.Fatalf("a racing release: %v", err)
		}
	}
	if nils != 1 || len(audited) != 1 || audited[0].Hits != 3 {
		t.Fatalf("two releases at once: %v, audited %+v", errs, audited)
	}
	if n, _ := a.Count(ctx, ip.Key, hour); n != 0 {
		t.Fatalf("released, the counter still holds %d", n)
	}
	if entries, err := s.Audit().List(ctx, audit.Query{TargetKind: "abuse", Limit: 10}); err != nil || len(entries) != 1 || entries[0].Before != ip.Who {
		t.Fatalf("audit = %+v, %v", entries, err)
	}
	if ok, _ := lim(s, "noproof-hour", 2, time.Hour).Allow(ctx, ip); !ok {
		t.Fatal("released, the sender is still refused")
	}
	if err := a.Release(ctx, ip.Key, hour, now, func(context.Context, antispam.Hold) error { return nil }); !errors.Is(err, antispam.ErrNoHold) {
		t.Fatalf("releasing a key no longer held = %v", err)
	}

	// The purge forgets the ended holds and the old counts.
	if err := a.PurgeWatch(ctx, now.Add(48*time.Hour), hour.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	if left, _ := a.Holds(ctx, antispam.HoldQuery{Now: now}); len(left) != 0 {
		t.Fatalf("holds after the purge: %+v", left)
	}
	if left, _ := a.Tallies(ctx, now.Add(-24*time.Hour)); len(left) != 3 {
		t.Fatalf("tallies after the purge: %+v", left)
	}
}
