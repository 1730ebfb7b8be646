package sqlstore

import (
	"context"
	"database/sql"

	"immo/internal/testimonial"
)

// bumpTestimonials tells the servers sharing the database to reload.
const bumpTestimonials = `UPDATE content_meta SET version = version + 1 WHERE name = 'testimonials'`

// AddTestimonial implements testimonial.Store.
func (s *Store) AddTestimonial(ctx context.Context, t testimonial.Testimonial) (int64, error) {
	var id int64
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, s.d.query(`INSERT INTO testimonials
			(name, comment, website, picture, about, lang, approved, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			t.Name, t.Comment, t.Website, t.Picture, t.About, t.Lang, t.Approved, s.d.Time(t.CreatedAt),
		).Scan(&id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, bumpTestimonials)
		return err
	})
	if err != nil {
		return 0, s.errorf("add testimonial: %w", err)
	}
	return id, nil
}

// SetTestimonialApproved implements testimonial.Store.
func (s *Store) SetTestimonialApproved(ctx context.Context, id int64, approved bool) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.query(`UPDATE testimonials SET approved = ? WHERE id = ?`), approved, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return testimonial.ErrNotFound
		}
		_, err = tx.ExecContext(ctx, bumpTestimonials)
		return err
	})
	if err != nil {
		return s.errorf("approve testimonial %d: %w", id, err)
	}
	return nil
}

// ApprovedTestimonials implements testimonial.Store.
func (s *Store) ApprovedTestimonials(ctx context.Context) ([]testimonial.Testimonial, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT id, name, comment, website, picture, about, lang, created_at
		FROM testimonials WHERE approved ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, s.errorf("testimonials: %w", err)
	}
	defer rows.Close()
	out := []testimonial.Testimonial{}
	for rows.Next() {
		t := testimonial.Testimonial{Approved: true}
		if err := rows.Scan(&t.ID, &t.Name, &t.Comment, &t.Website, &t.Picture, &t.About, &t.Lang,
			scanTime{&t.CreatedAt}); err != nil {
			return nil, s.errorf("testimonials: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// TestimonialsVersion implements testimonial.Store.
func (s *Store) TestimonialsVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.read.QueryRowContext(ctx, `SELECT version FROM content_meta WHERE name = 'testimonials'`).Scan(&v)
	if err != nil {
		return 0, s.errorf("testimonials version: %w", err)
	}
	return v, nil
}
