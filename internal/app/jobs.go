package app

import (
	"context"
	"errors"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"immo/internal/adapter/mailqueue"
)

// jobRouter gives each job the site of the agency it was inserted for
// (mailqueue.AgencyOf): one River client works every agency's jobs in a
// process, because River elects one leader per database, which alone runs
// the periodic jobs (docs/ARCHITECTURE.md "Many agencies on one
// deployment"). A site working its own queue routes its own agency's
// (siteJobs.router); the platform routes every agency's, building an idle
// agency's site for its job (Platform.jobs).
type jobRouter struct {
	// sites finds the agency's jobs, its site built if need be and held
	// until release.
	sites func(ctx context.Context, agency int64) (jobs *siteJobs, release func(), err error)
	// agencies are those a periodic job runs for.
	agencies func(ctx context.Context) ([]int64, error)
	// queue inserts each agency's share of a periodic job (bound to it).
	queue *mailqueue.Queue
}

var _ mailqueue.Jobs = (*jobRouter)(nil)

// Register implements mailqueue.Jobs: every job kind's worker.
func (r *jobRouter) Register(w *river.Workers) {
	river.AddWorker(w, &alertWorker{r: r})
	river.AddWorker(w, &digestWorker{r: r})
	river.AddWorker(w, &reportWorker{r: r})
	river.AddWorker(w, &forgotWorker{r: r})
	river.AddWorker(w, &feedPullWorker{r: r})
	river.AddWorker(w, &feedPicturesWorker{r: r})
}

// Periodic implements mailqueue.Jobs: the digest every day, the report
// every Monday, at their hour in Brussels, each for every agency (Every).
func (r *jobRouter) Periodic() []*river.PeriodicJob {
	digest, report := Schedules()
	return []*river.PeriodicJob{
		river.NewPeriodicJob(digest, func() (river.JobArgs, *river.InsertOpts) { return digestArgs{Every: true}, nil },
			&river.PeriodicJobOpts{ID: digestArgs{}.Kind()}),
		river.NewPeriodicJob(report, func() (river.JobArgs, *river.InsertOpts) { return reportArgs{Every: true}, nil },
			&river.PeriodicJobOpts{ID: reportArgs{}.Kind()}),
	}
}

// site is the jobs of the agency job row j was inserted for, held until
// release.
func (r *jobRouter) site(ctx context.Context, j *rivertype.JobRow) (*siteJobs, func(), error) {
	return r.sites(ctx, mailqueue.AgencyOf(j))
}

// fanOut inserts args once per agency, each carrying its agency: a failed
// insert is retried with the whole job (the others' are inserted again,
// each claiming its work in its own transaction, so nothing goes twice).
func (r *jobRouter) fanOut(ctx context.Context, args river.JobArgs) error {
	ids, err := r.agencies(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		if _, err := r.queue.For(id).Insert(ctx, args, nil); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
