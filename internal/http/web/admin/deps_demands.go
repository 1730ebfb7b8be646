package admin

import (
	"iter"

	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
)

// DemandDesk is what the demands page reads: the register
// (demand.RegisteredStore), the catalog's listings now (matched with
// demand.Matching) and a demand's search in words.
type DemandDesk struct {
	Register demand.RegisteredStore
	Listings func() iter.Seq[*catalog.Property]
	Summary  func(d demand.Demand, lang string) string
}
