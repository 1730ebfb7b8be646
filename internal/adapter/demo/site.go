package demo

import _ "embed"

//go:embed site.json
var siteJSON []byte

// SiteJSON is the demo agency's site configuration (internal/domain/site format).
// The slice is shared: do not modify it.
func SiteJSON() []byte { return siteJSON }
