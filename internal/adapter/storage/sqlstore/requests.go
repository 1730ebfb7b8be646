package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// Requests keeps visitors' requests and their files (lead.Store).
type Requests struct{ s *Store }

// Requests is the store's lead.Store.
func (s *Store) Requests() *Requests { return &Requests{s} }

var _ lead.Store = (*Requests)(nil)

// requestDoc is the JSON document of a request: what is not a column.
type requestDoc struct {
	Person lead.Person       `json:"person"`
	Remark string            `json:"remark,omitempty"`
	Fields map[string]string `json:"fields,omitempty"`
}

// Save implements lead.Store: r and its files, then fn, in one transaction.
func (q *Requests) Save(ctx context.Context, r lead.Request, fn func(ctx context.Context, tx mail.Tx, id int64) error) (int64, error) {
	id, err := q.s.insertThen(ctx, func(tx *sql.Tx) (int64, error) { return q.insert(ctx, tx, r) }, fn)
	if err != nil {
		return 0, q.s.errorf("save request: %w", err)
	}
	return id, nil
}

// InTx runs fn in one write transaction that the writes of this store's
// tables join (Store.InTx): spam.Gate's post, from its proof to its mails.
func (q *Requests) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return q.s.InTx(ctx, fn)
}

// SaveIn stores r and its files inside tx, a transaction another store of
// this package handed to its callback (a booking's: the visit request
// commits with its place, or neither does).
func (q *Requests) SaveIn(ctx context.Context, tx mail.Tx, r lead.Request) (int64, error) {
	t, err := sqlTx(tx)
	if err != nil {
		return 0, q.s.errorf("save request: %w", err)
	}
	id, err := q.insert(ctx, t, r)
	if err != nil {
		return 0, q.s.errorf("save request: %w", err)
	}
	return id, nil
}

func (q *Requests) insert(ctx context.Context, tx *sql.Tx, r lead.Request) (int64, error) {
	data, err := json.Marshal(requestDoc{Person: r.Person, Remark: r.Remark, Fields: r.Kept()})
	if err != nil {
		return 0, err
	}
	created := r.Time
	if created.IsZero() {
		created = time.Now()
	}
	var id int64
	// A fingerprint seen already: the same post again, stored once (on
	// PostgreSQL a racing twin waits for the first's commit, then inserts
	// nothing).
	err = tx.QueryRowContext(ctx, q.s.d.query(`INSERT INTO requests
		(agency_id, kind, lang, page, property_id, project_id, created_at, ip_hash, data, fingerprint, search)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (`+q.s.d.AgencyKey+`fingerprint) DO NOTHING RETURNING id`),
		q.s.agency, string(r.Kind), r.Lang, r.Page, nullID(r.PropertyID), nullID(r.ProjectID),
		q.s.d.Time(created), r.IPHash, string(data), nullText(r.Fingerprint),
		inbox.SearchText(r),
	).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, lead.ErrRepeated
	}
	if err != nil {
		return 0, err
	}
	for _, f := range r.Files {
		if _, err := tx.ExecContext(ctx, q.s.d.query(`INSERT INTO request_files
			(agency_id, request_id, field, name, type, size, data) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			q.s.agency, id, f.Field, f.Name, f.Type, len(f.Data), nonNil(f.Data)); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// nonNil makes an empty file's bytes non-NULL.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// ForgetFingerprints forgets the fingerprints of the requests stored
// before before: the same request may be sent again.
func (q *Requests) ForgetFingerprints(ctx context.Context, before time.Time) (int64, error) {
	// Every agency's, by age: a fingerprint is forgotten, nothing read.
	res, err := q.s.write.ExecContext(ctx, q.s.d.query(`UPDATE requests /* every agency */ SET fingerprint = NULL
		WHERE fingerprint IS NOT NULL AND created_at < ?`), q.s.d.Time(before))
	if err != nil {
		return 0, q.s.errorf("forget fingerprints: %w", err)
	}
	return res.RowsAffected()
}

// CountFrom implements lead.Store.
func (q *Requests) CountFrom(ctx context.Context, ipHash string, since time.Time) (int, error) {
	var n int
	if err := q.s.read.QueryRowContext(ctx, q.s.d.query(
		`SELECT count(*) FROM requests WHERE agency_id = ? AND ip_hash = ? AND created_at >= ?`),
		q.s.agency, ipHash, q.s.d.Time(since)).Scan(&n); err != nil {
		return 0, q.s.errorf("count requests: %w", err)
	}
	return n, nil
}

// Get reads request id back with its files and its status;
// lead.ErrNoRequest when there is none.
func (q *Requests) Get(ctx context.Context, id int64) (lead.Request, lead.Status, error) {
	r := lead.Request{ID: id}
	var kind, status string
	var data []byte
	var property, project sql.NullInt64
	err := q.s.read.QueryRowContext(ctx, q.s.d.query(`SELECT kind, lang, page, property_id, project_id,
		created_at, ip_hash, status, data FROM requests WHERE agency_id = ? AND id = ?`), q.s.agency, id).Scan(
		&kind, &r.Lang, &r.Page, &property, &project, scanTime{&r.Time}, &r.IPHash, &status, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return r, "", q.s.errorf("request %d: %w", id, lead.ErrNoRequest)
	}
	if err != nil {
		return r, "", q.s.errorf("request %d: %w", id, err)
	}
	var doc requestDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return r, "", q.s.errorf("request %d: %w", id, err)
	}
	r.Kind, r.PropertyID, r.ProjectID = lead.Kind(kind), property.Int64, project.Int64
	r.Person, r.Remark, r.Fields = doc.Person, doc.Remark, doc.Fields
	if r.Files, err = q.files(ctx, id); err != nil {
		return r, "", q.s.errorf("request %d files: %w", id, err)
	}
	return r, lead.Status(status), nil
}

func (q *Requests) files(ctx context.Context, id int64) ([]lead.File, error) {
	return appendRows(ctx, q.s.read, nil, func(row scanner) (lead.File, error) {
		var f lead.File
		err := row.Scan(&f.Field, &f.Name, &f.Type, &f.Data)
		return f, err
	}, q.s.d.query(`SELECT field, name, type, data FROM request_files WHERE agency_id = ? AND request_id = ? ORDER BY field`), q.s.agency, id)
}

// SetStatus marks request id with status; lead.ErrNoRequest when there is
// none, lead.ErrBadStatus for a status lead does not know.
func (q *Requests) SetStatus(ctx context.Context, id int64, status lead.Status) error {
	if !status.Valid() {
		return q.s.errorf("request %d status %q: %w", id, status, lead.ErrBadStatus)
	}
	err := q.s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q.s.d.query(`UPDATE requests SET status = ? WHERE agency_id = ? AND id = ?`), string(status), q.s.agency, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return lead.ErrNoRequest
		}
		return err
	})
	if err != nil {
		return q.s.errorf("request %d status: %w", id, err)
	}
	return nil
}

// DocumentRequested says whether a document request for document of
// property was stored with email, compared without case (offer.Requested).
// A property's document requests are few: they are read and compared here
// rather than through each database's JSON functions.
func (q *Requests) DocumentRequested(ctx context.Context, property int64, email, document string) (bool, error) {
	rows, err := q.s.read.QueryContext(ctx, q.s.d.query(
		`SELECT data FROM requests WHERE agency_id = ? AND kind = ? AND property_id = ?`), q.s.agency, string(lead.KindDocument), property)
	if err != nil {
		return false, q.s.errorf("document requests: %w", err)
	}
	defer rows.Close()
	email = strings.TrimSpace(email)
	for rows.Next() {
		var data []byte
		if err := rows.Scan(&data); err != nil {
			return false, q.s.errorf("document requests: %w", err)
		}
		var doc requestDoc
		if err := json.Unmarshal(data, &doc); err != nil {
			return false, q.s.errorf("document requests: %w", err)
		}
		if strings.EqualFold(strings.TrimSpace(doc.Person.Email), email) && doc.Fields["document"] == document {
			return true, nil
		}
	}
	if err := rows.Err(); err != nil {
		return false, q.s.errorf("document requests: %w", err)
	}
	return false, nil
}
