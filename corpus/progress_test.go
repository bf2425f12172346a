package corpus

import (
	"os"
	"strings"
	"testing"
)

func TestReadFileReportsProgress(t *testing.T) {
	path := "testdata/num_tiny.txt"
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var calls, lastDone, lastTotal int
	var stage string
	_, err = ReadFile(path, ReadOptions{Progress: func(s string, done, total int) {
		calls++
		stage, lastDone, lastTotal = s, done, total
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 || lastDone != int(fi.Size()) || lastTotal != int(fi.Size()) || !strings.HasSuffix(stage, "num_tiny.txt") {
		t.Fatalf("%d calls, last %q %d/%d; want the whole file (%d bytes) reported", calls, stage, lastDone, lastTotal, fi.Size())
	}
}
