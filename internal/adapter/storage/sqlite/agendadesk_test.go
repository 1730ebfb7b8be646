package sqlite_test

import (
	"testing"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
)

func TestAgendaDesk(t *testing.T) {
	open := opener()
	storagetest.RunAgendaDesk(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}
