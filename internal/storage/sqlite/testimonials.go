package sqlite

import (
	"context"
	"fmt"
	"time"

	"immo/internal/testimonial"
)

var _ testimonial.Store = (*DB)(nil)

// AddTestimonial implements testimonial.Store.
func (db *DB) AddTestimonial(ctx context.Context, t testimonial.Testimonial) (int64, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("sqlite: add testimonial: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO testimonials (name, comment, website, picture, about, lang, approved, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.Name, t.Comment, t.Website, t.Picture, t.About, t.Lang, t.Approved,
		t.CreatedAt.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return 0, fmt.Errorf("sqlite: add testimonial: %w", err)
	}
	id, _ := res.LastInsertId()
	if _, err := tx.ExecContext(ctx, `UPDATE content_meta SET version = version + 1 WHERE name = 'testimonials'`); err != nil {
		return 0, fmt.Errorf("sqlite: add testimonial: %w", err)
	}
	return id, tx.Commit()
}

// SetTestimonialApproved implements testimonial.Store.
func (db *DB) SetTestimonialApproved(ctx context.Context, id int64, approved bool) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: approve testimonial: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE testimonials SET approved = ? WHERE id = ?`, approved, id)
	if err != nil {
		return fmt.Errorf("sqlite: approve testimonial: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("sqlite: approve testimonial %d: %w", id, testimonial.ErrNotFound)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE content_meta SET version = version + 1 WHERE name = 'testimonials'`); err != nil {
		return fmt.Errorf("sqlite: approve testimonial: %w", err)
	}
	return tx.Commit()
}

// ApprovedTestimonials implements testimonial.Store.
func (db *DB) ApprovedTestimonials(ctx context.Context) ([]testimonial.Testimonial, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, name, comment, website, picture, about, lang, created_at
		FROM testimonials WHERE approved ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: testimonials: %w", err)
	}
	defer rows.Close()
	out := []testimonial.Testimonial{}
	for rows.Next() {
		t := testimonial.Testimonial{Approved: true}
		var created string
		if err := rows.Scan(&t.ID, &t.Name, &t.Comment, &t.Website, &t.Picture, &t.About, &t.Lang, &created); err != nil {
			return nil, fmt.Errorf("sqlite: testimonials: %w", err)
		}
		if t.CreatedAt, err = time.Parse(time.RFC3339Nano, created); err != nil {
			return nil, fmt.Errorf("sqlite: testimonial %d date: %w", t.ID, err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// TestimonialsVersion implements testimonial.Store.
func (db *DB) TestimonialsVersion(ctx context.Context) (int64, error) {
	var v int64
	err := db.read.QueryRowContext(ctx, `SELECT version FROM content_meta WHERE name = 'testimonials'`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("sqlite: testimonials version: %w", err)
	}
	return v, nil
}
