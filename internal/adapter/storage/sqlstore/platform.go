package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/platform"
)

// Platform keeps the platform's agencies and their hosts (platform.Store).
type Platform struct{ s *Store }

// Platform is the store's platform.Store.
func (s *Store) Platform() *Platform { return &Platform{s} }

var _ platform.Store = (*Platform)(nil)

// AddAgency implements platform.Store.
func (p *Platform) AddAgency(ctx context.Context, a platform.Agency) (int64, error) {
	var id int64
	err := p.s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := p.hostsFree(ctx, tx, 0, a.Hosts); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, p.s.d.query(`INSERT INTO agencies (name, lang, disabled, created_at) VALUES (?, ?, false, ?) RETURNING id`),
			a.Name, a.Lang, p.s.d.Time(a.Created)).Scan(&id); err != nil {
			return err
		}
		if err := p.provision(ctx, tx, id, a.Created); err != nil {
			return err
		}
		return p.insertHosts(ctx, tx, id, a.Hosts)
	})
	if _, ok := errs.As(err); ok {
		return 0, err
	}
	if err != nil {
		return 0, p.s.errorf("add agency: %w", err)
	}
	return id, nil
}

// provision writes the rows every agency's stores read from its start —
// the catalog's, the testimonials' and the alerts' versions, the rendered
// pages' total, the published configuration's head — as the migrations
// wrote the implicit agency's (there already: nothing written again).
func (p *Platform) provision(ctx context.Context, tx *sql.Tx, id int64, now time.Time) error {
	for _, st := range []struct {
		q    string
		args []any
	}{
		{`INSERT INTO catalog_meta (agency_id, id, version, updated_at) VALUES (?, 1, 0, ?) ON CONFLICT DO NOTHING`, []any{id, p.s.d.Time(now)}},
		{`INSERT INTO content_meta (agency_id, name, version) VALUES (?, 'testimonials', 0) ON CONFLICT DO NOTHING`, []any{id}},
		{`INSERT INTO alert_scans (agency_id, id, version) VALUES (?, 1, 0) ON CONFLICT DO NOTHING`, []any{id}},
		{`INSERT INTO rendered_total (agency_id, id, bytes) VALUES (?, 1, 0) ON CONFLICT DO NOTHING`, []any{id}},
		{`INSERT INTO site_head (agency_id, one, version) VALUES (?, 1, 0) ON CONFLICT DO NOTHING`, []any{id}},
	} {
		if _, err := tx.ExecContext(ctx, p.s.d.query(st.q), st.args...); err != nil {
			return err
		}
	}
	return nil
}

// hostsFree refuses a host another agency than id holds.
func (p *Platform) hostsFree(ctx context.Context, tx *sql.Tx, id int64, hosts []string) error {
	q := `SELECT host FROM agency_hosts WHERE agency_id <> ? AND host IN (?` + strings.Repeat(", ?", len(hosts)-1) + `) ORDER BY host LIMIT 1`
	args := []any{id}
	for _, h := range hosts {
		args = append(args, h)
	}
	var taken string
	switch err := tx.QueryRowContext(ctx, p.s.d.query(q), args...).Scan(&taken); err {
	case sql.ErrNoRows:
		return nil
	case nil:
		return platform.HostTaken(taken)
	default:
		return err
	}
}

func (p *Platform) insertHosts(ctx context.Context, tx *sql.Tx, id int64, hosts []string) error {
	for i, h := range hosts {
		if _, err := tx.ExecContext(ctx, p.s.d.query(`INSERT INTO agency_hosts (host, agency_id, preferred) VALUES (?, ?, ?)`), h, id, i == 0); err != nil {
			return err
		}
	}
	return nil
}

// Agencies implements platform.Store.
func (p *Platform) Agencies(ctx context.Context) ([]platform.Agency, error) {
	rows, err := p.s.read.QueryContext(ctx, `SELECT a.id, a.name, a.lang, a.disabled, a.created_at, a.captcha_secret, h.host
		FROM agencies a LEFT JOIN agency_hosts h ON h.agency_id = a.id
		ORDER BY a.id, h.preferred DESC, h.host`)
	if err != nil {
		return nil, p.s.errorf("agencies: %w", err)
	}
	defer rows.Close()
	var out []platform.Agency
	for rows.Next() {
		var a platform.Agency
		var host sql.NullString
		if err := rows.Scan(&a.ID, &a.Name, &a.Lang, &a.Disabled, scanTime{&a.Created}, &a.CaptchaSecret, &host); err != nil {
			return nil, p.s.errorf("agencies: %w", err)
		}
		if n := len(out); n == 0 || out[n-1].ID != a.ID {
			out = append(out, a)
		}
		if host.Valid {
			last := &out[len(out)-1]
			last.Hosts = append(last.Hosts, host.String)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, p.s.errorf("agencies: %w", err)
	}
	return out, nil
}

// SetDisabled implements platform.Store.
func (p *Platform) SetDisabled(ctx context.Context, id int64, disabled bool) error {
	return p.setColumn(ctx, id, "disabled", disabled)
}

// SetCaptchaSecret implements platform.Store.
func (p *Platform) SetCaptchaSecret(ctx context.Context, id int64, sealed string) error {
	return p.setColumn(ctx, id, "captcha_secret", sealed)
}

// setColumn sets column (one of ours, never a caller's) of agency id;
// platform.ErrUnknown when there is no such agency.
func (p *Platform) setColumn(ctx context.Context, id int64, column string, value any) error {
	res, err := p.s.write.ExecContext(ctx, p.s.d.query(`UPDATE agencies SET `+column+` = ? WHERE id = ?`), value, id)
	if err != nil {
		return p.s.errorf("agency %d's %s: %w", id, column, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return platform.ErrUnknown
	}
	return nil
}

// SetHosts implements platform.Store.
func (p *Platform) SetHosts(ctx context.Context, id int64, hosts []string) error {
	err := p.s.writeTx(ctx, func(tx *sql.Tx) error {
		var one int
		if err := tx.QueryRowContext(ctx, p.s.d.query(`SELECT 1 FROM agencies WHERE id = ?`), id).Scan(&one); err == sql.ErrNoRows {
			return platform.ErrUnknown
		} else if err != nil {
			return err
		}
		if err := p.hostsFree(ctx, tx, id, hosts); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, p.s.d.query(`DELETE FROM agency_hosts WHERE agency_id = ?`), id); err != nil {
			return err
		}
		return p.insertHosts(ctx, tx, id, hosts)
	})
	if _, ok := errs.As(err); ok {
		return err
	}
	if err != nil {
		return p.s.errorf("set hosts of agency %d: %w", id, err)
	}
	return nil
}
