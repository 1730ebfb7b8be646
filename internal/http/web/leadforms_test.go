package web

import (
	"net/url"
	"testing"

	"immo/internal/domain/spam"
)

// The spam pipeline's form-wide problems go under the form's hidden field,
// where the page shows them.
func TestSpamFieldForm(t *testing.T) {
	if spam.FieldForm != formField {
		t.Fatalf("spam.FieldForm %q, the pages' form field %q", spam.FieldForm, formField)
	}
}

// with is v with name set to value.
func with(v url.Values, name, value string) url.Values {
	out := without(v)
	out.Set(name, value)
	return out
}
