package admin

import (
	"cmp"
	"context"
	"net/http"

	"immo/internal/domain/feed"
)

// The catalog's runs (issue #33): every bringing up to date of the
// listings — a file imported on the command line today, the CRM's feeds
// later — with what it did per section and what it refused, newest first.
// An admin's page: the catalog's sources are theirs to watch.
const runsPath = Prefix + "catalog/"

// runsShown is how many runs the page lists, of the runsRead newest: the
// runs that found nothing changed (a feed checked every 15 minutes) are
// not listed, but each feed says when it was last checked.
const (
	runsShown = 50
	runsRead  = 500
)

// CatalogRuns are the catalog's runs (feed.Store).
type CatalogRuns interface {
	Runs(ctx context.Context, limit int) ([]feed.Run, error)
}

// RunsProps are the catalog's runs, and its feeds when the site has them.
type RunsProps struct {
	Base
	Runs  []RunRow  `json:"runs"`
	Feeds []FeedRow `json:"feeds"`
	// Action is where the feeds' forms post, "": the site has no feeds.
	Action string `json:"action"`
	// NewFeed and NewToken are a feed just added and its push token,
	// shown this once; 0 and "": none.
	NewFeed  int64  `json:"newFeed"`
	NewToken string `json:"newToken"`
}

func (RunsProps) View() string { return ViewRuns }

// RunRow is one run.
type RunRow struct {
	ID int64 `json:"id"`
	// Feed is the run's feed, 0: a file on the command line; FeedName
	// its name, "": none or deleted.
	Feed       int64  `json:"feed"`
	FeedName   string `json:"feedName"`
	HTTPStatus int    `json:"httpStatus"` // the feed's answer, 0: none
	// Waiting is a held run that waits for an admin's answer still (not
	// answered, replaced or superseded since).
	Waiting bool    `json:"waiting"`
	Source  string  `json:"source"`
	Trigger string  `json:"trigger"` // command, schedule, push, staff
	By      string  `json:"by"`
	Started string  `json:"started"` // RFC 3339
	Seconds float64 `json:"seconds"` // how long it took
	Status  string  `json:"status"`  // applied, failed, unchanged, held
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

// serveRuns answers the catalog's runs, and its feeds' forms.
func (h *Handler) serveRuns(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	done := runsPath
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) {
		if h.o.Feeds == nil {
			return map[string]string{"action": "admin.error.action"}, nil
		}
		return h.feedChange(ctx, &p, &done)
	}, next: &done, form: "feed", notice: "admin.feeds.done.", notices: feedNotices})
	if answered {
		return
	}
	runs, err := h.o.Runs.Runs(ctx, runsRead)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props := RunsProps{Base: p.base, Runs: make([]RunRow, 0, len(runs)), Feeds: []FeedRow{}}
	names := map[int64]string{}
	if h.o.Feeds != nil {
		if props.Feeds, names, err = h.feedRows(ctx); err != nil {
			h.fail(w, r, http.StatusInternalServerError, err)
			return
		}
		props.Action = runsPath
		props.NewFeed, props.NewToken = h.newToken(r)
	}
	checked := map[int64]feed.Run{} // each feed's newest run
	waiting := map[int64]bool{}
	for _, f := range props.Feeds {
		waiting[f.Held] = f.Held != 0
	}
	for _, run := range runs {
		if _, seen := checked[run.Feed]; !seen && run.Feed != 0 {
			checked[run.Feed] = run
		}
		if run.Status == feed.StatusUnchanged || len(props.Runs) == runsShown {
			continue
		}
		row := RunRow{ID: run.ID, Waiting: waiting[run.ID], Feed: run.Feed, FeedName: names[run.Feed], HTTPStatus: run.HTTPStatus, Source: run.Source, Trigger: string(run.Trigger), By: run.By, Started: stamp(run.Started),
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
	for i, f := range props.Feeds {
		if run, ok := checked[f.ID]; ok {
			props.Feeds[i].Checked, props.Feeds[i].CheckedStatus = stamp(run.Started), string(run.Status)
		}
	}
	h.render(w, r, props, props.Base, cmp.Or(status, http.StatusOK))
}
