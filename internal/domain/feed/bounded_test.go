package feed

import (
	"strconv"
	"strings"
	"testing"
)

// TestBoundedKeys: a problem's and a run's key and parameters are kept
// within their bounds: few parameters, each clipped at a character.
func TestBoundedKeys(t *testing.T) {
	params := map[string]string{}
	for i := range MaxParams + 3 {
		params["p"+strconv.Itoa(i+10)] = strings.Repeat("é", MaxParamLen)
	}
	r := Run{ErrorKey: strings.Repeat("k", 100), ErrorParams: params,
		Problems: []Problem{{Key: "tooLong", Params: params}, {Message: "an old run's problem"}}}.Bounded()
	for _, ps := range []map[string]string{r.ErrorParams, r.Problems[0].Params} {
		if len(ps) != MaxParams || ps["p10"] == "" || ps["p20"] != "" {
			t.Errorf("%d parameters kept (p10 %t, p20 %t), want the first %d by name", len(ps), ps["p10"] != "", ps["p20"] != "", MaxParams)
		}
		for k, v := range ps {
			if len(v) > MaxParamLen || !strings.HasPrefix(v, "éé") || strings.ContainsRune(v, '\uFFFD') {
				t.Errorf("%s: %d bytes", k, len(v))
			}
		}
	}
	if len(r.ErrorKey) != MaxKey || r.Problems[0].Key != "tooLong" || r.Problems[1].Key != "" || r.Problems[1].Params != nil {
		t.Errorf("keys: %q, %q; an unkeyed problem: %+v", r.ErrorKey, r.Problems[0].Key, r.Problems[1])
	}
	if len(params) != MaxParams+3 {
		t.Error("Bounded changed the caller's map")
	}
}
