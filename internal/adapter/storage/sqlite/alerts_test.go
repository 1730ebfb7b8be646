package sqlite_test

import (
	"testing"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/adapter/storage/storagetest"
)

func TestAlertStore(t *testing.T) {
	open := opener()
	storagetest.RunAlerts(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestOptOutStore(t *testing.T) {
	open := opener()
	storagetest.RunOptOuts(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}

func TestReportStore(t *testing.T) {
	open := opener()
	storagetest.RunReports(t, func(t *testing.T) *sqlstore.Store { return open(t).Store })
}
