package admin

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/audit"
	"immo/internal/domain/feed"
)

// The CRM's feeds on the catalog's page (issue #33): an admin adds a feed
// (its secret and push token sealed; the token shown once, through the
// session), runs one now, pauses or resumes it, deletes it, and answers
// the guard's question about a held run (apply anyway or discard).

// CatalogFeeds are the feeds as the inbox works them (the app's wiring of
// feed.Service, feedsync.Runner and the pull jobs).
type CatalogFeeds interface {
	Feeds(ctx context.Context) ([]feed.Feed, error)
	Add(ctx context.Context, in feed.Input, by string) (feed.Feed, string, error)
	SetPaused(ctx context.Context, id int64, paused bool) error
	Delete(ctx context.Context, id int64) error
	// RunNow asks for a pull now (after the run holding the feed, if any).
	RunNow(ctx context.Context, id int64, by string) error
	// Held is the feed's run the guard holds, 0: none.
	Held(ctx context.Context, id int64) (int64, error)
	// PictureProblems are the feed's pictures whose fetch failed.
	PictureProblems(ctx context.Context, id int64, limit int) ([]feed.Picture, int, error)
	// ApplyHeld and DiscardHeld answer the feed's held run numbered run
	// (the one the admin saw): errs.Conflict when it is not held any more.
	ApplyHeld(ctx context.Context, id, run int64, by string) (feed.Run, error)
	DiscardHeld(ctx context.Context, id, run int64) error
}

// FeedRow is one feed.
type FeedRow struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	URL        string `json:"url"`
	Auth       string `json:"auth"` // none, header, basic
	AuthName   string `json:"authName"`
	Every      int    `json:"every"` // minutes, 0: daily
	Daily      string `json:"daily"` // HH:MM, "": every
	MaxOffline int    `json:"maxOffline"`
	Paused     bool   `json:"paused"`
	NextRun    string `json:"nextRun"` // RFC 3339, "": none
	Failures   int    `json:"failures"`
	LastRun    int64  `json:"lastRun"`
	// Checked is when its newest run started (RFC 3339, "": none listed),
	// CheckedStatus how it ended (unchanged runs are not listed).
	Checked       string `json:"checked"`
	CheckedStatus string `json:"checkedStatus"`
	// Pictures are pictures whose last fetch failed (at most
	// feed.PictureProblemsShown), PicturesFailed how many in all.
	Pictures       []PictureProblem `json:"pictures"`
	PicturesFailed int              `json:"picturesFailed"`
	// Held is the run the guard holds for an admin's answer, 0: none.
	Held int64 `json:"held"`
	// Push is where the CRM pushes (the path; the page adds the origin).
	Push string `json:"push"`
}

// PictureProblem is a CRM picture the site could not fetch, and why.
type PictureProblem struct {
	URL   string `json:"url"`
	Error string `json:"error"`
}

// flashToken is the session's key of a new feed's push token, shown once.
const flashToken = "feed-push-token"

// feedNotices are what a feed's forms say they did.
var feedNotices = []string{"added", "started", "paused", "resumed", "deleted", "applied", "discarded"}

// feedChange makes the change a post of the catalog's page asks, and
// logs it (the feeds' store writes no audit entry of its own: the entry
// follows the change).
func (h *Handler) feedChange(ctx context.Context, p *post, done *string) (map[string]string, error) {
	by := p.viewer.Account.Email
	id, _ := strconv.ParseInt(strings.TrimSpace(p.values["feed"]), 10, 64)
	heldRun, _ := strconv.ParseInt(strings.TrimSpace(p.values["run"]), 10, 64) // the held run the admin saw
	set := func(what string) { *done = runsPath + "?done=" + what }
	var action audit.Action
	var err error
	var ok bool
	after := ""
	switch p.values["action"] {
	case "add":
		in := feed.Input{Name: p.values["name"], URL: p.values["url"], Auth: p.values["auth"], AuthName: p.values["authName"],
			Secret: p.values["secret"]}
		delete(p.values, "secret") // never echoed back
		if p.values["schedule"] == "daily" {
			if in.Daily = strings.TrimSpace(p.values["daily"]); in.Daily == "" {
				return map[string]string{"daily": "admin.feeds.error.daily"}, nil
			}
		} else if in.Every, ok = count(p.values["every"]); !ok {
			return map[string]string{"every": "admin.feeds.error.every"}, nil
		}
		if in.MaxOffline, ok = count(p.values["maxOffline"]); !ok {
			return map[string]string{"maxOffline": "admin.feeds.error.maxOffline"}, nil
		}
		var f feed.Feed
		var token string
		if f, token, err = h.o.Feeds.Add(ctx, in, by); err != nil {
			return only(err)
		}
		h.o.Sessions.Flash(ctx, flashToken, strconv.FormatInt(f.ID, 10)+" "+token)
		id, action, after = f.ID, feed.ActionAdd, f.Name+" "+f.URL
		set("added")
	case "run":
		action, err = feed.ActionRun, h.o.Feeds.RunNow(ctx, id, by)
		set("started")
	case "pause", "resume":
		action = feed.ActionPause
		if p.values["action"] == "resume" {
			action = feed.ActionResume
		}
		err = h.o.Feeds.SetPaused(ctx, id, action == feed.ActionPause)
		set(p.values["action"] + "d")
	case "delete":
		action, err = feed.ActionDelete, h.o.Feeds.Delete(ctx, id)
		set("deleted")
	case "apply":
		var run feed.Run
		run, err = h.o.Feeds.ApplyHeld(ctx, id, heldRun, by)
		action, after = feed.ActionApply, "run "+strconv.FormatInt(run.ID, 10)
		set("applied")
	case "discard":
		action, err = feed.ActionDiscard, h.o.Feeds.DiscardHeld(ctx, id, heldRun)
		set("discarded")
	default:
		return map[string]string{"action": "admin.error.action"}, nil
	}
	if err != nil {
		return only(err)
	}
	return only(h.o.Record(ctx, audit.Entry{Time: h.o.Now(), Actor: p.viewer.Account.ID, Action: action, TargetKind: feed.AuditKind,
		TargetID: id, After: clipSummary(after)}))
}

// count reads a whole number a field may leave empty (0: the default);
// ok false for anything else but a positive number.
func count(v string) (int, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, true
	}
	n, err := strconv.Atoi(v)
	return n, err == nil && n > 0
}

// clipSummary bounds an entry's summary (audit.MaxSummary bytes).
func clipSummary(s string) string {
	if len(s) <= audit.MaxSummary {
		return s
	}
	return strings.ToValidUTF8(s[:audit.MaxSummary], "")
}

// feedRows are the feeds as the page shows them.
func (h *Handler) feedRows(ctx context.Context) ([]FeedRow, map[int64]string, error) {
	list, err := h.o.Feeds.Feeds(ctx)
	if err != nil {
		return nil, nil, err
	}
	rows := make([]FeedRow, 0, len(list))
	names := map[int64]string{}
	for _, f := range list {
		held, err := h.o.Feeds.Held(ctx, f.ID)
		if err != nil {
			return nil, nil, err
		}
		row := FeedRow{ID: f.ID, Name: f.Name, URL: f.URL, Auth: string(f.Auth), AuthName: f.AuthName, Every: int(f.Schedule.Every / time.Minute),
			Daily: f.Schedule.Daily, MaxOffline: f.MaxOffline, Paused: f.Paused, NextRun: stamp(f.NextRun), Failures: f.Failures,
			LastRun: f.LastRun, Held: held, Push: "/api/feed/" + strconv.FormatInt(f.ID, 10)}
		pics, failed, err := h.o.Feeds.PictureProblems(ctx, f.ID, feed.PictureProblemsShown)
		if err != nil {
			return nil, nil, err
		}
		row.Pictures, row.PicturesFailed = make([]PictureProblem, 0, len(pics)), failed
		for _, p := range pics {
			row.Pictures = append(row.Pictures, PictureProblem{URL: p.URL, Error: p.Error})
		}
		rows = append(rows, row)
		names[f.ID] = f.Name
	}
	return rows, names, nil
}

// newToken is the push token of a feed just added, from the session
// (once): its feed and the token.
func (h *Handler) newToken(r *http.Request) (int64, string) {
	id, token, ok := strings.Cut(h.o.Sessions.Pop(r.Context(), flashToken), " ")
	n, err := strconv.ParseInt(id, 10, 64)
	if !ok || err != nil {
		return 0, ""
	}
	return n, token
}
