package sqlstore

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"time"

	"immo/internal/domain/audit"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// Inbox is the agency's inbox on the requests table (inbox.Store): the
// list, a lead's detail, its status, assignment and notes, and the audit
// log (migration 00022).
type Inbox struct{ s *Store }

// Inbox is the store's inbox.Store.
func (s *Store) Inbox() *Inbox { return &Inbox{s} }

var _ inbox.Store = (*Inbox)(nil)

// rowColumns are what inbox.Row is read from (scanRow); a lead's notes are
// counted through their index, for the page's rows only.
const rowColumns = `r.id, r.kind, r.status, r.created_at, r.lang, r.page, r.data, r.property_id, r.project_id,
	r.assignee_id, (SELECT count(*) FROM request_notes n WHERE n.agency_id = r.agency_id AND n.request_id = r.id)`

func scanRow(rows scanner) (inbox.Row, error) {
	var r inbox.Row
	var kind, status string
	var data []byte
	var property, project, assignee sql.NullInt64
	if err := rows.Scan(&r.ID, &kind, &status, scanTime{&r.Created}, &r.Lang, &r.Page, &data, &property, &project,
		&assignee, &r.Notes); err != nil {
		return r, err
	}
	var doc requestDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return r, err
	}
	r.Kind, r.Status = lead.Kind(kind), inbox.Status(status)
	r.PropertyID, r.ProjectID, r.Assignee = property.Int64, project.Int64, assignee.Int64
	r.FirstName, r.LastName, r.Email, r.Phone = doc.Person.FirstName, doc.Person.LastName, doc.Person.Email, doc.Person.Phone
	r.Title, r.Remark, r.Fields = doc.Person.Title, doc.Remark, doc.Fields
	return r, nil
}

// selection is the FROM of the leads a filter selects and the conditions
// after the agency's (" AND …"), their arguments, and the expression of
// the id they are ordered by. A statement reads them as
// `FROM `+sel.from+` WHERE r.agency_id = ?`+sel.conds.
type selection struct {
	from, conds string
	fromArgs    []any // the FROM's own (a search's words)
	args        []any // the conditions'
	key         string
	search      bool // a search: planned for its words (Dialect.Replan)
}

// read runs query (its ? placeholders) on the read pool with sel's
// arguments and then after, and hands its rows to scan. A search is planned
// for its words (Dialect.Replan), in a transaction of its own when the
// dialect has settings for it (Dialect.SearchSet).
func (q *Inbox) read(ctx context.Context, sel selection, query string, scan func(*sql.Rows) error, after ...any) error {
	args := append(append(append(slices.Clip(sel.fromArgs), q.s.agency), sel.args...), after...)
	if sel.search && q.s.d.Replan != nil {
		args = append([]any{q.s.d.Replan}, args...)
	}
	run := func(db interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	}) error {
		rows, err := db.QueryContext(ctx, q.s.d.query(query), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		if err := scan(rows); err != nil {
			return err
		}
		return rows.Err()
	}
	if !sel.search || q.s.d.SearchSet == "" {
		return run(q.s.read)
	}
	tx, err := q.s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // after Commit, a no-op
	if _, err := tx.ExecContext(ctx, q.s.d.SearchSet); err != nil {
		return err
	}
	if err := run(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// and adds cond with its arguments.
func (q *selection) and(cond string, args ...any) {
	q.conds += " AND " + cond
	q.args = append(q.args, args...)
}

// selection is what f selects (its cursor left out).
func (q *Inbox) selection(ctx context.Context, f inbox.Filter) (selection, error) {
	sel := selection{from: "requests r", key: "r.id"}
	if terms := inbox.SearchTerms(f.Search); len(terms) > 0 {
		m, err := q.s.d.Match(ctx, q.s.read, q.s.agency, terms)
		if err != nil {
			return sel, err
		}
		sel.from, sel.fromArgs, sel.key, sel.search = m.From, m.FromArgs, m.Key, true
		if m.Cond != "" {
			sel.and(m.Cond, m.CondArgs...)
		}
	}
	in := func(column string, values []string) {
		if len(values) == 0 {
			return
		}
		args := make([]any, len(values))
		for i, v := range values {
			args[i] = v
		}
		sel.and(column+" IN (?"+strings.Repeat(", ?", len(values)-1)+")", args...)
	}
	kinds := make([]string, len(f.Kinds))
	for i, k := range f.Kinds {
		kinds[i] = string(k)
	}
	in("r.kind", kinds)
	statuses := make([]string, len(f.Statuses))
	for i, s := range f.Statuses {
		statuses[i] = string(s)
	}
	in("r.status", statuses)
	if f.HidesSpam() {
		sel.and("r.status <> ?", string(inbox.StatusSpam))
	}
	if f.Property != 0 {
		sel.and("r.property_id = ?", f.Property)
	}
	if f.Project != 0 {
		sel.and("r.project_id = ?", f.Project)
	}
	if f.Lang != "" {
		sel.and("r.lang = ?", f.Lang)
	}
	// A time range is also an id range, found through the time's index,
	// so the list walks ids only: ids are handed out in the order requests
	// are stored, microseconds after their time is taken, so the bounds,
	// read an hour wider, hold every lead of the range (the time itself is
	// checked too). No lead in the wider range: NULL, no lead at all.
	if !f.From.IsZero() {
		sel.and(`r.created_at >= ? AND `+sel.key+` >= (SELECT id FROM requests WHERE agency_id = ? AND created_at >= ? ORDER BY created_at LIMIT 1)`,
			q.s.d.Time(f.From), q.s.agency, q.s.d.Time(f.From.Add(-time.Hour)))
	}
	if !f.To.IsZero() {
		sel.and(`r.created_at < ? AND `+sel.key+` <= (SELECT id FROM requests WHERE agency_id = ? AND created_at < ? ORDER BY created_at DESC LIMIT 1)`,
			q.s.d.Time(f.To), q.s.agency, q.s.d.Time(f.To.Add(time.Hour)))
	}
	switch {
	case f.Unassigned:
		sel.and("r.assignee_id IS NULL")
	case f.Assignee != 0:
		sel.and("r.assignee_id = ?", f.Assignee)
	}
	return sel, nil
}

// List implements inbox.Store: one query of the page's rows and one more,
// by which the page knows a next one exists, walking the ids from the
// cursor.
func (q *Inbox) List(ctx context.Context, f inbox.Filter) (inbox.Page, error) {
	var page inbox.Page
	size := max(f.Size, 1)
	sel, err := q.selection(ctx, f)
	if err != nil {
		return page, q.s.errorf("inbox list: %w", err)
	}
	var cur inbox.Cursor
	if f.Cursor != "" {
		if cur, err = inbox.ParseCursor(f.Cursor); err != nil {
			return page, q.s.errorf("inbox list: %w", err)
		}
	}
	// desc: the rows are read newest first — the list's order, or, going
	// back a page, the reverse of it.
	desc := (f.Sort != inbox.Oldest) != cur.Back
	if f.Cursor != "" {
		if desc {
			sel.and(sel.key+" < ?", cur.ID)
		} else {
			sel.and(sel.key+" > ?", cur.ID)
		}
	}
	order := " ORDER BY " + sel.key + " DESC"
	if !desc {
		order = " ORDER BY " + sel.key
	}
	err = q.read(ctx, sel, `SELECT `+rowColumns+` FROM `+sel.from+` WHERE r.agency_id = ?`+sel.conds+order+` LIMIT ?`, func(rows *sql.Rows) error {
		for rows.Next() {
			r, err := scanRow(rows)
			if err != nil {
				return err
			}
			page.Rows = append(page.Rows, r)
		}
		return nil
	}, size+1)
	if err != nil {
		return page, q.s.errorf("inbox list: %w", err)
	}
	more := len(page.Rows) > size
	if more {
		page.Rows = page.Rows[:size]
	}
	if cur.Back {
		slices.Reverse(page.Rows)
	}
	if len(page.Rows) == 0 {
		return page, nil
	}
	first, last := page.Rows[0], page.Rows[len(page.Rows)-1]
	// Forward, a next page when more rows came, a previous one when the
	// page started at a cursor; back, the other way round.
	if more || cur.Back {
		page.Next = inbox.Cursor{ID: last.ID}.String()
	}
	if (cur.Back && more) || (!cur.Back && f.Cursor != "") {
		page.Prev = inbox.Cursor{Back: true, ID: first.ID}.String()
	}
	return page, nil
}

// Count implements inbox.Store: the rows are counted up to limit, so a
// broad search costs no more than limit rows.
func (q *Inbox) Count(ctx context.Context, f inbox.Filter, limit int) (int, error) {
	sel, err := q.selection(ctx, f)
	if err != nil {
		return 0, q.s.errorf("inbox count: %w", err)
	}
	var n int
	err = q.read(ctx, sel, `SELECT count(*) FROM (SELECT 1 FROM `+sel.from+` WHERE r.agency_id = ?`+sel.conds+` LIMIT ?) c`, func(rows *sql.Rows) error {
		if !rows.Next() {
			return sql.ErrNoRows
		}
		return rows.Scan(&n)
	}, max(limit, 1))
	if err != nil {
		return 0, q.s.errorf("inbox count: %w", err)
	}
	return n, nil
}

// Lead implements inbox.Store.
func (q *Inbox) Lead(ctx context.Context, id int64) (inbox.Detail, error) {
	var d inbox.Detail
	var page, ipHash string
	var data []byte
	var property, project, assignee sql.NullInt64
	var kind, status string
	err := q.s.read.QueryRowContext(ctx, q.s.d.query(`SELECT r.id, r.kind, r.status, r.created_at, r.lang, r.data,
		r.property_id, r.project_id, r.assignee_id, r.page, r.ip_hash FROM requests r WHERE r.agency_id = ? AND r.id = ?`), q.s.agency, id).Scan(
		&d.ID, &kind, &status, scanTime{&d.Created}, &d.Lang, &data, &property, &project, &assignee, &page, &ipHash)
	if errors.Is(err, sql.ErrNoRows) {
		return d, q.s.errorf("lead %d: %w", id, inbox.ErrNoLead)
	}
	if err != nil {
		return d, q.s.errorf("lead %d: %w", id, err)
	}
	var doc requestDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return d, q.s.errorf("lead %d: %w", id, err)
	}
	d.Kind, d.Status = lead.Kind(kind), inbox.Status(status)
	d.PropertyID, d.ProjectID, d.Assignee = property.Int64, project.Int64, assignee.Int64
	d.FirstName, d.LastName, d.Email, d.Phone = doc.Person.FirstName, doc.Person.LastName, doc.Person.Email, doc.Person.Phone
	d.Title, d.Page, d.Remark, d.Fields = doc.Person.Title, page, doc.Remark, doc.Fields
	d.Request = lead.Request{ID: id, Kind: d.Kind, Lang: d.Lang, Page: page, PropertyID: d.PropertyID,
		ProjectID: d.ProjectID, Time: d.Created, Person: doc.Person, Remark: doc.Remark, Fields: doc.Fields, IPHash: ipHash}
	if d.Files, err = q.fileInfos(ctx, id); err != nil {
		return d, q.s.errorf("lead %d files: %w", id, err)
	}
	for _, f := range d.Files {
		d.Request.Files = append(d.Request.Files, lead.File{Field: f.Field, Name: f.Name, Type: f.Type})
	}
	if d.Notes, err = q.notes(ctx, id); err != nil {
		return d, q.s.errorf("lead %d notes: %w", id, err)
	}
	d.Row.Notes = len(d.Notes)
	if d.History, err = q.s.Audit().List(ctx, audit.Query{TargetKind: inbox.TargetLead, TargetID: id, Limit: audit.MaxLimit}); err != nil {
		return d, err
	}
	slices.Reverse(d.History)
	return d, nil
}

func (q *Inbox) fileInfos(ctx context.Context, id int64) ([]inbox.FileInfo, error) {
	return appendRows(ctx, q.s.read, nil, func(row scanner) (inbox.FileInfo, error) {
		var f inbox.FileInfo
		err := row.Scan(&f.Field, &f.Name, &f.Type, &f.Size)
		return f, err
	}, q.s.d.query(`SELECT field, name, type, size FROM request_files WHERE agency_id = ? AND request_id = ? ORDER BY field`), q.s.agency, id)
}

// NotesOf implements inbox.Store: one query for a page's leads, through
// the notes' index on their lead.
func (q *Inbox) NotesOf(ctx context.Context, ids []int64) (map[int64][]inbox.Note, error) {
	out := map[int64][]inbox.Note{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{q.s.agency}
	for _, id := range ids {
		args = append(args, id)
	}
	err := eachRow(ctx, q.s.read, func(row scanner) error {
		var n inbox.Note
		if err := row.Scan(&n.ID, &n.Lead, &n.Author, &n.Text, scanTime{&n.Created}); err != nil {
			return err
		}
		out[n.Lead] = append(out[n.Lead], n)
		return nil
	}, q.s.d.query(`SELECT id, request_id, author_id, text, created_at FROM request_notes
		WHERE agency_id = ? AND request_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY id`), args...)
	if err != nil {
		return nil, q.s.errorf("notes of %d leads: %w", len(ids), err)
	}
	return out, nil
}

func (q *Inbox) notes(ctx context.Context, id int64) ([]inbox.Note, error) {
	return appendRows(ctx, q.s.read, nil, func(row scanner) (inbox.Note, error) {
		n := inbox.Note{Lead: id}
		err := row.Scan(&n.ID, &n.Author, &n.Text, scanTime{&n.Created})
		return n, err
	}, q.s.d.query(`SELECT id, author_id, text, created_at FROM request_notes WHERE agency_id = ? AND request_id = ? ORDER BY id`), q.s.agency, id)
}

// File implements inbox.Store. An upload is at most upload.MaxSize (5 MB)
// and neither driver streams a BLOB: it is read whole.
func (q *Inbox) File(ctx context.Context, id int64, name string) (inbox.FileInfo, io.ReadSeeker, error) {
	f := inbox.FileInfo{Field: name}
	var data []byte
	err := q.s.read.QueryRowContext(ctx, q.s.d.query(
		`SELECT name, type, size, data FROM request_files WHERE agency_id = ? AND request_id = ? AND field = ?`), q.s.agency, id, name).Scan(
		&f.Name, &f.Type, &f.Size, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return f, nil, q.s.errorf("lead %d file %q: %w", id, name, inbox.ErrNoFile)
	}
	if err != nil {
		return f, nil, q.s.errorf("lead %d file %q: %w", id, name, err)
	}
	return f, bytes.NewReader(data), nil
}

// Latest implements inbox.Store.
func (q *Inbox) Latest(ctx context.Context) (int64, error) {
	var id int64
	if err := q.s.read.QueryRowContext(ctx, q.s.d.query(`SELECT coalesce(max(id), 0) FROM requests WHERE agency_id = ?`), q.s.agency).Scan(&id); err != nil {
		return 0, q.s.errorf("latest lead: %w", err)
	}
	return id, nil
}

// Since implements inbox.Store.
func (q *Inbox) Since(ctx context.Context, after int64, limit int) ([]inbox.Row, error) {
	out, err := appendRows(ctx, q.s.read, nil, scanRow, q.s.d.query(`SELECT `+rowColumns+` FROM requests r
		WHERE r.agency_id = ? AND r.id > ? ORDER BY r.id LIMIT ?`), q.s.agency, after, max(limit, 1))
	if err != nil {
		return nil, q.s.errorf("leads since %d: %w", after, err)
	}
	return out, nil
}

// Edit implements inbox.Store. The row is first "updated" to itself, which
// on PostgreSQL locks it until the transaction ends (two staff members
// changing one lead wait for each other and each sees the other's change);
// on SQLite the single writer serialises anyway.
func (q *Inbox) Edit(ctx context.Context, id int64, fn func(e *inbox.Edit) error) error {
	err := q.s.writeTx(ctx, func(tx *sql.Tx) error {
		e := inbox.Edit{ID: id}
		var status string
		var assignee sql.NullInt64
		err := tx.QueryRowContext(ctx, q.s.d.query(`UPDATE requests SET status = status WHERE agency_id = ? AND id = ?
			RETURNING status, assignee_id`), q.s.agency, id).Scan(&status, &assignee)
		if errors.Is(err, sql.ErrNoRows) {
			return inbox.ErrNoLead
		}
		if err != nil {
			return err
		}
		e.Status, e.Assignee = inbox.Status(status), assignee.Int64
		before := e
		if err := fn(&e); err != nil {
			return err
		}
		if e.Status != before.Status || e.Assignee != before.Assignee {
			if _, err := tx.ExecContext(ctx, q.s.d.query(`UPDATE requests SET status = ?, assignee_id = ? WHERE agency_id = ? AND id = ?`),
				string(e.Status), nullID(e.Assignee), q.s.agency, id); err != nil {
				return err
			}
		}
		for _, n := range e.Notes {
			if _, err := tx.ExecContext(ctx, q.s.d.query(`INSERT INTO request_notes (agency_id, request_id, author_id, text, created_at)
				VALUES (?, ?, ?, ?, ?)`), q.s.agency, id, n.Author, n.Text, q.s.d.Time(n.Created)); err != nil {
				return err
			}
		}
		for _, en := range e.Entries {
			if err := q.s.Audit().write(ctx, tx, en); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return q.s.errorf("edit lead %d: %w", id, err)
	}
	return nil
}

// Log implements inbox.Store (an export's entry, package audit).
func (q *Inbox) Log(ctx context.Context, e audit.Entry) error { return q.s.Audit().Log(ctx, e) }
