package catalog

import "immo/internal/domain/errs"

// Invalid reports a bad query parameter, naming it.
func Invalid(field, msg string) error {
	return &errs.Error{Code: errs.Invalid, Field: field, Key: "errors.badParameter", Message: msg}
}

// ErrPropertyNotFound is returned for an unknown or offline property.
var ErrPropertyNotFound = &errs.Error{Code: errs.NotFound, Key: "errors.propertyNotFound", Message: "property not found"}

// ErrProjectNotFound is returned for an unknown or offline project.
var ErrProjectNotFound = &errs.Error{Code: errs.NotFound, Key: "errors.projectNotFound", Message: "project not found"}
