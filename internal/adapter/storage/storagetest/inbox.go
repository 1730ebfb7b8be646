package storagetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// RunInbox is the inbox suite (inbox.Store through inbox.Service), run on
// every database. open follows Run's rules.
func RunInbox(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Filters", func(t *testing.T) { testInboxFilters(t, open(t)) })
	t.Run("Paging", func(t *testing.T) { testInboxPaging(t, open(t)) })
	t.Run("Search", func(t *testing.T) { testInboxSearch(t, open(t)) })
	t.Run("Changes", func(t *testing.T) { testInboxChanges(t, open(t)) })
	t.Run("Detail", func(t *testing.T) { testInboxDetail(t, open(t)) })
	t.Run("Export", func(t *testing.T) { testInboxExport(t, open(t)) })
}

// inboxLeads are the suite's requests, one per hour from inboxStart,
// oldest first.
var inboxStart = time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)

func inboxLeads() []lead.Request {
	p := func(first, last, email string) lead.Person {
		return lead.Person{FirstName: first, LastName: last, Email: email, Phone: "+32 470 00 00 00"}
	}
	rs := []lead.Request{
		{Kind: lead.KindInformation, Lang: "nl", PropertyID: 10, Person: p("Jan", "Peeters", "jan.peeters@example.be"), Remark: "Is de tuin zuidgericht?"},
		{Kind: lead.KindVisit, Lang: "fr", PropertyID: 10, Person: p("Éloïse", "Dubois", "eloise@exemple.be"), Remark: "Une visite samedi ?"},
		{Kind: lead.KindProject, Lang: "fr", ProjectID: 5, Person: p("Marc", "Janssens", "marc@example.com"), Remark: "Prix de l'appartement B2"},
		{Kind: lead.KindSiteContact, Lang: "en", Person: p("Anna", "Smith", "anna@example.org"), Remark: "=HYPERLINK(\"http://evil\")"},
		{Kind: lead.KindInformation, Lang: "de", PropertyID: 11, Person: p("Jürgen", "Müller", "jm@example.de"), Remark: "Gibt es eine Garage?"},
		{Kind: lead.KindJob, Lang: "nl", Person: p("Sofie", "Jacobs", "sofie@example.be"), Remark: "Mijn cv zit erbij",
			Fields: map[string]string{"position": "Makelaar", "motivation": "Ik hou van huizen"},
			Files:  []lead.File{{Field: "cv", Name: "cv Sofie.pdf", Type: "application/pdf", Data: []byte("%PDF-1.7 cv")}}},
	}
	for i := range rs {
		rs[i].Time = inboxStart.Add(time.Duration(i) * time.Hour)
		rs[i].IPHash = fmt.Sprint("ip", i)
		rs[i].Page = "/"
	}
	return rs
}

// seedInbox stores inboxLeads and returns their ids, oldest first.
func seedInbox(t *testing.T, s *sqlstore.Store) []int64 {
	var ids []int64
	for _, r := range inboxLeads() {
		id, err := s.Requests().Save(t.Context(), r, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

func listIDs(t *testing.T, svc *inbox.Service, f inbox.Filter) []int64 {
	t.Helper()
	page, err := svc.List(t.Context(), f)
	if err != nil {
		t.Fatalf("%+v: %v", f, err)
	}
	out := []int64{}
	for _, r := range page.Rows {
		out = append(out, r.ID)
	}
	n, more, err := svc.Count(t.Context(), f)
	if err != nil || more || (f.Size == 0 && n != len(out)) {
		t.Fatalf("%+v: Count %d (%v), listed %d", f, n, err, len(out))
	}
	return out
}

func testInboxFilters(t *testing.T, s *sqlstore.Store) {
	ids := seedInbox(t, s)
	svc := &inbox.Service{Store: s.Inbox()}
	ctx := t.Context()
	if err := svc.SetStatus(ctx, 1, ids[1], inbox.StatusInProgress); err != nil {
		t.Fatal(err)
	}
	if err := svc.SetStatus(ctx, 1, ids[3], inbox.StatusSpam); err != nil {
		t.Fatal(err)
	}
	if err := svc.Assign(ctx, 1, ids[0], 7); err != nil {
		t.Fatal(err)
	}
	if err := svc.Assign(ctx, 1, ids[4], 7); err != nil {
		t.Fatal(err)
	}
	pick := func(is ...int) []int64 {
		out := []int64{}
		for _, i := range is {
			out = append(out, ids[i])
		}
		return out
	}
	for _, tc := range []struct {
		name string
		f    inbox.Filter
		want []int64
	}{
		// No status chosen: every one but spam (3), seen only when asked.
		{"all, newest first", inbox.Filter{}, pick(5, 4, 2, 1, 0)},
		{"oldest first", inbox.Filter{Sort: inbox.Oldest}, pick(0, 1, 2, 4, 5)},
		{"spam when asked", inbox.Filter{Statuses: []inbox.Status{inbox.StatusSpam}}, pick(3)},
		{"every status", inbox.Filter{Statuses: inbox.Statuses()}, pick(5, 4, 3, 2, 1, 0)},
		{"kind", inbox.Filter{Kinds: []lead.Kind{lead.KindInformation}}, pick(4, 0)},
		{"kinds", inbox.Filter{Kinds: []lead.Kind{lead.KindVisit, lead.KindJob}}, pick(5, 1)},
		{"status", inbox.Filter{Statuses: []inbox.Status{inbox.StatusNew}}, pick(5, 4, 2, 0)},
		{"statuses", inbox.Filter{Statuses: []inbox.Status{inbox.StatusInProgress, inbox.StatusSpam}}, pick(3, 1)},
		{"property", inbox.Filter{Property: 10}, pick(1, 0)},
		{"project", inbox.Filter{Project: 5}, pick(2)},
		{"lang", inbox.Filter{Lang: "fr"}, pick(2, 1)},
		{"from", inbox.Filter{From: inboxStart.Add(4 * time.Hour)}, pick(5, 4)},
		{"to", inbox.Filter{To: inboxStart.Add(time.Hour)}, pick(0)},
		{"from and to", inbox.Filter{From: inboxStart.Add(time.Hour), To: inboxStart.Add(3 * time.Hour)}, pick(2, 1)},
		{"assignee", inbox.Filter{Assignee: 7}, pick(4, 0)},
		{"unassigned", inbox.Filter{Unassigned: true}, pick(5, 2, 1)},
		{"search a name", inbox.Filter{Search: "peeters"}, pick(0)},
		{"search a prefix", inbox.Filter{Search: "Jan"}, pick(2, 0)},
		{"search two words", inbox.Filter{Search: "jan pee"}, pick(0)},
		{"search an address", inbox.Filter{Search: "marc@example.com"}, pick(2)},
		{"search without accents", inbox.Filter{Search: "eloise"}, pick(1)},
		{"search with accents", inbox.Filter{Search: "MÜLLER"}, pick(4)},
		{"search a remark", inbox.Filter{Search: "garage"}, pick(4)},
		{"search nothing", inbox.Filter{Search: "zzz"}, pick()},
		{"one letter is no search", inbox.Filter{Search: "j"}, pick(5, 4, 2, 1, 0)},
		{"kind and status", inbox.Filter{Kinds: []lead.Kind{lead.KindInformation}, Statuses: []inbox.Status{inbox.StatusNew}, Assignee: 7}, pick(4, 0)},
		{"everything", inbox.Filter{Kinds: []lead.Kind{lead.KindInformation}, Statuses: []inbox.Status{inbox.StatusNew},
			Property: 10, Lang: "nl", From: inboxStart, To: inboxStart.Add(time.Hour), Search: "tuin", Assignee: 7}, pick(0)},
		{"everything but one", inbox.Filter{Kinds: []lead.Kind{lead.KindInformation}, Statuses: []inbox.Status{inbox.StatusNew},
			Property: 10, Lang: "fr", Search: "tuin"}, pick()},
	} {
		if got := listIDs(t, svc, tc.f); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
	if latest, err := svc.Latest(ctx); err != nil || latest != ids[5] {
		t.Fatalf("Latest %d, %v", latest, err)
	}
	rows, err := svc.Since(ctx, ids[3])
	if err != nil || len(rows) != 2 || rows[0].ID != ids[4] || rows[1].ID != ids[5] {
		t.Fatalf("Since: %v, %v", rows, err)
	}
	if _, err := svc.List(ctx, inbox.Filter{Kinds: []lead.Kind{"nope"}}); !isCode(err, errs.Invalid) {
		t.Fatalf("a bad filter: %v", err)
	}
}

func isCode(err error, code string) bool {
	e, ok := errs.As(err)
	return ok && e.Code == code
}

// testInboxPaging walks 23 leads by pages of 5, forward and back, both
// orders, with two leads at the same time (the id breaks the tie).
func testInboxPaging(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	var ids []int64
	for i := range 23 {
		r := inboxLeads()[i%6]
		r.Time = inboxStart.Add(time.Duration(min(i, 20)) * time.Minute) // 20, 21 and 22 at the same time
		r.IPHash = fmt.Sprint("page", i)
		id, err := s.Requests().Save(ctx, r, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	svc := &inbox.Service{Store: s.Inbox()}
	for _, sort := range []inbox.Sort{inbox.Newest, inbox.Oldest} {
		want := append([]int64{}, ids...)
		if sort == inbox.Newest {
			for i, j := 0, len(want)-1; i < j; i, j = i+1, j-1 {
				want[i], want[j] = want[j], want[i]
			}
		}
		f := inbox.Filter{Sort: sort, Size: 5}
		got, pages := everyLeadPage(t, svc, f)
		if !reflect.DeepEqual(got, want) || len(pages) != 5 || pages[0].Prev != "" {
			t.Fatalf("%s: got %v in %d pages, want %v", sort, got, len(pages), want)
		}
		// Back from the last page, each page is the one seen before.
		for i := len(pages) - 1; i > 0; i-- {
			f.Cursor = pages[i].Prev
			back, err := svc.List(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.Rows, pages[i-1].Rows) {
				t.Fatalf("%s: back from page %d: %v", sort, i, back.Rows)
			}
			if (back.Prev == "") != (i == 1) || back.Next == "" {
				t.Fatalf("%s: page %d back: prev %q next %q", sort, i-1, back.Prev, back.Next)
			}
		}
	}
}

// testInboxSearch searches more leads than a search counts: a word more
// than a thousand leads have (on PostgreSQL read through its start's rows,
// each lead checked) beside rare ones sharing its start (read through the
// words' own rows), with filters, both orders and pages, and the count
// that stops at inbox.MaxSearchCount.
func testInboxSearch(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	const many = inbox.MaxSearchCount + 100
	var ids []int64 // oldest first
	var rare []int64
	err := s.InTx(ctx, func(ctx context.Context) error {
		for i := range many + 3 {
			r := lead.Request{Kind: lead.KindInformation, Lang: "nl", Page: "/", IPHash: fmt.Sprint("search", i),
				Time:   inboxStart.Add(time.Duration(i) * time.Minute),
				Person: lead.Person{FirstName: "Lotte", LastName: "Vermeulen", Email: fmt.Sprintf("lotte.v%d@example.be", i)},
				Remark: "Is er een garage?"}
			if i%(many/3) == 7 { // three among the others, not the newest
				r.Person = lead.Person{FirstName: "Noor", LastName: "Vermeer", Email: "noor@example.be"}
				r.Remark = "Verkocht?"
			}
			id, err := s.Requests().Save(ctx, r, nil)
			if err != nil {
				return err
			}
			ids = append(ids, id)
			if r.Person.LastName == "Vermeer" {
				rare = append(rare, id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rare) != 3 {
		t.Fatalf("%d rare leads", len(rare))
	}
	svc := &inbox.Service{Store: s.Inbox()}
	for _, id := range []int64{ids[len(ids)-1], ids[len(ids)-2], rare[1]} {
		if err := svc.SetStatus(ctx, 1, id, inbox.StatusDone); err != nil {
			t.Fatal(err)
		}
	}
	newest := func(list []int64, n int) []int64 {
		out := []int64{}
		for i := len(list) - 1; i >= 0 && len(out) < n; i-- {
			out = append(out, list[i])
		}
		return out
	}
	frequent := slices.DeleteFunc(slices.Clone(ids), func(id int64) bool { return slices.Contains(rare, id) })
	for _, tc := range []struct {
		name  string
		f     inbox.Filter
		want  []int64
		count int
		more  bool
	}{
		{"a frequent word", inbox.Filter{Search: "vermeulen", Size: 5}, newest(frequent, 5), inbox.MaxSearchCount, true},
		{"its start", inbox.Filter{Search: "verm", Size: 5}, newest(ids, 5), inbox.MaxSearchCount, true},
		{"two letters", inbox.Filter{Search: "ve", Size: 5}, newest(ids, 5), inbox.MaxSearchCount, true},
		{"oldest first", inbox.Filter{Search: "garage", Sort: inbox.Oldest, Size: 3}, frequent[:3], inbox.MaxSearchCount, true},
		{"a rare word of the same start", inbox.Filter{Search: "vermee"}, newest(rare, 3), 3, false},
		{"the rare and the frequent", inbox.Filter{Search: "noor vermeulen"}, []int64{}, 0, false},
		{"a rare word and a filter", inbox.Filter{Search: "vermeer", Statuses: []inbox.Status{inbox.StatusDone}}, []int64{rare[1]}, 1, false},
		{"a frequent word and a filter", inbox.Filter{Search: "lotte", Statuses: []inbox.Status{inbox.StatusDone}},
			newest(ids, 2), 2, false},
		{"a rare and a frequent word", inbox.Filter{Search: "vermeer verkocht"}, newest(rare, 3), 3, false},
		{"longer than the words", inbox.Filter{Search: "vermeulens"}, []int64{}, 0, false},
		{"a frequent start, no word", inbox.Filter{Search: "verx"}, []int64{}, 0, false},
		{"a part of an address", inbox.Filter{Search: "v1099"}, []int64{ids[1099]}, 1, false},
	} {
		page, err := svc.List(ctx, tc.f)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := []int64{}
		for _, r := range page.Rows {
			got = append(got, r.ID)
		}
		n, more, err := svc.Count(ctx, tc.f)
		if err != nil || !reflect.DeepEqual(got, tc.want) || n != tc.count || more != tc.more {
			t.Errorf("%s: listed %v, want %v; counted %d (%v, %v), want %d (%v)", tc.name, got, tc.want, n, more, err, tc.count, tc.more)
		}
	}
	// The rare word's leads page by page, forward and back.
	f := inbox.Filter{Search: "vermeer", Size: 1}
	got, pages := everyLeadPage(t, svc, f)
	if !reflect.DeepEqual(got, newest(rare, 3)) {
		t.Fatalf("the rare word's pages: %v", got)
	}
	f.Cursor = pages[2].Prev
	if back, err := svc.List(ctx, f); err != nil || len(back.Rows) != 1 || back.Rows[0].ID != rare[1] {
		t.Fatalf("back a page: %+v, %v", back, err)
	}
	// A page deep in the frequent word: after the 500th newest.
	f = inbox.Filter{Search: "vermeulen", Size: 2, Cursor: inbox.Cursor{ID: newest(frequent, 500)[499]}.String()}
	if page, err := svc.List(ctx, f); err != nil || len(page.Rows) != 2 || page.Rows[0].ID != newest(frequent, 502)[500] ||
		page.Rows[1].ID != newest(frequent, 502)[501] {
		t.Fatalf("after the 500th: %+v, %v", page, err)
	}
}

// testInboxChanges: every change writes its audit entry; refused ones
// write nothing.
func testInboxChanges(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ids := seedInbox(t, s)
	at := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	svc := &inbox.Service{Store: s.Inbox(), Now: func() time.Time { return at },
		Staff: inbox.StaffFunc(func(_ context.Context, id int64) (bool, error) { return id == 7 || id == 8, nil })}
	id := ids[0]
	steps := []func() error{
		func() error { return svc.SetStatus(ctx, 7, id, inbox.StatusInProgress) },
		func() error { return svc.SetStatus(ctx, 7, id, inbox.StatusInProgress) }, // the same: nothing
		func() error { return svc.Assign(ctx, 7, id, 8) },
		func() error { return svc.Assign(ctx, 8, id, 8) }, // the same: nothing
		func() error { return svc.AddNote(ctx, 8, id, "  Called back, visit on Monday.  ") },
		func() error { return svc.SetStatus(ctx, 8, id, inbox.StatusDone) },
		func() error { return svc.Assign(ctx, 8, id, 0) },
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	// A tab that still shows the old status is told it changed meanwhile;
	// the same status again is no change either way.
	if err := svc.MoveStatus(ctx, 7, id, inbox.StatusNew, inbox.StatusInProgress); !errors.Is(err, inbox.ErrStatusChanged) {
		t.Errorf("from a stale status: %v", err)
	}
	if err := svc.MoveStatus(ctx, 7, id, inbox.StatusInProgress, inbox.StatusDone); err != nil {
		t.Errorf("the same status from a stale one: %v", err)
	}
	for _, tc := range []struct {
		err  error
		code string
	}{
		{svc.SetStatus(ctx, 8, id, inbox.StatusSpam), errs.Conflict}, // done → spam
		{svc.SetStatus(ctx, 8, id, "handled"), errs.Invalid},
		{svc.MoveStatus(ctx, 8, id, inbox.StatusInProgress, inbox.StatusNew), errs.Conflict}, // done meanwhile
		{svc.MoveStatus(ctx, 8, id, "handled", inbox.StatusNew), errs.Invalid},
		{svc.SetStatus(ctx, 8, id+1000, inbox.StatusDone), errs.NotFound},
		{svc.AddNote(ctx, 8, id, "   "), errs.Invalid},
		{svc.AddNote(ctx, 8, id, strings.Repeat("x", inbox.MaxNote+1)), errs.Invalid},
		{svc.AddNote(ctx, 8, id, "bell\x07"), errs.Invalid},
		{svc.AddNote(ctx, 8, id+1000, "hello"), errs.NotFound},
		{svc.Assign(ctx, 8, id, 9), errs.Invalid}, // not staff
	} {
		if !isCode(tc.err, tc.code) {
			t.Errorf("want %s, got %v", tc.code, tc.err)
		}
	}
	if !errors.Is(svc.SetStatus(ctx, 8, id+1000, inbox.StatusDone), inbox.ErrNoLead) {
		t.Error("no ErrNoLead")
	}
	d, err := svc.Lead(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if d.Status != inbox.StatusDone || d.Assignee != 0 || d.Row.Notes != 1 || len(d.Notes) != 1 ||
		d.Notes[0].Text != "Called back, visit on Monday." || d.Notes[0].Author != 8 || !d.Notes[0].Created.Equal(at) {
		t.Fatalf("detail %+v", d)
	}
	type change struct {
		actor         int64
		action        audit.Action
		before, after string
	}
	var got []change
	for _, e := range d.History {
		if e.TargetKind != inbox.TargetLead || e.TargetID != id || !e.Time.Equal(at) || e.ID == 0 {
			t.Fatalf("entry %+v", e)
		}
		got = append(got, change{e.Actor, e.Action, e.Before, e.After})
	}
	want := []change{
		{7, inbox.ActionStatus, "new", "in_progress"},
		{7, inbox.ActionAssign, "", "8"},
		{8, inbox.ActionNote, "", "Called back, visit on Monday."},
		{8, inbox.ActionStatus, "in_progress", "done"},
		{8, inbox.ActionAssign, "8", ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("history\n got %+v\nwant %+v", got, want)
	}
	// The whole log, newest first, by actor and by page.
	all, err := s.Audit().List(ctx, audit.Query{Limit: 50})
	if err != nil || len(all) != 5 || all[0].Action != inbox.ActionAssign || all[4].Action != inbox.ActionStatus {
		t.Fatalf("log %+v, %v", all, err)
	}
	mine, err := s.Audit().List(ctx, audit.Query{Actor: 7, Limit: 50})
	if err != nil || len(mine) != 2 {
		t.Fatalf("actor 7's log %+v, %v", mine, err)
	}
	older, err := s.Audit().List(ctx, audit.Query{Before: all[1].ID, Limit: 2})
	if err != nil || len(older) != 2 || older[0].ID != all[2].ID {
		t.Fatalf("older %+v, %v", older, err)
	}
	// The request store reads the new status too (the owner portal does).
	if _, status, err := s.Requests().Get(ctx, id); err != nil || status != lead.StatusDone {
		t.Fatalf("request status %q, %v", status, err)
	}
}

func testInboxDetail(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ids := seedInbox(t, s)
	mails := inbox.MailsFunc(func(_ context.Context, id int64) ([]inbox.Mail, error) {
		return []inbox.Mail{{ID: 1, Subject: fmt.Sprint("about ", id), State: "sent"}}, nil
	})
	svc := &inbox.Service{Store: s.Inbox(), Mails: mails}
	d, err := svc.Lead(ctx, ids[5])
	if err != nil {
		t.Fatal(err)
	}
	in := inboxLeads()[5]
	if d.Kind != lead.KindJob || d.Name() != "Sofie Jacobs" || d.Request.Remark != in.Remark || d.Request.Page != "/" ||
		d.Request.Person != in.Person || !d.Created.Equal(in.Time) || d.Status != inbox.StatusNew {
		t.Fatalf("detail %+v", d)
	}
	if want := []inbox.FileInfo{{Field: "cv", Name: "cv Sofie.pdf", Type: "application/pdf", Size: 11}}; !reflect.DeepEqual(d.Files, want) {
		t.Fatalf("files %+v", d.Files)
	}
	if len(d.Mails) != 1 || d.Mails[0].Subject != fmt.Sprint("about ", ids[5]) {
		t.Fatalf("mails %+v", d.Mails)
	}
	info, body, err := svc.File(ctx, ids[5], "cv")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(body)
	if info.Name != "cv Sofie.pdf" || !bytes.Equal(data, []byte("%PDF-1.7 cv")) {
		t.Fatalf("file %+v %q", info, data)
	}
	if _, _, err := svc.File(ctx, ids[4], "cv"); !errors.Is(err, inbox.ErrNoFile) {
		t.Fatalf("no file: %v", err)
	}
	if _, err := svc.Lead(ctx, ids[5]+100); !errors.Is(err, inbox.ErrNoLead) {
		t.Fatalf("no lead: %v", err)
	}
}

// testInboxExport: the CSV of a filtered list, read page by page, formulas
// neutralised, and the export in the audit log.
func testInboxExport(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	seedInbox(t, s)
	for i := range 1100 { // more than two of the export's pages
		r := inboxLeads()[3]
		r.Time, r.IPHash = inboxStart.Add(time.Duration(i+10)*time.Hour), fmt.Sprint("export", i)
		if _, err := s.Requests().Save(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
	}
	svc := &inbox.Service{Store: s.Inbox()}
	var b bytes.Buffer
	err := svc.Export(ctx, 7, inbox.Filter{Kinds: []lead.Kind{lead.KindSiteContact}, Lang: "en"}, inbox.CSV{Lang: "nl"}, &b)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 1102 || !strings.HasPrefix(lines[0], "\uFEFFNummer,Ontvangen,Soort,Status,") {
		t.Fatalf("%d lines, header %q", len(lines), lines[0])
	}
	// The remark, then the kind's contact time (none) and the notes (none).
	if !strings.HasSuffix(lines[1], `,"'=HYPERLINK(""http://evil"")",,`) || !strings.Contains(lines[1], ",Contact,Nieuw,,Anna,Smith,") {
		t.Fatalf("row %q", lines[1])
	}
	log, err := s.Audit().List(ctx, audit.Query{Actor: 7, Limit: 50})
	if err != nil || len(log) != 1 || log[0].Action != inbox.ActionExport || log[0].After != "kind=site-contact&lang=en" {
		t.Fatalf("export log %+v, %v", log, err)
	}

	// A job's own fields have their columns and its notes their texts,
	// read a page at a time (Store.NotesOf); its motivation is searched.
	page, err := svc.List(ctx, inbox.Filter{Search: "huizen makelaar"})
	if err != nil || len(page.Rows) != 1 || page.Rows[0].Kind != lead.KindJob || page.Rows[0].Fields["motivation"] != "Ik hou van huizen" {
		t.Fatalf("a job by its motivation and position: %+v, %v", page.Rows, err)
	}
	job := page.Rows[0].ID
	noting := &inbox.Service{Store: s.Inbox(), Now: func() time.Time { return inboxStart.Add(24 * time.Hour) }}
	for _, text := range []string{"Gebeld", "Gesprek op maandag"} {
		if err := noting.AddNote(ctx, 7, job, text); err != nil {
			t.Fatal(err)
		}
	}
	notes, err := s.Inbox().NotesOf(ctx, []int64{job, job - 1})
	if err != nil || len(notes) != 1 || len(notes[job]) != 2 || notes[job][0].Text != "Gebeld" || notes[job][1].Author != 7 {
		t.Fatalf("notes of two leads: %+v, %v", notes, err)
	}
	b.Reset()
	err = svc.Export(ctx, 7, inbox.Filter{Kinds: []lead.Kind{lead.KindJob}}, inbox.CSV{Lang: "en", Staff: func(int64) string { return "Ann" }}, &b)
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if !strings.HasSuffix(lines[0], ",Remark,Position,Motivation,Notes") ||
		!strings.HasSuffix(lines[1], ",Mijn cv zit erbij,Makelaar,Ik hou van huizen,\"2026-03-02 09:00 Ann: Gebeld") ||
		lines[2] != "2026-03-02 09:00 Ann: Gesprek op maandag\"" {
		t.Fatalf("a job's export:\n%s", b.String())
	}
}

// everyLeadPage walks f's list forward to its end: the leads' ids in order
// and the pages.
func everyLeadPage(t *testing.T, svc *inbox.Service, f inbox.Filter) (ids []int64, pages []inbox.Page) {
	t.Helper()
	for {
		page, err := svc.List(t.Context(), f)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page)
		for _, r := range page.Rows {
			ids = append(ids, r.ID)
		}
		if page.Next == "" {
			return ids, pages
		}
		f.Cursor = page.Next
	}
}
