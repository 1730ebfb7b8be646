package storagetest

import (
	"testing"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/lead"
)

// testDocumentRequested: a document request is found by its property,
// document and address (any case), and by nothing else.
func testDocumentRequested(t *testing.T, s *sqlstore.Requests) {
	ctx := t.Context()
	save := func(r lead.Request) {
		t.Helper()
		if _, err := s.Save(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
	}
	doc := func(property int64, email, document string) lead.Request {
		r := sampleRequest("hash-doc", day)
		r.Kind, r.PropertyID, r.Person.Email = lead.KindDocument, property, email
		r.Fields = map[string]string{"document": document}
		return r
	}
	save(doc(42, "Zoe@Example.be", "7100001"))
	other := sampleRequest("hash-doc", day) // a rent application on the same property, same address
	other.Fields["document"] = "7100002"
	save(other)
	for _, tc := range []struct {
		property int64
		email    string
		document string
		want     bool
	}{
		{42, "zoe@example.be", "7100001", true},
		{42, " ZOE@EXAMPLE.BE ", "7100001", true},
		{42, "zoe@example.be", "7100002", false}, // another document (the rent application is no document request)
		{43, "zoe@example.be", "7100001", false}, // another property
		{42, "max@example.be", "7100001", false}, // another address
	} {
		got, err := s.DocumentRequested(ctx, tc.property, tc.email, tc.document)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("DocumentRequested(%d, %q, %q) = %v, want %v", tc.property, tc.email, tc.document, got, tc.want)
		}
	}
}
