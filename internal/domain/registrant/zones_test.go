package registrant

import (
	"testing"

	"immo/internal/domain/agency"
	"immo/internal/domain/demand"
	"immo/internal/domain/site"
)

// A search's zones are those of the request's agency, as published or
// previewed: a zone the agency added since the start is one a registrant
// may choose, and one it removed is not.
func TestZonesOfTheRequestsAgency(t *testing.T) {
	zone := func(id, zip string) site.Zone { return site.Zone{ID: id, Country: "BE", Zips: []string{zip}} }
	started := &site.Config{Zones: []site.Zone{zone("arlon", "6700")}}
	s := &Service{Zones: started, Types: func() []int { return []int{1} }}
	search := map[string]string{FieldPurpose: GoalBuy, FieldTypes: "1", FieldZones: "virton"}
	if _, errs := s.CheckSearch(t.Context(), search); errs[FieldZones] == "" {
		t.Fatalf("a zone the agency it started with does not have: %v", errs)
	}
	now := &site.Config{Zones: []site.Zone{zone("virton", "6760")}}
	ctx := agency.NewContext(t.Context(), &agency.Agency{Site: now, Version: 2})
	d, errs := s.CheckSearch(ctx, search)
	if len(errs) > 0 {
		t.Fatalf("a zone the agency published since: %v", errs)
	}
	if got := s.SearchFields(ctx, demand.Demand{Zips: d.Zips})[FieldZones]; len(got.([]string)) != 1 || got.([]string)[0] != "virton" {
		t.Errorf("the search's zones read back: %v", got)
	}
	if _, errs := s.CheckSearch(ctx, map[string]string{FieldPurpose: GoalBuy, FieldTypes: "1", FieldZones: "arlon"}); errs[FieldZones] == "" {
		t.Errorf("a zone the agency removed is still accepted")
	}
}
