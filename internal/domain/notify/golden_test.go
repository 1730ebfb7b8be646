package notify

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
)

var update = flag.Bool("update", false, "rewrite the golden mails in testdata/")

// The mails as a reader gets them, one file per part: the information
// request's confirmation in every language, the notice in the site's
// language, a friend's mail and the newsletter opt-in. Review a diff of
// testdata/ like a diff of the templates.
func TestGoldenMails(t *testing.T) {
	c := composer(t)
	type golden struct {
		name string
		r    lead.Request
		to   string
	}
	var cases []golden
	for _, lang := range i18n.Languages {
		r := request(lead.KindInformation, lang)
		cases = append(cases, golden{"confirm-" + lang, r, r.Person.Email})
	}
	cases = append(cases,
		golden{"notice-fr", request(lead.KindValuation, "nl"), agencyEmail},
		golden{"friend-nl", request(lead.KindFriend, "nl"), "friend@example.org"},
		golden{"newsletter-en", request(lead.KindNewsletter, "en"), "an.peeters@example.com"})
	for _, g := range cases {
		m := byRecipient(t, compose(t, c, g.r, Extra{Token: "tok123", Unsubscribe: "uns456"}), g.to)
		for ext, got := range map[string]string{".html": m.HTML, ".txt": "Subject: " + m.Subject + "\n\n" + m.Text} {
			path := filepath.Join("testdata", g.name+ext)
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
