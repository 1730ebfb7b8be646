package agency

import (
	"reflect"
	"testing"
)

func TestChanges(t *testing.T) {
	before := `{"banner": {"type": "image", "title": {"nl": "Welkom", "fr": "Bienvenue"}},
		"pages": [{"name": "Home", "params": {"title": {"nl": "Thuis"}, "content": {"nl": "<p>a</p>"}}}, {"name": "Contact"}],
		"footer": {"copyright": {"en": "© immo"}}, "popup": {"delay": 3}}`
	after := `{"banner": {"type": "image", "title": {"nl": "Lente", "fr": "Printemps"}},
		"pages": [{"name": "Home", "params": {"title": {"nl": "Thuis", "de": "Start"}, "content": {"nl": "<p>b</p>"}}}, {"name": "Contact"}, {"params": {"title": {"fr": "Nouveau"}}}],
		"footer": {"copyright": {"en": "© immo"}}, "popup": {"delay": 5}}`
	got := Changes([]byte(before), []byte(after))
	want := []SiteChange{
		{Section: "pages", Item: "Home", What: ChangeEdited, Fields: []string{"content", "title"}, Langs: []string{"nl", "de"}},
		{Section: "pages", Item: "Nouveau", What: ChangeAdded, Fields: []string{}, Langs: []string{}},
		{Section: "banner", What: ChangeEdited, Fields: []string{"title"}, Langs: []string{"nl", "fr"}},
		{Section: "popup", What: ChangeEdited, Fields: []string{"delay"}, Langs: []string{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Changes =\n%+v\nwant\n%+v", got, want)
	}
	if got := Changes([]byte(after), []byte(after)); len(got) != 0 {
		t.Errorf("no change = %+v", got)
	}
	removed := Changes([]byte(after), []byte(before))
	if len(removed) < 2 || removed[1].What != ChangeRemoved || removed[1].Item != "Nouveau" {
		t.Errorf("a page removed = %+v", removed)
	}
}
