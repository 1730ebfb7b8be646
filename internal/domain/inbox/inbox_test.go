package inbox

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"iter"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
)

// Every key the inbox shows or returns is translated in every language.
func TestKeysTranslated(t *testing.T) {
	keys := append(append([]string{}, Errors...), csvHeader...)
	keys = append(keys, KeyNotesColumn)
	for _, name := range FieldColumns(nil) {
		keys = append(keys, FieldKey(name))
	}
	for _, s := range lead.Statuses {
		keys = append(keys, StatusKey(s))
	}
	for k := range lead.Specs {
		keys = append(keys, KindKey(string(k)))
	}
	for _, k := range keys {
		for _, lang := range i18n.Languages {
			if s := i18n.Bundled()[lang][k]; s == "" {
				t.Errorf("%s: %q missing", lang, k)
			}
		}
	}
}

func TestSafe(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+32 470": "'+32 470", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "\rx": "'\rx", "Jan": "Jan", "": "", "a=b": "a=b", "'quoted": "'quoted",
	} {
		if got := Safe(in); got != want {
			t.Errorf("Safe(%q) = %q, want %q", in, got, want)
		}
	}
}

func rowsOf(rows ...Row) iter.Seq2[Row, error] {
	return func(yield func(Row, error) bool) {
		for _, r := range rows {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// The CSV starts with the BOM, has its header in the staff's language,
// keeps accents, quotes what needs it and neutralises formulas; each kind's
// own fields have their columns, in the staff's words, and the notes their
// texts.
func TestCSV(t *testing.T) {
	var b bytes.Buffer
	at := time.Date(2026, 7, 1, 8, 5, 0, 0, time.UTC)
	words := func(r lead.Request, name string) string {
		if name == "goal" {
			return "Vendre (" + r.Fields[name] + ")"
		}
		return ""
	}
	err := CSV{Lang: "fr", Staff: func(id int64) string { return "Zoë Agent" }, Words: words,
		Kinds: []lead.Kind{lead.KindValuation, lead.KindInformation}}.Write(&b, rowsOf(
		Row{ID: 7, Kind: lead.KindInformation, Status: StatusInProgress, Created: at, Lang: "nl", Title: lead.TitleMs, Page: "/nl/te-koop/12/",
			FirstName: "Éloïse", LastName: "=HYPERLINK(\"http://x\")", Email: "@evil", Phone: "+32 470 12 34 56",
			Remark: "Line one,\nline \"two\"", PropertyID: 12, Assignee: 3, Notes: 2,
			Written: []Note{{Author: 3, Text: "Rappelé", Created: at}, {Author: 3, Text: "=1+1 visite", Created: at.Add(time.Hour)}}},
		Row{ID: 8, Kind: lead.KindValuation, Status: StatusNew, Created: at, Lang: "fr", FirstName: "Jan",
			Fields: map[string]string{"goal": "sale", "street": "Grand-Rue 3", "zip": "6700", "city": "Arlon", "propertyType": "Villa"}},
	))
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, "\uFEFF") {
		t.Fatal("no byte order mark")
	}
	lines, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(out, "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// The kinds in their names' order: contact-demand (a valuation), then
	// contact-me; contactTime, shared, once.
	header := []string{"Numéro", "Reçue le", "Type", "Statut", "Civilité", "Prénom", "Nom", "E-mail", "Téléphone", "Langue", "Bien", "Projet",
		"Envoyée depuis", "Attribuée à", "Remarque", "Objectif", "Rue", "Code postal", "Localité", "Type de bien", "Moment préféré pour être contacté",
		"Newsletter", "Notes"}
	if len(lines) != 3 || !reflect.DeepEqual(lines[0], header) {
		t.Fatalf("header\n got %q\nwant %q", lines[0], header)
	}
	want := []string{"7", "2026-07-01 10:05", "Demande d'information", "En cours", "Madame", "Éloïse", "'=HYPERLINK(\"http://x\")",
		"'@evil", "'+32 470 12 34 56", "nl", "12", "", "/nl/te-koop/12/", "Zoë Agent", "Line one,\nline \"two\"", "", "", "", "", "", "", "",
		"2026-07-01 10:05 Zoë Agent: Rappelé\n2026-07-01 11:05 Zoë Agent: =1+1 visite"}
	if !reflect.DeepEqual(lines[1], want) {
		t.Fatalf("row\n got %q\nwant %q", lines[1], want)
	}
	want = []string{"8", "2026-07-01 10:05", lines[2][2], "Nouvelle", "", "Jan", "", "", "", "fr", "", "", "", "", "",
		"Vendre (sale)", "Grand-Rue 3", "6700", "Arlon", "Villa", "", "", ""}
	if !reflect.DeepEqual(lines[2], want) {
		t.Fatalf("row\n got %q\nwant %q", lines[2], want)
	}
}

func TestCSVStopsOnError(t *testing.T) {
	boom := errors.New("boom")
	err := CSV{Lang: "en"}.Write(&bytes.Buffer{}, func(yield func(Row, error) bool) {
		if yield(Row{ID: 1}, nil) {
			yield(Row{}, boom)
		}
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v", err)
	}
}

func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		from, to Status
		ok       bool
	}{
		{StatusNew, StatusInProgress, true}, {StatusNew, StatusDone, true}, {StatusNew, StatusSpam, true},
		{StatusInProgress, StatusDone, true}, {StatusInProgress, StatusNew, true}, {StatusDone, StatusInProgress, true},
		{StatusSpam, StatusNew, true}, {StatusDone, StatusNew, false}, {StatusDone, StatusSpam, false},
		{StatusSpam, StatusDone, false}, {StatusNew, "handled", false},
	} {
		if CanMove(tc.from, tc.to) != tc.ok {
			t.Errorf("%s → %s: want %v", tc.from, tc.to, tc.ok)
		}
	}
}

func TestSearchText(t *testing.T) {
	got := SearchText(lead.Request{Person: lead.Person{FirstName: "Éloïse", LastName: "Van den Broeck-Müller", Email: "eloise.vdb@Example.BE"},
		Remark: "Rue de l'Église 5, 2ème étage"})
	want := "eloise van den broeck muller eloise vdb example be rue de l eglise 5 2eme etage"
	if got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	// A kind's own words are searched too: a valuation's street and city,
	// a job's position and motivation; not a choice's code.
	valuation := SearchText(lead.Request{Kind: lead.KindValuation, Person: lead.Person{FirstName: "Jan"},
		Fields: map[string]string{"goal": "sale", "street": "Grand-Rue 3", "zip": "6700", "city": "Arlon", "propertyType": "Villa"}})
	if valuation != "jan grand rue 3 6700 arlon villa" {
		t.Errorf("a valuation's words: %q", valuation)
	}
	job := SearchText(lead.Request{Kind: lead.KindJob, Person: lead.Person{FirstName: "Sofie"},
		Fields: map[string]string{"position": "Makelaar", "motivation": "Ik hou van huizen"}})
	if job != "sofie makelaar ik hou van huizen" {
		t.Errorf("a job's words: %q", job)
	}
	if got := SearchTerms("  Jan  j PEETERS jan "); !reflect.DeepEqual(got, []string{"jan", "peeters"}) {
		t.Fatalf("terms %q", got)
	}
}

func TestParseFilter(t *testing.T) {
	q, _ := url.ParseQuery("kind=contact-me,contact-appointment&status=new&status=in_progress&property=12&lang=fr" +
		"&from=2026-03-01&to=2026-03-31&q=Jan&assignee=none&sort=oldest&size=20")
	f, errs := ParseFilter(q)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := Filter{Kinds: []lead.Kind{lead.KindInformation, lead.KindVisit}, Statuses: []Status{StatusNew, StatusInProgress},
		Property: 12, Lang: "fr", From: time.Date(2026, 2, 28, 23, 0, 0, 0, time.UTC),
		To: time.Date(2026, 3, 31, 22, 0, 0, 0, time.UTC), Search: "Jan", Unassigned: true, Sort: Oldest, Size: 20}
	if !reflect.DeepEqual(f, want) {
		t.Fatalf("got  %+v\nwant %+v", f, want)
	}
	back, _ := ParseFilter(f.Query())
	back.Size = 20
	if !reflect.DeepEqual(back, want) {
		t.Fatalf("Query does not read back: %+v", back)
	}
	for query, name := range map[string]string{
		"kind=nope": "kind", "status=handled": "status", "property=-1": "property", "project=x": "project",
		"lang=es": "lang", "from=2026-13-01": "from", "from=2026-03-02&to=2026-03-01": "to",
		"q=" + strings.Repeat("a", MaxSearch+1): "q", "q=a+b+c+d+e+f+g+h+i+j+kk+ll+mm+nn+oo+pp+qq+rr+ss": "q",
		"sort=name": "sort", "size=0x": "size", "size=1000": "size", "cursor=zz": "cursor",
	} {
		q, _ := url.ParseQuery(query)
		if _, errs := ParseFilter(q); errs[name] == "" {
			t.Errorf("%s: no problem on %s (%v)", query, name, errs)
		}
	}
	if f, errs := ParseFilter(url.Values{}); len(errs) > 0 || f.Sort != Newest || f.Size != DefaultPageSize {
		t.Fatalf("defaults: %+v %v", f, errs)
	}
}

func TestCursor(t *testing.T) {
	c := Cursor{Back: true, ID: 99}
	got, err := ParseCursor(c.String())
	if err != nil || got != c {
		t.Fatalf("%v %v", got, err)
	}
	for _, bad := range []string{"", "x12", "n", "n0", "n-1", "p1.x", "p+1"} {
		if _, err := ParseCursor(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// countStore counts n leads for any filter, up to the limit it is given.
type countStore struct {
	Store
	n, limit int
}

func (c *countStore) Count(_ context.Context, _ Filter, limit int) (int, error) {
	c.limit = limit
	return min(c.n, limit), nil
}

// A filter is counted up to MaxCount, a search up to MaxSearchCount; past
// it, the limit and more.
func TestCountLimit(t *testing.T) {
	for _, c := range []struct {
		f     Filter
		n     int
		want  int
		more  bool
		limit int
	}{
		{Filter{}, 20_000, MaxCount, true, MaxCount},
		{Filter{}, MaxCount, MaxCount, false, MaxCount},
		{Filter{Statuses: []Status{StatusNew}}, 3, 3, false, MaxCount},
		{Filter{Search: "ja"}, 20_000, MaxSearchCount, true, MaxSearchCount},
		{Filter{Search: "ja"}, MaxSearchCount, MaxSearchCount, false, MaxSearchCount},
		{Filter{Search: "j"}, 5_000, 5_000, false, MaxCount}, // one letter is no search
	} {
		st := &countStore{n: c.n}
		n, more, err := (&Service{Store: st}).Count(t.Context(), c.f)
		if err != nil || n != c.want || more != c.more || st.limit != c.limit+1 || CountLimit(c.f) != c.limit {
			t.Errorf("%+v over %d: %d, %v, %v (the store asked up to %d)", c.f, c.n, n, more, err, st.limit)
		}
	}
}
