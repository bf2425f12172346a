package jsonerr

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestMismatch(t *testing.T) {
	type header struct {
		K     int       `json:"k"`
		Vocab []string  `json:"vocab"`
		Rows  []float64 `json:"rows"`
		Sub   *struct {
			On bool `json:"on"`
		} `json:"sub"`
	}
	for in, want := range map[string]string{
		`5`:                     "the header holds a JSON number, want an object",
		`{"k": "two"}`:          "field k holds a JSON string, want an integer",
		`{"k": 1.5}`:            "field k holds a JSON number 1.5, want an integer",
		`{"vocab": {"a": 1}}`:   "field vocab holds a JSON object, want an array",
		`{"vocab": [1]}`:        "field vocab holds a JSON number, want a string",
		`{"rows": ["x"]}`:       "field rows holds a JSON string, want a number",
		`{"sub": {"on": "no"}}`: "field sub.on holds a JSON string, want true or false",
	} {
		var h header
		var te *json.UnmarshalTypeError
		if err := json.Unmarshal([]byte(in), &h); !errors.As(err, &te) {
			t.Fatalf("%s: %v is not a type error", in, err)
		}
		if got := Mismatch(te, "the header"); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}
