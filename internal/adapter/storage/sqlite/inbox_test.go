package sqlite_test

import (
	"testing"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
)

func TestInbox(t *testing.T) {
	open := opener()
	storagetest.RunInbox(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}
