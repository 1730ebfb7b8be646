package storagetest

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/agenda"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/optout"
	"immo/internal/domain/report"
	"immo/internal/domain/visit"
)

// RunAlerts is the demand alerts' suite (demand.AlertStore), run on every
// database: a catalog version scanned once by servers racing and never
// after a newer one, what was seen remembered, an alert recorded once per
// demand and listing, pending alerts claimed once by servers racing, the
// daily registrants' pending demands.
func RunAlerts(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("ScanOnce", func(t *testing.T) { testScanOnce(t, open(t), open(t)) })
	t.Run("SeenAndRecipients", func(t *testing.T) { testSeenAndRecipients(t, open(t)) })
	t.Run("ClaimOnce", func(t *testing.T) { testClaimOnce(t, open(t), open(t)) })
	t.Run("ClaimInactive", func(t *testing.T) { testClaimInactive(t, open(t)) })
}

var alertNow = time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)

func scan(t *testing.T, s *sqlstore.Store, version int64, fn func(ctx context.Context, tx demand.ScanTx, baseline bool) error) bool {
	t.Helper()
	if fn == nil {
		fn = func(context.Context, demand.ScanTx, bool) error { return nil }
	}
	ran, err := s.Alerts().Scan(t.Context(), version, alertNow, fn)
	if err != nil {
		t.Fatal(err)
	}
	return ran
}

func testScanOnce(t *testing.T, s1, s2 *sqlstore.Store) {
	var baselines atomic.Int32
	if !scan(t, s1, 3, func(_ context.Context, _ demand.ScanTx, baseline bool) error {
		if baseline {
			baselines.Add(1)
		}
		return nil
	}) || baselines.Load() != 1 {
		t.Fatal("the first scan did not run as the baseline")
	}
	// Six scans of version 5 at once on two handles: one runs.
	var runs atomic.Int32
	var wg sync.WaitGroup
	for i := range 6 {
		s := []*sqlstore.Store{s1, s2}[i%2]
		wg.Go(func() {
			ran, err := s.Alerts().Scan(t.Context(), 5, alertNow, func(_ context.Context, _ demand.ScanTx, baseline bool) error {
				runs.Add(1)
				if baseline {
					t.Error("a later scan is no baseline")
				}
				return nil
			})
			if err != nil {
				t.Error(err)
			}
			_ = ran
		})
	}
	wg.Wait()
	if runs.Load() != 1 {
		t.Errorf("version 5 scanned %d times, want 1", runs.Load())
	}
	if scan(t, s2, 4, nil) || scan(t, s1, 5, nil) {
		t.Error("an older or the same version scanned again")
	}
	// A failed scan leaves the version to the next try.
	boom := errors.New("boom")
	if ran, err := s1.Alerts().Scan(t.Context(), 6, alertNow, func(context.Context, demand.ScanTx, bool) error { return boom }); !ran || !errors.Is(err, boom) {
		t.Fatalf("failed scan = %v, %v", ran, err)
	}
	if !scan(t, s2, 6, nil) {
		t.Error("version 6 not scanned again after its failure")
	}
}

func testSeenAndRecipients(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann := registrant(t, s, "ann@example.be", false)
	off := registrant(t, s, "off@example.be", true)
	d1 := mustSaveDemand(t, s, fullDemand(ann))
	mustSaveDemand(t, s, plainDemand(off)) // a disabled account's
	paused := plainDemand(ann)
	paused.Paused = true
	mustSaveDemand(t, s, paused)
	scan(t, s, 1, func(ctx context.Context, tx demand.ScanTx, baseline bool) error {
		seen, err := tx.Seen(ctx)
		if err != nil || len(seen) != 0 || !baseline {
			t.Errorf("Seen at first = %v, %v, baseline %v", seen, err, baseline)
		}
		rows := make([]demand.Seen, 450) // more than a statement's batch
		for i := range rows {
			rows[i] = demand.Seen{Property: int64(i + 1), Price: int64(1000 * i)}
		}
		return tx.Remember(ctx, rows, alertNow)
	})
	scan(t, s, 2, func(ctx context.Context, tx demand.ScanTx, _ bool) error {
		seen, err := tx.Seen(ctx)
		if err != nil || len(seen) != 450 || seen[3] != (demand.Seen{Property: 3, Price: 2000}) {
			t.Errorf("Seen = %d rows, [3] %v, %v", len(seen), seen[3], err)
		}
		if err := tx.Remember(ctx, []demand.Seen{{Property: 3, Price: 1500}, {Property: 9999, Price: 7}}, alertNow); err != nil {
			return err
		}
		rs, err := tx.Recipients(ctx)
		if err != nil {
			return err
		}
		want := demand.Recipient{Demand: d1, Email: "ann@example.be", FirstName: "A", LastName: "B"}
		if len(rs) != 1 || !reflect.DeepEqual(rs[0], want) {
			t.Errorf("Recipients = %+v, want %+v", rs, want)
		}
		for _, c := range []struct {
			a     demand.Alert
			first bool
		}{
			{demand.Alert{Demand: d1.ID, Property: 3, Reason: demand.ReasonCheaper, Was: 2000}, true},
			{demand.Alert{Demand: d1.ID, Property: 3, Reason: demand.ReasonNew}, false}, // once
			{demand.Alert{Demand: d1.ID, Property: 4, Reason: demand.ReasonNew}, true},
			{demand.Alert{Demand: 99999, Property: 4, Reason: demand.ReasonNew}, false}, // gone
		} {
			if first, err := tx.Record(ctx, c.a, alertNow); err != nil || first != c.first {
				t.Errorf("Record(%+v) = %v, %v; want %v", c.a, first, err, c.first)
			}
		}
		return nil
	})
	scan(t, s, 3, func(ctx context.Context, tx demand.ScanTx, _ bool) error {
		seen, err := tx.Seen(ctx)
		if err != nil || len(seen) != 451 || seen[3].Price != 1500 || seen[9999].Price != 7 {
			t.Errorf("Seen after Remember = %d rows, %v, %v", len(seen), seen[3], err)
		}
		return nil
	})
	// Marked by the existing contract too: MarkAlerted's pair is told.
	if first, err := s.Demands().MarkAlerted(ctx, d1.ID, 4); err != nil || first {
		t.Errorf("MarkAlerted of a recorded alert = %v, %v", first, err)
	}
}

// recordPending records alerts of demand about properties in a scan.
func recordPending(t *testing.T, s *sqlstore.Store, version int64, demandID int64, properties ...int64) {
	t.Helper()
	scan(t, s, version, func(ctx context.Context, tx demand.ScanTx, _ bool) error {
		for i, p := range properties {
			a := demand.Alert{Demand: demandID, Property: p, Reason: demand.ReasonNew}
			if i%2 == 1 {
				a.Reason, a.Was = demand.ReasonCheaper, 1000*p
			}
			if _, err := tx.Record(ctx, a, alertNow.Add(time.Duration(i)*time.Minute)); err != nil {
				return err
			}
		}
		return nil
	})
}

func testClaimOnce(t *testing.T, s1, s2 *sqlstore.Store) {
	ctx := t.Context()
	ann := registrant(t, s1, "ann@example.be", false)
	daily, err := s1.Accounts().Create(ctx, account.Account{Role: account.Registrant, Email: "dee@example.be",
		FirstName: "D", LastName: "E", Lang: "nl", PasswordHash: "h", Created: accNow, AlertFrequency: account.Daily,
		Confirmed: accNow})
	if err != nil {
		t.Fatal(err)
	}
	d1 := mustSaveDemand(t, s1, plainDemand(ann))
	d2 := mustSaveDemand(t, s1, fullDemand(daily))
	mustSaveDemand(t, s1, plainDemand(daily)) // nothing pending
	recordPending(t, s1, 1, d1.ID, 10, 11, 12)
	recordPending(t, s1, 2, d2.ID, 10)
	pendingDemands := func(daily bool, want ...int64) {
		t.Helper()
		got, err := s2.Alerts().PendingDemands(ctx, daily)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("PendingDemands(%v) = %v, %v; want %v", daily, got, err, want)
		}
	}
	pendingDemands(false, d1.ID, d2.ID)
	pendingDemands(true, d2.ID)

	var mu sync.Mutex
	var got [][]demand.Pending
	var wg sync.WaitGroup
	for i := range 6 {
		s := []*sqlstore.Store{s1, s2}[i%2]
		wg.Go(func() {
			_, err := s.Alerts().Claim(ctx, d1.ID, alertNow.Add(time.Hour), func(_ context.Context, tx mail.Tx, r demand.Recipient, p []demand.Pending) error {
				if r.ID != d1.ID || r.Email != "ann@example.be" || r.Daily {
					t.Errorf("recipient %+v", r)
				}
				mu.Lock()
				got = append(got, p)
				mu.Unlock()
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if len(got) != 1 {
		t.Fatalf("claimed %d times, want once", len(got))
	}
	slices.SortFunc(got[0], func(a, b demand.Pending) int { return int(a.Property - b.Property) })
	want := []demand.Pending{{Property: 10, Reason: demand.ReasonNew, At: alertNow},
		{Property: 11, Reason: demand.ReasonCheaper, Was: 11000, At: alertNow.Add(time.Minute)},
		{Property: 12, Reason: demand.ReasonNew, At: alertNow.Add(2 * time.Minute)}}
	if !reflect.DeepEqual(got[0], want) {
		t.Errorf("claimed %+v, want %+v", got[0], want)
	}
	pendingDemands(false, d2.ID)

	// A failed mail leaves the alerts pending.
	boom := errors.New("boom")
	if _, err := s1.Alerts().Claim(ctx, d2.ID, alertNow, func(context.Context, mail.Tx, demand.Recipient, []demand.Pending) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("Claim = %v", err)
	}
	pendingDemands(true, d2.ID)
	if claimed, err := s1.Alerts().Claim(ctx, d2.ID, alertNow, func(_ context.Context, _ mail.Tx, r demand.Recipient, p []demand.Pending) error {
		if !r.Daily || len(p) != 1 {
			t.Errorf("daily recipient %+v, %d pending", r, len(p))
		}
		return nil
	}); !claimed || err != nil {
		t.Fatalf("Claim = %v, %v", claimed, err)
	}
	pendingDemands(true)
}

func testClaimInactive(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann := registrant(t, s, "ann@example.be", false)
	d := mustSaveDemand(t, s, plainDemand(ann))
	recordPending(t, s, 1, d.ID, 10)
	hash := "h-alert"
	addOptOut(t, s, hash, optout.Link{Kind: optout.Alert, Account: ann, Demand: d.ID})
	if _, err := s.OptOuts().Use(ctx, hash, alertNow); err != nil { // paused
		t.Fatal(err)
	}
	called := false
	claimed, err := s.Alerts().Claim(ctx, d.ID, alertNow, func(context.Context, mail.Tx, demand.Recipient, []demand.Pending) error {
		called = true
		return nil
	})
	if err != nil || !claimed || called {
		t.Errorf("Claim of a paused demand = %v, %v, mailed %v; want its alerts dropped", claimed, err, called)
	}
	if ids, err := s.Alerts().PendingDemands(ctx, false); err != nil || len(ids) != 0 {
		t.Errorf("PendingDemands = %v, %v", ids, err)
	}
}

// addOptOut stores an unsubscribe link in a transaction of its own.
func addOptOut(t *testing.T, s *sqlstore.Store, hash string, l optout.Link) {
	t.Helper()
	if err := s.WithTx(t.Context(), func(ctx context.Context, tx mail.Tx) error {
		return s.OptOuts().AddIn(ctx, tx, hash, l, alertNow)
	}); err != nil {
		t.Fatalf("add unsubscribe link: %v", err)
	}
}

// RunOptOuts is the one-click unsubscribe links' suite (optout.Store).
func RunOptOuts(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Use", func(t *testing.T) { testOptOutUse(t, open(t)) })
}

func testOptOutUse(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann := registrant(t, s, "ann@example.be", false)
	d := mustSaveDemand(t, s, plainDemand(ann))
	other := mustSaveDemand(t, s, plainDemand(ann))
	owner, _ := invite(t, s, "owner@example.be", []int64{1}, "h-invite")
	alert := optout.Link{Kind: optout.Alert, Account: ann, Demand: d.ID}
	rep := optout.Link{Kind: optout.Report, Account: owner.ID}
	addOptOut(t, s, "alert-hash", alert)
	addOptOut(t, s, "report-hash", rep)
	for hash, want := range map[string]optout.Link{"alert-hash": alert, "report-hash": rep} {
		if l, err := s.OptOuts().Find(ctx, hash); err != nil || l != want {
			t.Errorf("Find(%s) = %+v, %v; want %+v", hash, l, err, want)
		}
	}
	if _, err := s.OptOuts().Find(ctx, "nope"); !errors.Is(err, optout.ErrUnknown) {
		t.Errorf("Find of an unknown hash: %v", err)
	}
	if _, err := s.OptOuts().Use(ctx, "nope", alertNow); !errors.Is(err, optout.ErrUnknown) {
		t.Errorf("Use of an unknown hash: %v", err)
	}
	mustActive(t, s, d, other)
	for range 2 { // twice: no error
		if l, err := s.OptOuts().Use(ctx, "alert-hash", alertNow); err != nil || l != alert {
			t.Fatalf("Use = %+v, %v", l, err)
		}
	}
	mustActive(t, s, other) // that demand paused, not the other
	if a, _ := s.Accounts().ByID(ctx, owner.ID); !a.WeeklyReport {
		t.Fatal("an owner starts with the report on")
	}
	if _, err := s.OptOuts().Use(ctx, "report-hash", alertNow); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.Accounts().ByID(ctx, owner.ID); !a.Disabled && a.WeeklyReport {
		t.Error("the report is still on")
	}
	// Forgotten after Keep; gone with its demand.
	if n, err := s.OptOuts().Purge(ctx, alertNow.Add(-time.Second)); err != nil || n != 0 {
		t.Errorf("Purge of nothing old = %d, %v", n, err)
	}
	if err := s.Demands().Delete(ctx, d.ID, ann); err != nil {
		t.Fatal(err)
	}
	if _, err := s.OptOuts().Find(ctx, "alert-hash"); !errors.Is(err, optout.ErrUnknown) {
		t.Errorf("a deleted demand's link: %v", err)
	}
	if n, err := s.OptOuts().Purge(ctx, alertNow.Add(time.Second)); err != nil || n != 1 {
		t.Errorf("Purge = %d, %v; want the report's link", n, err)
	}
}

// RunReports is the owners' weekly report's suite (report.Store): the
// recipients, the week's figures against the visits, requests and
// bookings stored, a report sent once by servers racing.
func RunReports(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Recipients", func(t *testing.T) { testReportRecipients(t, open(t)) })
	t.Run("Figures", func(t *testing.T) { testReportFigures(t, open(t)) })
	t.Run("SendOnce", func(t *testing.T) { testReportOnce(t, open(t), open(t)) })
}

func testReportRecipients(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann, _ := invite(t, s, "ann@example.be", []int64{12, 11}, "h1")
	bob, _ := invite(t, s, "bob@example.be", []int64{13}, "h2")
	invite(t, s, "off@example.be", []int64{14}, "h3")
	registrant(t, s, "reg@example.be", false)
	addOptOut(t, s, "off", optout.Link{Kind: optout.Report, Account: mustAccount(t, s, "off@example.be").ID})
	if _, err := s.OptOuts().Use(ctx, "off", alertNow); err != nil {
		t.Fatal(err)
	}
	got, err := s.Reports().Recipients(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids [][]int64
	for _, o := range got {
		ids = append(ids, append([]int64{o.ID}, o.Properties...))
		if o.Role != account.Owner || o.Email == "" || !o.WeeklyReport {
			t.Errorf("recipient %+v", o.Account)
		}
	}
	if want := [][]int64{{ann.ID, 11, 12}, {bob.ID, 13}}; !reflect.DeepEqual(ids, want) {
		t.Errorf("Recipients = %v, want %v", ids, want)
	}
}

func mustAccount(t *testing.T, s *sqlstore.Store, email string) account.Account {
	t.Helper()
	a, err := s.Accounts().ByEmail(t.Context(), account.Owner, email)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func testReportFigures(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	w := report.Week{Monday: "2026-03-23"} // summer time begins on its Sunday
	// Visits: the week, the week before, and outside both.
	if err := s.Visits().Add(ctx, map[visit.Key]int{
		{Property: 1, Day: "2026-03-23"}: 3, {Property: 1, Day: "2026-03-29"}: 4, {Property: 1, Day: "2026-03-30"}: 100,
		{Property: 1, Day: "2026-03-16"}: 2, {Property: 1, Day: "2026-03-22"}: 3, {Property: 1, Day: "2026-03-15"}: 100,
		{Property: 2, Day: "2026-03-25"}: 5, {Property: 3, Day: "2026-03-25"}: 100,
	}); err != nil {
		t.Fatal(err)
	}
	brussels := func(day, hour int) time.Time { return time.Date(2026, 3, day, hour, 0, 0, 0, agenda.Brussels) }
	save := func(kind lead.Kind, property int64, at time.Time, book bool) {
		t.Helper()
		r := lead.Request{Kind: kind, Lang: "fr", PropertyID: property, Time: at, IPHash: "ip",
			Person: lead.Person{FirstName: "A", LastName: "B", Email: "a@example.be"}}
		_, err := s.Requests().Save(ctx, r, func(ctx context.Context, tx mail.Tx, id int64) error {
			if !book {
				return nil
			}
			_, err := s.Bookings().TakeIn(ctx, tx, agenda.Booking{Start: at.Add(48 * time.Hour).Truncate(time.Hour), Property: property, RequestID: id},
				agenda.Limits{Slot: 10, Property: 10})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	save(lead.KindInformation, 1, brussels(23, 0), false)    // Monday midnight: in
	save(lead.KindInformation, 1, brussels(29, 23), false)   // Sunday night (summer time): in
	save(lead.KindInformation, 1, brussels(30, 0), false)    // next Monday: out
	save(lead.KindInformation, 1, brussels(22, 23), false)   // the Sunday before: out
	save(lead.KindVisit, 1, brussels(24, 10), true)          // a visit booked
	save(lead.KindVisit, 1, brussels(25, 10), false)         // a visit asked, not booked
	save(lead.KindPurchaseOffer, 2, brussels(26, 10), false) // another property
	save(lead.KindVisit, 3, brussels(26, 10), true)          // not asked for
	save(lead.KindFriend, 1, brussels(26, 10), false)        // sent to a friend: no request to the agency
	save(lead.KindInformation, 1, brussels(27, 10), false)   // marked spam by the agency: not counted
	spam, err := s.Inbox().Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Requests().SetStatus(ctx, spam, lead.StatusSpam); err != nil {
		t.Fatal(err)
	}
	got, err := s.Reports().Figures(ctx, []int64{1, 2, 4}, w)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]report.Figures{
		1: {Property: 1, Visits: 7, VisitsBefore: 5, Requests: map[string]int{"contact-me": 2, "contact-appointment": 2}, Booked: 1},
		2: {Property: 2, Visits: 5, Requests: map[string]int{"purchase-offer": 1}},
		4: {Property: 4, Requests: map[string]int{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Figures =\n%+v\nwant\n%+v", got, want)
	}
	if got, err := s.Reports().Figures(ctx, nil, w); err != nil || len(got) != 0 {
		t.Errorf("Figures of no property = %v, %v", got, err)
	}
}

func testReportOnce(t *testing.T, s1, s2 *sqlstore.Store) {
	ann, _ := invite(t, s1, "ann@example.be", []int64{1}, "h1")
	w := report.Week{Monday: "2026-03-23"}
	var sent atomic.Int32
	var wg sync.WaitGroup
	for i := range 6 {
		s := []*sqlstore.Store{s1, s2}[i%2]
		wg.Go(func() {
			ok, err := s.Reports().Send(t.Context(), ann.ID, w, alertNow, func(ctx context.Context, tx mail.Tx) error {
				sent.Add(1)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
			_ = ok
		})
	}
	wg.Wait()
	if sent.Load() != 1 {
		t.Errorf("the week's report sent %d times, want 1", sent.Load())
	}
	// The next week is another report; a failed one is not marked.
	boom := errors.New("boom")
	if ok, err := s1.Reports().Send(t.Context(), ann.ID, w.Before(), alertNow, func(context.Context, mail.Tx) error { return boom }); ok || !errors.Is(err, boom) {
		t.Fatalf("failed Send = %v, %v", ok, err)
	}
	if ok, err := s2.Reports().Send(t.Context(), ann.ID, w.Before(), alertNow, func(context.Context, mail.Tx) error { return nil }); !ok || err != nil {
		t.Fatalf("Send after a failure = %v, %v", ok, err)
	}
}
