package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"immo/internal/domain/mail"
)

// Tx is the transaction a store hands to its callback as a mail.Tx. The
// queue adapter asserts interface{ SQLTx() *sql.Tx } to insert its jobs into
// the same transaction, so a record and its mails commit together, and
// interface{ AfterCommit(func()) } to wake its workers once they can see
// them.
type Tx struct {
	tx    *sql.Tx
	after *afterCommits
}

// mailTx is tx, a write transaction of s, as a mail.Tx.
func (s *Store) mailTx(tx *sql.Tx) Tx { return Tx{tx, s.after} }

// StorageTx implements mail.Tx.
func (Tx) StorageTx() {}

// SQLTx is the database/sql transaction.
func (t Tx) SQLTx() *sql.Tx { return t.tx }

// AfterCommit runs f once the transaction commits (not if it rolls back;
// a savepoint undone inside it does not take f back). f runs on the
// committing goroutine: it must not block.
func (t Tx) AfterCommit(f func()) {
	if t.after != nil {
		t.after.add(t.tx, f)
	}
}

// afterCommits holds, per open write transaction, what runs once it
// commits: database/sql tells no one of a commit, and the mail queue's
// workers would otherwise find a queued job only at their next poll.
type afterCommits struct {
	mu   sync.Mutex
	byTx map[*sql.Tx][]func()
}

func (a *afterCommits) add(tx *sql.Tx, f func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byTx == nil {
		a.byTx = map[*sql.Tx][]func(){}
	}
	a.byTx[tx] = append(a.byTx[tx], f)
}

// take removes and returns what waits on tx.
func (a *afterCommits) take(tx *sql.Tx) []func() {
	a.mu.Lock()
	defer a.mu.Unlock()
	fs := a.byTx[tx]
	delete(a.byTx, tx)
	return fs
}

var _ mail.Tx = Tx{}

// ErrForeignTx says a transaction passed in was not made by this package.
var ErrForeignTx = errors.New("not a transaction of the SQL store")

// sqlTx is the *sql.Tx inside a mail.Tx a store of this package made.
func sqlTx(tx mail.Tx) (*sql.Tx, error) {
	t, ok := tx.(interface{ SQLTx() *sql.Tx })
	if !ok || t.SQLTx() == nil {
		return nil, ErrForeignTx
	}
	return t.SQLTx(), nil
}

// callback is what a store runs inside its transaction once the new row
// has its id (composing and queueing the mails about it).
type callback = func(ctx context.Context, tx mail.Tx, id int64) error

// insertThen runs insert and then the callback with its id in one
// transaction on the writer, committing only when both succeed. Inside
// InTx it is a savepoint of InTx's transaction: undone when either fails,
// the rest of the transaction kept.
func (s *Store) insertThen(ctx context.Context, insert func(tx *sql.Tx) (int64, error), fn callback) (int64, error) {
	var id int64
	if tx := s.heldTx(ctx); tx != nil {
		if _, err := tx.ExecContext(ctx, "SAVEPOINT insert_then"); err != nil {
			return 0, err
		}
		var err error
		if id, err = insert(tx); err == nil && fn != nil {
			err = fn(ctx, s.mailTx(tx), id)
		}
		if err != nil {
			if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT insert_then"); rerr != nil {
				return 0, errors.Join(err, rerr)
			}
			return 0, err
		}
		if _, err := tx.ExecContext(ctx, "RELEASE SAVEPOINT insert_then"); err != nil {
			return 0, err
		}
		return id, nil
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		if id, err = insert(tx); err != nil {
			return err
		}
		if fn != nil {
			return fn(ctx, s.mailTx(tx), id)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// nullID stores a listing ID of 0 (none) as NULL.
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}
