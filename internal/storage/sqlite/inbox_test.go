package sqlite_test

import (
	"testing"

	"immo/internal/storage/sqlstore"
	"immo/internal/storage/storagetest"
)

func TestInbox(t *testing.T) {
	open := opener()
	storagetest.RunInbox(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}
