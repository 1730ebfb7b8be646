package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"immo/internal/domain/mail"
	"immo/internal/domain/testimonial"
)

// EditTestimonial implements testimonial.Store. The row is read through an
// UPDATE that changes nothing, which on PostgreSQL locks it until the
// transaction ends (two staff members moderating one testimonial take
// turns, the second seeing the first's change); SQLite's single writer
// serialises anyway.
func (s *Store) EditTestimonial(ctx context.Context, id int64, fn func(ctx context.Context, tx mail.Tx, t *testimonial.Testimonial) (testimonial.Op, error)) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		var t testimonial.Testimonial
		var request sql.NullInt64
		err := tx.QueryRowContext(ctx, s.d.query(`UPDATE testimonials SET approved = approved WHERE agency_id = ? AND id = ?
			RETURNING `+testimonialColumns), s.agency, id).Scan(&t.ID, &t.Name, &t.Comment, &t.Website, &t.Picture, &t.About, &t.Lang,
			&t.Approved, scanTime{&t.CreatedAt}, &request)
		if errors.Is(err, sql.ErrNoRows) {
			return testimonial.ErrNotFound
		}
		if err != nil {
			return err
		}
		t.RequestID = request.Int64
		op, err := fn(ctx, s.mailTx(tx), &t)
		if err != nil {
			return err
		}
		switch op {
		case testimonial.Keep:
			return nil
		case testimonial.Update:
			_, err = tx.ExecContext(ctx, s.d.query(`UPDATE testimonials SET name = ?, comment = ?, approved = ?, picture = ? WHERE agency_id = ? AND id = ?`),
				t.Name, t.Comment, t.Approved, t.Picture, s.agency, id)
		case testimonial.Delete:
			_, err = tx.ExecContext(ctx, s.d.query(`DELETE FROM testimonials WHERE agency_id = ? AND id = ?`), s.agency, id)
		default:
			return errors.New("unknown operation")
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.d.query(bumpTestimonials), s.agency)
		return err
	})
	if err != nil {
		return s.errorf("edit testimonial %d: %w", id, err)
	}
	return nil
}
