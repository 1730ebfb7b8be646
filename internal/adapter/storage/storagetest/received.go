package storagetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/audit"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// testReceivedAudited: a request accepted writes its entry in the audit log
// in its own transaction — the visitor as actor, its kind after — and a
// request rolled back (its mails failed) leaves none.
func testReceivedAudited(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ip, err := lead.NewIPHasher([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	svc := &lead.Service{Store: s.Requests(), IP: ip, Audit: s.Audit(), Now: func() time.Time { return day }}
	r := sampleRequest("", day)
	r.Kind, r.Fields = lead.KindSiteContact, nil
	stored, problems, err := svc.Accept(ctx, r, "192.0.2.7")
	if err != nil || problems != nil {
		t.Fatalf("accept: %v %v", problems, err)
	}
	log, err := s.Audit().List(ctx, audit.Query{TargetKind: lead.AuditTarget, TargetID: stored.ID, Limit: 10})
	want := audit.Entry{ID: log[0].ID, Time: day, Actor: audit.Visitor, Action: lead.ActionReceived, TargetKind: lead.AuditTarget,
		TargetID: stored.ID, After: string(lead.KindSiteContact)}
	if err != nil || len(log) != 1 || !log[0].Time.Equal(day) || log[0].Time.IsZero() {
		t.Fatalf("log %+v, %v", log, err)
	}
	log[0].Time = day
	if log[0] != want {
		t.Fatalf("entry %+v, want %+v", log[0], want)
	}

	failing := errors.New("the mails failed")
	svc.Mails = lead.ComposeFunc(func(context.Context, lead.Request) ([]mail.Message, error) { return nil, failing })
	r.Remark = "Another one"
	if _, _, err := svc.Accept(ctx, r, "192.0.2.7"); !errors.Is(err, failing) {
		t.Fatalf("accept with failing mails: %v", err)
	}
	all, err := s.Audit().List(ctx, audit.Query{TargetKind: lead.AuditTarget, Limit: 10})
	if err != nil || len(all) != 1 {
		t.Fatalf("after a rollback the log holds %+v, %v", all, err)
	}
}
