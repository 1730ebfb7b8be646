package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"immo/internal/domain/mail"
	"immo/internal/domain/testimonial"
)

// bumpTestimonials tells the servers sharing the database to reload (its
// argument: the store's agency).
const bumpTestimonials = `UPDATE content_meta SET version = version + 1 WHERE agency_id = ? AND name = 'testimonials'`

// AddTestimonial implements testimonial.Store.
func (s *Store) AddTestimonial(ctx context.Context, t testimonial.Testimonial) (int64, error) {
	var id int64
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = s.addTestimonial(ctx, tx, t)
		return err
	})
	if err != nil {
		return 0, s.errorf("add testimonial: %w", err)
	}
	return id, nil
}

// AddTestimonialIn implements testimonial.Pending: t inside tx, a
// transaction another store of this package handed to its callback (the
// testimonial request's: request, testimonial and mails commit together).
func (s *Store) AddTestimonialIn(ctx context.Context, tx mail.Tx, t testimonial.Testimonial) (int64, error) {
	sqltx, err := sqlTx(tx)
	if err != nil {
		return 0, s.errorf("add testimonial: %w", err)
	}
	id, err := s.addTestimonial(ctx, sqltx, t)
	if err != nil {
		return 0, s.errorf("add testimonial: %w", err)
	}
	return id, nil
}

func (s *Store) addTestimonial(ctx context.Context, tx *sql.Tx, t testimonial.Testimonial) (int64, error) {
	var id int64
	if err := tx.QueryRowContext(ctx, s.d.query(`INSERT INTO testimonials
		(agency_id, name, comment, website, picture, about, lang, approved, created_at, request_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		s.agency, t.Name, t.Comment, t.Website, t.Picture, t.About, t.Lang, t.Approved, s.d.Time(t.CreatedAt), nullID(t.RequestID),
	).Scan(&id); err != nil {
		return 0, err
	}
	_, err := tx.ExecContext(ctx, s.d.query(bumpTestimonials), s.agency)
	return id, err
}

// SetTestimonialPictureIn implements testimonial.Pending: the picture
// address of testimonial id, inside tx (its request's transaction).
func (s *Store) SetTestimonialPictureIn(ctx context.Context, tx mail.Tx, id int64, picture string) error {
	sqltx, err := sqlTx(tx)
	if err == nil {
		_, err = sqltx.ExecContext(ctx, s.d.query(`UPDATE testimonials SET picture = ? WHERE agency_id = ? AND id = ?`), picture, s.agency, id)
	}
	if err != nil {
		return s.errorf("testimonial %d picture: %w", id, err)
	}
	return nil
}

// ApprovedPicture implements testimonial.Store (none once the moderation
// dropped it: picture emptied): the picture file of the
// testimonial's request, while the testimonial is approved.
func (s *Store) ApprovedPicture(ctx context.Context, id int64) ([]byte, error) {
	var data []byte
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT f.data FROM testimonials t
		JOIN request_files f ON f.agency_id = t.agency_id AND f.request_id = t.request_id AND f.field = 'picture'
		WHERE t.agency_id = ? AND t.id = ? AND t.approved AND t.picture <> ''`), s.agency, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, testimonial.ErrNotFound
	}
	if err != nil {
		return nil, s.errorf("testimonial %d picture: %w", id, err)
	}
	return data, nil
}

// SetTestimonialApproved implements testimonial.Store.
func (s *Store) SetTestimonialApproved(ctx context.Context, id int64, approved bool) error {
	err := s.changeTestimonial(ctx, id, `UPDATE testimonials SET approved = ? WHERE agency_id = ? AND id = ?`, approved, s.agency, id)
	if err != nil {
		return s.errorf("approve testimonial %d: %w", id, err)
	}
	return nil
}

// DeleteTestimonial implements testimonial.Store.
func (s *Store) DeleteTestimonial(ctx context.Context, id int64) error {
	if err := s.changeTestimonial(ctx, id, `DELETE FROM testimonials WHERE agency_id = ? AND id = ?`, s.agency, id); err != nil {
		return s.errorf("delete testimonial %d: %w", id, err)
	}
	return nil
}

// changeTestimonial runs one statement on testimonial id and bumps the
// version; testimonial.ErrNotFound when it touched no row.
func (s *Store) changeTestimonial(ctx context.Context, id int64, stmt string, args ...any) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.query(stmt), args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return testimonial.ErrNotFound
		}
		_, err = tx.ExecContext(ctx, s.d.query(bumpTestimonials), s.agency)
		return err
	})
}

const testimonialColumns = `id, name, comment, website, picture, about, lang, approved, created_at, request_id`

// ApprovedTestimonials implements testimonial.Store.
func (s *Store) ApprovedTestimonials(ctx context.Context) ([]testimonial.Testimonial, error) {
	return s.testimonials(ctx, `SELECT `+testimonialColumns+` FROM testimonials WHERE agency_id = ? AND approved
		ORDER BY created_at DESC, id DESC`, s.agency)
}

// Testimonials implements testimonial.Store.
func (s *Store) Testimonials(ctx context.Context, q testimonial.Query) ([]testimonial.Testimonial, error) {
	query, args := `SELECT `+testimonialColumns+` FROM testimonials WHERE agency_id = ? AND approved = ?`, []any{s.agency, q.Approved}
	if q.Before > 0 {
		query, args = query+` AND id < ?`, append(args, q.Before)
	}
	limit := q.Limit
	if limit <= 0 || limit > testimonial.MaxPage {
		limit = testimonial.MaxPage
	}
	return s.testimonials(ctx, query+` ORDER BY id DESC LIMIT ?`, append(args, limit)...)
}

// CountTestimonials implements testimonial.Store.
func (s *Store) CountTestimonials(ctx context.Context) (pending, published int, err error) {
	err = s.read.QueryRowContext(ctx, s.d.query(`SELECT COUNT(*) FILTER (WHERE NOT approved), COUNT(*) FILTER (WHERE approved)
		FROM testimonials WHERE agency_id = ?`), s.agency).Scan(&pending, &published)
	if err != nil {
		return 0, 0, s.errorf("count testimonials: %w", err)
	}
	return pending, published, nil
}

func (s *Store) testimonials(ctx context.Context, query string, args ...any) ([]testimonial.Testimonial, error) {
	out, err := appendRows(ctx, s.read, []testimonial.Testimonial{}, func(row scanner) (testimonial.Testimonial, error) {
		var t testimonial.Testimonial
		var request sql.NullInt64
		err := row.Scan(&t.ID, &t.Name, &t.Comment, &t.Website, &t.Picture, &t.About, &t.Lang, &t.Approved,
			scanTime{&t.CreatedAt}, &request)
		t.RequestID = request.Int64
		return t, err
	}, s.d.query(query), args...)
	if err != nil {
		return nil, s.errorf("testimonials: %w", err)
	}
	return out, nil
}

// TestimonialsVersion implements testimonial.Store.
func (s *Store) TestimonialsVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT version FROM content_meta WHERE agency_id = ? AND name = 'testimonials'`), s.agency).Scan(&v)
	if err != nil {
		return 0, s.errorf("testimonials version: %w", err)
	}
	return v, nil
}
