package httpapi

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"immo/internal/domain/errs"
	"immo/internal/domain/i18n"
)

// statusOf is the one place a domain error code becomes an HTTP status.
var statusOf = map[string]int{
	errs.Invalid:   http.StatusBadRequest,
	errs.NotFound:  http.StatusNotFound,
	errs.Conflict:  http.StatusConflict,
	errs.Forbidden: http.StatusForbidden,
	errs.Limited:   http.StatusTooManyRequests,
	errs.Internal:  http.StatusInternalServerError,
}

// ErrorBody is the JSON every failed API call answers.
type ErrorBody struct {
	Error struct {
		Code    string `json:"code"`
		Field   string `json:"field,omitempty"`
		Message string `json:"message"`
		Detail  string `json:"detail,omitempty"`
	} `json:"error"`
}

// Error writes err as JSON with the status its code maps to. The message is
// translated into lang; internal details are only logged.
func Error(w http.ResponseWriter, r *http.Request, lang string, log *slog.Logger, err error) {
	var body ErrorBody
	e, ok := errs.As(err)
	if !ok {
		e = &errs.Error{Code: errs.Internal, Key: "errors.api", Message: err.Error()}
	}
	body.Error.Code, body.Error.Field = e.Code, e.Field
	key := e.Key
	if key == "" {
		key = "errors.api"
	}
	body.Error.Message = i18n.Tf(lang, key, "name", e.Field)
	if e.Code == errs.Internal {
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	} else {
		body.Error.Detail = e.Error()
	}
	JSON(w, statusOf[e.Code], body)
}

// JSON writes v with status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

var errsNotFound = errs.Error{Code: errs.NotFound, Key: "errors.notFound", Message: "no such API route"}
