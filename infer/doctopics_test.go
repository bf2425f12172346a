package infer_test

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/infer"
)

func TestDocTopicsRoundTrip(t *testing.T) {
	ids := []string{"1", "tab\there", "line\r\nbreak", ""}
	theta := [][]float64{{0.25, 0.75}, {1, 0}, {1.0 / 3, 2.0 / 3}, {0.5, 0.5}}
	for _, header := range []bool{false, true} {
		var b bytes.Buffer
		if err := infer.WriteDocTopics(&b, ids, theta, header); err != nil {
			t.Fatal(err)
		}
		want := "1\t0.25\t0.75\ntab\\there\t1\t0\nline\\r\\nbreak\t0.333333\t0.666667\n\t0.5\t0.5\n"
		if header {
			want = "id\ttopic1\ttopic2\n" + want
		}
		if b.String() != want {
			t.Fatalf("header %v: wrote %q, want %q", header, b.String(), want)
		}
		gotIDs, got, err := infer.ReadDocTopics(&b, "t.tsv")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(gotIDs, ids) || len(got) != 4 || !slices.Equal(got[0], theta[0]) || got[2][1] != 0.666667 {
			t.Errorf("header %v: read %q, %v", header, gotIDs, got)
		}
	}
}

func TestWriteDocTopicsShapes(t *testing.T) {
	for name, tc := range map[string]struct {
		ids   []string
		theta [][]float64
	}{
		"ids":     {[]string{"a"}, [][]float64{{1}, {1}}},
		"ragged":  {[]string{"a", "b"}, [][]float64{{0.5, 0.5}, {1}}},
		"no rows": {[]string{"a"}, nil},
		// ReadDocTopics refused what these wrote.
		"NaN":      {[]string{"a", "b"}, [][]float64{{0.5, 0.5}, {math.NaN(), 1}}},
		"infinity": {[]string{"a"}, [][]float64{{math.Inf(1), 0}}},
		"negative": {[]string{"a"}, [][]float64{{-0.5, 1.5}}},
	} {
		var b bytes.Buffer
		if err := infer.WriteDocTopics(&b, tc.ids, tc.theta, true); err == nil || b.Len() != 0 {
			t.Errorf("%s: error %v, wrote %q", name, err, b.String())
		}
	}
	// Rows and weights are indexed from 0 alike, as theta is (the weight
	// was counted from 1).
	err := infer.WriteDocTopics(io.Discard, []string{"a", "b"}, [][]float64{{0.5, 0.5}, {math.NaN(), 1}}, true)
	if err == nil || !strings.Contains(err.Error(), "row 1: weight 0 is NaN") {
		t.Errorf("NaN in theta[1][0]: %v, want it named row 1, weight 0", err)
	}
}

func TestReadDocTopicsErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "t.tsv: no document"},
		{"id\ttopic1\n\n", "t.tsv: no document"},
		{"1\n", "t.tsv:1: want an id"},
		{"1\t0.5\t0.5\n\n2\t1\n", "t.tsv:3: 1 weights, earlier lines 2"},
		{"1\t0.5\t0.5\n1\t0.5\t0.5\n", "t.tsv:2: document \"1\" listed twice"},
		{"1\t0.5\tx\n", "t.tsv:1: weight 2 is \"x\""},
		{"1\t-0.5\t1.5\n", "weight 1"},
		{"1\tNaN\t1\n", "weight 1"},
		{"1\t+Inf\t1\n", "weight 1"},
		{"a\rb\t1\n", "carriage return"},
		{"2\t1\nid\ttopic1\n", "t.tsv:2: weight 1 is \"topic1\""},
	} {
		_, _, err := infer.ReadDocTopics(strings.NewReader(tc.text), "t.tsv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one with %q", tc.text, err, tc.want)
		}
	}
	if _, _, err := infer.ReadDocTopics(strings.NewReader("1\n"), ""); err == nil || !strings.HasPrefix(err.Error(), "line 1: ") {
		t.Errorf("without a name: %v", err)
	}
}

func ExampleWriteDocTopics() {
	ids := []string{"letter 1", "letter 2"}
	theta := [][]float64{{0.9, 0.1}, {1.0 / 3, 2.0 / 3}} // as Infer returns them
	if err := infer.WriteDocTopics(os.Stdout, ids, theta, true); err != nil {
		panic(err)
	}
	// Output:
	// id	topic1	topic2
	// letter 1	0.9	0.1
	// letter 2	0.333333	0.666667
}

func ExampleReadDocTopics() {
	table := "id\ttopic1\ttopic2\nd1\t0.9\t0.1\nd2\t0.25\t0.75\n"
	ids, theta, err := infer.ReadDocTopics(strings.NewReader(table), "doc-topics.tsv")
	if err != nil {
		panic(err)
	}
	for d, id := range ids {
		fmt.Println(id, theta[d])
	}
	_, _, err = infer.ReadDocTopics(strings.NewReader("d1\t0.9\t0.1\nd2\t1\n"), "doc-topics.tsv")
	fmt.Println(err)
	// Output:
	// d1 [0.9 0.1]
	// d2 [0.25 0.75]
	// doc-topics.tsv:2: 1 weights, earlier lines 2
}
