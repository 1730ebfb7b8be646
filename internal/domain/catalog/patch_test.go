package catalog

import (
	"reflect"
	"slices"
	"testing"
)

// A patched index is the index built whole from the catalog the changes
// lead to: a listing changed, one taken offline, one added, a project
// changed and one gone, a type renamed.
func TestPatchIsARebuild(t *testing.T) {
	ps := []Property{
		prop(101, GoalSale, 1, 350000, "Arlon", "6700", 3, 1),
		prop(102, GoalSale, 2, 210000, "Arlon", "6700", 2, 2),
		prop(103, GoalSale, 1, 495000, "Étalle", "6740", 4, 3),
		prop(105, GoalRent, 2, 850, "Arlon", "6700", 1, 5),
	}
	ps[0].Details.Description = Text{"fr": "Une longue description."}
	projects := []Project{{ID: 7, Name: Text{"fr": "Les Jardins"}}, {ID: 8, Name: Text{"fr": "Le Parc"}}}
	before := &Catalog{Types: fixtureTypes(), Properties: ps, Projects: projects}
	ix := NewIndex(before, 4)

	changed := prop(102, GoalSale, 2, 199000, "Messancy", "6780", 2, 2)
	added := prop(104, GoalSale, 7, 25000, "Attert", "6717", 0, 4)
	types := fixtureTypes()
	types[1].Name = Text{"fr": "Flat"}
	project := Project{ID: 7, Name: Text{"fr": "Les Jardins II"}}
	ch := Changes{Version: 6, Types: types, Properties: []Property{changed, added}, Projects: []Project{project},
		OfflineProperties: []int64{103}, OfflineProjects: []int64{8}}

	want := NewIndex(&Catalog{Types: types, Properties: []Property{ps[0], changed, added, ps[3]}, Projects: []Project{project}}, 6)
	got := ix.patch(ch)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("patched: %d properties %v, version %d; rebuilt: %d properties, version %d",
			len(got.properties), idsOf(got.properties), got.Version(), len(want.properties), want.Version())
	}
	if len(ix.properties) != 4 || ix.Version() != 4 || ix.properties[1].Price != 210000 {
		t.Error("the patched index changed")
	}
	if p, err := got.Property(101, "fr"); err != nil || p.Description["fr"] == "" {
		t.Errorf("a kept listing lost its details: %+v %v", p.Details, err)
	}
}

func idsOf(ps []Property) []int64 {
	var out []int64
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return slices.Clip(out)
}
