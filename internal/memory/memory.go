package memory

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Error reports that a computation would exceed the memory limit. It is
// returned before anything large is allocated.
type Error struct {
	What    string // what would be allocated, e.g. "anchor: the anchor pipeline for 6906 words"
	Need    int64  // estimated bytes
	Limit   int64  // allowed bytes
	Suggest string // how to fit, e.g. "reduce the vocabulary or K"
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s needs about %s, above the memory limit of %s", e.What, Format(e.Need), Format(e.Limit))
	if e.Suggest != "" {
		s += "; " + e.Suggest
	}
	return s
}

// Check returns an *Error when need bytes exceed limit (0 or less:
// DefaultLimit()), otherwise nil.
func Check(what string, need, limit int64, suggest string) error {
	if limit <= 0 {
		limit = DefaultLimit()
	}
	if need > limit {
		return &Error{What: what, Need: need, Limit: limit, Suggest: suggest}
	}
	return nil
}

var defaultLimit = sync.OnceValue(func() int64 {
	if total := physical(); total > 0 {
		return total / 2
	}
	return 4 << 30
})

// DefaultLimit returns half of the machine's physical memory (read from
// /proc/meminfo), or 4 GiB where that cannot be read.
func DefaultLimit() int64 { return defaultLimit() }

func physical() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// Format renders n bytes with a binary unit, e.g. "1.5 GiB".
func Format(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// Parse parses a size such as "12GB", "512MiB", "800M" or "1e9" (decimal
// and binary units are both read as powers of 1024; a plain number is
// bytes). A size under one byte, not finite or above 2^62 bytes is an
// error: 0 means "the default" to the callers, and a flag must not reach
// it by rounding.
func Parse(s string) (int64, error) {
	t := strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(s)), "B")
	binary := strings.HasSuffix(t, "I") // KiB, MiB, ...: the unit must come before
	t = strings.TrimSuffix(t, "I")
	mult := 1.0
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGTP", t[n-1]); i >= 0 {
			mult = float64(int64(1) << (10 * (i + 1)))
			t = t[:n-1]
		} else if binary {
			t = "" // "8iB": no unit before the i
		}
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if bytes := x * mult; err != nil || !(bytes >= 1 && bytes <= 1<<62) {
		return 0, fmt.Errorf("invalid size %q (want e.g. 8GiB, 500MB, 1e9 bytes; at least 1 byte)", s)
	}
	return int64(x * mult), nil
}
