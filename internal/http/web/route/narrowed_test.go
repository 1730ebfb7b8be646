package route

import (
	"maps"
	"net/url"
	"slices"
	"testing"

	"immo/internal/domain/catalog"
)

// A property or project page sends the browser its own language's texts
// only (issue #34): the German page of a listing carries one description
// (the French one it falls back to) and its features in German, not the
// other languages, and the catalog keeps them all.
func TestPagesCarryTheirLanguageOnly(t *testing.T) {
	r := demoResolver(t)
	res := r.Resolve(canonicalPath(r, "/de/property/4100001/"), url.Values{})
	props, ok := res.Props.(*PropertyProps)
	if !ok || props.Property == nil {
		t.Fatalf("the property page: %T", res.Props)
	}
	p := props.Property
	if len(p.Description) != 1 || p.Description["fr"] == "" || len(p.Title) > 1 || p.Features == nil || len(p.Features.Heating) != 1 || p.Features.Heating["de"] == "" {
		t.Errorf("the German page's texts: description %v, title %v, features %+v", keys(p.Description), keys(p.Title), p.Features)
	}
	if stored, _ := r.Catalog.Index().Property(4100001, "de"); len(stored.Description) < 2 {
		t.Errorf("the catalog's description lost languages: %v", keys(stored.Description))
	}

	res = resolvePage(r, r.ProjectURL(5200002, "nl"))
	project, ok := res.Props.(*ProjectProps)
	if !ok {
		t.Fatalf("the project page: %T", res.Props)
	}
	if len(project.Project.Name) != 1 || len(project.Project.Description) != 1 {
		t.Errorf("the Dutch project page's texts: name %v, description %v", keys(project.Project.Name), keys(project.Project.Description))
	}
}

func keys(t catalog.Text) []string { return slices.Sorted(maps.Keys(t)) }
