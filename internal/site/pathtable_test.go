package site

import (
	"slices"
	"testing"
)

func TestLookupPath(t *testing.T) {
	c := loadDemo(t)
	// A child page under the contact page, and an unpublished one.
	c.Pages = append(c.Pages,
		Page{ID: 901, ParentID: 5, Path: "/team/", Status: StatusPublished, Params: PageParams{Path: Text{"fr": "equipe"}}},
		Page{ID: 902, ParentID: 5, Path: "/draft/", Status: StatusDraft})
	cases := []struct {
		path, original string
		breadcrumb     []string
		parent         string
		found          bool
	}{
		{"/for-sale/", "/for-sale/", []string{"/for-sale/"}, "/for-sale/", true},
		{"/TE-KOOP", "/for-sale/", []string{"/for-sale/"}, "/for-sale/", true},        // case and slash aside
		{"a-vendre/arlon/maison/123", "/for-sale/", []string{"/for-sale/"}, "", true}, // a pretty property address: its list
		{"/vendus-loues/", "/Biens-vendus/", []string{"/Biens-vendus/"}, "", true},    // another language's path
		{"/contact/equipe/", "/contact/team/", []string{"/contact/", "/contact/team/"}, "/contact/", true},
		{"/contact/draft/", "", nil, "/", false},                   // unpublished: unknown
		{"/biens-vendus/arlon/x/1/", "", nil, "/", false},          // only the sale and rent lists fall back
		{"/privacy", "/Privacy/", []string{"/Privacy/"}, "", true}, // legal pages
		{"/nowhere/", "", nil, "/", false},
	}
	for _, tc := range cases {
		e, ok := c.LookupPath(tc.path)
		if ok != tc.found || e.Original != tc.original || !slices.Equal(e.Breadcrumb, tc.breadcrumb) {
			t.Errorf("LookupPath(%q) = %+v, %v; want %q %v", tc.path, e, ok, tc.original, tc.breadcrumb)
		}
		if tc.parent != "" && e.Parent() != tc.parent {
			t.Errorf("LookupPath(%q).Parent() = %q, want %q", tc.path, e.Parent(), tc.parent)
		}
	}
	if e, _ := c.LookupPath("/contact/team/"); e.Paths["fr"] != "/contact/equipe/" || e.Paths["nl"] != "/contact/team/" {
		t.Errorf("child paths per language: %v", e.Paths)
	}
}
