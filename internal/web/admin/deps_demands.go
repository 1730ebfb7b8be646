package admin

import (
	"context"
	"iter"

	"immo/internal/catalog"
	"immo/internal/demand"
	"immo/internal/inbox"
)

// DemandDesk is what the demands page reads: the register
// (demand.RegisteredStore), the catalog's listings now (matched with
// demand.Matching), a demand's search in words, and the audit log an
// export is written to.
type DemandDesk struct {
	Register demand.RegisteredStore
	Listings func() iter.Seq[*catalog.Property]
	Summary  func(d demand.Demand, lang string) string
	Log      func(ctx context.Context, e inbox.Entry) error
}
