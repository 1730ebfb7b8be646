package web

import (
	"context"

	"immo/internal/adapter/captcha"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/spam"
)

// LeadForms is the FormHandler of the visitor requests (package lead),
// every kind alike: the HTTP edge of the spam pipeline (spam.Gate), which
// it hands each post as a spam.Post.
type LeadForms struct {
	Gate *spam.Gate
}

var (
	_ FormHandler = (*LeadForms)(nil)
	_ FormChecker = (*LeadForms)(nil)
	_ FileFields  = (*LeadForms)(nil)
)

// Check implements FormChecker: what Submit would refuse before any spam
// check, for a post the browser found problems in (one round of messages).
func (l *LeadForms) Check(ctx context.Context, p FormPost) field.Errors {
	return l.Gate.Check(ctx, spamPost(p))
}

// Submit implements FormHandler. A third-party captcha's check hears of
// the sender's address through the context.
func (l *LeadForms) Submit(ctx context.Context, p FormPost) (Outcome, error) {
	errs, err := l.Gate.Submit(captcha.WithRemoteIP(ctx, p.IP), spamPost(p))
	return Refused(errs), err
}

// FileFields implements web.FileFields: a kind's Upload fields.
func (l *LeadForms) FileFields(form string) []string {
	return spam.FileFields(lead.Kind(form))
}

func spamPost(p FormPost) spam.Post {
	return spam.Post{Kind: lead.Kind(p.Form), Lang: p.Lang, Page: p.Page, Values: p.Values, Files: p.Files, IP: p.IP,
		PropertyID: p.PropertyID, ProjectID: p.ProjectID}
}
