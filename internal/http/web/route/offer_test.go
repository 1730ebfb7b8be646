package route

import (
	"net/url"
	"reflect"
	"testing"
)

// TestOfferTerms: a property page's offer terms, by goal, state and the
// price's publication, with the site's rent application bounds.
func TestOfferTerms(t *testing.T) {
	r := demoResolver(t)
	for _, tc := range []struct {
		path string
		want *OfferTerms
	}{
		{"/fr/property/4100001/", &OfferTerms{Advance: 31500}},                                // 315 000 €
		{"/fr/property/4100007/", &OfferTerms{}},                                              // price on request: no amount
		{"/nl/property/4100044/", &OfferTerms{Deposit: 2100, MinIncome: 2000, MaxPersons: 5}}, // 700 € a month
		{"/fr/property/4100061/", nil},                                                        // sold
	} {
		res := r.Resolve(canonicalPath(r, tc.path), url.Values{})
		props, ok := res.Props.(*PropertyProps)
		if !ok || props.Property == nil {
			t.Fatalf("%s: %T", tc.path, res.Props)
		}
		if !reflect.DeepEqual(props.Offer, tc.want) {
			t.Errorf("%s: offer %+v, want %+v", tc.path, props.Offer, tc.want)
		}
	}
}

// A documents list's "Request" link without JavaScript (?document=ID): the
// page comes with the request form chosen, that document in it, and is not
// the cached page; anything else in the parameter is ignored.
func TestDocumentChosenWithoutJavaScript(t *testing.T) {
	r := demoResolver(t)
	for _, tc := range []struct {
		path, document string
		want           bool
	}{
		{"/en/property/4100001/", "7100002", true},
		{"/en/property/4100001/", "7100044", false}, // another property's
		{"/en/property/4100001/", "x", false},       // not an ID
		{"/fr/property/4100061/", "7100061", false}, // sold: no form
	} {
		res := r.Resolve(canonicalPath(r, tc.path), url.Values{"document": {tc.document}})
		props, _ := res.Props.(*PropertyProps)
		if props == nil {
			t.Fatalf("%s: %T", tc.path, res.Props)
		}
		got := props.Form != nil && props.Form.Name == "document-request" && props.Form.Values["document"] == tc.document
		if got != tc.want || props.Errors != nil {
			t.Errorf("%s ?document=%s: form %+v errors %v, want chosen %v", tc.path, tc.document, props.Form, props.Errors, tc.want)
		}
		if res.Cacheable == tc.want {
			t.Errorf("%s ?document=%s: cacheable %v: a chosen document is this visitor's page, an ignored one the canonical page", tc.path, tc.document, res.Cacheable)
		}
	}
}

// A closed form's "Show the form" link without JavaScript (?open=KIND): the
// page with that form open and empty, never the cached page; another kind
// (the information request is always open) or a value is ignored.
func TestFormOpenedWithoutJavaScript(t *testing.T) {
	r := demoResolver(t)
	for _, tc := range []struct{ open, want string }{
		{"contact-appointment", "contact-appointment"},
		{"send-to-friend", "send-to-friend"},
		{"purchase-offer", "purchase-offer"},
		{"document-request", "document-request"},
		{"contact-me", ""},
		{"<script>", ""},
		{"", ""},
	} {
		res := r.Resolve(canonicalPath(r, "/en/property/4100001/"), url.Values{"open": {tc.open}})
		props, _ := res.Props.(*PropertyProps)
		if props == nil {
			t.Fatalf("?open=%s: %T", tc.open, res.Props)
		}
		got := ""
		if props.Form != nil {
			got = props.Form.Name
			if len(props.Form.Values) != 0 || props.Errors != nil {
				t.Errorf("?open=%s: values %v errors %v, want an empty form", tc.open, props.Form.Values, props.Errors)
			}
		}
		if got != tc.want {
			t.Errorf("?open=%s: form %q, want %q", tc.open, got, tc.want)
		}
		if res.Cacheable != (tc.want == "") {
			t.Errorf("?open=%s: cacheable %v", tc.open, res.Cacheable)
		}
	}
}
