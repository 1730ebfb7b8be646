package app

import (
	"context"

	"github.com/riverqueue/river"
)

// The owners' weekly report (package report): a River periodic job every
// Monday at report.SendHour in Brussels (alerts.go's siteJobs registers it),
// sending each owner who has not turned it off the figures of the week
// that ended; report.Store marks each owner's week in the transaction that
// queues the mail, so two servers running it send it once.

type reportWorker struct {
	river.WorkerDefaults[reportArgs]
	jobs *siteJobs
}

func (w *reportWorker) Work(ctx context.Context, _ *river.Job[reportArgs]) error {
	n, err := w.jobs.reports.Send(ctx)
	w.jobs.log.Info("owner reports", "sent", n, "err", err)
	return err
}

// SendReports is the weekly report job's work: the last week's report to
// every owner who has not had it; it returns how many it queued.
func (a *App) SendReports(ctx context.Context) (int, error) { return a.jobs.reports.Send(ctx) }
