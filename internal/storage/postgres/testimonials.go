package postgres

import (
	"context"
	"fmt"

	"immo/internal/testimonial"
)

var _ testimonial.Store = (*DB)(nil)

// AddTestimonial implements testimonial.Store.
func (db *DB) AddTestimonial(ctx context.Context, t testimonial.Testimonial) (int64, error) {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("postgres: add testimonial: %w", err)
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRowContext(ctx, `INSERT INTO testimonials (name, comment, website, picture, about, lang, approved, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, t.Name, t.Comment, t.Website, t.Picture, t.About, t.Lang,
		t.Approved, t.CreatedAt.UTC()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("postgres: add testimonial: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE content_meta SET version = version + 1 WHERE name = 'testimonials'`); err != nil {
		return 0, fmt.Errorf("postgres: add testimonial: %w", err)
	}
	return id, tx.Commit()
}

// SetTestimonialApproved implements testimonial.Store.
func (db *DB) SetTestimonialApproved(ctx context.Context, id int64, approved bool) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("postgres: approve testimonial: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE testimonials SET approved = $1 WHERE id = $2`, approved, id)
	if err != nil {
		return fmt.Errorf("postgres: approve testimonial: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("postgres: approve testimonial %d: %w", id, testimonial.ErrNotFound)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE content_meta SET version = version + 1 WHERE name = 'testimonials'`); err != nil {
		return fmt.Errorf("postgres: approve testimonial: %w", err)
	}
	return tx.Commit()
}

// ApprovedTestimonials implements testimonial.Store.
func (db *DB) ApprovedTestimonials(ctx context.Context) ([]testimonial.Testimonial, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT id, name, comment, website, picture, about, lang, created_at
		FROM testimonials WHERE approved ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("postgres: testimonials: %w", err)
	}
	defer rows.Close()
	out := []testimonial.Testimonial{}
	for rows.Next() {
		t := testimonial.Testimonial{Approved: true}
		if err := rows.Scan(&t.ID, &t.Name, &t.Comment, &t.Website, &t.Picture, &t.About, &t.Lang, &t.CreatedAt); err != nil {
			return nil, fmt.Errorf("postgres: testimonials: %w", err)
		}
		t.CreatedAt = t.CreatedAt.UTC()
		out = append(out, t)
	}
	return out, rows.Err()
}

// TestimonialsVersion implements testimonial.Store.
func (db *DB) TestimonialsVersion(ctx context.Context) (int64, error) {
	var v int64
	err := db.db.QueryRowContext(ctx, `SELECT version FROM content_meta WHERE name = 'testimonials'`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("postgres: testimonials version: %w", err)
	}
	return v, nil
}
