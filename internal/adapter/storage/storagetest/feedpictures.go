package storagetest

import (
	"bytes"
	"testing"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

// RunFeedPictures is the contract of feed.Pictures: the pictures a run
// names kept once, those due fetched first, what a fetch learnt kept
// (the picture kept when a later fetch fails).
func RunFeedPictures(t *testing.T, open func(t *testing.T) feed.Pictures) {
	t.Run("RoundTrip", func(t *testing.T) { testFeedPictures(t, open(t)) })
}

func testFeedPictures(t *testing.T, s feed.Pictures) {
	ctx := t.Context()
	pic := func(u string) feed.Picture {
		return feed.Picture{Key: feed.PictureKey(u), URL: u, Name: feed.PictureName(u)}
	}
	a, b := pic("https://crm.example.com/p/1.jpg"), pic("https://crm.example.com/p/2.png")
	if err := s.WantPictures(ctx, 3, []feed.Picture{a, b}); err != nil {
		t.Fatal(err)
	}
	if err := s.WantPictures(ctx, 3, []feed.Picture{a}); err != nil { // named again: nothing new
		t.Fatal(err)
	}
	now := created
	due, err := s.PicturesDue(ctx, 3, now.Add(-feed.PictureRetry), now.Add(-feed.PictureRecheck), 10)
	if err != nil || len(due) != 2 {
		t.Fatalf("due at first: %d, %v", len(due), err)
	}
	if other, _ := s.PicturesDue(ctx, 4, now, now, 10); len(other) != 0 {
		t.Errorf("another feed's due pictures: %v", other)
	}
	data := bytes.Repeat([]byte{0xff, 0xd8, 1}, 100)
	fetched := a
	fetched.ETag, fetched.Hash, fetched.Width, fetched.Height, fetched.Data, fetched.Fetched, fetched.Checked = `"e1"`, "h1", 640, 480, data, now, now
	if err := s.SavePicture(ctx, fetched); err != nil {
		t.Fatal(err)
	}
	failed := b
	failed.Checked, failed.Error = now, "the CRM answered 404"
	if err := s.SavePicture(ctx, failed); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.PicturesDue(ctx, 3, now.Add(-feed.PictureRetry), now.Add(-feed.PictureRecheck), 10); len(due) != 0 {
		t.Errorf("due right after: %v", due)
	}
	later := now.Add(feed.PictureRetry + time.Minute)
	due, _ = s.PicturesDue(ctx, 3, later.Add(-feed.PictureRetry), later.Add(-feed.PictureRecheck), 10)
	if len(due) != 1 || due[0].Key != b.Key || due[0].Error != "the CRM answered 404" {
		t.Errorf("due after the retry time: %+v", due)
	}
	day := now.Add(feed.PictureRecheck + time.Minute)
	if due, _ = s.PicturesDue(ctx, 3, day.Add(-feed.PictureRetry), day.Add(-feed.PictureRecheck), 10); len(due) != 2 {
		t.Errorf("due after a day: %d", len(due))
	}
	if problems, n, err := s.PictureProblems(ctx, 3, 10); err != nil || n != 1 || len(problems) != 1 || problems[0].Key != b.Key {
		t.Errorf("the picture problems: %+v, %d, %v", problems, n, err)
	}
	// A later fetch that fails keeps the picture.
	again := fetched
	again.Data, again.Checked, again.Error = nil, day, "the CRM did not answer"
	if err := s.SavePicture(ctx, again); err != nil {
		t.Fatal(err)
	}
	got, err := s.FeedPicture(ctx, a.Key)
	if err != nil || !bytes.Equal(got.Data, data) || got.Size != len(data) || got.Width != 640 || got.ETag != `"e1"` || got.Name != "1.jpg" ||
		got.Feed != 3 || !got.Fetched.Equal(now) || !got.Checked.Equal(day) || got.Error != "the CRM did not answer" {
		t.Errorf("the picture as kept: %+v (%d bytes), %v", got.Error, len(got.Data), err)
	}
	if _, err := s.FeedPicture(ctx, feed.PictureKey("https://crm.example.com/none.jpg")); !isCode(err, errs.NotFound) {
		t.Errorf("no such picture: %v", err)
	}
}
