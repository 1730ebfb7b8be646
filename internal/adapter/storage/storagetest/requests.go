package storagetest

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/upload"
)

// RunRequests is the request store suite (lead.Store and its reads), run on
// every database. open follows Run's rules.
func RunRequests(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("RoundTrip", func(t *testing.T) { testRequestRoundTrip(t, open(t).Requests(), open(t).Requests()) })
	t.Run("FailingCallback", func(t *testing.T) { testRequestRollback(t, open(t).Requests()) })
	t.Run("CountFrom", func(t *testing.T) { testCountFrom(t, open(t).Requests()) })
	t.Run("Status", func(t *testing.T) { testRequestStatus(t, open(t).Requests()) })
	t.Run("DocumentRequested", func(t *testing.T) { testDocumentRequested(t, open(t).Requests()) })
	t.Run("LargestFile", func(t *testing.T) { testLargestFile(t, open(t).Requests()) })
	t.Run("InTx", func(t *testing.T) { testInTx(t, open(t)) })
	t.Run("ReceivedAudited", func(t *testing.T) { testReceivedAudited(t, open(t)) })
}

// testLargestFile: a CV of the largest size accepted (upload.MaxSize), every
// byte value in it, is read back whole.
func testLargestFile(t *testing.T, s *sqlstore.Requests) {
	ctx := t.Context()
	data := make([]byte, upload.MaxSize)
	for i := range data {
		data[i] = byte(i * 7)
	}
	copy(data, "%PDF-1.7\n")
	in := sampleRequest("hash-large", day)
	in.Kind, in.Fields = lead.KindJob, map[string]string{"motivation": "Graag!"}
	in.Files = []lead.File{{Field: "cv", Name: "Zoë Dupont CV.pdf", Type: "application/pdf", Data: data}}
	id, err := s.Save(ctx, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Files) != 1 || got.Files[0].Name != "Zoë Dupont CV.pdf" || !bytes.Equal(got.Files[0].Data, data) {
		t.Fatalf("read back %d files", len(got.Files))
	}
}

// day is a time both databases keep exactly (microseconds).
var day = time.Date(2026, 11, 23, 9, 30, 15, 123456000, time.UTC)

func sampleRequest(ipHash string, at time.Time) lead.Request {
	return lead.Request{Kind: lead.KindRentApplication, Lang: "fr", Page: "/fr/a-louer/arlon/maison/42/",
		PropertyID: 42, Time: at, IPHash: ipHash, Remark: "Bonjour,\nune visite ? <b>merci</b>",
		Person: lead.Person{Title: lead.TitleMs, FirstName: "Zoë", LastName: "Dupont", Email: "zoe@example.be", Phone: "+32 63 22 11 00"},
		Fields: map[string]string{"adults": "2", "movingDate": "2027-01-01"}}
}

// seesRequest checks, through the callback's own transaction, that request
// id is there: what the mail queue inserts through it commits with the row.
func seesRequest(ctx context.Context, tx mail.Tx, id int64) error {
	t, ok := tx.(interface{ SQLTx() *sql.Tx })
	if !ok || t.SQLTx() == nil {
		return fmt.Errorf("the callback's %T has no SQLTx", tx)
	}
	var n int
	if err := t.SQLTx().QueryRowContext(ctx, `SELECT count(*) FROM requests WHERE id = `+strconv.FormatInt(id, 10)).Scan(&n); err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("the callback's transaction sees %d rows of request %d", n, id)
	}
	return nil
}

func testRequestRoundTrip(t *testing.T, s, other *sqlstore.Requests) {
	ctx := t.Context()
	in := sampleRequest("hash-a", day)
	in.Files = []lead.File{
		{Field: "cv", Name: "cv.pdf", Type: "application/pdf", Data: []byte("%PDF-1.7\x00\xff binary")},
		{Field: "picture", Name: "me.png", Type: "image/png", Data: bytes.Repeat([]byte{0x89, 'P', 0}, 100_000)},
	}
	var seen int64
	id, err := s.Save(ctx, in, func(ctx context.Context, tx mail.Tx, id int64) error {
		seen = id
		return seesRequest(ctx, tx, id)
	})
	if err != nil {
		t.Fatal(err)
	}
	if id <= 0 || seen != id {
		t.Fatalf("Save = %d, callback saw %d", id, seen)
	}
	// Another handle (another server) reads it back whole.
	got, status, err := other.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := in
	want.ID = id
	if !reflect.DeepEqual(got, want) || status != lead.StatusNew {
		t.Fatalf("read back (%s)\n got %+v\nwant %+v", status, got, want)
	}

	none := lead.Request{Kind: lead.KindNewsletter, Lang: "nl", Time: day, IPHash: "hash-b", Person: lead.Person{Email: "a@example.be"}}
	id2, err := s.Save(ctx, none, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err = other.Get(ctx, id2)
	if err != nil || id2 == id || got.PropertyID != 0 || got.ProjectID != 0 || got.Files != nil || got.Fields != nil || got.Person.Email != "a@example.be" {
		t.Fatalf("a request about nothing, without files: %d %+v %v", id2, got, err)
	}
}

func testRequestRollback(t *testing.T, s *sqlstore.Requests) {
	ctx := t.Context()
	boom := errors.New("the queue refused")
	for name, tc := range map[string]struct {
		files []lead.File
		then  func(context.Context, mail.Tx, int64) error
	}{
		"the callback fails": {
			files: []lead.File{{Field: "cv", Name: "cv.pdf", Type: "application/pdf", Data: []byte("%PDF")}},
			then:  func(context.Context, mail.Tx, int64) error { return boom }},
		"a file fails (two in one field)": {
			files: []lead.File{{Field: "cv", Name: "a.pdf", Type: "application/pdf", Data: []byte("a")},
				{Field: "cv", Name: "b.pdf", Type: "application/pdf", Data: []byte("b")}}},
	} {
		t.Run(name, func(t *testing.T) {
			r := sampleRequest("hash-"+name, day)
			r.Files = tc.files
			id, err := s.Save(ctx, r, tc.then)
			if err == nil || id != 0 {
				t.Fatalf("Save = %d, %v; want an error", id, err)
			}
			if tc.then != nil && !errors.Is(err, boom) {
				t.Fatalf("the callback's error is lost: %v", err)
			}
			if n, err := s.CountFrom(ctx, r.IPHash, day.Add(-time.Hour)); err != nil || n != 0 {
				t.Fatalf("%d requests stored, %v", n, err)
			}
		})
	}
	// The store works on after a rollback, and the IDs given out in vain
	// name nothing.
	id, err := s.Save(ctx, sampleRequest("hash-after", day), nil)
	if err != nil {
		t.Fatal(err)
	}
	for earlier := id - 1; earlier > 0; earlier-- {
		if _, _, err := s.Get(ctx, earlier); !errors.Is(err, lead.ErrNoRequest) {
			t.Fatalf("request %d of a rolled back save: %v", earlier, err)
		}
	}
}

func testCountFrom(t *testing.T, s *sqlstore.Requests) {
	ctx := t.Context()
	for _, r := range []struct {
		hash  string
		after time.Duration
	}{{"a", 0}, {"a", 30 * time.Minute}, {"a", 2 * time.Hour}, {"b", time.Hour}} {
		if _, err := s.Save(ctx, sampleRequest(r.hash, day.Add(r.after)), nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		hash  string
		since time.Duration
		want  int
	}{
		{"a", 0, 3}, // since is inclusive
		{"a", time.Microsecond, 2},
		{"a", 90 * time.Minute, 1},
		{"a", 3 * time.Hour, 0},
		{"b", 0, 1},
		{"c", 0, 0},
	} {
		if n, err := s.CountFrom(ctx, tc.hash, day.Add(tc.since)); err != nil || n != tc.want {
			t.Errorf("CountFrom(%s, day+%v) = %d, %v; want %d", tc.hash, tc.since, n, err, tc.want)
		}
	}
}

func testRequestStatus(t *testing.T, s *sqlstore.Requests) {
	ctx := t.Context()
	id, err := s.Save(ctx, sampleRequest("a", day), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, id, lead.StatusDone); err != nil {
		t.Fatal(err)
	}
	if _, status, err := s.Get(ctx, id); err != nil || status != lead.StatusDone {
		t.Fatalf("status %q, %v", status, err)
	}
	if err := s.SetStatus(ctx, id, "lost"); !errors.Is(err, lead.ErrBadStatus) {
		t.Fatal("an unknown status is stored")
	}
	if err := s.SetStatus(ctx, id+1, lead.StatusDone); !errors.Is(err, lead.ErrNoRequest) {
		t.Fatalf("unknown request: %v", err)
	}
	if _, _, err := s.Get(ctx, id+1); !errors.Is(err, lead.ErrNoRequest) {
		t.Fatalf("unknown request: %v", err)
	}
}

// testInTx: a post's writes in one transaction (spam.Gate): a counter hit
// and a request commit together; a Save refused inside it undoes its
// request only; an error of fn undoes everything.
func testInTx(t *testing.T, st *sqlstore.Store) {
	ctx := t.Context()
	s, spam := st.Requests(), st.Antispam()
	window := day.Truncate(time.Hour)
	boom := errors.New("refused")
	err := s.InTx(ctx, func(ctx context.Context) error {
		if n, err := spam.Hit(ctx, "post", window); err != nil || n != 1 {
			return fmt.Errorf("hit %d, %v", n, err)
		}
		if _, err := s.Save(ctx, sampleRequest("hash-refused", day), func(context.Context, mail.Tx, int64) error { return boom }); !errors.Is(err, boom) {
			return fmt.Errorf("a refused save: %v", err)
		}
		_, err := s.Save(ctx, sampleRequest("hash-kept", day), seesRequest)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	count := func(hash string) int {
		n, err := s.CountFrom(ctx, hash, day.Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count("hash-refused") != 0 || count("hash-kept") != 1 {
		t.Fatalf("refused %d, kept %d; want 0 and 1", count("hash-refused"), count("hash-kept"))
	}
	err = s.InTx(ctx, func(ctx context.Context) error {
		if n, err := spam.Hit(ctx, "post", window); err != nil || n != 2 {
			return fmt.Errorf("hit %d, %v; want the first committed", n, err)
		}
		if _, err := s.Save(ctx, sampleRequest("hash-undone", day), nil); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx = %v, want fn's error", err)
	}
	if n, err := spam.Hit(ctx, "post", window); err != nil || n != 2 || count("hash-undone") != 0 {
		t.Fatalf("after a failed InTx: hit %d (%v), %d requests; want 2 and none", n, err, count("hash-undone"))
	}
}
