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

// Stats reads the queue's state, every agency's mails together: the
// counts in one statement (a mail moving from waiting to failed meanwhile
// is counted once), the oldest waiting mail after them.
func (q *Queue) Stats(ctx context.Context) (Stats, error) { return q.stats(ctx, false) }

// AgencyStats is Stats of the bound agency's mails only (For): what the
// platform's operator sees of each agency.
func (q *Queue) AgencyStats(ctx context.Context) (Stats, error) { return q.stats(ctx, true) }

func (q *Queue) stats(ctx context.Context, own bool) (Stats, error) {
	var s Stats
	query, args := `SELECT
		COALESCE(SUM(CASE WHEN state IN ('available', 'scheduled', 'retryable', 'pending', 'running') THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN state IN ('discarded', 'cancelled') THEN 1 ELSE 0 END), 0)
		FROM river_job WHERE kind = '`+kind+`'`, []any{}
	list := river.NewJobListParams().Kinds(kind).
		States(rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStateRetryable, rivertype.JobStatePending, rivertype.JobStateRunning).
		OrderBy(river.JobListOrderByID, river.SortOrderAsc).First(1)
	if own {
		placeholder := "?"
		if q.files.dialect == Postgres {
			placeholder = "$1"
		}
		query, args, list = query+` AND `+q.agencyCond()+placeholder, []any{q.Agency()}, q.agencyWhere(list)
	}
	if err := q.files.db.QueryRowContext(ctx, query, args...).Scan(&s.Waiting, &s.Failed); err != nil {
		return Stats{}, fmt.Errorf("mailqueue: count the mails: %w", err)
	}
	if s.Waiting > 0 {
		res, err := q.client.JobList(ctx, list)
		if err != nil {
			return Stats{}, fmt.Errorf("mailqueue: the oldest waiting mail: %w", err)
		}
		if len(res.Jobs) > 0 {
			s.Oldest = res.Jobs[0].CreatedAt
		}
	}
	return s, nil
}
