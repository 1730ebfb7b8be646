package catalog

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// generated builds n properties spread over 40 cities and 7 types.
func generated(n int) *Catalog {
	r := rand.New(rand.NewPCG(1, 2))
	c := &Catalog{Types: fixtureTypes()}
	for id := 4; id <= 7; id++ {
		c.Types = append(c.Types, PropertyType{ID: id, WebID: id, ShowOrder: id, Name: Text{"fr": fmt.Sprint("Type ", id)}})
	}
	for i := range n {
		goal := GoalSale
		if r.IntN(4) == 0 {
			goal = GoalRent
		}
		p := prop(int64(1_000_000+i), goal, 1+r.IntN(7), float64(50_000+r.IntN(900_000)),
			fmt.Sprint("City ", r.IntN(40)), fmt.Sprint(6000+r.IntN(40)), r.IntN(6), r.IntN(700))
		if r.IntN(10) == 0 {
			p.Status = StatusSold
		}
		c.Properties = append(c.Properties, p)
	}
	return c
}

// benchQueries are the list requests visitors make most.
func benchQueries() []Query {
	var qs []Query
	for _, mod := range []func(*Query){
		func(q *Query) { q.Goal = GoalSale },
		func(q *Query) { q.Goal = GoalRent; q.Sort = SortPrice },
		func(q *Query) { q.Goal = GoalSale; q.City = "City 7|6012" },
		func(q *Query) { q.Goal = GoalSale; q.TypeWebID = 2; q.Sort = SortPrice; q.Desc = false },
		func(q *Query) { q.Goal = GoalSale; q.PriceMin = 200_000; q.PriceMax = 400_000; q.BedroomsMin = 3 },
		func(q *Query) { q.State = StateSold; q.Sort = SortCity },
		func(q *Query) { q.Goal = GoalSale; q.Page = 200; q.PageSize = 24 },
	} {
		q := NewQuery()
		mod(&q)
		qs = append(qs, q)
	}
	return qs
}

// BenchmarkList runs the common list queries over 100 000 properties and
// reports p50 and p99 latency. Target: p99 ≤ 2 ms.
func BenchmarkList(b *testing.B) {
	ix := NewIndex(generated(100_000), 1)
	qs := benchQueries()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		ix.List(qs[i%len(qs)])
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

func BenchmarkNewIndex(b *testing.B) {
	c := generated(100_000)
	for b.Loop() {
		NewIndex(c, 1)
	}
}
