package rules

import "testing"

func TestGoal(t *testing.T) {
	tests := []struct {
		g    int
		want string
	}{
		{0, GoalForSale},
		{1, GoalForRent},
		{2, GoalForRent},
		{-1, GoalForRent},
	}
	for _, tt := range tests {
		if got := Goal(tt.g); got != tt.want {
			t.Errorf("Goal(%d) = %q, want %q", tt.g, got, tt.want)
		}
	}
}
