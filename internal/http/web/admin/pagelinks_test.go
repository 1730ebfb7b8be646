package admin

import (
	"net/url"
	"testing"
)

// A paged list's addresses keep its filter (not the page, nor other
// parameters) and name the next page by the last id shown.
func TestPageLinks(t *testing.T) {
	q := url.Values{"state": {"pending"}, "q": {"a&b"}, "before": {"90"}, "junk": {"x"}}
	export, next := pageLinks("/admin/newsletter/", "/admin/newsletter.csv", q, []string{"state", "q"}, 42)
	if export != "/admin/newsletter.csv?q=a%26b&state=pending" || next != "/admin/newsletter/?before=42&q=a%26b&state=pending" {
		t.Fatalf("with more rows: %q %q", export, next)
	}
	if _, next := pageLinks("/admin/audit/", "/admin/audit.csv", url.Values{}, []string{"kind"}, 0); next != "" {
		t.Fatalf("the last page has a next: %q", next)
	}
}
