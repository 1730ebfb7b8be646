package mailqueue

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Stats are the queue's state for the operator's metrics.
type Stats struct {
	Waiting int       // mails not yet sent nor failed (Waiting)
	Oldest  time.Time // when the oldest of them was queued; zero: none waits
	Failed  int       // mails given up (every attempt failed, or refused for good), until River prunes them
}

// Stats reads the queue's state: the counts in one statement (a mail
// moving from waiting to failed meanwhile is counted once), the oldest
// waiting mail after them.
func (q *Queue) Stats(ctx context.Context) (Stats, error) {
	var s Stats
	err := q.files.db.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN state IN ('available', 'scheduled', 'retryable', 'pending', 'running') THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN state IN ('discarded', 'cancelled') THEN 1 ELSE 0 END), 0)
		FROM river_job WHERE kind = '`+kind+`'`).Scan(&s.Waiting, &s.Failed)
	if err != nil {
		return Stats{}, fmt.Errorf("mailqueue: count the mails: %w", err)
	}
	if s.Waiting > 0 {
		res, err := q.client.JobList(ctx, river.NewJobListParams().Kinds(kind).
			States(rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStateRetryable, rivertype.JobStatePending, rivertype.JobStateRunning).
			OrderBy(river.JobListOrderByID, river.SortOrderAsc).First(1))
		if err != nil {
			return Stats{}, fmt.Errorf("mailqueue: the oldest waiting mail: %w", err)
		}
		if len(res.Jobs) > 0 {
			s.Oldest = res.Jobs[0].CreatedAt
		}
	}
	return s, nil
}
