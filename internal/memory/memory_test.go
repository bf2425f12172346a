package memory

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]int64{"1024": 1024, "2KB": 2048, "1.5GiB": 3 << 29, "8G": 8 << 30, "1e9": 1e9} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-5", "0"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

func TestCheck(t *testing.T) {
	if err := Check("x", 10, 10, ""); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
	err := Check("x", 11, 10, "use less")
	var e *Error
	if !errors.As(err, &e) || e.Need != 11 || e.Limit != 10 || e.Error() != "x needs about 11 B, above the memory limit of 10 B; use less" {
		t.Fatalf("over the limit: %v", err)
	}
	if DefaultLimit() <= 0 {
		t.Fatal("DefaultLimit not positive")
	}
}
