package mailqueue

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"immo/internal/domain/errs"
	"immo/internal/domain/mail"
)

// The audit log's words for a mail sent again from the inbox.
const (
	AuditTarget = "mail"       // the target's ID is the mail's (its River job's)
	ActionRetry = "mail.retry" // Before the state it was in, After "queued"
)

// States are the states the inbox filters the mails by, in its order.
var States = []State{Queued, Retrying, Sending, Sent, Failed}

// jobStates are River's states of a mail's state (stateOf's inverse).
func jobStates(s State) []rivertype.JobState {
	switch s {
	case Queued:
		return []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStatePending}
	case Retrying:
		return []rivertype.JobState{rivertype.JobStateRetryable}
	case Sending:
		return []rivertype.JobState{rivertype.JobStateRunning}
	case Sent:
		return []rivertype.JobState{rivertype.JobStateCompleted}
	case Failed:
		return []rivertype.JobState{rivertype.JobStateCancelled, rivertype.JobStateDiscarded}
	}
	return nil
}

// MaxPage bounds a page of Page.
const MaxPage = 100

// Query selects a page of mails, newest first.
type Query struct {
	State  State // "": any
	Before int64 // mails with a smaller id (the next page); 0: the newest
	Limit  int   // 1…MaxPage; 0: 50
}

// Page is one page of mails; Next is the Before of the page after (0:
// none).
type Page struct {
	Mails []Entry
	Next  int64
}

// The inbox's refusals (translation keys, admin.json).
var (
	ErrBadQuery    = &errs.Error{Code: errs.Invalid, Field: "state", Key: "admin.mails.error.query", Message: "mailqueue: bad query"}
	ErrNoMail      = &errs.Error{Code: errs.NotFound, Field: "form", Key: "admin.mails.error.gone", Message: "mailqueue: no such mail"}
	ErrNotRetrying = &errs.Error{Code: errs.Conflict, Field: "form", Key: "admin.mails.error.notFailed",
		Message: "mailqueue: only a failed or retrying mail is retried"}
	ErrNoAttachments = &errs.Error{Code: errs.Conflict, Field: "form", Key: "admin.mails.error.attachments",
		Message: "mailqueue: the mail's attachments are gone"}
)

// Page returns one page of the mails q selects, newest first, each with
// the request it is about (Entry.Request) when it has one. Paging is by
// id (Before), so a page costs the same wherever it is.
func (q *Queue) Page(ctx context.Context, qu Query) (Page, error) {
	states := jobStates(qu.State)
	if qu.State != "" && states == nil || qu.Before < 0 || qu.Limit < 0 || qu.Limit > MaxPage {
		return Page{}, ErrBadQuery
	}
	if qu.Limit == 0 {
		qu.Limit = 50
	}
	p := q.listParams().First(qu.Limit + 1)
	if states != nil {
		p = p.States(states...)
	}
	if qu.Before > 0 {
		p = p.Where("id < @before", river.NamedArgs{"before": qu.Before})
	}
	list, err := q.list(ctx, p)
	if err != nil {
		return Page{}, err
	}
	var page Page
	if len(list) > qu.Limit {
		list = list[:qu.Limit]
		page.Next = list[len(list)-1].ID
	}
	if err := q.files.requests(ctx, list); err != nil {
		return Page{}, err
	}
	page.Mails = list
	return page, nil
}

// requests sets each entry's Request and RequestKind from request_mails.
func (a attachments) requests(ctx context.Context, list []Entry) error {
	if len(list) == 0 {
		return nil
	}
	at := make(map[int64]int, len(list))
	args := make([]any, len(list))
	for i, e := range list {
		at[e.ID], args[i] = i, e.ID
	}
	rows, err := a.db.QueryContext(ctx, a.query(`SELECT m.job_id, m.request_id, r.kind FROM request_mails m
		JOIN requests r ON r.id = m.request_id WHERE m.job_id IN (?`+strings.Repeat(", ?", len(list)-1)+`)`), args...)
	if err != nil {
		return fmt.Errorf("mailqueue: the mails' requests: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var job, request int64
		var kind string
		if err := rows.Scan(&job, &request, &kind); err != nil {
			return fmt.Errorf("mailqueue: the mails' requests: %w", err)
		}
		list[at[job]].Request, list[at[job]].RequestKind = request, kind
	}
	return rows.Err()
}

// storeTx is a transaction of the queue's pool as a mail.Tx: the audit
// log's writer inserts its entry in it (interface{ SQLTx() *sql.Tx }).
type storeTx struct{ tx *sql.Tx }

func (storeTx) StorageTx()       {}
func (t storeTx) SQLTx() *sql.Tx { return t.tx }

// Retry sends mail id again, at once: one that failed for good (River
// gives it one more attempt) or one waiting for its next attempt. A mail
// sent, queued or being sent is refused (ErrNotRetrying: a retry would
// send it twice or change nothing), as is one whose attachments were
// purged (ErrNoAttachments). audit records the retry in its transaction
// (the mail as it was), so both commit or neither. The job's row is locked
// on PostgreSQL first: a worker finishing it meanwhile waits, or wins.
func (q *Queue) Retry(ctx context.Context, id int64, audit func(ctx context.Context, tx mail.Tx, before Entry) error) error {
	// The mail as it is, read before the transaction: on SQLite the pool
	// is one connection, which the transaction then holds.
	job, err := q.client.JobGet(ctx, id)
	if errors.Is(err, river.ErrNotFound) || (err == nil && (job.Kind != kind || AgencyOf(job) != q.Agency())) {
		return ErrNoMail // another agency's mail is none of this one's
	}
	if err != nil {
		return fmt.Errorf("mailqueue: retry %d: %w", id, err)
	}
	before, args, ok := entryOf(job)
	if !ok {
		return fmt.Errorf("mailqueue: retry %d: its arguments do not decode", id)
	}
	tx, err := q.files.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("mailqueue: retry: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	lock := `SELECT state FROM river_job WHERE id = ? AND kind = ?`
	if q.files.dialect == Postgres {
		lock += " FOR UPDATE"
	}
	var state string
	err = tx.QueryRowContext(ctx, q.files.query(lock), id, kind).Scan(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNoMail
	}
	if err != nil {
		return fmt.Errorf("mailqueue: retry %d: %w", id, err)
	}
	before.State = stateOf(rivertype.JobState(state)) // as locked: a worker may have moved it since
	switch rivertype.JobState(state) {
	case rivertype.JobStateRetryable, rivertype.JobStateDiscarded, rivertype.JobStateCancelled:
	default:
		return ErrNotRetrying
	}
	if err := q.files.present(ctx, tx, args.Attachments); err != nil {
		return err
	}
	if _, err := q.client.JobRetryTx(ctx, tx, id); err != nil {
		return fmt.Errorf("mailqueue: retry %d: %w", id, err)
	}
	if audit != nil {
		if err := audit(ctx, storeTx{tx}, before); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("mailqueue: retry %d: %w", id, err)
	}
	if q.works(queueName) {
		q.waker.wake(queueName) // sent now, not at the next poll
	}
	return nil
}

// present is nil when every attachment refs names is still stored
// (ErrNoAttachments else).
func (a attachments) present(ctx context.Context, tx *sql.Tx, refs []attachmentRef) error {
	for _, r := range refs {
		var n int
		if err := tx.QueryRowContext(ctx, a.query(`SELECT count(*) FROM mail_attachments WHERE id = ?`), r.ID).Scan(&n); err != nil {
			return fmt.Errorf("mailqueue: a mail's attachments: %w", err)
		}
		if n == 0 {
			return ErrNoAttachments
		}
	}
	return nil
}
