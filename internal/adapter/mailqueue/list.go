package mailqueue

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// State is where a mail is, as `immo mail` shows it.
type State string

const (
	Queued State = "queued" // waiting for its first attempt
	// Retrying: an attempt failed (the server down, "try later"); the
	// next one is scheduled.
	Retrying State = "retrying"
	Sending  State = "sending" // an attempt is running
	Sent     State = "sent"
	Failed   State = "failed" // refused for good, or out of attempts
)

// stateOf maps River's job states onto a mail's.
func stateOf(s rivertype.JobState) State {
	switch s {
	case rivertype.JobStateRunning:
		return Sending
	case rivertype.JobStateCompleted:
		return Sent
	case rivertype.JobStateCancelled, rivertype.JobStateDiscarded:
		return Failed
	case rivertype.JobStateRetryable:
		return Retrying
	}
	return Queued // available, scheduled, pending
}

// Entry is one mail of the queue.
type Entry struct {
	ID          int64
	State       State
	To          []string
	Subject     string
	Attempts    int
	MaxAttempts int
	Created     time.Time
	// Next is when a queued mail is tried; Finalized when it was sent or
	// failed.
	Next      time.Time
	Finalized time.Time
	LastError string
	// Request is the visitor's request the mail is about (0: none) and
	// RequestKind its kind: Page sets them.
	Request     int64
	RequestKind string
	// Text is the mail's plain-text part (`immo mail --text ID` prints it).
	Text string
}

// List returns the newest n mails (at most 1000), newest first.
func (q *Queue) List(ctx context.Context, n int) ([]Entry, error) {
	n = min(max(n, 1), 1000)
	return q.list(ctx, q.listParams().First(n))
}

// listParams lists q's agency's mails, newest first.
func (q *Queue) listParams() *river.JobListParams {
	return q.agencyWhere(river.NewJobListParams().Kinds(kind).OrderBy(river.JobListOrderByID, river.SortOrderDesc))
}

// list returns the mails p selects.
func (q *Queue) list(ctx context.Context, p *river.JobListParams) ([]Entry, error) {
	res, err := q.client.JobList(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("mailqueue: list: %w", err)
	}
	entries := make([]Entry, 0, len(res.Jobs))
	for _, j := range res.Jobs {
		e, _, _ := entryOf(j)
		entries = append(entries, e)
	}
	return entries, nil
}

// entryOf is mail job j as the lists show it, and its arguments (ok false:
// they do not decode; the entry then has no recipients nor subject).
func entryOf(j *rivertype.JobRow) (e Entry, args sendArgs, ok bool) {
	e = Entry{ID: j.ID, State: stateOf(j.State), Attempts: j.Attempt, MaxAttempts: j.MaxAttempts, Created: j.CreatedAt}
	if err := json.Unmarshal(j.EncodedArgs, &args); err == nil {
		ok = true
		e.Subject = args.Message.Subject
		e.Text = args.Message.Text
		for _, a := range args.Message.To {
			e.To = append(e.To, a.Email)
		}
	}
	if e.State == Queued || e.State == Retrying {
		e.Next = j.ScheduledAt
	}
	if j.FinalizedAt != nil {
		e.Finalized = *j.FinalizedAt
	}
	if len(j.Errors) > 0 {
		e.LastError = j.Errors[len(j.Errors)-1].Error
	}
	return e, args, ok
}
