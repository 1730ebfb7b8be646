package visit

import (
	"context"
	"errors"
	"maps"
	"testing"
	"time"

	"immo/internal/domain/agenda"
)

func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, agenda.Brussels)
	if err != nil {
		panic(err)
	}
	return t
}

func TestDayOfIsBrusselsDate(t *testing.T) {
	for _, tc := range []struct {
		utc  string
		want Day
	}{
		{"2026-11-23T22:59:00Z", "2026-11-23"},
		{"2026-11-23T23:00:00Z", "2026-11-24"}, // midnight in winter
		{"2026-06-23T21:59:00Z", "2026-06-23"},
		{"2026-06-23T22:00:00Z", "2026-06-24"}, // midnight in summer
	} {
		tm, _ := time.Parse(time.RFC3339, tc.utc)
		if got := DayOf(tm); got != tc.want {
			t.Errorf("DayOf(%s) = %s, want %s", tc.utc, got, tc.want)
		}
	}
}

func TestDayValid(t *testing.T) {
	for d, want := range map[Day]bool{
		"2026-11-23": true, "2024-02-29": true, DayOf(time.Now()): true,
		"2026-02-29": false, "2026-13-01": false, "2026-1-05": false, "2026-11-23T00:00": false, "": false,
	} {
		if got := d.Valid(); got != want {
			t.Errorf("Day(%q).Valid() = %v, want %v", d, got, want)
		}
	}
}

type memStore struct {
	counts map[Key]int
	fail   bool
}

func (m *memStore) Add(_ context.Context, c map[Key]int) error {
	if m.fail {
		return errors.New("down")
	}
	for k, n := range c {
		m.counts[k] += n
	}
	return nil
}

func (m *memStore) Daily(_ context.Context, property int64, from, to Day) (map[Day]int, int, error) {
	days, total := map[Day]int{}, 0
	for k, n := range m.counts {
		if k.Property == property {
			total += n
			if k.Day >= from && k.Day <= to {
				days[k.Day] += n
			}
		}
	}
	return days, total, nil
}

func TestCounter(t *testing.T) {
	var c Counter
	st := &memStore{counts: map[Key]int{}}
	visits := []struct {
		property int64
		visitor  string
		at       string
		counted  bool
	}{
		{1, "a", "2026-11-23 10:00", true},
		{1, "a", "2026-11-23 18:00", false}, // same visitor, same day
		{1, "b", "2026-11-23 18:00", true},
		{2, "a", "2026-11-23 18:00", true}, // another property
		{1, "a", "2026-11-24 00:30", true}, // the next Brussels day
	}
	for _, v := range visits {
		if got := c.Count(v.property, v.visitor, at(v.at)); got != v.counted {
			t.Errorf("%+v: counted %v", v, got)
		}
	}
	st.fail = true
	if err := c.Flush(context.Background(), st); err == nil {
		t.Fatal("Flush on a failing store: no error")
	}
	st.fail = false
	c.Count(2, "c", at("2026-11-24 09:00"))
	if err := c.Flush(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	want := map[Key]int{{1, "2026-11-23"}: 2, {2, "2026-11-23"}: 1, {1, "2026-11-24"}: 1, {2, "2026-11-24"}: 1}
	if !maps.Equal(st.counts, want) {
		t.Fatalf("stored %v, want %v (a failed flush keeps its counts)", st.counts, want)
	}
	if err := c.Flush(context.Background(), st); err != nil || !maps.Equal(st.counts, want) {
		t.Fatal("a second flush wrote again")
	}
}

func TestCounterBoundsMemory(t *testing.T) {
	c := Counter{MaxSeen: 2}
	for _, v := range []string{"a", "b", "c", "c"} {
		c.Count(1, v, at("2026-11-23 10:00"))
	}
	if len(c.seen) != 2 || c.counts[Key{1, "2026-11-23"}] != 4 {
		t.Fatalf("seen %d, counted %d", len(c.seen), c.counts[Key{1, "2026-11-23"}])
	}
}

func TestSummarize(t *testing.T) {
	today := at("2026-03-30 10:00") // the chart crosses the change to summer time
	days := map[Day]int{"2026-03-30": 2, "2026-03-24": 3, "2026-03-23": 5, "2026-03-01": 7, "2026-02-28": 100}
	s := Summarize(days, 500, today)
	// A Monday: the week is today alone; the month from the 1st.
	if s.Today != 2 || s.Week != 2 || s.Month != 17 || s.Total != 500 {
		t.Fatalf("stats %+v", s)
	}
	// The 31st: the month's 1st is 30 days before, out of the chart but in
	// the month; the week from Monday the 30th; a Sunday's week from the
	// Monday before.
	tuesday := at("2026-03-31 23:30")
	if from, _ := Range(tuesday); from != "2026-03-01" {
		t.Fatalf("Range on the 31st from %s", from)
	}
	days["2026-03-31"] = 1
	if s := Summarize(days, 500, tuesday); s.Today != 1 || s.Week != 3 || s.Month != 18 {
		t.Fatalf("on the 31st: %+v", s)
	}
	if s := Summarize(days, 500, at("2026-03-29 21:00")); s.Week != 8 || s.Month != 15 {
		t.Fatalf("on Sunday the 29th: %+v", s)
	}
	if len(s.Last30) != 30 || s.Last30[0].Day != "2026-03-01" || s.Last30[29].Day != "2026-03-30" || s.Last30[0].Count != 7 {
		t.Fatalf("chart %v … %v", s.Last30[0], s.Last30[29])
	}
	for i := 1; i < 30; i++ {
		if s.Last30[i].Day <= s.Last30[i-1].Day {
			t.Fatalf("chart days %s then %s", s.Last30[i-1].Day, s.Last30[i].Day)
		}
	}
	if from, to := Range(today); from != "2026-03-01" || to != "2026-03-30" {
		t.Fatalf("Range = %s..%s", from, to)
	}
}
