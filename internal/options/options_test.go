package options

import (
	"math"
	"strings"
	"testing"
)

type inner struct{ Depth int }

type opts struct {
	inner
	Rate   float64
	Count  int32
	Seed   uint64
	Fast   bool
	Mode   string
	List   []int
	hidden int
}

func TestSetKindFormat(t *testing.T) {
	var o opts
	for field, s := range map[string]string{"Rate": " inf ", "Count": "-7", "Seed": "18446744073709551615", "Fast": "true", "Mode": "odd", "Depth": "3"} {
		if err := Set(&o, field, s); err != nil {
			t.Fatalf("Set(%s, %q): %v", field, s, err)
		}
	}
	if !math.IsInf(o.Rate, 1) || o.Count != -7 || o.Seed != math.MaxUint64 || !o.Fast || o.Mode != "odd" || o.Depth != 3 {
		t.Fatalf("set %+v", o)
	}
	for field, want := range map[string]string{"Rate": "float", "Count": "int", "Seed": "uint", "Fast": "bool", "Mode": "string", "Depth": "int"} {
		if k, err := Kind(&o, field); err != nil || k != want {
			t.Errorf("Kind(%s) = %q, %v; want %q", field, k, err, want)
		}
	}
	o.Fast, o.Rate = false, 0.25
	if Format(&o, "Rate") != "0.25" || Format(&o, "Fast") != "" || Format(&o, "Count") != "-7" || Format(&o, "Nothing") != "" {
		t.Errorf("Format: %q %q %q", Format(&o, "Rate"), Format(&o, "Fast"), Format(&o, "Count"))
	}
}

func TestErrors(t *testing.T) {
	var o opts
	for _, tc := range []struct{ field, s, want string }{
		{"Count", "x", "an integer"},
		{"Count", "3000000000", "an integer"}, // int32 overflows
		{"Seed", "-1", "a non-negative integer"},
		{"Rate", "fast", "a number"},
		{"Fast", "maybe", "true or false"},
		{"List", "1", "cannot be set"},
		{"hidden", "1", "no such field"},
		{"Missing", "1", "no such field"},
	} {
		if err := Set(&o, tc.field, tc.s); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Set(%s, %q): %v, want %q", tc.field, tc.s, err, tc.want)
		}
	}
	if _, err := Kind(o, "Rate"); err == nil {
		t.Error("Kind of a struct value, not a pointer: no error")
	}
	if err := Set((*opts)(nil), "Rate", "1"); err == nil {
		t.Error("Set through a nil pointer: no error")
	}
}

func TestRegistry(t *testing.T) {
	var r Registry[string]
	a, b := "a", "b"
	if !r.Add("zeta", &a) || !r.Add("alpha", &b) || r.Add("zeta", &b) {
		t.Fatal("Add: a taken name must be refused, new names accepted")
	}
	if s, ok := r.Get("zeta"); !ok || *s != "a" {
		t.Fatalf("Get(zeta) = %v, %v", s, ok)
	}
	if _, ok := r.Get("none"); ok {
		t.Fatal("Get of an unknown name")
	}
	if got := r.Names(); len(got) != 2 || got[0] != "alpha" || got[1] != "zeta" {
		t.Fatalf("Names() = %v", got)
	}
	if all := r.All(); len(all) != 2 || *all[0] != "b" || *all[1] != "a" {
		t.Fatalf("All() in name order: %v", all)
	}
}

func TestList(t *testing.T) {
	type opt struct{ field, flag string }
	got := List([]opt{{"K", "k"}, {"MinDF", "min-df"}}, func(o opt) (string, string) { return o.field, o.flag })
	if want := "K/k, MinDF/min-df"; got != want {
		t.Errorf("List = %q, want %q", got, want)
	}
	if got := List([]opt(nil), func(o opt) (string, string) { return o.field, o.flag }); got != "" {
		t.Errorf("List of none = %q, want \"\"", got)
	}
}
