package storagetest

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// BenchLeads is how many leads BenchInboxList seeds.
const BenchLeads = 100_000

// benchNow is the newest lead's time: the leads span three years before it.
var benchNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// BenchInboxList measures the inbox's list over BenchLeads leads: each
// case's p50 and p99 in ms (the design target is p99 ≤ 20 ms). db is the
// store's writing pool (QueueDB) and numbered says whether it takes $n
// placeholders (PostgreSQL): the leads are seeded by multi-row inserts in
// one transaction, fast, rather than one Save each.
func BenchInboxList(b *testing.B, s *sqlstore.Store, db *sql.DB, numbered bool, analyze string) {
	ctx := b.Context()
	start := time.Now()
	if err := seedBench(ctx, db, numbered); err != nil {
		b.Fatal(err)
	}
	if analyze != "" {
		if _, err := db.ExecContext(ctx, analyze); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("seeded %d leads in %v", BenchLeads, time.Since(start).Round(time.Millisecond))
	svc := &inbox.Service{Store: s.Inbox()}
	month := benchNow.AddDate(0, -1, 0)
	cases := []struct {
		name  string
		f     inbox.Filter
		count bool
	}{
		{"all", inbox.Filter{}, false},
		{"all/oldest", inbox.Filter{Sort: inbox.Oldest}, false},
		{"status=new", inbox.Filter{Statuses: []inbox.Status{inbox.StatusNew}}, false},
		{"kind+statuses", inbox.Filter{Kinds: []lead.Kind{lead.KindInformation, lead.KindVisit},
			Statuses: []inbox.Status{inbox.StatusNew, inbox.StatusInProgress}}, false},
		{"rare kind", inbox.Filter{Kinds: []lead.Kind{lead.KindRentApplication}}, false},
		{"property", inbox.Filter{Property: 1042}, false},
		{"project+lang", inbox.Filter{Project: 7, Lang: "fr"}, false},
		{"lang+month", inbox.Filter{Lang: "de", From: month, To: benchNow}, false},
		{"assignee+status", inbox.Filter{Assignee: 3, Statuses: []inbox.Status{inbox.StatusInProgress}}, false},
		{"unassigned+spam", inbox.Filter{Unassigned: true, Statuses: []inbox.Status{inbox.StatusSpam}}, false},
		{"search/name", inbox.Filter{Search: "vandamme"}, false},
		{"search/prefix", inbox.Filter{Search: "ja"}, false},
		{"search/two words", inbox.Filter{Search: "marie claes"}, false},
		{"search/remark word", inbox.Filter{Search: "garage"}, false},
		{"search/none", inbox.Filter{Search: "zzyzx"}, false},
		{"search+status+kind", inbox.Filter{Search: "peeters", Statuses: []inbox.Status{inbox.StatusDone},
			Kinds: []lead.Kind{lead.KindInformation}}, false},
		{"count/all", inbox.Filter{}, true},
		{"count/status=new", inbox.Filter{Statuses: []inbox.Status{inbox.StatusNew}}, true},
		{"count/search", inbox.Filter{Search: "ja"}, true},
	}
	// A page deep in the list: the cursor of the 20th page of 50.
	deep := inbox.Filter{}
	for range 20 {
		page, err := svc.List(ctx, deep)
		if err != nil {
			b.Fatal(err)
		}
		deep.Cursor = page.Next
	}
	cases = append(cases, struct {
		name  string
		f     inbox.Filter
		count bool
	}{"page 21", deep, false})
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var times []time.Duration
			rows := 0
			for b.Loop() {
				t0 := time.Now()
				if c.count {
					n, _, err := svc.Count(ctx, c.f)
					if err != nil {
						b.Fatal(err)
					}
					rows = n
				} else {
					page, err := svc.List(ctx, c.f)
					if err != nil {
						b.Fatal(err)
					}
					rows = len(page.Rows)
				}
				times = append(times, time.Since(t0))
			}
			slices.Sort(times)
			ms := func(q float64) float64 {
				return float64(times[min(int(q*float64(len(times))), len(times)-1)]) / float64(time.Millisecond)
			}
			b.ReportMetric(ms(0.50), "p50-ms")
			b.ReportMetric(ms(0.99), "p99-ms")
			b.ReportMetric(float64(rows), "rows")
		})
	}
}

// The seeded people: common Belgian names and words of remarks.
var (
	benchFirst = strings.Fields(`Jan Marie Pieter Sofie Luc An Marc Els Tom Inge Jean Anne Pierre Claire Luc Nathalie Jacques
		Isabelle Michel Sophie Thomas Julie Hans Petra Jürgen Anna Éloïse Zoë Mathieu Hélène Koen Lieve Bart Katrien Dirk
		Jasper Jana Jade Jamal Janne Joris Jonas Lotte Noor Emma Louis Lucas Olivia Liam Mila Arthur Nora Victor Elise`)
	benchLast = strings.Fields(`Peeters Janssens Maes Jacobs Mertens Willems Claes Goossens Wouters De_Smet Dubois Lambert
		Dupont Martin Simon Laurent Leclercq Vandamme Van_den_Broeck Müller Schmitz Vermeulen Desmet Pauwels Hermans
		Michiels Lemmens Aerts Verhoeven Smets Bogaert Declercq Renard Lejeune François Mathieu Collard Charlier`)
	benchWords = strings.Fields(`bonjour goedendag hello graag visite bezoek visit tuin jardin garden garage parking
		prix prijs price zaterdag samedi saturday appartement huis maison house terras terrasse dak toit vraag question
		lening prêt epc renovatie rénovation school école station gare kinderen enfants hond chien budget offre bod
		disponible beschikbaar quand wanneer when merci bedankt thanks kelder cave zolder grenier lift ascenseur`)
	benchKinds = []struct {
		kind   lead.Kind
		weight int
	}{
		{lead.KindInformation, 35}, {lead.KindVisit, 20}, {lead.KindSiteContact, 10}, {lead.KindNewsletter, 8},
		{lead.KindFriend, 5}, {lead.KindProject, 5}, {lead.KindValuation, 5}, {lead.KindDocument, 4},
		{lead.KindJob, 2}, {lead.KindPurchaseOffer, 2}, {lead.KindRentApplication, 2}, {lead.KindTestimonial, 2},
	}
)

func pickKind(r *rand.Rand) lead.Kind {
	n := r.IntN(100)
	for _, k := range benchKinds {
		if n < k.weight {
			return k.kind
		}
		n -= k.weight
	}
	return lead.KindInformation
}

func pickOf[T any](r *rand.Rand, pairs ...any) T {
	n := r.IntN(100)
	for i := 0; i < len(pairs); i += 2 {
		if n < pairs[i+1].(int) {
			return pairs[i].(T)
		}
		n -= pairs[i+1].(int)
	}
	return pairs[0].(T)
}

// seedBench inserts BenchLeads leads, 500 per statement, in one
// transaction (the search text, the JSON document and every column as
// Requests.Save writes them; FTS5's trigger indexes each row on SQLite).
func seedBench(ctx context.Context, db *sql.DB, numbered bool) error {
	r := rand.New(rand.NewPCG(21, 2026))
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // after Commit, a no-op
	const cols = 13
	const batch = 500
	step := 3 * 365 * 24 * time.Hour / BenchLeads
	for from := 0; from < BenchLeads; from += batch {
		var q strings.Builder
		q.WriteString(`INSERT INTO requests (kind, lang, page, property_id, project_id, created_at, ip_hash, data,
			status, assignee_id, search, fingerprint, id) VALUES `)
		args := make([]any, 0, batch*cols)
		for i := from; i < from+batch; i++ {
			if i > from {
				q.WriteString(", ")
			}
			q.WriteString("(")
			for c := range cols {
				if c > 0 {
					q.WriteString(", ")
				}
				if numbered {
					q.WriteString("$" + strconv.Itoa(len(args)+c+1))
				} else {
					q.WriteString("?")
				}
			}
			q.WriteString(")")
			kind := pickKind(r)
			first := benchFirst[r.IntN(len(benchFirst))]
			last := strings.ReplaceAll(benchLast[r.IntN(len(benchLast))], "_", " ")
			email := strings.ToLower(strings.ReplaceAll(first+"."+last, " ", "")) + strconv.Itoa(r.IntN(100)) + "@example.be"
			words := make([]string, 5+r.IntN(35))
			for w := range words {
				words[w] = benchWords[r.IntN(len(benchWords))]
			}
			remark := strings.Join(words, " ")
			data, _ := json.Marshal(map[string]any{"person": lead.Person{FirstName: first, LastName: last, Email: email,
				Phone: "+32 470 12 34 56"}, "remark": remark})
			var property, project, assignee any
			switch kind {
			case lead.KindInformation, lead.KindVisit, lead.KindDocument, lead.KindPurchaseOffer, lead.KindRentApplication, lead.KindFriend:
				property = int64(1000 + r.IntN(500))
			case lead.KindProject:
				project = int64(1 + r.IntN(20))
			}
			status := pickOf[string](r, "done", 70, "new", 10, "in_progress", 10, "spam", 10)
			if status != "new" && r.IntN(10) < 8 {
				assignee = int64(1 + r.IntN(5))
			}
			created := benchNow.Add(-time.Duration(BenchLeads-1-i) * step).Add(time.Duration(r.IntN(60)) * time.Second)
			var at any = created.UTC()
			if !numbered {
				at = created.UTC().Format(sqlstore.TextTime)
			}
			args = append(args, string(kind), pickOf[string](r, "nl", 45, "fr", 35, "en", 10, "de", 10), "/",
				property, project, at, fmt.Sprint("bench", i), string(data), status, assignee,
				inbox.SearchText(lead.Request{Person: lead.Person{FirstName: first, LastName: last, Email: email}, Remark: remark}), nil, int64(i+1))
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return err
		}
	}
	if numbered { // the id sequence past the rows inserted with their ids
		if _, err := tx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('requests', 'id'), (SELECT max(id) FROM requests))`); err != nil {
			return err
		}
	}
	return tx.Commit()
}
