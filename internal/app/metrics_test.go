package app_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"immo/internal/adapter/metrics"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"

	"github.com/pquerna/otp/totp"
)

// The operator's metrics hear the site's requests by page kind and status,
// the documents' sources, the logins refused and the stores' figures; the
// site's own address serves none of them.
func TestMetrics(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			m := metrics.New()
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Metrics: m})
			visitor := &client{h: s.Handler, ip: "203.0.113.7"}
			for range 2 {
				if rec := visitor.do(t, "GET", "/fr/", nil); rec.Code != http.StatusOK {
					t.Fatalf("home: %d", rec.Code)
				}
			}
			if rec := visitor.do(t, "GET", "/metrics", nil); rec.Code != http.StatusNotFound {
				t.Errorf("the site's /metrics: %d, want 404", rec.Code)
			}
			guess := url.Values{"email": {"ann@example.be"}, "password": {"a guess"}}
			for range account.LoginPerAccountAddress + 1 { // the last one over the brake
				visitor.do(t, "POST", "/fr/login/", guess)
			}
			// A staff member's wrong second-factor code counts too.
			newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.40")
			agentAcc, err := s.Store.Accounts().ByEmail(t.Context(), account.Staff, "agent@agency.test")
			if err != nil {
				t.Fatal(err)
			}
			enrol, err := s.Staff.BeginTOTP(t.Context(), account.Viewer{Account: agentAcc})
			if err != nil {
				t.Fatal(err)
			}
			code, _ := totp.GenerateCode(enrol.Secret, s.Clock.Now())
			if err := s.Staff.ConfirmTOTP(t.Context(), account.Viewer{Account: agentAcc}, code); err != nil {
				t.Fatal(err)
			}
			login := &staffClient{h: s.Handler, ip: "198.51.100.41", cookies: map[string]*http.Cookie{}}
			if rec := login.do(t, "POST", "/admin/login/", url.Values{"email": {"agent@agency.test"}, "password": {"a long enough one"}}); rec.Header().Get("Location") != "/admin/login/code/" {
				t.Fatalf("the password step: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if rec := login.do(t, "POST", "/admin/login/code/", url.Values{"code": {"000000"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("a wrong code: %d", rec.Code)
			}
			rec := httptest.NewRecorder()
			m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
			b, _ := io.ReadAll(rec.Body)
			out := string(b)
			for _, want := range []string{
				`immo_http_requests_total{kind="Home",status="200"} 2`,
				`immo_agency_requests_total{agency="1",class="2xx"} `,
				`immo_http_requests_total{kind="NotFound",status="404"} 1`,
				`immo_page_documents_total{source=`, // the test site's shell or a render, then the cache
				`immo_logins_refused_total{role="owner",why="failed"} ` + itoa(int64(account.LoginPerAccountAddress)),
				`immo_logins_refused_total{role="owner",why="locked"} 1`,
				`immo_logins_refused_total{role="staff",why="code"} 1`,
				"immo_render_slots ",
				"immo_mail_queue_depth 0",
				"immo_mail_failed 0",
				"immo_feeds 0",
				"immo_metrics_read_errors_total 0",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in the metrics", want)
				}
			}
		})
	}
}
