package sqlstore

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
)

// Dialect is what differs between the databases the Store runs on. The
// queries are written once, in the SQL both accept (ON CONFLICT … DO UPDATE,
// RETURNING, IS DISTINCT FROM, true/false: SQLite has had them all since
// 3.39), with ? placeholders; what remains differs here.
type Dialect struct {
	// Name prefixes every error ("sqlite: load: …").
	Name string
	// Numbered rewrites the ? placeholders to $1, $2, … (PostgreSQL).
	Numbered bool
	// Now is the SQL expression for the current time, in the column's
	// format.
	Now string
	// JSONText is the SQL expression of the text of key at the top of the
	// JSON document in column (NULL when absent).
	JSONText func(column, key string) string
	// Snapshot are the options of a read transaction that must see one
	// snapshot throughout (a load of the catalog and its version).
	Snapshot sql.TxOptions
	// SkipLocked ends a SELECT that claims rows in a write transaction
	// (a queue's next jobs): FOR UPDATE SKIP LOCKED on PostgreSQL, so that
	// servers sharing the database claim different rows; empty on SQLite,
	// whose single writer already holds the whole database.
	SkipLocked string
	// Time is how a time is bound: a time.Time for TIMESTAMPTZ, fixed-width
	// UTC text on SQLite (so that it sorts as text).
	Time func(time.Time) any
	// Match selects the requests whose search text (the column search,
	// inbox.SearchText) has a word starting with each of terms: from takes
	// the place of "requests r" in the query's FROM (it joins requests as
	// r), cond (maybe empty) is the condition, args the arguments of both
	// in the order they appear, and key the expression of r.id the rows
	// are ordered by — the search index's own order, so that a walk in it
	// stops at the page's end. db is the pool the query will run on, for a
	// dialect that first asks its index how frequent a term is; agency is
	// the store's, whose rows alone the index is read for.
	Match func(ctx context.Context, db *sql.DB, agency int64, terms []string) (m Match, err error)
	// Replan, when not nil, goes before the arguments of a query whose
	// best plan depends on their values (a search's words: a rare one is
	// read from its index, a frequent one with selective filters may be
	// better found walking a filter's), so the database plans it for them
	// on every run rather than settling on a generic plan after a few
	// (PostgreSQL: pgx's QueryExecModeExec, an unnamed statement).
	Replan any
	// AgencyKey begins the conflict target of an upsert on an agency's own
	// key ("agency_id, " on PostgreSQL, whose keys are per agency;
	// "" on SQLite, which holds one agency's data and keeps its keys).
	AgencyKey string
	// SearchSet, when not empty, is run first in a search's own read-only
	// transaction (SET LOCAL …: planner settings for the search alone).
	SearchSet string
}

// Match is a search's part of the inbox list's statement: From takes the
// place of "requests r" (joining requests as r), with its arguments;
// Cond (maybe empty) is a condition, with its; Key the expression of r.id
// the rows are ordered by.
type Match struct {
	From     string
	FromArgs []any
	Cond     string
	CondArgs []any
	Key      string
}

// keyed is q, a statement kept where no dialect is known, with its
// conflict target's "{agency key}" as the dialect's AgencyKey.
func (d Dialect) keyed(q string) string { return strings.ReplaceAll(q, "{agency key}", d.AgencyKey) }

// query returns q with its placeholders in the dialect's style.
func (d Dialect) query(q string) string {
	if !d.Numbered {
		return q
	}
	return numbered(q)
}

// numbered rewrites each ? of q to $1, $2, … in order, leaving alone the ?
// inside quoted strings, quoted identifiers and comments.
func numbered(q string) string {
	if !strings.ContainsRune(q, '?') {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(q[i+1:], c)
			if end < 0 {
				b.WriteString(q[i:])
				return b.String()
			}
			// A doubled quote inside is two adjacent quoted runs: the
			// next iteration copies the second one the same way.
			b.WriteString(q[i : i+end+2])
			i += end + 1
		case c == '-' && strings.HasPrefix(q[i:], "--"):
			end := strings.IndexByte(q[i:], '\n')
			if end < 0 {
				b.WriteString(q[i:])
				return b.String()
			}
			b.WriteString(q[i : i+end])
			i += end - 1
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			end := strings.Index(q[i+2:], "*/")
			if end < 0 {
				b.WriteString(q[i:])
				return b.String()
			}
			b.WriteString(q[i : i+end+4])
			i += end + 3
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
