package mailqueue

import (
	"context"
	"database/sql"
	"fmt"

	"immo/internal/domain/mail"
)

// regarding records that job jobID is a mail about request (the table
// request_mails, migration 00022), in the transaction that queues it; 0:
// about none.
func (a attachments) regarding(ctx context.Context, tx *sql.Tx, jobID, request int64) error {
	if request == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, a.query(`INSERT INTO request_mails (request_id, job_id) VALUES (?, ?)`), request, jobID); err != nil {
		return fmt.Errorf("mailqueue: tie a mail to its request: %w", err)
	}
	return nil
}

// MaxAbout bounds the mails About reads.
const MaxAbout = 100

// About returns the mails queued about request (mail.Message.Request),
// newest first, as long as River keeps their jobs (30 days once sent, 90
// once failed).
func (q *Queue) About(ctx context.Context, request int64) ([]mail.Status, error) {
	rows, err := q.files.db.QueryContext(ctx, q.files.query(
		`SELECT job_id FROM request_mails WHERE request_id = ? ORDER BY job_id DESC LIMIT ?`), request, MaxAbout)
	if err != nil {
		return nil, fmt.Errorf("mailqueue: mails about request %d: %w", request, err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("mailqueue: mails about request %d: %w", request, err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mailqueue: mails about request %d: %w", request, err)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	entries, err := q.list(ctx, q.listParams().IDs(ids...).First(len(ids)))
	if err != nil {
		return nil, err
	}
	out := make([]mail.Status, len(entries))
	for i, e := range entries {
		out[i] = mail.Status{ID: e.ID, To: e.To, Subject: e.Subject, State: string(e.State), Attempts: e.Attempts,
			Created: e.Created, Next: e.Next, Finalized: e.Finalized, LastError: e.LastError}
	}
	return out, nil
}
