package notify

import (
	"context"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/agency"
	"immo/internal/domain/lead"
)

// A request's mails are written as the agency of its context — its
// address and its default language as the configuration published (or a
// draft) says them —, and as configured when the context carries none.
func TestMailsAreTheRequestsAgencys(t *testing.T) {
	c := composer(t)
	r := request(lead.KindSiteContact, "en")
	notice := func(ctx context.Context) (to, lang string) {
		t.Helper()
		msgs, err := c.Compose(ctx, r)
		if err != nil || len(msgs) != 2 {
			t.Fatalf("%d mails, %v", len(msgs), err)
		}
		return msgs[0].To[0].Email, msgs[0].Lang
	}
	started := demotest.Site(t)
	if to, lang := notice(t.Context()); to != started.Agency.Email || lang != started.Languages.Default {
		t.Errorf("no agency in the context: to %s in %s, want %s in %s", to, lang, started.Agency.Email, started.Languages.Default)
	}
	other := demotest.Site(t)
	other.Agency.Email, other.Agency.Name, other.Languages.Default = "office@other-agency.test", "Other", "de"
	ctx := agency.NewContext(t.Context(), &agency.Agency{Site: other})
	if to, lang := notice(ctx); to != "office@other-agency.test" || lang != "de" {
		t.Errorf("the request's agency: to %s in %s, want office@other-agency.test in de", to, lang)
	}
	if to, _ := notice(t.Context()); to != started.Agency.Email {
		t.Errorf("the composer itself changed: to %s", to)
	}
}
