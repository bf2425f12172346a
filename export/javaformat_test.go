package export

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// javaOutputs checks appendJavaDouble and javaNumberFormat against the
// lines of path, "bits<TAB>Double.toString<TAB>NumberFormat" as
// testdata/javaformat/J.java prints them, and returns the number of
// lines and of mismatches of each.
func javaOutputs(t *testing.T, path string) (lines, toString, numberFormat int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		fields := strings.Split(s.Text(), "\t")
		bits, err := strconv.ParseUint(fields[0], 16, 64)
		if len(fields) != 3 || err != nil {
			t.Fatalf("%s:%d: want bits<TAB>toString<TAB>format", path, lines+1)
		}
		x := math.Float64frombits(bits)
		lines++
		if got := string(appendJavaDouble(nil, x)); got != fields[1] {
			toString++
			t.Logf("%s:%d: Double.toString(%v) = %s, hull %s", path, lines, x, fields[1], got)
		}
		if got := javaNumberFormat(x); got != fields[2] {
			numberFormat++
			t.Logf("%s:%d: NumberFormat(%v) = %s, hull %s", path, lines, x, fields[2], got)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return lines, toString, numberFormat
}

// TestJavaFormatsTemurin25 compares with Temurin 25's output on a sample
// of the values scripts/java-formats.sh compares (every 500th below 2^53,
// and special values): every one must match.
func TestJavaFormatsTemurin25(t *testing.T) {
	lines, toString, numberFormat := javaOutputs(t, "testdata/java-formats.tsv")
	if lines < 600 || toString > 0 || numberFormat > 0 {
		t.Errorf("%d values: Double.toString differs on %d, NumberFormat on %d", lines, toString, numberFormat)
	}
}

// TestJavaFormatsFile reports the mismatches on a whole file of
// scripts/java-formats.sh, named by $HULL_JAVA_FORMATS (skipped without).
func TestJavaFormatsFile(t *testing.T) {
	path := os.Getenv("HULL_JAVA_FORMATS")
	if path == "" {
		t.Skip("HULL_JAVA_FORMATS names no file of Java's formats (scripts/java-formats.sh)")
	}
	lines, toString, numberFormat := javaOutputs(t, path)
	t.Logf("%d values: Double.toString differs on %d, NumberFormat on %d", lines, toString, numberFormat)
}
