package route

import (
	"immo/internal/domain/errs"
	"immo/internal/domain/i18n"
)

// errorMessage is err as a visitor reads it, in lang.
func errorMessage(lang string, err error) string {
	if e, ok := errs.As(err); ok && e.Key != "" {
		return i18n.Tf(lang, e.Key, "name", e.Field)
	}
	return i18n.T(lang, "errors.api")
}
