package respond

import (
	"net/url"
	"slices"
	"strings"

	"immo/internal/domain/field"
)

// Posted is what a page answered again after a refused post carries, on
// every entry — the site's pages, the account pages and the inbox — so
// that each says why the same way and loses nothing typed.
type Posted struct {
	// Errors are the post's problems, a translation key per field (the
	// form-level one under "form"); absent on a page that was not posted.
	Errors map[string]string `json:"errors,omitempty"`
	// Form is what was posted, given back so nothing typed is lost.
	Form *PostedForm `json:"form,omitempty"`
}

// PostedForm is a form post given back: which form, and the values typed
// (one or several per field; never a password nor a second factor's code).
type PostedForm struct {
	Name   string         `json:"name"`
	Values map[string]any `json:"values" tstype:"Record<string, string | string[]>"`
}

// Refused marks p as the answer to a refused post of form: its problems,
// and the values typed as Typed gives them back.
func (p *Posted) Refused(form string, values url.Values, problems map[string]string) {
	p.Errors, p.Form = problems, &PostedForm{Name: form, Values: Typed(values)}
}

// Typed are the values a page shows again after a refused post: a
// password, a second factor's code and the fields a page keeps to itself
// ("_…") left out, the characters refused (a NUL) not sent back; a field
// posted once is a string, several times a list.
func Typed(posted url.Values) map[string]any {
	values := map[string]any{}
	for k, v := range posted {
		if secret(k) {
			continue
		}
		v = slices.Clone(v)
		for i := range v {
			v[i] = field.Printable(v[i])
		}
		if len(v) == 1 {
			values[k] = v[0]
		} else {
			values[k] = v
		}
	}
	return values
}

// secret tells a field never given back.
func secret(name string) bool {
	return strings.Contains(strings.ToLower(name), "password") || name == "code" || strings.HasPrefix(name, "_")
}
