package admin

import (
	"context"
	"net/http"

	"immo/internal/domain/account"
	"immo/internal/domain/feed"
)

// The catalog's runs (issue #33): every bringing up to date of the
// listings — a file imported on the command line today, the CRM's feeds
// later — with what it did per section and what it refused, newest first.
// An admin's page: the catalog's sources are theirs to watch.
const runsPath = Prefix + "catalog/"

// runsShown is how many runs the page lists.
const runsShown = 50

// CatalogRuns are the catalog's runs (feed.Store).
type CatalogRuns interface {
	Runs(ctx context.Context, limit int) ([]feed.Run, error)
}

// RunsProps are the catalog's runs.
type RunsProps struct {
	Base
	Runs []RunRow `json:"runs"`
}

func (RunsProps) View() string { return ViewRuns }

// RunRow is one run.
type RunRow struct {
	ID      int64   `json:"id"`
	Source  string  `json:"source"`
	Trigger string  `json:"trigger"` // command, schedule, push, staff
	By      string  `json:"by"`
	Started string  `json:"started"` // RFC 3339
	Seconds float64 `json:"seconds"` // how long it took
	Status  string  `json:"status"`  // applied, failed
	Error   string  `json:"error"`   // in English: shown when errorKey is ""
	// ErrorKey is why nothing was applied in the staff's words:
	// admin.runs.error.<errorKey> with errorParams; "" for a run kept
	// before the keys, or an error without one (a database's).
	ErrorKey       string            `json:"errorKey"`
	ErrorParams    map[string]string `json:"errorParams"`
	Types          int               `json:"types"`
	TypesRejected  int               `json:"typesRejected"`
	Properties     feed.Counts       `json:"properties"`
	Projects       feed.Counts       `json:"projects"`
	CatalogVersion int64             `json:"catalogVersion"`
	Problems       []feed.Problem    `json:"problems"`
	MoreProblems   int               `json:"moreProblems"`
}

// serveRuns answers the catalog's runs.
func (h *Handler) serveRuns(w http.ResponseWriter, r *http.Request) {
	b := h.base(r, account.FromContext(r.Context()))
	runs, err := h.o.Runs.Runs(r.Context(), runsShown)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props := RunsProps{Base: b, Runs: make([]RunRow, 0, len(runs))}
	for _, run := range runs {
		row := RunRow{ID: run.ID, Source: run.Source, Trigger: string(run.Trigger), By: run.By, Started: stamp(run.Started),
			Seconds: run.Ended.Sub(run.Started).Seconds(), Status: string(run.Status), Error: run.Error, ErrorKey: run.ErrorKey,
			ErrorParams: run.ErrorParams, Types: run.Types,
			TypesRejected: run.TypesRejected, Properties: run.Properties, Projects: run.Projects, CatalogVersion: run.CatalogVersion,
			Problems: run.Problems, MoreProblems: run.MoreProblems}
		if row.Problems == nil {
			row.Problems = []feed.Problem{}
		}
		if row.ErrorParams == nil {
			row.ErrorParams = map[string]string{}
		}
		props.Runs = append(props.Runs, row)
	}
	h.render(w, r, props, props.Base, http.StatusOK)
}
