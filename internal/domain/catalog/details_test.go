package catalog_test

import (
	"reflect"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/domain/catalog"
)

// The index keeps a property's page-only details deflated: the property
// page's view is the same as made from the whole property, in every
// language, and the catalog the index was built from is left whole.
func TestIndexDetailsRoundTrip(t *testing.T) {
	c, err := demo.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	ix := catalog.NewIndex(c, 1)
	withDescription := 0
	for _, p := range c.Properties {
		if len(p.Description) > 0 {
			withDescription++
		}
		for _, lang := range []string{"fr", "nl", "en", "de"} {
			got, err := ix.Property(p.ID, lang)
			if err != nil {
				t.Fatal(err)
			}
			want := p.Public(lang, ix.TypeName).In(lang)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d %s: the page's view differs from the whole property's", p.ID, lang)
			}
		}
	}
	if withDescription < len(c.Properties)/2 {
		t.Fatalf("only %d of %d demo properties have a description: the test proves little", withDescription, len(c.Properties))
	}
}
