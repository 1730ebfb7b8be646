package catalog

import (
	"reflect"
	"testing"
)

// fillTexts sets every Text reachable in v (pointers allocated, slices of
// one element) to four languages, and returns how many it set.
func fillTexts(v reflect.Value) int {
	switch v.Kind() {
	case reflect.Pointer:
		if v.Type().Elem().Kind() != reflect.Struct {
			return 0
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return fillTexts(v.Elem())
	case reflect.Struct:
		n := 0
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				n += fillTexts(v.Field(i))
			}
		}
		return n
	case reflect.Slice:
		if v.Type().Elem().Kind() != reflect.Struct {
			return 0
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		return fillTexts(v.Index(0))
	case reflect.Map:
		if v.Type() == reflect.TypeFor[Text]() {
			v.Set(reflect.ValueOf(Text{"nl": "Tekst", "fr": "Texte", "en": "Text", "de": "Text (de)"}))
			return 1
		}
	}
	return 0
}

// eachText calls fn with the path and value of every Text reachable in v.
func eachText(v reflect.Value, path string, fn func(path string, t Text)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachText(v.Elem(), path, fn)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				eachText(v.Field(i), path+"."+f.Name, fn)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			eachText(v.Index(i), path+"[]", fn)
		}
	case reflect.Map:
		if t, ok := v.Interface().(Text); ok {
			fn(path, t)
		}
	}
}

// Every text of a narrowed property or project is the reader's language
// alone — a field added later is checked too — and the listing it was
// made from keeps all four.
func TestNarrowedKeepsOneLanguage(t *testing.T) {
	var p PublicProperty
	var pr PublicProject
	for _, c := range []struct {
		name   string
		full   reflect.Value
		narrow func() any
	}{
		{"property", reflect.ValueOf(&p).Elem(), func() any { return p.Narrowed("de") }},
		{"project", reflect.ValueOf(&pr).Elem(), func() any { return pr.Narrowed("de") }},
	} {
		if n := fillTexts(c.full); n < 3 {
			t.Fatalf("%s: %d texts filled", c.name, n)
		}
		texts := 0
		eachText(reflect.ValueOf(c.narrow()), c.name, func(path string, got Text) {
			texts++
			if len(got) != 1 || got["de"] != "Text (de)" {
				t.Errorf("%s: %v, want the German text alone", path, got)
			}
		})
		eachText(c.full, c.name, func(path string, kept Text) {
			if len(kept) != 4 {
				t.Errorf("%s of the listing itself changed: %v", path, kept)
			}
		})
		if texts == 0 {
			t.Errorf("%s: no text found", c.name)
		}
	}
}

func TestOnlyFallsBack(t *testing.T) {
	for _, c := range []struct {
		in   Text
		lang string
		want Text
	}{
		{Text{"fr": "Maison", "nl": "Huis"}, "nl", Text{"nl": "Huis"}},
		{Text{"fr": "Maison", "nl": "Huis", "de": " "}, "de", Text{"fr": "Maison"}},
		{Text{"en": "House"}, "de", Text{"en": "House"}},
		{Text{"de": ""}, "de", nil},
		{nil, "de", nil},
	} {
		if got := c.in.Only(c.lang); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v.Only(%s) = %v, want %v", c.in, c.lang, got, c.want)
		}
	}
}
