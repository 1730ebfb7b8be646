package agency

import (
	"encoding/json"
	"testing"
)

func TestSetKey(t *testing.T) {
	got, err := setKey([]byte(`{"b": 1, "a": {"x": [1, 2]}}`), "moved", json.RawMessage(`[{"from":"/a/","to":""}]`))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"b\": 1,\n  \"a\": {\n    \"x\": [\n      1,\n      2\n    ]\n  },\n  \"moved\": [\n    {\n      \"from\": \"/a/\",\n      \"to\": \"\"\n    }\n  ]\n}\n"
	if string(got) != want {
		t.Errorf("setKey added =\n%s\nwant\n%s", got, want)
	}
	got, err = setKey([]byte(`{"moved": [], "b": 1}`), "moved", json.RawMessage(`[1]`))
	if err != nil || string(got) != "{\n  \"moved\": [\n    1\n  ],\n  \"b\": 1\n}\n" {
		t.Errorf("setKey replaced = %s, %v", got, err)
	}
	if _, err := setKey([]byte(`[1]`), "moved", json.RawMessage(`1`)); err == nil {
		t.Error("an array was taken for an object")
	}
}
