package sqlstore

import (
	"fmt"
	"time"
)

// TextTime is the layout of a time stored as text (SQLite): UTC, fixed
// width, so that times sort as text; microseconds, as PostgreSQL keeps.
const TextTime = "2006-01-02T15:04:05.000000Z"

// scanTime reads a time column of either database into t, in UTC: a
// time.Time from TIMESTAMPTZ, or text in RFC 3339 (any number of fraction
// digits, so rows written with an earlier layout still read); NULL is the
// zero time.
type scanTime struct{ t *time.Time }

func (s scanTime) Scan(v any) error {
	var err error
	switch v := v.(type) {
	case nil:
		*s.t = time.Time{}
		return nil
	case time.Time:
		*s.t = v.UTC()
	case string:
		*s.t, err = time.Parse(time.RFC3339Nano, v)
	case []byte:
		*s.t, err = time.Parse(time.RFC3339Nano, string(v))
	default:
		return fmt.Errorf("time column: unexpected %T", v)
	}
	if err != nil {
		return fmt.Errorf("time column: %w", err)
	}
	*s.t = s.t.UTC()
	return nil
}

// nullTime binds t through bind, the zero time as NULL.
func nullTime(bind func(time.Time) any, t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return bind(t)
}
