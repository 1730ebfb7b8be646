package admin

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/inbox"
)

// refusingInbox's export fails before its first byte (its audit entry
// refused), or after (writes, then fails).
type refusingInbox struct {
	Inbox
	after bool
}

func (f refusingInbox) Export(_ context.Context, _ int64, _ inbox.Filter, _ inbox.CSV, w io.Writer) error {
	if f.after {
		io.WriteString(w, "\uFEFFid\n")
	}
	return errors.New("refused")
}

type noStaff struct{}

func (noStaff) Enabled(context.Context) ([]account.StaffMember, error) { return nil, nil }

// An export whose audit entry is refused answers an error, not an empty
// file; one failing midway has sent its headers and ends short.
func TestExportFailure(t *testing.T) {
	for _, after := range []bool{false, true} {
		h := &Handler{o: Options{Inbox: refusingInbox{after: after}, Staff: noStaff{}, Log: slog.New(slog.DiscardHandler), Now: time.Now}}
		rec := httptest.NewRecorder()
		h.serveExport(rec, httptest.NewRequest("GET", exportPath, nil))
		switch {
		case !after && (rec.Code != http.StatusInternalServerError || rec.Header().Get("Content-Disposition") != ""):
			t.Errorf("refused before any byte: %d %v", rec.Code, rec.Header())
		case after && (rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8"):
			t.Errorf("refused midway: %d %v", rec.Code, rec.Header())
		}
	}
}
