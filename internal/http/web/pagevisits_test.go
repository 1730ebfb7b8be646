package web

import (
	"bytes"
	"context"
	"maps"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/visit"
	"immo/internal/http/web/respond"
)

// visitStore is a visit.Store in memory.
type visitStore map[visit.Key]int

func (s visitStore) Add(_ context.Context, counts map[visit.Key]int) error {
	for k, n := range counts {
		s[k] += n
	}
	return nil
}

func (s visitStore) Daily(context.Context, int64, visit.Day, visit.Day) (map[visit.Day]int, int, error) {
	panic("not used")
}

// visitReq is one request of a visit case.
type visitReq struct {
	method, target string
	header         map[string]string
	ip             string        // "": 198.51.100.1
	ua             string        // "": a browser's; "-": none
	later          time.Duration // after the case's start
	status         int           // 0: 200
}

const browserUA = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0"

// countingHandler is the test handler counting visits on a clock at start
// plus *later, with the counter's store.
func countingHandler(t *testing.T, start time.Time, later *time.Duration) (*Handler, *fakeRenderer, func() visitStore) {
	t.Helper()
	visitors, err := visit.NewVisitors(bytes.Repeat([]byte{1}, 32))
	if err != nil {
		t.Fatal(err)
	}
	counter := &visit.Counter{}
	r := &fakeRenderer{}
	h, _, _ := newTestHandler(t, r, func(o *Options) {
		o.PageVisits = PageVisits{Counter: counter, Visitor: visitors.Name, Now: func() time.Time { return start.Add(*later) }}
	})
	return h, r, func() visitStore {
		s := visitStore{}
		if err := counter.Flush(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		return s
	}
}

func serveVisit(h http.Handler, q visitReq) *httptest.ResponseRecorder {
	method := q.method
	if method == "" {
		method = http.MethodGet
	}
	req := httptest.NewRequest(method, q.target, nil)
	req.RemoteAddr = "198.51.100.1:40000"
	if q.ip != "" {
		req.RemoteAddr = q.ip + ":40000"
	}
	switch q.ua {
	case "":
		req.Header.Set("User-Agent", browserUA)
	case "-":
		req.Header.Del("User-Agent")
	default:
		req.Header.Set("User-Agent", q.ua)
	}
	for k, v := range q.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req.WithContext(respond.WithNonce(req.Context(), testNonce)))
	return rec
}

// Which requests count as visits of a property page, each visitor once a
// property and Brussels day.
func TestPageVisitRules(t *testing.T) {
	const (
		page  = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
		short = "/fr/property/4100001/" // SPEC's address, 301 to page
		other = "/nl/te-koop/arlon/villa-huis-hoeve/4100002/"
	)
	start := time.Date(2025, 3, 10, 23, 0, 0, 0, agenda.Brussels)
	today, tomorrow := visit.DayOf(start), visit.DayOf(start.Add(2*time.Hour))
	client := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	one := visitStore{{Property: 4100001, Day: today}: 1}
	for _, c := range []struct {
		name string
		reqs []visitReq
		want visitStore
	}{
		{"a page viewed", []visitReq{{target: page}}, one},
		{"its short address, redirected", []visitReq{{target: short, status: http.StatusMovedPermanently}}, visitStore{}},
		{"in another language", []visitReq{{target: "/nl/te-koop/arlon/villa-huis-hoeve/4100001/"}}, one},
		{"with a query", []visitReq{{target: page + "?utm_source=mail"}}, one},
		{"the same visitor twice, by both addresses", []visitReq{{target: short, status: http.StatusMovedPermanently}, {target: page},
			{target: page, later: time.Minute}}, one},
		{"another browser at the address", []visitReq{{target: page}, {target: page, ua: "Mozilla/5.0 Chrome/130.0"}},
			visitStore{{Property: 4100001, Day: today}: 2}},
		{"another address with the browser", []visitReq{{target: page}, {target: page, ip: "2001:db8::1"}},
			visitStore{{Property: 4100001, Day: today}: 2}},
		{"two properties", []visitReq{{target: page}, {target: other}}, visitStore{{Property: 4100001, Day: today}: 1, {Property: 4100002, Day: today}: 1}},
		{"a cache hit", []visitReq{{target: page}, {target: page, ip: "203.0.113.9"}}, visitStore{{Property: 4100001, Day: today}: 2}},
		{"a client navigation", []visitReq{{target: page, header: client}}, one},
		{"a stale client (409, then the page)", []visitReq{
			{target: page, header: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v0"}, status: http.StatusConflict},
		}, visitStore{}},
		{"the next Brussels day, again", []visitReq{{target: page}, {target: page, later: 59 * time.Minute},
			{target: page, later: 61 * time.Minute}}, visitStore{{Property: 4100001, Day: today}: 1, {Property: 4100001, Day: tomorrow}: 1}},
		{"HEAD", []visitReq{{method: http.MethodHead, target: page}}, visitStore{}},
		{"a post", []visitReq{{method: http.MethodPost, target: page, status: http.StatusMethodNotAllowed}}, visitStore{}},
		{"robots", []visitReq{
			{target: page, ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
			{target: page, ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0)"},
			{target: page, ua: "curl/8.5.0"},
			{target: page, ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0.0.0 Safari/537.36"},
			{target: page, ua: "-"},
		}, visitStore{}},
		{"prefetches", []visitReq{
			{target: page, header: map[string]string{"Sec-Purpose": "prefetch"}},
			{target: page, header: map[string]string{"Sec-Purpose": "prefetch;prerender"}},
			{target: page, header: map[string]string{"Purpose": "prefetch"}},
			{target: page, header: map[string]string{"X-Moz": "prefetch"}},
			{target: page, header: map[string]string{"X-Purpose": "preview"}},
			{target: page, header: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1", "Purpose": "prefetch"}},
		}, visitStore{}},
		{"a client prefetch, then its visit shown", []visitReq{
			{target: page, header: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1", "Purpose": "prefetch"}},
			{target: page, header: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1", PrefetchedVisitHeader: "1"},
				status: http.StatusNoContent},
		}, one},
		{"a shown prefetch of no property page", []visitReq{
			{target: "/fr/a-vendre/", header: map[string]string{PrefetchedVisitHeader: "1"}, status: http.StatusNoContent},
			{target: page, ua: "curl/8.5.0", header: map[string]string{PrefetchedVisitHeader: "1"}, status: http.StatusNoContent},
		}, visitStore{}},
		{"a missing property", []visitReq{{target: "/fr/property/9999999/", status: http.StatusNotFound}}, visitStore{}},
		{"a list page", []visitReq{{target: "/fr/a-vendre/"}}, visitStore{}},
		{"the home page", []visitReq{{target: "/fr/"}}, visitStore{}},
		{"a pretty address in the wrong city", []visitReq{
			{target: "/fr/a-vendre/namur/villa-maison-ferme/4100001/", status: http.StatusMovedPermanently}}, visitStore{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var later time.Duration
			h, _, flush := countingHandler(t, start, &later)
			for _, q := range c.reqs {
				later = q.later
				want := q.status
				if want == 0 {
					want = http.StatusOK
				}
				if rec := serveVisit(h, q); rec.Code != want {
					t.Fatalf("%s %s: %d, want %d", q.method, q.target, rec.Code, want)
				}
			}
			if got := flush(); !maps.Equal(got, c.want) {
				t.Errorf("counted %v, want %v", got, c.want)
			}
		})
	}
}

// A page the HTML cache answers counts: the counting stands in front of it.
func TestPageVisitCacheHit(t *testing.T) {
	const pretty = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/" // the canonical address, which is cached
	var later time.Duration
	start := time.Date(2025, 3, 10, 12, 0, 0, 0, agenda.Brussels)
	h, r, flush := countingHandler(t, start, &later)
	for _, ip := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3"} {
		if rec := serveVisit(h, visitReq{target: pretty, ip: ip}); rec.Code != http.StatusOK {
			t.Fatal(rec.Code)
		}
	}
	if _, ok := h.Responder().Cached(pretty, ""); !ok || r.calls.Load() != 1 {
		t.Fatalf("cached %v, rendered %d times: the later views were no cache hits", ok, r.calls.Load())
	}
	if got := flush(); got[visit.Key{Property: 4100001, Day: visit.DayOf(start)}] != 3 {
		t.Fatalf("counted %v, want 3", got)
	}
}

// Without a counter nothing is counted and the route is the protocol's
// alone; the shown prefetch's word is answered all the same.
func TestPageVisitsOff(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	if rec := serveVisit(h, visitReq{target: "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"}); rec.Code != http.StatusOK {
		t.Fatal(rec.Code)
	}
}

func TestIsBot(t *testing.T) {
	for ua, bot := range map[string]bool{
		"": true, " ": true,
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)":            true,
		"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)":                    true,
		"Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)": true,
		"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)":           true,
		"WhatsApp/2.23.20.0":     true,
		"Python-urllib/3.12":     true,
		"python-requests/2.31.0": true,
		"Go-http-client/1.1":     true,
		"Wget/1.21.4":            true,
		"curl/8.5.0":             true,
		"Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome-Lighthouse":                     true,
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36": true,
		"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)":                                            true,
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)":        true,
		"Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)":                                        true,
		browserUA: false,
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36":                         false,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1": false,
		"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36":                  false,
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0":     false,
	} {
		if got := isBot(ua); got != bot {
			t.Errorf("isBot(%q) = %v", ua, got)
		}
	}
}

// StatusWriter keeps the writer's Flush and its ResponseController.
func TestStatusWriter(t *testing.T) {
	rec := httptest.NewRecorder()
	w := &StatusWriter{ResponseWriter: rec}
	w.WriteHeader(http.StatusEarlyHints)
	w.WriteHeader(http.StatusNotFound)
	if w.Status() != http.StatusNotFound {
		t.Fatalf("status %d", w.Status())
	}
	if err := http.NewResponseController(w).Flush(); err != nil || !rec.Flushed {
		t.Fatalf("flush through the wrapper: %v, %v", err, rec.Flushed)
	}
	var _ http.Flusher = w
}
