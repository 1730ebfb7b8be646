package storagetest

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/feed"
)

// RunFeedRuns is the contract of feed.Store: the catalog's runs kept with
// what they did and refused, newest first, within their bounds.
func RunFeedRuns(t *testing.T, open func(t *testing.T) feed.Store) {
	t.Run("RoundTrip", func(t *testing.T) { testFeedRuns(t, open(t)) })
}

func testFeedRuns(t *testing.T, s feed.Store) {
	ctx := t.Context()
	if runs, err := s.Runs(ctx, 10); err != nil || len(runs) != 0 {
		t.Fatalf("Runs on an empty store = %v, %v", runs, err)
	}
	first := feed.Run{Feed: 3, HTTPStatus: 200, Source: "catalog.json", Trigger: feed.TriggerCommand, Started: created, Ended: created.Add(time.Second),
		Status: feed.StatusApplied, Types: 7, Properties: feed.Counts{Added: 3, Updated: 1, Unchanged: 60, Rejected: 1, Offline: 2},
		Projects: feed.Counts{Unchanged: 4}, CatalogVersion: 12,
		Problems: []feed.Problem{{Section: "properties", ID: 4100001, Field: "Price", Message: "negative",
			Key: "amountRange", Params: map[string]string{"max": "1000000000"}}}}
	id, err := s.RecordRun(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	many := make([]feed.Problem, feed.MaxProblems+5)
	for i := range many {
		many[i] = feed.Problem{Section: "properties", ID: int64(i + 1), Message: strings.Repeat("é", feed.MaxProblemLen)}
	}
	second := feed.Run{Source: strings.Repeat("x", feed.MaxSource+10), Trigger: feed.TriggerStaff, By: "boss@agency.test",
		Started: created.Add(time.Hour), Ended: created.Add(time.Hour + time.Minute), Status: feed.StatusFailed,
		Error: "the file lists no property", ErrorKey: "problems", ErrorParams: map[string]string{"n": "205"}, Problems: many}
	id2, err := s.RecordRun(ctx, second)
	if err != nil || id2 <= id {
		t.Fatalf("a second run: %d, %v (first %d)", id2, err, id)
	}
	runs, err := s.Runs(ctx, 10)
	if err != nil || len(runs) != 2 {
		t.Fatalf("Runs = %d runs, %v", len(runs), err)
	}
	got := runs[1]
	if got.ID != id || got.Feed != 3 || got.HTTPStatus != 200 || got.Source != "catalog.json" || got.Trigger != feed.TriggerCommand || !got.Started.Equal(first.Started) ||
		!got.Ended.Equal(first.Ended) || got.Status != feed.StatusApplied || got.Types != 7 || got.Properties != first.Properties ||
		got.Projects != first.Projects || got.CatalogVersion != 12 || len(got.Problems) != 1 || !reflect.DeepEqual(got.Problems[0], first.Problems[0]) ||
		got.ErrorKey != "" || got.ErrorParams != nil {
		t.Errorf("the first run as kept: %+v", got)
	}
	late := runs[0]
	if late.ID != id2 || late.By != "boss@agency.test" || late.Status != feed.StatusFailed || late.Error != second.Error ||
		late.ErrorKey != "problems" || !reflect.DeepEqual(late.ErrorParams, second.ErrorParams) ||
		len(late.Source) != feed.MaxSource || len(late.Problems) != feed.MaxProblems || late.MoreProblems != 5 ||
		len(late.Problems[0].Message) > feed.MaxProblemLen || !strings.HasPrefix(late.Problems[0].Message, "éé") {
		t.Errorf("the second run as kept: source %d bytes, %d problems (+%d), message %d bytes", len(late.Source),
			len(late.Problems), late.MoreProblems, len(late.Problems[0].Message))
	}
	if one, err := s.Runs(ctx, 1); err != nil || len(one) != 1 || one[0].ID != id2 {
		t.Errorf("Runs(1) = %v, %v", one, err)
	}
}
