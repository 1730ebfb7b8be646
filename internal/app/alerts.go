package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage"
	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/mail"
	"immo/internal/domain/optout"
	"immo/internal/domain/report"
	"immo/internal/http/web/route"
)

// The demand alerts and the owners' weekly report run as River jobs on the
// mail queue's client (mailqueue.Config.Jobs; docs/ARCHITECTURE.md
// "Alerts and reports"):
//
//   - every server watches the catalog's version (alertsInterval) and scans
//     a new one (App.ScanAlerts): the store's compare-and-set lets one
//     server scan each version; the scan records the alerts and, for the
//     registrants who want them at once, inserts an alert job per demand in
//     its own transaction;
//   - the alert job (alertArgs) mails its demand's pending alerts;
//   - the digest (digestArgs) every day at demand.DigestHour and the report
//     (reportArgs) every Monday at report.SendHour, Brussels time, are River
//     periodic jobs, which only the elected leader inserts; and should two
//     run anyway, the pending alerts are claimed, and a report marked per
//     owner and week, in the transaction that queues the mail.
const alertsInterval = 2 * time.Second

// siteJobs are the alerts' and reports' workers and periodic jobs; New
// wires them (wire) once the queue exists, before anything runs.
type siteJobs struct {
	alerter *demand.Alerter
	reports *report.Sender
	optouts *optout.Service
	catalog *catalog.Service
	// forgot mails the password links of an address (passwordlinks.go).
	forgot func(ctx context.Context, email string) error
	feeds  *feedJobs // the CRM's feeds (feeds.go)
	// queue is the agency's queue (bound to it: its inserts carry it).
	queue   *mailqueue.Queue
	own     *jobRouter // its jobs' router when it works its own queue (router)
	log     *slog.Logger
	scanned atomic.Int64 // the last catalog version this server scanned or saw scanned (watch)
}

var _ mailqueue.Jobs = (*siteJobs)(nil)

// wire builds the alerts and the reports on the store and the queue, and
// returns the unsubscribe links' service for the unsubscribe page.
func (j *siteJobs) wire(store storage.Store, cat *catalog.Service, resolver *route.Resolver, agencies *agency.Service,
	queue *mailqueue.Queue, now func() time.Time, log *slog.Logger) (*optout.Service, error) {
	composer, err := siteComposer(resolver.Site, resolver, agencies)
	if err != nil {
		return nil, fmt.Errorf("alerts: %w", err)
	}
	j.catalog, j.queue, j.log = cat, queue, log.With("component", "alerts")
	j.router().queue = queue
	j.optouts = &optout.Service{Store: store.OptOuts(), Now: now}
	j.alerter = &demand.Alerter{
		Store: store.Alerts(), Queue: queue, Now: now,
		Listing: func(id int64) (*catalog.Property, bool) { return catalog.Listing(cat.Index(), id) },
		Instant: func(ctx context.Context, tx mail.Tx, d int64) error {
			return queue.InsertTx(ctx, tx, alertArgs{Demand: d}, nil)
		},
		Unsubscribe: func(ctx context.Context, tx mail.Tx, r demand.Recipient) (string, error) {
			return j.optouts.NewIn(ctx, tx, optout.Link{Kind: optout.Alert, Account: r.Account, Demand: r.ID})
		},
		Mail: composer.Alert,
	}
	j.reports = &report.Sender{
		Store: store.Reports(), Queue: queue, Now: now,
		Demands: func(ctx context.Context) (func(int64) int, error) {
			active, err := store.Demands().Active(ctx)
			if err != nil {
				return nil, err
			}
			ix := cat.Index()
			return func(id int64) int {
				p, ok := catalog.Listing(ix, id)
				if !ok {
					return 0
				}
				return demand.Count(active, p)
			}, nil
		},
		Unsubscribe: func(ctx context.Context, tx mail.Tx, o report.Owner) (string, error) {
			return j.optouts.NewIn(ctx, tx, optout.Link{Kind: optout.Report, Account: o.ID})
		},
		Mail: composer.OwnerReport,
	}
	return j.optouts, nil
}

// Register implements mailqueue.Jobs for a site that works its own queue
// (New without Config.Queue): its jobs are its agency's.
func (j *siteJobs) Register(w *river.Workers) { j.router().Register(w) }

// Periodic implements mailqueue.Jobs: the digest every day, the report
// every Monday, at their hour in Brussels.
func (j *siteJobs) Periodic() []*river.PeriodicJob { return j.router().Periodic() }

// router routes the jobs of a site working its own queue: its agency's to
// it, the periodic ones to it alone (its queue set by wire).
func (j *siteJobs) router() *jobRouter {
	if j.own != nil {
		return j.own
	}
	j.own = &jobRouter{
		sites: func(_ context.Context, agency int64) (*siteJobs, func(), error) {
			if agency != j.queue.Agency() {
				return nil, nil, fmt.Errorf("a job of agency %d on agency %d's queue", agency, j.queue.Agency())
			}
			return j, func() {}, nil
		},
		agencies: func(context.Context) ([]int64, error) { return []int64{j.queue.Agency()}, nil },
	}
	return j.own
}

// Schedules are the periodic jobs' schedules: the digest's, the report's.
func Schedules() (digest, weekly river.PeriodicSchedule) {
	return brusselsAt{Hour: demand.DigestHour}, brusselsAt{Hour: report.SendHour, Monday: true}
}

// brusselsAt is a River schedule: every day (or every Monday) at Hour:00
// in Brussels, DST-correct.
type brusselsAt struct {
	Hour   int
	Monday bool
}

// Next implements river.PeriodicSchedule: the first such time after t.
func (s brusselsAt) Next(t time.Time) time.Time {
	b := t.In(agenda.Brussels)
	for d := 0; ; d++ {
		next := time.Date(b.Year(), b.Month(), b.Day()+d, s.Hour, 0, 0, 0, agenda.Brussels)
		if next.After(t) && (!s.Monday || next.Weekday() == time.Monday) {
			return next
		}
	}
}

// The jobs: their args say their kind and queue. A periodic job River's
// leader inserts is every agency's (Every): its worker inserts one per
// agency, each worked by that agency's site.
type (
	alertArgs struct {
		Demand int64 `json:"demand"`
	}
	digestArgs struct {
		Every bool `json:"every,omitempty"`
	}
	reportArgs struct {
		Every bool `json:"every,omitempty"`
	}
)

func (alertArgs) Kind() string  { return "demand-alert" }
func (digestArgs) Kind() string { return "demand-digest" }
func (reportArgs) Kind() string { return "owner-report" }

func (alertArgs) InsertOpts() river.InsertOpts  { return river.InsertOpts{Queue: mailqueue.JobsQueue} }
func (digestArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: mailqueue.JobsQueue} }
func (reportArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: mailqueue.JobsQueue} }

type alertWorker struct {
	river.WorkerDefaults[alertArgs]
	r *jobRouter
}

func (w *alertWorker) Work(ctx context.Context, job *river.Job[alertArgs]) error {
	j, release, err := w.r.site(ctx, job.JobRow)
	if err != nil {
		return err
	}
	defer release()
	_, err = j.alerter.Send(ctx, job.Args.Demand, false)
	return err
}

type digestWorker struct {
	river.WorkerDefaults[digestArgs]
	r *jobRouter
}

func (w *digestWorker) Work(ctx context.Context, job *river.Job[digestArgs]) error {
	if job.Args.Every {
		return w.r.fanOut(ctx, digestArgs{})
	}
	j, release, err := w.r.site(ctx, job.JobRow)
	if err != nil {
		return err
	}
	defer release()
	_, err = j.digest(ctx)
	return err
}

// digest mails the day's digests and forgets the old unsubscribe links.
func (j *siteJobs) digest(ctx context.Context) (int, error) {
	n, err := j.alerter.Digest(ctx)
	j.log.Info("alert digests", "sent", n, "err", err)
	if _, perr := j.optouts.Purge(ctx); perr != nil {
		j.log.Warn("purging unsubscribe links", "err", perr)
	}
	return n, err
}

// scan scans the catalog's current version for alerts.
func (j *siteJobs) scan(ctx context.Context) (demand.Scanned, error) {
	ix := j.catalog.Index()
	res, err := j.alerter.Scan(ctx, ix.Version(), catalog.Listings(ix))
	if err == nil {
		j.scanned.Store(ix.Version())
		if res.Ran {
			j.log.Info("alert scan", "version", ix.Version(), "baseline", res.Baseline, "news", res.News, "alerts", res.Alerts)
		}
	}
	return res, err
}

// watch scans each catalog version this server serves (the catalog
// service reloads it every 2 s), until ctx ends.
func (j *siteJobs) watch(ctx context.Context) {
	watch(ctx, alertsInterval, "alert scan", func(ctx context.Context) (bool, error) {
		if j.catalog.Index().Version() == j.scanned.Load() {
			return false, nil
		}
		_, err := j.scan(ctx)
		return false, err
	}, j.log)
}

// ScanAlerts scans the catalog version this server serves for alerts, as
// Run's watcher does on each new one; another server may have scanned it
// (Scanned.Ran false).
func (a *App) ScanAlerts(ctx context.Context) (demand.Scanned, error) { return a.jobs.scan(ctx) }

// SendAlerts mails a demand's pending alerts now, as its alert job does.
func (a *App) SendAlerts(ctx context.Context, demandID int64) (bool, error) {
	return a.jobs.alerter.Send(ctx, demandID, false)
}

// SendDigests is the daily digest job's work: every daily registrant's
// pending alerts, a mail per demand; it returns how many it queued.
func (a *App) SendDigests(ctx context.Context) (int, error) { return a.jobs.digest(ctx) }
