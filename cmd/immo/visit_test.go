package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"immo/internal/app/apptest"
	"immo/internal/domain/altcha"
	"immo/internal/domain/booking"
	"immo/internal/domain/lead"
)

// newVisitSite is newFormSite with the demo's appointments wired: the
// visit form on property pages and the cancel links. The clock is Monday
// 2 March 2026, 11:00 in Brussels: the demo offers Tuesday to Saturday.
func newVisitSite(t *testing.T, databaseURL string) *formSite {
	t.Helper()
	return newSite(t, apptest.Options{DatabaseURL: databaseURL, Visits: true})
}

const visitPage = "/nl/te-koop/arlon/villa-huis-hoeve/4100002/"

// Tuesday 3 March 2026 in Brussels (UTC+1).
const (
	slot10   = "2026-03-03T10:00:00+01:00"
	slot1030 = "2026-03-03T10:30:00+01:00"
)

func visitPost(s *formSite, tb testing.TB, extra url.Values) url.Values {
	return withValues(url.Values{"form": {"contact-appointment"}, "title": {"ms"}, "firstName": {"Anne"}, "lastName": {"Lambert"},
		"email": {"anne@example.be"}, "phone": {"0471 23 45 67"}, "slot": {slot10}, "remark": {"Avec mon mari."},
		altcha.HoneypotField: {""}, altcha.FieldName: {s.Solve(tb)}}, extra)
}

// postFrom posts form to path from the address ip, as the page protocol
// does (X-Inertia) unless plain.
func (s *formSite) postFrom(ip, path string, form url.Values, plain bool) (*http.Response, map[string]any) {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.RemoteAddr = ip + ":4321"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if !plain {
		req.Header.Set("X-Inertia", "true")
		req.Header.Set("X-Inertia-Version", apptest.AssetVersion)
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	var page struct {
		Props map[string]any `json:"props"`
	}
	if !plain && rec.Code != http.StatusSeeOther {
		json.Unmarshal(rec.Body.Bytes(), &page)
	}
	return rec.Result(), page.Props
}

// pageProps GETs path through the page protocol.
func (s *formSite) pageProps(tb testing.TB, path string) (int, map[string]any) {
	tb.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("X-Inertia", "true")
	req.Header.Set("X-Inertia-Version", apptest.AssetVersion)
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	var page struct {
		Props map[string]any `json:"props"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
		tb.Fatalf("GET %s: %d %v", path, rec.Code, err)
	}
	return rec.Code, page.Props
}

// offered lists the slot values the property page offers.
func (s *formSite) offered(tb testing.TB) []string {
	tb.Helper()
	_, props := s.pageProps(tb, visitPage)
	visit, _ := props["visit"].(map[string]any)
	if visit == nil {
		tb.Fatalf("no visit form on %s", visitPage)
	}
	var out []string
	for _, d := range visit["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			out = append(out, sl.(map[string]any)["value"].(string))
		}
	}
	return out
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// mailParts walks a message's MIME tree: each leaf's decoded body by its
// media type.
func mailParts(tb testing.TB, m *mail.Message) map[string][]byte {
	tb.Helper()
	out := map[string][]byte{}
	var walk func(header func(string) string, body io.Reader)
	walk = func(header func(string) string, body io.Reader) {
		mt, params, err := mime.ParseMediaType(header("Content-Type"))
		if err != nil {
			tb.Fatalf("Content-Type %q: %v", header("Content-Type"), err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			mr := multipart.NewReader(body, params["boundary"])
			for {
				p, err := mr.NextRawPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					tb.Fatal(err)
				}
				walk(p.Header.Get, p)
			}
		}
		switch strings.ToLower(header("Content-Transfer-Encoding")) {
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, body)
		case "quoted-printable":
			body = quotedprintable.NewReader(body)
		}
		data, err := io.ReadAll(body)
		if err != nil {
			tb.Fatal(err)
		}
		out[mt] = data
	}
	walk(m.Header.Get, m.Body)
	return out
}

var cancelLink = regexp.MustCompile(`https://immo\.example/nl/cancel-visit/\?token=[A-Za-z0-9%]+`)

func TestVisitForm(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) { testVisitForm(t, newVisitSite(t, db.URL(t))) })
	}
}

func testVisitForm(t *testing.T, s *formSite) {
	if got := s.offered(t); len(got) == 0 || got[0] != slot10 || !contains(got, slot1030) {
		t.Fatalf("offered %v, want Tuesday 10:00 first", got)
	}

	// Each bad field is refused with its key, nothing stored.
	for _, tc := range []struct {
		name  string
		extra url.Values
		field string
		key   string
	}{
		{"no slot", url.Values{"slot": {""}}, "slot", "forms.error.required"},
		{"a slot not a time", url.Values{"slot": {"tomorrow"}}, "slot", "forms.error.date"},
		{"between two slots", url.Values{"slot": {"2026-03-03T10:15:00+01:00"}}, "slot", booking.KeySlotGone},
		{"a Sunday", url.Values{"slot": {"2026-03-08T10:00:00+01:00"}}, "slot", booking.KeySlotGone},
		{"today (from tomorrow only)", url.Values{"slot": {"2026-03-02T16:00:00+01:00"}}, "slot", booking.KeySlotGone},
		{"past the last day", url.Values{"slot": {"2026-03-12T10:00:00+01:00"}}, "slot", booking.KeySlotGone},
		{"no phone", url.Values{"phone": {""}}, "phone", "forms.error.required"},
		{"no title", url.Values{"title": {""}}, "title", "forms.error.required"},
		{"a bad email", url.Values{"email": {"anne@"}}, "email", "forms.error.email"},
		{"no last name", url.Values{"lastName": {" "}}, "lastName", "forms.error.required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := s.Count(t, "requests")
			res, props := s.postFrom("198.51.100.7", visitPage, visitPost(s, t, tc.extra), false)
			errs, _ := props["errors"].(map[string]any)
			if res.StatusCode != http.StatusUnprocessableEntity || errs[tc.field] != tc.key {
				t.Fatalf("status %d, errors %v; want %s: %s", res.StatusCode, errs, tc.field, tc.key)
			}
			form, _ := props["form"].(map[string]any)
			if values, _ := form["values"].(map[string]any); values["remark"] != "Avec mon mari." {
				t.Errorf("the values typed are lost: %v", form)
			}
			if n := s.Count(t, "requests"); n != before || s.Count(t, "bookings") != 0 {
				t.Errorf("stored %d → %d", before, n)
			}
		})
	}

	// A good booking without JavaScript: 303 to the thank-you page, the
	// request and its place stored, the two mails sent.
	mailsBefore := len(s.SMTP.Messages())
	res, _ := s.postFrom("192.0.2.1", visitPage, visitPost(s, t, nil), true)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/nl/feedback/contact-appointment/#main" {
		t.Fatalf("booking: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	db, _ := s.Store.QueueDB()
	var id int64 // not the count: PostgreSQL spends an ID on each refused request
	if err := db.QueryRow("SELECT max(id) FROM requests").Scan(&id); err != nil {
		t.Fatal(err)
	}
	r, _, err := s.Requests.Get(t.Context(), id)
	if err != nil || r.Kind != lead.KindVisit || r.PropertyID != 4100002 || r.Fields["slot"] != slot10 {
		t.Fatalf("stored %+v %v", r, err)
	}
	if n := s.Count(t, "bookings"); n != 1 {
		t.Fatalf("%d bookings", n)
	}
	if got := s.offered(t); contains(got, slot10) || !contains(got, slot1030) {
		t.Fatalf("after the booking the page offers %v", got)
	}
	var notice, confirmation *mail.Message
	for _, m := range s.Delivered(t, mailsBefore, 2) {
		if strings.Contains(m.Header.Get("To"), "anne@example.be") {
			confirmation = m
		} else {
			notice = m
		}
	}
	if notice == nil || confirmation == nil {
		t.Fatal("want a notice and a confirmation")
	}
	noticeText := string(mailParts(t, notice)["text/plain"])
	if !strings.Contains(noticeText, "mardi 03/03/2026 à 10:00") || !strings.Contains(notice.Header.Get("Reply-To"), "anne@example.be") {
		t.Errorf("the agency's notice lacks the slot or Reply-To:\n%s", noticeText)
	}
	parts := mailParts(t, confirmation)
	text := string(parts["text/plain"])
	if !strings.Contains(text, "Uw bezoek is geboekt op dinsdag 03/03/2026 om 10:00.") {
		t.Errorf("confirmation text:\n%s", text)
	}
	link := cancelLink.FindString(text)
	if link == "" || !strings.Contains(string(parts["text/html"]), strings.ReplaceAll(link, "&", "&amp;")) {
		t.Fatalf("no cancel link in the confirmation:\n%s", text)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(parts["text/calendar"]))
	if err != nil {
		t.Fatalf("the .ics: %v\n%s", err, parts["text/calendar"])
	}
	if m := cal.CalendarProperties; len(m) == 0 || !strings.Contains(string(parts["text/calendar"]), "METHOD:PUBLISH") {
		t.Errorf("no METHOD:PUBLISH:\n%s", parts["text/calendar"])
	}
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events", len(events))
	}
	ev := events[0]
	start, err1 := ev.GetStartAt()
	end, err2 := ev.GetEndAt()
	if err1 != nil || err2 != nil || !start.Equal(time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC)) || end.Sub(start) != 30*time.Minute {
		t.Errorf("event %v–%v (%v %v)", start, end, err1, err2)
	}
	prop := func(p ics.ComponentProperty) string {
		if x := ev.GetProperty(p); x != nil {
			return x.Value
		}
		return ""
	}
	if uid := prop(ics.ComponentPropertyUniqueId); uid != "visit-"+itoa(r.ID)+"@immo.example" {
		t.Errorf("UID %q", uid)
	}
	if loc := prop(ics.ComponentPropertyLocation); !strings.Contains(loc, "Arlon") && loc == "" {
		t.Errorf("LOCATION %q", loc)
	}
	if u := prop(ics.ComponentPropertyUrl); !strings.HasPrefix(u, "https://immo.example/nl/") {
		t.Errorf("URL %q", u)
	}
	if d := prop(ics.ComponentPropertyDescription); !strings.Contains(d, "cancel-visit") {
		t.Errorf("DESCRIPTION %q", d)
	}

	// The same slot again: full, the form and values kept, nothing stored.
	before := s.Count(t, "requests")
	res, props := s.postFrom("198.51.100.8", visitPage, visitPost(s, t, url.Values{"firstName": {"Bert"}}), false)
	errs, _ := props["errors"].(map[string]any)
	if res.StatusCode != http.StatusUnprocessableEntity || errs["slot"] != "forms.error.slotFull" {
		t.Fatalf("the full slot: %d %v", res.StatusCode, errs)
	}
	if form, _ := props["form"].(map[string]any); form["values"].(map[string]any)["firstName"] != "Bert" {
		t.Errorf("values lost: %v", form)
	}
	if s.Count(t, "requests") != before {
		t.Error("a request stored for a full slot")
	}

	// The cancel link: the visit and a button; the POST frees the place and
	// tells the agency; the link then says it is used.
	u, _ := url.Parse(link)
	code, props := s.pageProps(t, u.RequestURI())
	if code != http.StatusOK || props["state"] != "confirm" || props["when"] != "Dinsdag 3 maart om 10:00" || props["token"] == "" {
		t.Fatalf("cancel page: %d %v", code, props)
	}
	if head, _ := props["head"].(map[string]any); head["robots"] != "noindex" {
		t.Errorf("cancel page head %v", head)
	}
	mailsBefore = len(s.SMTP.Messages())
	res, props = s.postFrom("192.0.2.1", "/nl/cancel-visit/", url.Values{"token": {props["token"].(string)}}, false)
	if res.StatusCode != http.StatusOK || props["state"] != "done" || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("cancel: %d %v", res.StatusCode, props)
	}
	var cancelled, toVisitor *mail.Message
	for _, m := range s.Delivered(t, mailsBefore, 2) {
		if strings.Contains(m.Header.Get("To"), "info@immo-arlon.be") {
			cancelled = m
		} else if strings.Contains(m.Header.Get("To"), "anne@example.be") {
			toVisitor = m
		}
	}
	if cancelled == nil || toVisitor == nil {
		t.Fatal("want the agency's notice and the visitor's confirmation of the cancellation")
	}
	if body := string(mailParts(t, cancelled)["text/plain"]); !strings.Contains(body, "Mardi 03/03/2026 à 10:00") || !strings.Contains(body, "Lambert") {
		t.Errorf("cancel notice:\n%s", body)
	}
	parts = mailParts(t, toVisitor)
	if ics := string(parts["text/calendar"]); !strings.Contains(ics, "METHOD:CANCEL") || !strings.Contains(ics, "SEQUENCE:1") ||
		!strings.Contains(string(parts["text/plain"]), "geannuleerd") {
		t.Errorf("the visitor's cancellation: %s\n%s", parts["text/plain"], ics)
	}
	if got := s.offered(t); !contains(got, slot10) {
		t.Fatalf("the cancelled slot is not offered again: %v", got)
	}
	for _, path := range []string{u.RequestURI(), "/de/cancel-visit/?token=nothing", "/fr/cancel-visit/"} {
		if code, props := s.pageProps(t, path); code != http.StatusNotFound || props["state"] != "unknown" {
			t.Errorf("GET %s after the cancel: %d %v", path, code, props["state"])
		}
	}
	res, props = s.postFrom("192.0.2.1", "/nl/cancel-visit/", url.Values{"token": {u.Query().Get("token")}}, false)
	if res.StatusCode != http.StatusNotFound || props["state"] != "unknown" {
		t.Errorf("the link used twice: %d %v", res.StatusCode, props["state"])
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Visitors racing for the last place of a slot through the HTTP handler:
// one is booked, the others are told the slot is full; one request stored.
func TestVisitRace(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) {
			s := newVisitSite(t, db.URL(t))
			const racers = 6
			forms := make([]url.Values, racers)
			for i := range forms {
				forms[i] = visitPost(s, t, url.Values{"slot": {slot1030}, "email": {"racer" + itoa(int64(i)) + "@example.be"}})
			}
			var wg sync.WaitGroup
			codes := make(chan int, racers)
			fulls := make(chan bool, racers)
			startGun := make(chan struct{})
			for i := range racers {
				wg.Go(func() {
					<-startGun
					res, props := s.postFrom("203.0.113."+itoa(int64(10+i)), visitPage, forms[i], false)
					codes <- res.StatusCode
					errs, _ := props["errors"].(map[string]any)
					fulls <- errs["slot"] == "forms.error.slotFull"
				})
			}
			close(startGun)
			wg.Wait()
			close(codes)
			close(fulls)
			booked, full := 0, 0
			for c := range codes {
				if c == http.StatusSeeOther {
					booked++
				}
			}
			for f := range fulls {
				if f {
					full++
				}
			}
			if booked != 1 || full != racers-1 {
				t.Fatalf("%d racers for one place: %d booked, %d full", racers, booked, full)
			}
			if n := s.Count(t, "requests"); n != 1 {
				t.Fatalf("%d requests stored", n)
			}
		})
	}
}

// An attacker with 8 addresses tries to book every free slot of the week:
// from one IP, the sender's bound stops them; with an IP per address, each
// address's. Either way most of the agenda stays free for others.
func TestVisitAgendaFlood(t *testing.T) {
	s := newVisitSite(t, "")
	slots := s.offered(t)
	places := len(slots) * 3 // the demo's capacity across the agency
	properties := []string{"/nl/te-koop/arlon/villa-huis-hoeve/4100002/", "/nl/te-koop/arlon/villa-huis-hoeve/4100003/", "/nl/te-koop/arlon/appartement/4100005/", "/nl/te-koop/arlon/appartement/4100006/"}
	next := 0 // the next (slot, property) the attacker tries: never the same twice
	attack := func(ipOf func(i int) string) int {
		booked := 0
		for i := range 8 {
			email := "victim+" + strconv.Itoa(i) + "@example.be"
			if i%2 == 1 {
				email = "Attacker" + strconv.Itoa(i) + "@example.be"
			}
			for range 10 { // what the per-IP limit with a proof lets through in an hour
				slot, page := slots[next/len(properties)%len(slots)], properties[next%len(properties)]
				next++
				res, _ := s.postFrom(ipOf(i), page, visitPost(s, t, url.Values{"email": {email}, "slot": {slot}}), false)
				if res.StatusCode == http.StatusSeeOther {
					booked++
				}
			}
		}
		return booked
	}
	one := attack(func(int) string { return "203.0.113.66" })
	if one > 4 {
		t.Errorf("one IP with 8 addresses booked %d visits, want at most 4 (perSender)", one)
	}
	many := attack(func(i int) string { return "198.51.100." + strconv.Itoa(10+i) })
	// victim+0, +2, +4, +6 are one address: 2 visits; the 4 others 2 each.
	if many > 5*2 {
		t.Errorf("8 IPs and 8 addresses booked %d visits, want at most 10 (perVisitor, +tags counted as one)", many)
	}
	t.Logf("the agenda's %d places this week: one IP with 8 addresses took %d, eight IPs %d", places, one, many)
}
