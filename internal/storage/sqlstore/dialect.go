package sqlstore

import (
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
	// the place of "requests r" in the query's FROM, cond (maybe empty) is
	// the condition, arg the one argument of either, and key the
	// expression of r.id the rows are ordered by. few says the words are in
	// at most FewWords requests (Few found so).
	Match func(terms []string, few bool) (from, cond string, arg any, key string)
	// Few, when not empty, counts up to FewWords (the argument of its
	// second ?) of the newest requests that have a word starting with each
	// of Match's terms (the first): fewer, and the words are rare. A
	// database whose planner cannot tell a rare word from a frequent one is
	// so told which plan to take.
	Few string
}

// FewWords: a search with fewer matches than this among the newest
// FewWindow requests is rare (Dialect.Few).
const (
	FewWords  = 50
	FewWindow = 2000
)

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
