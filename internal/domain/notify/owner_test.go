package notify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
)

// The owner's invitation in every language: the link absolute, the owned
// properties named (an unknown one by its ID), no translation key left;
// its golden files in fr and de.
func TestOwnerInvite(t *testing.T) {
	c := composer(t)
	for _, lang := range i18n.Languages {
		a := account.Account{Role: account.Owner, Email: "ann.peeters@example.com", FirstName: "Ann", LastName: "Peeters", Lang: lang}
		m, err := c.OwnerInvite(a, "/"+lang+"/password/?token=tok123", []int64{propertyID, 999})
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		link := "https://www.immo-arlon.be/" + lang + "/password/?token=tok123"
		if m.Lang != lang || m.To[0].Email != a.Email || !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, link) ||
			!strings.Contains(m.Text, "Villa met tuin") || !strings.Contains(m.Text, "999") ||
			m.Subject != i18n.Tf(lang, "mail.owner.inviteSubject", "agency", "Immo Arlon") || rawKey.MatchString(m.Text+m.Subject) {
			t.Errorf("%s invitation: %+v\n%s", lang, m, m.Text)
		}
		if lang != "fr" && lang != "de" {
			continue
		}
		for ext, got := range map[string]string{".html": m.HTML, ".txt": "Subject: " + m.Subject + "\n\n" + m.Text} {
			path := filepath.Join("testdata", "owner-invite-"+lang+ext)
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
	if _, err := c.OwnerInvite(account.Account{Email: "a@example.com", Lang: "fr"}, "", []int64{1}); err == nil {
		t.Error("an invitation without its link")
	}
}
