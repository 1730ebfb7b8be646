package notify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
)

// The staff's password link mail in every language: the link absolute,
// the role named, no translation key left; its golden files in nl (an
// admin) and en (an agent).
func TestStaffInvite(t *testing.T) {
	c := composer(t)
	if got := account.StaffPasswordLink("tok/123"); got != "/admin/password/?token=tok%2F123" {
		t.Fatalf("StaffPasswordLink = %q", got)
	}
	for _, lang := range i18n.Languages {
		for _, role := range []account.StaffRole{account.Admin, account.Agent, account.Operator} {
			a := account.Account{Role: account.Staff, StaffRole: role, Email: "ann.peeters@example.com", FirstName: "Ann",
				LastName: "Peeters", Lang: lang}
			m, err := c.StaffInvite(a, account.StaffPasswordLink("tok123"))
			if err != nil {
				t.Fatalf("%s: %v", lang, err)
			}
			link := "https://www.immo-arlon.be/admin/password/?token=tok123"
			roleText := i18n.T(lang, "mail.staff.role"+strings.ToUpper(string(role[:1]))+string(role[1:]))
			if m.Lang != lang || m.To[0].Email != a.Email || !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, link) ||
				!strings.Contains(m.Text, roleText) || !strings.Contains(m.Text, "Ann Peeters") ||
				m.Subject != i18n.Tf(lang, "mail.staff.subject", "agency", "Immo Arlon") || rawKey.MatchString(m.Text+m.Subject) {
				t.Errorf("%s %s: %+v\n%s", lang, role, m, m.Text)
			}
			if !(lang == "nl" && role == account.Admin || lang == "en" && role == account.Agent) {
				continue
			}
			for ext, got := range map[string]string{".html": m.HTML, ".txt": "Subject: " + m.Subject + "\n\n" + m.Text} {
				path := filepath.Join("testdata", "staff-invite-"+lang+ext)
				if *update {
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test -update once)", err)
				}
				if got != string(want) {
					t.Errorf("%s differs from the composed mail; go test ./internal/domain/notify/ -update, then review the diff", path)
				}
			}
		}
	}
	if _, err := c.StaffInvite(account.Account{Email: "a@example.com", Lang: "fr"}, ""); err == nil {
		t.Error("a staff mail without its link")
	}
}
