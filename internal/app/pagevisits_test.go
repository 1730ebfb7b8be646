package app_test

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/agenda"
	"immo/internal/domain/visit"
)

// The property pages' visits, counted through the whole site and written
// by the flush, are what the owners' portal reads (Daily, Summarize): each
// browser once a day, cache hits and client navigations included, robots,
// prefetches and HEAD left out; on both databases.
func TestPageVisitsStored(t *testing.T) {
	const (
		property = 4100001
		page     = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
		firefox  = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0"
		safari   = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	)
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			start := time.Date(2026, 3, 2, 23, 30, 0, 0, agenda.Brussels)
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Start: start})
			get := func(method, ip, ua string, header map[string]string, want int) {
				t.Helper()
				target := page
				if q := header["?"]; q != "" {
					target += "?" + q
				}
				req := httptest.NewRequest(method, target, nil)
				req.RemoteAddr = ip + ":50000"
				req.Header.Set("User-Agent", ua)
				for k, v := range header {
					if k == "?" {
						continue
					}
					req.Header.Set(k, v)
				}
				rec := httptest.NewRecorder()
				s.Handler.ServeHTTP(rec, req)
				if rec.Code != want {
					t.Fatalf("%s %s from %s: %d, want %d", method, page, ip, rec.Code, want)
				}
			}
			client := map[string]string{"X-Inertia": "true", "X-Inertia-Version": apptest.AssetVersion}
			own := "https://www.example.com/fr/a-vendre/" // a page of the site (httptest's Host: example.com)
			get("GET", "203.0.113.1", firefox, map[string]string{"Referer": "https://www.google.be/"}, 200)
			get("GET", "203.0.113.1", firefox, map[string]string{"Referer": "https://www.immoweb.be/"}, 200) // a cache hit, the same visitor
			get("GET", "203.0.113.2", firefox, map[string]string{"Referer": "https://www.immoweb.be/"}, 200) // a cache hit, another
			client["Referer"] = own
			get("GET", "203.0.113.1", safari, client, 200)
			get("HEAD", "203.0.113.3", firefox, nil, 200)
			get("GET", "203.0.113.4", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", nil, 200)
			get("GET", "203.0.113.5", firefox, map[string]string{"Sec-Purpose": "prefetch"}, 200)
			get("GET", "203.0.113.6", firefox, map[string]string{"X-Inertia": "true", "X-Inertia-Version": apptest.AssetVersion,
				"Purpose": "prefetch"}, 200)
			if err := s.FlushVisits(t.Context()); err != nil {
				t.Fatal(err)
			}
			s.Clock.Add(time.Hour) // past midnight in Brussels: every visitor new
			get("GET", "203.0.113.1", firefox, map[string]string{"?": "utm_source=newsletter&utm_medium=email"}, 200)
			get("GET", "203.0.113.6", firefox, map[string]string{"X-Inertia": "true", "X-Inertia-Version": apptest.AssetVersion,
				"X-Prefetched-Visit": "1"}, http.StatusNoContent) // the prefetched page shown
			s.Close() // writes what is left, as immo serve stopping
			now := s.Clock.Now()
			from, to := visit.Range(now)
			days, total, err := s.Store.Visits().Daily(t.Context(), property, from, to)
			if err != nil {
				t.Fatal(err)
			}
			first, second := visit.DayOf(start), visit.DayOf(now)
			if len(days) != 2 || days[first] != 3 || days[second] != 2 || total != 5 {
				t.Fatalf("stored %v, total %d; want %s: 3, %s: 2, total 5", days, total, first, second)
			}
			if st := visit.Summarize(days, total, now); st.Today != 2 || st.Week != 5 || st.Month != 5 || st.Total != 5 {
				t.Fatalf("stats %+v", st)
			}
			// Each counted visit's source, from its first view of the day: the sources add up to the visits.
			for _, c := range []struct {
				from, to visit.Day
				want     map[visit.Source]int
			}{
				{first, first, map[visit.Source]int{visit.SourceSearch: 1, visit.SourcePortal: 1, visit.SourceSite: 1}},
				{second, second, map[visit.Source]int{visit.SourceMail: 1, visit.SourceDirect: 1}},
			} {
				got, err := s.Store.Visits().Sources(t.Context(), property, c.from, c.to)
				if err != nil {
					t.Fatal(err)
				}
				if !maps.Equal(got, c.want) {
					t.Errorf("sources on %s: %v, want %v", c.from, got, c.want)
				}
			}
		})
	}
}
