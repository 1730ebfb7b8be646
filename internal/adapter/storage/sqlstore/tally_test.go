package sqlstore

import (
	"slices"
	"testing"
)

func TestTally(t *testing.T) {
	type seen struct {
		id      int64
		changed bool
	}
	tests := []struct {
		name                      string
		before                    map[int64]bool
		keep                      []int64
		see                       []seen
		added, updated, unchanged int
		gone                      []int64
	}{
		{name: "first import", see: []seen{{1, true}, {2, true}}, added: 2},
		{name: "changed, unchanged and gone",
			before: map[int64]bool{1: true, 2: true, 3: true},
			see:    []seen{{1, true}, {2, false}}, updated: 1, unchanged: 1, gone: []int64{3}},
		{name: "kept stays", before: map[int64]bool{1: true, 2: true}, keep: []int64{2},
			see: []seen{{1, false}}, unchanged: 1},
		{name: "offline before is not gone again", before: map[int64]bool{1: false, 2: true},
			see: []seen{{2, false}}, unchanged: 1},
		{name: "back online counts as updated", before: map[int64]bool{1: false},
			see: []seen{{1, true}}, updated: 1},
		{name: "listed twice", see: []seen{{7, true}, {7, true}}, added: 1, updated: 1},
		{name: "gone sorted", before: map[int64]bool{9: true, 3: true, 5: true}, gone: []int64{3, 5, 9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := &tally{before: map[int64]bool{}, seen: map[int64]bool{}, keep: map[int64]bool{}}
			for id, online := range tt.before {
				tl.before[id] = online
			}
			for _, id := range tt.keep {
				tl.keep[id] = true
			}
			for _, s := range tt.see {
				tl.see(s.id, s.changed)
			}
			added, updated, unchanged, _ := tl.counts()
			if added != tt.added || updated != tt.updated || unchanged != tt.unchanged {
				t.Errorf("added %d updated %d unchanged %d, want %d %d %d",
					added, updated, unchanged, tt.added, tt.updated, tt.unchanged)
			}
			if got := tl.gone(); !slices.Equal(got, tt.gone) {
				t.Errorf("gone %v, want %v", got, tt.gone)
			}
		})
	}
}
