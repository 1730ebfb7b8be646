package lead

import (
	"context"
	"testing"
	"time"

	"immo/internal/domain/field"
)

// Each kind is checked by its own rules, the others by Others; no rules, no errors.
func TestKindRules(t *testing.T) {
	says := func(key string) Rules {
		return RulesFunc(func(context.Context, Request, time.Time) field.Errors { return field.Errors{"x": key} })
	}
	k := KindRules{Kinds: map[Kind]Rules{KindDemandRegister: says("demand")}, Others: says("offer")}
	if got := k.Check(t.Context(), Request{Kind: KindDemandRegister}, time.Time{}); got["x"] != "demand" {
		t.Errorf("demand register: %v", got)
	}
	if got := k.Check(t.Context(), Request{Kind: KindFriend}, time.Time{}); got["x"] != "offer" {
		t.Errorf("another kind: %v", got)
	}
	if got := (KindRules{}).Check(t.Context(), Request{Kind: KindFriend}, time.Time{}); got != nil {
		t.Errorf("no rules: %v", got)
	}
}
