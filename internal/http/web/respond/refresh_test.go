package respond

import (
	"strconv"
	"testing"
)

// The queue of background renders is bounded.
func TestRefreshQueueBounded(t *testing.T) {
	rs := New(Options{Refresh: func(string) (Page, bool) { return Page{}, false }})
	done := rs.Busy()
	for i := range refreshQueueMax {
		if !rs.Refresh("/fr/?n=" + strconv.Itoa(i)) {
			t.Fatalf("page %d refused", i)
		}
	}
	if rs.Refresh("/fr/?one-more") {
		t.Fatal("a full queue takes no more")
	}
	done()
	rs.WaitRefresh()
}
