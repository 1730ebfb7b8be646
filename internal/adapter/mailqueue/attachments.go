package mailqueue

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"immo/internal/domain/mail"
)

// attachmentRef names one attachment of a job in the mail_attachments
// table (the store's migrations create it).
type attachmentRef struct {
	ID int64 `json:"id"`
}

// attachments is the mail_attachments table: the bytes of the files the
// queued mails attach, out of River's job arguments, deleted once their
// mail is sent, or with the job of a mail failed for good (River keeps it
// 90 days): until then the inbox may send it again, whole (Queue.Retry).
type attachments struct {
	db      *sql.DB
	dialect string
}

// query writes q's ? placeholders as the dialect wants them ($1, $2… on
// PostgreSQL).
func (a attachments) query(q string) string {
	if a.dialect != Postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// put stores m's attachments in tx and returns m's job arguments: the
// message without their bytes, and their IDs.
func (a attachments) put(ctx context.Context, tx *sql.Tx, m mail.Message) (sendArgs, error) {
	args := sendArgs{Message: m}
	if len(m.Attachments) == 0 {
		return args, nil
	}
	args.Message.Attachments = nil
	for _, f := range m.Attachments {
		var id int64
		err := tx.QueryRowContext(ctx, a.query(`INSERT INTO mail_attachments (name, content_type, data) VALUES (?, ?, ?) RETURNING id`),
			f.Name, f.ContentType, f.Data).Scan(&id)
		if err != nil {
			return args, fmt.Errorf("mailqueue: store an attachment: %w", err)
		}
		args.Attachments = append(args.Attachments, attachmentRef{ID: id})
	}
	return args, nil
}

// own ties the attachments refs to their job, in the transaction that
// queued it.
func (a attachments) own(ctx context.Context, tx *sql.Tx, jobID int64, refs []attachmentRef) error {
	for _, r := range refs {
		if _, err := tx.ExecContext(ctx, a.query(`UPDATE mail_attachments SET job_id = ? WHERE id = ?`), jobID, r.ID); err != nil {
			return fmt.Errorf("mailqueue: store an attachment: %w", err)
		}
	}
	return nil
}

// get reads the attachments refs names, in their order.
func (a attachments) get(ctx context.Context, refs []attachmentRef) ([]mail.Attachment, error) {
	out := make([]mail.Attachment, 0, len(refs))
	for _, r := range refs {
		var f mail.Attachment
		err := a.db.QueryRowContext(ctx, a.query(`SELECT name, content_type, data FROM mail_attachments WHERE id = ?`), r.ID).
			Scan(&f.Name, &f.ContentType, &f.Data)
		if err != nil {
			return nil, fmt.Errorf("mailqueue: attachment %d: %w", r.ID, err)
		}
		out = append(out, f)
	}
	return out, nil
}

// drop deletes job jobID's attachments in tx.
func (a attachments) drop(ctx context.Context, tx *sql.Tx, jobID int64) error {
	_, err := tx.ExecContext(ctx, a.query(`DELETE FROM mail_attachments WHERE job_id = ?`), jobID)
	return err
}

// purge deletes the attachments whose mail was sent or whose job is gone
// (deleted by River's cleaner); a failed mail's stay while its job does,
// for a retry.
func (a attachments) purge(ctx context.Context) error {
	_, err := a.db.ExecContext(ctx, `DELETE FROM mail_attachments WHERE job_id IS NOT NULL AND NOT EXISTS (
		SELECT 1 FROM river_job j WHERE j.id = mail_attachments.job_id AND j.state <> 'completed')`)
	return err
}

// releaseOrphans makes the mails left "sending" by a killed process
// available again, at once rather than after River's rescuer's delay
// (RescueAfter). Only on SQLite, and only before this queue works any
// job: one server process owns the file, so a running job then is no
// one's. (On PostgreSQL another server may be sending it: the rescuer
// waits.)
func (a attachments) releaseOrphans(ctx context.Context) error {
	_, err := a.db.ExecContext(ctx, `UPDATE river_job SET state = 'available' WHERE state = 'running' AND kind = ?`, kind)
	return err
}
