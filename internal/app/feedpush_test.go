package app_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/app/apptest"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/http/httpapi"
)

// TestFeedPush: a CRM pushes to its feed — the whole file, one listing
// upserted, one taken offline — authenticated by its token or a signature
// of the body; every other request is refused without saying which feeds
// exist; each push is a run. On both databases.
func TestFeedPush(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			f, token, err := s.App.Feeds().Add(ctx, feed.Input{Name: "CRM", URL: "https://crm.invalid/feed.json"}, "boss@agency.test")
			if err != nil {
				t.Fatal(err)
			}
			// No pull of the schedule's meanwhile: the test pushes alone.
			if won, err := s.Store.ClaimRun(ctx, f.ID, f.NextRun, f.NextRun.Add(24*time.Hour)); err != nil || !won {
				t.Fatalf("claiming the feed's schedule: %v %v (a scheduled pull claimed it first)", won, err)
			}
			base := "/api/feed/" + strconv.FormatInt(f.ID, 10)
			cat, err := demo.Catalog()
			if err != nil {
				t.Fatal(err)
			}
			file, _ := json.Marshal(cat)
			target := cat.Properties[5]
			one := func(mod func(p map[string]any)) []byte {
				b, _ := json.Marshal(target)
				var p map[string]any
				json.Unmarshal(b, &p)
				mod(p)
				out, _ := json.Marshal(p)
				return out
			}
			propPath := base + "/properties/" + strconv.FormatInt(target.ID, 10)
			repriced := one(func(p map[string]any) { p["Price"] = 312345.0 })
			invalid := one(func(p map[string]any) { p["Price"] = -5.0 })
			kept := cat.Properties[:len(cat.Properties)/5] // 80 % offline
			short, _ := json.Marshal(catalog.Catalog{Types: cat.Types, Properties: kept, Projects: cat.Projects})

			bearer := func(tok string) http.Header { return http.Header{"Authorization": {"Bearer " + tok}} }
			signed := func(key string, at time.Time, method, path string, body []byte) http.Header {
				ts := strconv.FormatInt(at.Unix(), 10)
				return http.Header{"X-Immo-Timestamp": {ts}, "X-Immo-Signature": {feed.Signature(key, ts, method, path, body)}}
			}
			now := s.Clock.Now()
			replayed := signed(token, now, "PUT", propPath, repriced)

			type want struct {
				code    int
				status  feed.Status
				counts  *feed.Counts // the properties'
				problem string       // a problem's field
			}
			steps := []struct {
				name         string
				method, path string
				header       http.Header
				body         []byte
				want         want
			}{
				{"no authentication", "POST", base, nil, file, want{code: 401}},
				{"a wrong token", "POST", base, bearer(token + "x"), file, want{code: 401}},
				{"not bearer", "POST", base, http.Header{"Authorization": {"Basic " + token}}, file, want{code: 401}},
				{"the token in the address only", "POST", base + "?token=" + token, nil, file, want{code: 401}},
				{"the token in the address too", "POST", base + "?token=" + token, bearer(token), file, want{code: 401}},
				{"an unknown feed", "POST", "/api/feed/" + strconv.FormatInt(f.ID+1000, 10), bearer(token), file, want{code: 401}},
				{"an unknown feed signed", "POST", "/api/feed/" + strconv.FormatInt(f.ID+1000, 10), signed(token, now, "POST", "/api/feed/"+strconv.FormatInt(f.ID+1000, 10), file), file, want{code: 401}},
				{"a wrong signature", "POST", base, signed(token+"x", now, "POST", base, file), file, want{code: 401}},
				{"another body's signature", "PUT", propPath, signed(token, now, "PUT", propPath, file), repriced, want{code: 401}},
				{"an old timestamp", "POST", base, signed(token, now.Add(-10*time.Minute), "POST", base, file), file, want{code: 401}},
				{"a future timestamp", "POST", base, signed(token, now.Add(10*time.Minute), "POST", base, file), file, want{code: 401}},
				{"a feed that is no number", "POST", "/api/feed/01", bearer(token), file, want{code: 404}},
				{"a property that is no number", "PUT", base + "/properties/-3", bearer(token), repriced, want{code: 404}},
				{"GET", "GET", base, bearer(token), nil, want{code: 405}},
				{"the whole file", "POST", base, bearer(token), file, want{code: 200, status: feed.StatusApplied, counts: &feed.Counts{Unchanged: 65}}},
				{"the whole file again: the same as the last, nothing read", "POST", base, bearer(token), file, want{code: 200, status: feed.StatusUnchanged, counts: &feed.Counts{}}},
				{"the whole file signed", "POST", base, signed(token, now, "POST", base, file), file, want{code: 200, status: feed.StatusUnchanged, counts: &feed.Counts{}}},
				{"one price", "PUT", propPath, replayed, repriced, want{code: 200, status: feed.StatusApplied, counts: &feed.Counts{Updated: 1}}},
				{"one price replayed", "PUT", propPath, replayed, repriced, want{code: 200, status: feed.StatusUnchanged, counts: &feed.Counts{Unchanged: 1}}},
				{"an invalid record", "PUT", propPath, bearer(token), invalid, want{code: 422, status: feed.StatusFailed, counts: &feed.Counts{Rejected: 1}, problem: "Price"}},
				{"another listing's record", "PUT", base + "/properties/4100001", bearer(token), repriced, want{code: 422, status: feed.StatusFailed, problem: "ID"}},
				{"an oversized record", "PUT", propPath, bearer(token), bytes.Repeat([]byte(" "), 1<<20+1), want{code: 413}},
				{"an oversized record signed", "PUT", propPath, signed(token, now, "PUT", propPath, bytes.Repeat([]byte(" "), 1<<20+1)), bytes.Repeat([]byte(" "), 1<<20+1), want{code: 413}},
				{"taken offline", "DELETE", propPath, bearer(token), nil, want{code: 200, status: feed.StatusApplied, counts: &feed.Counts{Offline: 1}}},
				{"taken offline again", "DELETE", propPath, signed(token, now, "DELETE", propPath, nil), nil, want{code: 200, status: feed.StatusUnchanged, counts: &feed.Counts{}}},
				{"a delete's signature for another listing", "DELETE", base + "/properties/" + strconv.FormatInt(cat.Properties[0].ID, 10),
					signed(token, now, "DELETE", propPath, nil), nil, want{code: 401}},
				{"a delete's signature as a put", "PUT", propPath, signed(token, now, "DELETE", propPath, repriced), repriced, want{code: 401}},
				{"the whole file after the delete: its listing back", "POST", base, bearer(token), file, want{code: 200, status: feed.StatusApplied, counts: &feed.Counts{Updated: 1, Unchanged: 64}}},
				{"80 % offline", "POST", base, bearer(token), short, want{code: 202, status: feed.StatusHeld}},
			}
			runs := 0
			for _, st := range steps {
				rec := push(t, s, st.method, st.path, st.header, st.body)
				if rec.Code != st.want.code {
					t.Fatalf("%s: %d %s, want %d", st.name, rec.Code, rec.Body, st.want.code)
				}
				switch st.want.code {
				case 401:
					if rec.Header().Get("WWW-Authenticate") == "" || !strings.Contains(rec.Body.String(), `"code":"unauthorized"`) {
						t.Errorf("%s: %s %v", st.name, rec.Body, rec.Header())
					}
					continue
				case 404, 405, 413:
					var e httpapi.ErrorBody
					if json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error.Code == "" || e.Error.Message == "" {
						t.Errorf("%s: %s", st.name, rec.Body)
					}
					continue
				}
				runs++
				var rep httpapi.PushReport
				if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
					t.Fatalf("%s: %v %s", st.name, err, rec.Body)
				}
				if rep.Run == 0 || rep.Status != st.want.status || st.want.counts != nil && rep.Properties != *st.want.counts || rep.Problems == nil {
					t.Errorf("%s: %s", st.name, rec.Body)
				}
				if st.want.problem != "" && (len(rep.Problems) != 1 || rep.Problems[0].Field != st.want.problem || rep.Problems[0].Key == "" ||
					rep.Problems[0].ID == 0 || rep.Error == "") {
					t.Errorf("%s: problems %s", st.name, rec.Body)
				}
				if st.want.code == 202 && (rep.Error == "" || rep.Properties != (feed.Counts{})) {
					t.Errorf("%s: %s", st.name, rec.Body)
				}
				// What the site serves follows: the repriced listing, then none.
				switch st.name {
				case "one price", "an invalid record", "taken offline":
					if _, err := s.App.Catalog.Refresh(ctx); err != nil {
						t.Fatal(err)
					}
					got := push(t, s, "GET", "/api/properties/"+strconv.FormatInt(target.ID, 10), nil, nil)
					var p struct{ Price float64 }
					json.Unmarshal(got.Body.Bytes(), &p)
					if st.name == "taken offline" && got.Code != 404 || st.name != "taken offline" && (got.Code != 200 || p.Price != 312345) {
						t.Errorf("after %s: the property answers %d, price %v", st.name, got.Code, p.Price)
					}
				}
			}
			// A held run waits for an admin: nothing went offline.
			if c, _, _ := s.Store.Load(ctx); len(c.Properties) != 65 {
				t.Errorf("%d properties online after the held run, want 65", len(c.Properties))
			}
			if held, _, err := s.Store.Held(ctx, f.ID); err != nil || held == 0 {
				t.Errorf("the held run: %d %v", held, err)
			}

			// A paused feed refuses; a busy one says when to come back.
			if err := s.App.Feeds().SetPaused(ctx, f.ID, true); err != nil {
				t.Fatal(err)
			}
			if rec := push(t, s, "PUT", propPath, bearer(token), repriced); rec.Code != 409 || !strings.Contains(rec.Body.String(), "paused") {
				t.Errorf("paused: %d %s", rec.Code, rec.Body)
			}
			if rec := push(t, s, "PUT", propPath, bearer(token+"x"), repriced); rec.Code != 401 {
				t.Errorf("paused, a wrong token: %d, want 401", rec.Code)
			}
			if err := s.App.Feeds().SetPaused(ctx, f.ID, false); err != nil {
				t.Fatal(err)
			}
			if ok, err := s.Store.Lock(ctx, f.ID, s.Clock.Now(), s.Clock.Now().Add(time.Hour)); err != nil || !ok {
				t.Fatal(ok, err)
			}
			if rec := push(t, s, "DELETE", propPath, bearer(token), nil); rec.Code != 409 || rec.Header().Get("Retry-After") == "" {
				t.Errorf("busy: %d %s %v", rec.Code, rec.Body, rec.Header())
			}
			if err := s.Store.Unlock(ctx, f.ID); err != nil {
				t.Fatal(err)
			}

			// Every push that ran is a run of the feed's, triggered by a push.
			all, err := s.Store.Runs(ctx, 100)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, r := range all {
				if r.Feed == f.ID {
					n++
					if r.Trigger != feed.TriggerPush || r.Source == "" {
						t.Errorf("run %+v", r)
					}
				}
			}
			if n != runs {
				t.Errorf("%d runs of the feed, want %d", n, runs)
			}
		})
	}
}

func push(t *testing.T, s *apptest.Site, method, path string, header http.Header, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	return rec
}
