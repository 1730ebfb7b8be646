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

	"immo/internal/i18n"
	"immo/internal/lead"
)

// Every key the inbox shows or returns is translated in every language.
func TestKeysTranslated(t *testing.T) {
	keys := append(append([]string{}, Errors...), csvHeader...)
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
// keeps accents, quotes what needs it and neutralises formulas.
func TestCSV(t *testing.T) {
	var b bytes.Buffer
	at := time.Date(2026, 7, 1, 8, 5, 0, 0, time.UTC)
	err := CSV{Lang: "fr", Staff: func(id int64) string { return "Zoë Agent" }}.Write(&b, rowsOf(
		Row{ID: 7, Kind: lead.KindInformation, Status: StatusInProgress, Created: at, Lang: "nl",
			FirstName: "Éloïse", LastName: "=HYPERLINK(\"http://x\")", Email: "@evil", Phone: "+32 470 12 34 56",
			Remark: "Line one,\nline \"two\"", PropertyID: 12, Assignee: 3, Notes: 2},
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
	if len(lines) != 2 || lines[0][0] != "Numéro" || lines[0][3] != "Statut" {
		t.Fatalf("header %q", lines[0])
	}
	want := []string{"7", "2026-07-01 10:05", "Demande d'information", "En cours", "Éloïse", "'=HYPERLINK(\"http://x\")",
		"'@evil", "'+32 470 12 34 56", "nl", "12", "", "Zoë Agent", "2", "Line one,\nline \"two\""}
	if !reflect.DeepEqual(lines[1], want) {
		t.Fatalf("row\n got %q\nwant %q", lines[1], want)
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
	got := SearchText("Éloïse", "Van den Broeck-Müller", "eloise.vdb@Example.BE", "Rue de l'Église 5, 2ème étage")
	want := "eloise van den broeck muller eloise vdb example be rue de l eglise 5 2eme etage"
	if got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
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
