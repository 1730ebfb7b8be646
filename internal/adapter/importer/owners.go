package importer

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"immo/internal/domain/catalog"
	"immo/internal/domain/field"
)

// Owner is one of a property's owners as the catalog file names them, in
// the property record's optional "Owners" list:
//
//	"Owners": [{"Email": "owner@example.be", "FirstName": "Ann", "LastName": "Peeters", "Language": "nl"}]
//
// Only Email is required; Language (nl, fr, en or de; default the site's)
// is the one of the owner's mail and pages. The owners are not part of the
// listing: they are kept out of the catalog's documents (nothing public
// carries them) and become owner accounts linked to the property
// (account.Owners.InviteNew), each mailed a password link when newly
// linked.
type Owner struct {
	Email     string `json:"Email"`
	FirstName string `json:"FirstName,omitempty"`
	LastName  string `json:"LastName,omitempty"`
	Language  string `json:"Language,omitempty"`
}

// FeedOwners are the owners of the file's properties, by property ID.
type FeedOwners map[int64][]Owner

// FeedOwner is an owner of an imported property.
type FeedOwner struct {
	Property int64
	Owner
}

// feedProperty is a property record: the listing and its owners.
type feedProperty struct {
	catalog.Property
	Owners []Owner `json:"Owners,omitempty"`
}

// Bounds of a property's owners.
const (
	MaxOwners    = 10
	maxOwnerName = 100
)

// ownerLanguages are the languages an owner's mail may be in.
var ownerLanguages = []string{"", "nl", "fr", "en", "de"}

// validateOwners checks the owners of each property of cat, each problem
// at its record (pos maps cat's properties back to the file).
func validateOwners(cat *catalog.Catalog, owners FeedOwners, pos []int) []Problem {
	c := &checker{}
	c.begin("properties")
	for i := range cat.Properties {
		p := &cat.Properties[i]
		list := owners[p.ID]
		if len(list) == 0 {
			continue
		}
		c.index, c.id = i, p.ID
		if len(pos) > i {
			c.index = pos[i]
		}
		if len(list) > MaxOwners {
			c.fail("Owners", KeyTooManyOwners, map[string]string{"n": num(len(list)), "max": num(MaxOwners)}, "lists %d owners, at most %d", len(list), MaxOwners)
			continue
		}
		for j, o := range list {
			at := "Owners[" + strconv.Itoa(j) + "]."
			e := field.Errors{}
			e.Email("email", strings.TrimSpace(o.Email), true)
			if len(e) > 0 || len(o.Email) > 254 {
				c.fail(at+"Email", KeyNotEmail, map[string]string{"value": param(o.Email)}, "%q is not an email address", o.Email)
			}
			for name, v := range map[string]string{"FirstName": o.FirstName, "LastName": o.LastName} {
				if len(v) > maxOwnerName || !utf8.ValidString(v) || strings.ContainsFunc(v, func(r rune) bool { return r < ' ' }) {
					c.fail(at+name, KeyOwnerName, map[string]string{"max": num(maxOwnerName)}, "must be a name of at most %d bytes, on one line", maxOwnerName)
				}
			}
			if !slices.Contains(ownerLanguages, o.Language) {
				c.fail(at+"Language", KeyOwnerLanguage, nil, "must be nl, fr, en or de")
			}
		}
	}
	return c.problems
}

// ownersOf are the owners of cat's properties, in the order of the
// properties then of each list.
func ownersOf(cat *catalog.Catalog, owners FeedOwners) []FeedOwner {
	var out []FeedOwner
	for i := range cat.Properties {
		for _, o := range owners[cat.Properties[i].ID] {
			o.Email = strings.TrimSpace(o.Email)
			out = append(out, FeedOwner{Property: cat.Properties[i].ID, Owner: o})
		}
	}
	return out
}
