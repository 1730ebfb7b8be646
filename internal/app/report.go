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
	r *jobRouter
}

func (w *reportWorker) Work(ctx context.Context, job *river.Job[reportArgs]) error {
	if job.Args.Every {
		return w.r.fanOut(ctx, reportArgs{})
	}
	j, release, err := w.r.site(ctx, job.JobRow)
	if err != nil {
		return err
	}
	defer release()
	n, err := j.reports.Send(ctx)
	j.log.Info("owner reports", "sent", n, "err", err)
	return err
}

// SendReports is the weekly report job's work: the last week's report to
// every owner who has not had it; it returns how many it queued.
func (a *App) SendReports(ctx context.Context) (int, error) { return a.jobs.reports.Send(ctx) }
