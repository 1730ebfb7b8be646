package notify

import (
	"strings"
	"testing"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
)

func (testLinks) DemandConfirmURL(token, lang string) string {
	return "/" + lang + "/account/confirm/?token=" + token
}
func (testLinks) PasswordResetURL(token, lang string) string {
	return "/" + lang + "/account/reset-password/?token=" + token
}
func (testLinks) ForgotPasswordURL(lang string) string {
	return "/" + lang + "/account/forgot-password/"
}
func (testLinks) RegistrantAreaURL(lang string) string { return "/" + lang + "/account/" }

// A registration mails the confirmation link; to an address with an
// account, a mail that says so, the link and the way to a new password —
// never the password, in no mail.
func TestRegistrationMails(t *testing.T) {
	c := composer(t)
	for _, lang := range i18n.Languages {
		for _, existed := range []bool{false, true} {
			r := request(lead.KindDemandRegister, lang)
			r.Fields["password"], r.Fields["passwordConfirm"] = "s3cret-horse-battery", "s3cret-horse-battery"
			r.AccountExisted = existed
			msgs := compose(t, c, r, Extra{})
			if len(msgs) != 2 {
				t.Fatalf("%s: %d mails", lang, len(msgs))
			}
			for _, m := range msgs {
				if strings.Contains(m.Text+m.HTML, "s3cret") {
					t.Errorf("%s: a mail carries the password", lang)
				}
			}
			visitor := msgs[1]
			if !strings.Contains(visitor.Text, "https://www.immo-arlon.be/"+lang+"/account/confirm/?token=confirm-token") {
				t.Errorf("%s existed=%v: no confirmation link in\n%s", lang, existed, visitor.Text)
			}
			forgot := strings.Contains(visitor.Text, "/"+lang+"/account/forgot-password/")
			if forgot != existed {
				t.Errorf("%s existed=%v: forgot-password link %v", lang, existed, forgot)
			}
			// The search, then its button: the paragraph leads to both.
			if summary, button := strings.Index(visitor.Text, i18n.T(lang, "mail.registrant.search")),
				strings.Index(visitor.Text, i18n.T(lang, "mail.registrant.button")); summary < 0 || button < summary {
				t.Errorf("%s existed=%v: the button before the search\n%s", lang, existed, visitor.Text)
			}
		}
		// An account's mail greets its own name, not what the form said.
		r := request(lead.KindDemandRegister, lang)
		r.AccountExisted, r.AccountName, r.Person.FirstName = true, "Ann Peeters", "Mallory"
		if m := compose(t, c, r, Extra{})[1]; !strings.HasPrefix(m.Text, i18n.Tf(lang, "mail.confirm.greeting", "name", "Ann Peeters")) {
			t.Errorf("%s: the account's mail greets\n%s", lang, m.Text)
		}
	}
	r := request(lead.KindDemandRegister, "fr")
	r.Secret = ""
	if _, err := c.ComposeWith(r, Extra{}); err == nil {
		t.Error("a registration without its token composed")
	}
}

func TestPasswordResetMail(t *testing.T) {
	c := composer(t)
	for _, lang := range i18n.Languages {
		m, err := c.PasswordReset(account.Account{Email: "ann@example.be", FirstName: "Ann", Lang: lang}, "reset-token")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, "/"+lang+"/account/reset-password/?token=reset-token") || m.To[0].Email != "ann@example.be" {
			t.Errorf("%s: %+v", lang, m)
		}
	}
}
