package postgres

import (
	"reflect"
	"slices"
	"testing"
	"time"
	"unicode/utf8"

	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// The word table (migration 00027) holds a lead's words and their two- and
// three-letter starts, kept by the triggers as the lead is stored, its
// search text changed or the lead deleted.
func TestRequestWords(t *testing.T) {
	ctx := t.Context()
	db, err := Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	words := func(id int64) []string {
		t.Helper()
		rows, err := db.db.QueryContext(ctx, `SELECT word FROM request_words WHERE request_id = $1 ORDER BY word`, id)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := []string{}
		for rows.Next() {
			var w string
			if err := rows.Scan(&w); err != nil {
				t.Fatal(err)
			}
			out = append(out, w)
		}
		return out
	}
	// want is what the table should hold for search text s.
	want := func(s string) []string {
		out := []string{}
		for _, w := range inbox.SearchTerms(s) {
			r := []rune(w)
			for _, n := range []int{2, 3, len(r)} {
				if x := string(r[:min(n, len(r))]); !slices.Contains(out, x) {
					out = append(out, x)
				}
			}
		}
		slices.Sort(out)
		return out
	}
	list := func(q string) []int64 {
		t.Helper()
		page, err := (&inbox.Service{Store: db.Inbox()}).List(ctx, inbox.Filter{Search: q})
		if err != nil {
			t.Fatal(err)
		}
		out := []int64{}
		for _, r := range page.Rows {
			out = append(out, r.ID)
		}
		return out
	}
	long := "Aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffffgggggggggg" // 70 letters: cut at 64
	save := func(p lead.Person, remark string) int64 {
		id, err := db.Requests().Save(ctx, lead.Request{Kind: lead.KindInformation, Lang: "nl", Page: "/", Time: time.Now(),
			IPHash: p.Email, Person: p, Remark: remark}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	jan := save(lead.Person{FirstName: "Jan", LastName: "Peeters", Email: "jan.peeters7@example.be"}, "Één tuin, "+long+"?")
	marc := save(lead.Person{FirstName: "Marc", LastName: "Janssens", Email: "marc@example.be"}, "")
	text := inbox.SearchText(lead.Request{Person: lead.Person{FirstName: "Jan", LastName: "Peeters", Email: "jan.peeters7@example.be"},
		Remark: "Één tuin, " + long + "?"})
	if got := words(jan); !reflect.DeepEqual(got, want(text)) || !slices.Contains(got, "een") || !slices.Contains(got, "peeters7") {
		t.Fatalf("Jan's words: %v, want %v", got, want(text))
	}
	for _, w := range words(jan) {
		if utf8.RuneCountInString(w) > inbox.MaxTermLength {
			t.Fatalf("a word of %d letters", utf8.RuneCountInString(w))
		}
	}
	if got := list(long); !reflect.DeepEqual(got, []int64{jan}) {
		t.Fatalf("the long word: %v", got)
	}
	if got := list("jan"); !reflect.DeepEqual(got, []int64{marc, jan}) {
		t.Fatalf("jan: %v", got)
	}
	// A status changes no word; a new search text changes them all.
	if _, err := db.db.ExecContext(ctx, `UPDATE requests SET status = 'done' WHERE id = $1`, jan); err != nil {
		t.Fatal(err)
	}
	if got := words(jan); !reflect.DeepEqual(got, want(text)) {
		t.Fatalf("after a status: %v", got)
	}
	if _, err := db.db.ExecContext(ctx, `UPDATE requests SET search = 'anna smith' WHERE id = $1`, jan); err != nil {
		t.Fatal(err)
	}
	if got := words(jan); !reflect.DeepEqual(got, want("anna smith")) {
		t.Fatalf("after a new text: %v", got)
	}
	if got := list("peeters"); len(got) != 0 {
		t.Fatalf("peeters after the new text: %v", got)
	}
	if got := list("smi"); !reflect.DeepEqual(got, []int64{jan}) {
		t.Fatalf("smi: %v", got)
	}
	if _, err := db.db.ExecContext(ctx, `DELETE FROM requests WHERE id = $1`, marc); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM request_words WHERE request_id = $1`, marc).Scan(&left); err != nil || left != 0 {
		t.Fatalf("a deleted lead's words: %d, %v", left, err)
	}
}
