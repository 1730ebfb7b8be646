package storagetest

import (
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// Upgrade22Version is the migration RunUpgrade22's database stands at:
// the one before the inbox's (00022).
const Upgrade22Version = 21

// RunUpgrade22 tests migration 00022's upgrade of the requests stored
// before it: old is a database migrated up to Upgrade22Version (its
// placeholders $1, $2… and its times TIMESTAMPTZ when numbered, else ? and
// SQLite's text), into which the requests go as that schema kept them —
// status new or handled, no assignee, no search text — with a file and a
// booking each pointing at one. RunUpgrade22 closes old; upgrade then
// migrates the database to the latest and opens the store on it, with the
// pool it writes through. The upgraded requests are the inbox's leads:
// handled is done, new is new, each found by its words (folded), its
// filters and its file, the booking still its, a new request numbered
// after them, a fingerprint still unique, and their statuses move as the
// inbox's do (done → in progress: the CHECK took the new statuses).
func RunUpgrade22(t *testing.T, old *sql.DB, numbered bool, upgrade func(t *testing.T) (*sqlstore.Store, *sql.DB)) {
	ctx := t.Context()
	q, at := rawSQL(numbered)
	start := time.Date(2025, 11, 3, 9, 30, 0, 0, time.UTC)
	doc := func(first, last, email, remark string, fields map[string]string) string {
		m := map[string]any{}
		if first != "" {
			m["person"] = lead.Person{FirstName: first, LastName: last, Email: email, Phone: "+32 470 00 00 00"}
		}
		if remark != "" {
			m["remark"] = remark
		}
		if fields != nil {
			m["fields"] = fields
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	type old21 struct {
		kind, lang, status, data string
		property                 any
		fingerprint              any
	}
	rows := []old21{
		{string(lead.KindInformation), "nl", "handled",
			doc("Jan", "Peeters", "jan.peeters@example.be", "Is de tuin zuidgericht?", nil), int64(10), "fp-jan"},
		{string(lead.KindVisit), "fr", "new",
			doc("Éloïse", "Dubois", "eloise@exemple.be", "Une visite samedi ?", map[string]string{"slot": "2025-11-08T10:00:00+01:00"}), int64(11), nil},
		{string(lead.KindSiteContact), "en", "new", doc("", "", "", "", map[string]string{"subject": "Opening hours"}), nil, nil},
		{string(lead.KindNewsletter), "de", "handled", doc("Jürgen", "Müller", "jm@example.de", "", nil), nil, nil},
		// A kind's own words, searched since 00030: a valuation's city, a
		// job's motivation.
		{string(lead.KindValuation), "fr", "new", doc("Luc", "Martin", "luc@example.be", "",
			map[string]string{"goal": "sale", "street": "Grand-Rue 3", "zip": "6700", "city": "Arlon", "propertyType": "Villa"}), nil, nil},
		{string(lead.KindJob), "nl", "new", doc("Sofie", "Jacobs", "sofie@example.be", "",
			map[string]string{"position": "Makelaar", "motivation": "Ik hou van huizen"}), nil, nil},
	}
	var ids []int64
	for i, r := range rows {
		var id int64
		err := old.QueryRowContext(ctx, q(`INSERT INTO requests (kind, lang, page, property_id, created_at, ip_hash, status, data, fingerprint)
			VALUES (?, ?, '/', ?, ?, ?, ?, ?, ?) RETURNING id`),
			r.kind, r.lang, r.property, at(start.Add(time.Duration(i)*time.Hour)), "ip"+strconv.Itoa(i), r.status, r.data,
			r.fingerprint).Scan(&id)
		if err != nil {
			t.Fatalf("request %d at 00021: %v", i, err)
		}
		ids = append(ids, id)
	}
	if _, err := old.ExecContext(ctx, q(`INSERT INTO request_files (request_id, field, name, type, size, data) VALUES (?, 'cv', 'cv Jan.pdf', 'application/pdf', 11, ?)`),
		ids[0], []byte("%PDF-1.7 cv")); err != nil {
		t.Fatal(err)
	}
	slot := start.Add(5 * 24 * time.Hour)
	if _, err := old.ExecContext(ctx, q(`INSERT INTO agenda_slots (start_at, taken) VALUES (?, 1)`), at(slot)); err != nil {
		t.Fatal(err)
	}
	if _, err := old.ExecContext(ctx, q(`INSERT INTO bookings (start_at, property_id, request_id, created_at) VALUES (?, 11, ?, ?)`),
		at(slot), ids[1], at(start.Add(time.Hour))); err != nil {
		t.Fatal(err)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	s, db := upgrade(t)
	svc := &inbox.Service{Store: s.Inbox()}
	list := func(f inbox.Filter) []int64 {
		t.Helper()
		page, err := svc.List(ctx, f)
		if err != nil {
			t.Fatalf("%+v: %v", f, err)
		}
		out := []int64{}
		for _, r := range page.Rows {
			out = append(out, r.ID)
		}
		return out
	}
	for _, c := range []struct {
		name string
		f    inbox.Filter
		want []int64
	}{
		{"all", inbox.Filter{}, []int64{ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]}},
		{"handled is done", inbox.Filter{Statuses: []inbox.Status{inbox.StatusDone}}, []int64{ids[3], ids[0]}},
		{"new is new", inbox.Filter{Statuses: []inbox.Status{inbox.StatusNew}}, []int64{ids[5], ids[4], ids[2], ids[1]}},
		{"nobody's", inbox.Filter{Unassigned: true}, []int64{ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]}},
		{"a kind", inbox.Filter{Kinds: []lead.Kind{lead.KindVisit}}, []int64{ids[1]}},
		{"a property", inbox.Filter{Property: 10}, []int64{ids[0]}},
		{"a language", inbox.Filter{Lang: "de"}, []int64{ids[3]}},
		{"a day", inbox.Filter{From: start.Add(90 * time.Minute), To: start.Add(3 * time.Hour)}, []int64{ids[2]}},
		{"a name", inbox.Filter{Search: "peeters"}, []int64{ids[0]}},
		{"a start of a remark's word", inbox.Filter{Search: "zuid"}, []int64{ids[0]}},
		{"an address's part", inbox.Filter{Search: "exemple"}, []int64{ids[1]}},
		{"accents folded", inbox.Filter{Search: "eloise samedi"}, []int64{ids[1]}},
		{"accents typed", inbox.Filter{Search: "MÜLLER"}, []int64{ids[3]}},
		{"two people", inbox.Filter{Search: "jan eloise"}, []int64{}},
		{"a valuation's city", inbox.Filter{Search: "arlon"}, []int64{ids[4]}},
		{"its street", inbox.Filter{Search: "grand rue"}, []int64{ids[4]}},
		{"a job's motivation", inbox.Filter{Search: "huizen"}, []int64{ids[5]}},
	} {
		if got := list(c.f); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	d, err := svc.Lead(ctx, ids[0])
	if err != nil || d.Status != inbox.StatusDone || d.FirstName != "Jan" || d.Remark != "Is de tuin zuidgericht?" ||
		d.Assignee != 0 || len(d.Files) != 1 || d.Files[0].Name != "cv Jan.pdf" || len(d.History) != 0 {
		t.Fatalf("Jan's lead: %+v, %v", d, err)
	}
	_, file, err := svc.File(ctx, ids[0], "cv")
	if err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(file); err != nil || string(b) != "%PDF-1.7 cv" {
		t.Fatalf("Jan's file: %q, %v", b, err)
	}
	if d, err := svc.Lead(ctx, ids[1]); err != nil || d.Request.Fields["slot"] != "2025-11-08T10:00:00+01:00" || d.LastName != "Dubois" {
		t.Fatalf("Éloïse's lead: %+v, %v", d, err)
	}
	var booked int64
	if err := db.QueryRowContext(ctx, q(`SELECT r.id FROM bookings b JOIN requests r ON r.id = b.request_id`)).Scan(&booked); err != nil || booked != ids[1] {
		t.Fatalf("the booking's request: %d, %v", booked, err)
	}
	// The statuses move as the inbox's: done → in progress, new → spam.
	if err := svc.SetStatus(ctx, 1, ids[0], inbox.StatusInProgress); err != nil {
		t.Fatal(err)
	}
	if err := svc.SetStatus(ctx, 1, ids[2], inbox.StatusSpam); err != nil {
		t.Fatal(err)
	}
	if got := list(inbox.Filter{Statuses: []inbox.Status{inbox.StatusInProgress, inbox.StatusSpam}}); !reflect.DeepEqual(got, []int64{ids[2], ids[0]}) {
		t.Fatalf("moved: %v", got)
	}
	// A new request comes after them, found by its words too; the old
	// fingerprint still refuses its twin.
	id, err := s.Requests().Save(ctx, lead.Request{Kind: lead.KindInformation, Lang: "nl", Page: "/", Time: start.Add(24 * time.Hour),
		IPHash: "ip9", Person: lead.Person{FirstName: "Jan", LastName: "Janssens", Email: "jan@example.be"}}, nil)
	if err != nil || id <= ids[5] {
		t.Fatalf("a new request: %d, %v", id, err)
	}
	if got := list(inbox.Filter{Search: "jan"}); !reflect.DeepEqual(got, []int64{id, ids[0]}) {
		t.Fatalf("jan after a new one: %v", got)
	}
	_, err = s.Requests().Save(ctx, lead.Request{Kind: lead.KindInformation, Lang: "nl", Page: "/", Time: start.Add(25 * time.Hour),
		IPHash: "ip10", Fingerprint: "fp-jan"}, nil)
	if !errors.Is(err, lead.ErrRepeated) {
		t.Fatalf("the twin of an old request: %v", err)
	}
}

// rawSQL writes the statements of a database an old migration left, which
// the store cannot (its queries are the latest schema's): q turns ?
// placeholders into $1, $2… when numbered (PostgreSQL), at binds a time as
// the schema keeps it (TIMESTAMPTZ when numbered, else SQLite's text).
func rawSQL(numbered bool) (q func(string) string, at func(time.Time) any) {
	q = func(query string) string {
		if !numbered {
			return query
		}
		var b strings.Builder
		n := 0
		for _, c := range query {
			if c == '?' {
				n++
				b.WriteString("$" + strconv.Itoa(n))
				continue
			}
			b.WriteRune(c)
		}
		return b.String()
	}
	at = func(t time.Time) any {
		if numbered {
			return t.UTC()
		}
		return t.UTC().Format(sqlstore.TextTime)
	}
	return q, at
}
