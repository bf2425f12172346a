package memory

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]int64{"1024": 1024, "2KB": 2048, "1.5GiB": 3 << 29, "8G": 8 << 30, "1e9": 1e9, " 512 mib ": 512 << 20, "0.5K": 512, "1b": 1} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-5", "0", "NaN", "nan", "Inf", "0.5", "1e-9", "8iB", "iB", "GiB", "8E", "1e19", "4P5"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

// FuzzParse: any string parses to a size of at least one byte and at
// most 2^62, or is an error naming it; never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"8GiB", "500MB", "1e9", "0.5", "NaN", "-1", "8iB", "4096P", " 2 k "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		switch {
		case err != nil && !strings.Contains(err.Error(), fmt.Sprintf("%q", s)):
			t.Fatalf("Parse(%q): error %q does not quote the input", s, err)
		case err == nil && (n < 1 || n > 1<<62):
			t.Fatalf("Parse(%q) = %d, out of [1, 2^62]", s, n)
		}
	})
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
