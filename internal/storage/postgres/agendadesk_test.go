package postgres_test

import (
	"testing"

	"immo/internal/storage/sqlstore"
	"immo/internal/storage/storagetest"
)

func TestAgendaDesk(t *testing.T) {
	open := opener()
	storagetest.RunAgendaDesk(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}
