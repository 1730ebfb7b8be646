// Package rules holds the site's business rules (SPEC §5 and §9) as pure
// functions: no HTTP, no SQL, no mutable state. Handlers, the catalog and the
// importer call these so every screen applies the same rule the same way.
package rules
