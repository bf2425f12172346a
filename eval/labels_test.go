package eval

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
)

func TestReadLabels(t *testing.T) {
	got, err := ReadLabels(strings.NewReader("id\tlabel\n1\tcocoa\r\n\n9\tearn\nd 10\tacq\n"), "labels.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"1": "cocoa", "9": "earn", "d 10": "acq"}; !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	// A byte order mark is skipped, before a header or a document.
	for _, text := range []string{"\uFEFFid\tlabel\r\na\tcrude\r\n", "\uFEFFa\tcrude\n"} {
		if got, err := ReadLabels(strings.NewReader(text), "bom.tsv"); err != nil || !maps.Equal(got, map[string]string{"a": "crude"}) {
			t.Errorf("%q: %v, %v; want a: crude", text, got, err)
		}
	}
	long := "a\tcrude\nb\t" + strings.Repeat("x", 1<<24) + "\n"
	if _, err := ReadLabels(strings.NewReader(long), "long.tsv"); err == nil || err.Error() != "long.tsv:2: line longer than 16777216 bytes" {
		t.Errorf("a line of 16 MiB: error %v, want long.tsv:2: line longer than 16777216 bytes", err)
	}
	// "id<TAB>label" past the first line is a document.
	if got, err := ReadLabels(strings.NewReader("2\tearn\nid\tlabel\n"), "labels.tsv"); err != nil || got["id"] != "label" {
		t.Errorf("a header past line 1: %v, %v", got, err)
	}
	for _, tc := range []struct{ text, want string }{
		{"1 earn\n", "labels.tsv:1: want id<TAB>label, found no tab"},
		{"1\tearn\n2\tacq\textra\n", "labels.tsv:2: want id<TAB>label, found 2 tabs"},
		{"\tearn\n", "labels.tsv:1: empty document id"},
		{"1\t\n", `labels.tsv:1: document "1" has an empty label`},
		{"1\tearn\n\n1\tacq\n", `labels.tsv:3: document "1" listed twice (first on line 1)`},
		{"1\tea\rrn\n", "labels.tsv:1: carriage return"},
		{"", "labels.tsv: no label"},
		{"id\tlabel\n\r\n", "labels.tsv: no label"},
	} {
		_, err := ReadLabels(strings.NewReader(tc.text), "labels.tsv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one with %q", tc.text, err, tc.want)
		}
	}
}

// FuzzReadLabels: the reader never panics, every label it returns is a
// non-empty id and label without tab or line break, and what it reads
// written back reads back the same.
func FuzzReadLabels(f *testing.F) {
	for _, s := range []string{
		"id\tlabel\n1\tcocoa\r\n\n9\tearn\n",
		"1\tearn\n1\tacq\n",
		"a b\tc d\n\t\n",
		"x\ty\tz\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		labels, err := ReadLabels(bytes.NewReader(data), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error %q does not name the input", err)
			}
			return
		}
		var b strings.Builder
		for _, id := range slices.Sorted(maps.Keys(labels)) {
			label := labels[id]
			if id == "" || label == "" || strings.ContainsAny(id+label, "\t\n\r") {
				t.Fatalf("%q: id %q, label %q", data, id, label)
			}
			fmt.Fprintf(&b, "%s\t%s\n", id, label)
		}
		again, err := ReadLabels(strings.NewReader(b.String()), "again")
		if err != nil || !maps.Equal(again, labels) {
			t.Fatalf("%q read as %v, written as %q, read back as %v (%v)", data, labels, b.String(), again, err)
		}
	})
}

func TestLabelClasses(t *testing.T) {
	classes, names, n := LabelClasses([]string{"1", "2", "3", "4", "5"}, map[string]string{"5": "acq", "1": "earn", "3": "earn", "9": "grain"})
	if !slices.Equal(classes, []int{0, -1, 0, -1, 1}) || !slices.Equal(names, []string{"earn", "acq"}) || n != 3 {
		t.Errorf("classes %v, names %v, n %d", classes, names, n)
	}
}

// TestDocLabelClasses checks that a document without tokens is counted
// unlabelled, and that a label of such documents alone has no class.
func TestDocLabelClasses(t *testing.T) {
	c := corpus.FromTokens([][]string{{"oil"}, {}, {"wheat"}, {}})
	labels := map[string]string{c.DocIDs[0]: "crude", c.DocIDs[1]: "spam", c.DocIDs[2]: "grain", c.DocIDs[3]: "crude"}
	classes, names, n := DocLabelClasses(c, labels)
	if !slices.Equal(classes, []int{0, -1, 1, -1}) || !slices.Equal(names, []string{"crude", "grain"}) || n != 2 {
		t.Errorf("classes %v, names %q, n %d; want [0 -1 1 -1], [crude grain], 2", classes, names, n)
	}
}

func TestNMIAndPurity(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	for _, tc := range []struct {
		name              string
		clusters, classes []int
		nmi, purity       float64
	}{
		// The same partition under other numbers.
		{"identical", []int{0, 0, 1, 1, 2}, []int{7, 7, 3, 3, 5}, 1, 1},
		// Every cluster holds each class equally: independent.
		{"independent", []int{0, 0, 1, 1}, []int{0, 1, 0, 1}, 0, 0.5},
		// Table (cluster, class): (0,0) 2, (1,0) 1, (1,1) 1 of n = 4.
		// I = 1/2 log(4/3) + 1/4 log(2/3) + 1/4 log 2 = 0.215762...;
		// H(clusters) = log 2; H(classes) = 3/4 log(4/3) + 1/4 log 4;
		// NMI = I / ((H + H') / 2) = 0.343712..., as scikit-learn's
		// normalized_mutual_info_score([0,0,0,1], [0,0,1,1]).
		// Purity: (2 + 1) / 4.
		{"by hand", []int{0, 0, 1, 1}, []int{0, 0, 0, 1},
			(math.Log(4.0/3)/2 + math.Log(2.0/3)/4 + math.Log(2)/4) / ((math.Log(2) + 0.75*math.Log(4.0/3) + 0.25*math.Log(4)) / 2), 0.75},
		// Negative entries are left out: the same as "by hand".
		{"left out", []int{0, -1, 0, 1, 1, 2}, []int{0, 1, 0, 0, 1, -1},
			(math.Log(4.0/3)/2 + math.Log(2.0/3)/4 + math.Log(2)/4) / ((math.Log(2) + 0.75*math.Log(4.0/3) + 0.25*math.Log(4)) / 2), 0.75},
		// One part each: 1, as scikit-learn; one part against two: 0.
		{"one part each", []int{3, 3, 3}, []int{1, 1, 1}, 1, 1},
		{"one cluster", []int{0, 0, 0, 0}, []int{0, 0, 1, 1}, 0, 0.5},
		// Each item its own cluster: purity 1, NMI below 1.
		{"singletons", []int{0, 1, 2, 3}, []int{0, 0, 1, 1}, math.Log(2) / ((math.Log(4) + math.Log(2)) / 2), 1},
	} {
		nmi, purity := NMI(tc.clusters, tc.classes), Purity(tc.clusters, tc.classes)
		if !near(nmi, tc.nmi) || !near(purity, tc.purity) {
			t.Errorf("%s: NMI %v, purity %v; want %v, %v", tc.name, nmi, purity, tc.nmi, tc.purity)
		}
		if nmi < 0 || nmi > 1 {
			t.Errorf("%s: NMI %v outside [0, 1]", tc.name, nmi)
		}
		// Symmetric.
		if back := NMI(tc.classes, tc.clusters); !near(back, nmi) {
			t.Errorf("%s: NMI %v one way, %v the other", tc.name, nmi, back)
		}
	}
	if got := NMI([]int{0, 0, 0, 1}, []int{0, 0, 1, 1}); math.Abs(got-0.343712) > 1e-6 {
		t.Errorf("NMI %v, want scikit-learn's 0.343712", got)
	}
	// Independent on a larger sample: NMI near 0.
	var clusters, classes []int
	for i := range 10000 {
		clusters = append(clusters, i%5)
		classes = append(classes, (i/5)%7)
	}
	if nmi := NMI(clusters, classes); nmi > 1e-9 {
		t.Errorf("independent partitions: NMI %v", nmi)
	}
	if !math.IsNaN(NMI([]int{-1}, []int{0})) || !math.IsNaN(Purity(nil, nil)) {
		t.Error("no item: want NaN")
	}
	defer func() {
		if recover() == nil {
			t.Error("slices of different lengths: no panic")
		}
	}()
	NMI([]int{0}, []int{0, 1})
}

func TestReadLabelsFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "labels.tsv")
	if err := os.WriteFile(path, []byte("id\tlabel\n1\tcocoa\n9\tearn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadLabelsFile(path)
	if want := map[string]string{"1": "cocoa", "9": "earn"}; err != nil || !maps.Equal(got, want) {
		t.Errorf("got %v, %v; want %v", got, err, want)
	}
	// Errors of the content name the file by its path, as ReadLabels does.
	if err := os.WriteFile(path, []byte("1\tearn\n2 acq\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadLabelsFile(path); err == nil || err.Error() != path+":2: want id<TAB>label, found no tab" {
		t.Errorf("bad line: error %v", err)
	}
	// A file that cannot be opened: os.Open's error as it is.
	missing := filepath.Join(dir, "missing.tsv")
	_, err = ReadLabelsFile(missing)
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Op != "open" || pe.Path != missing || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: error %v, want os.Open's", err)
	}
	// A directory opens but cannot be read: an error naming it, not one of
	// opening.
	_, err = ReadLabelsFile(dir)
	if err == nil || !strings.HasPrefix(err.Error(), dir+": ") || errors.As(err, &pe) && pe.Op == "open" {
		t.Errorf("directory: error %v", err)
	}
}

func TestLabelsOfTopics(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e", "f", "g"}
	labels := map[string]string{"a": "earn", "b": "earn", "c": "acq", "d": "acq", "e": "grain", "g": "earn"}
	classes, names, _ := LabelClasses(ids, labels)
	dominant := []int{0, 0, 0, 0, 1, 1, -1} // f unlabelled, g without a dominant topic
	got, err := LabelsOfTopics(dominant, classes, names, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []TopicLabels{
		{Docs: 4, Labels: []LabelCount{{"acq", 2}, {"earn", 2}}}, // a tie: acq first
		{Docs: 1, Labels: []LabelCount{{"grain", 1}}},
		{Docs: 0, Labels: []LabelCount{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LabelsOfTopics = %+v, want %+v", got, want)
	}
	if got, _ := LabelsOfTopics(dominant, classes, names, 3, 1); len(got[0].Labels) != 1 || got[0].Labels[0].Label != "acq" || got[0].Docs != 4 {
		t.Errorf("the most frequent label alone: %+v", got[0])
	}
	// Classes that do not fit the documents or the labels are refused,
	// not a panic.
	for name, tc := range map[string]struct{ dominant, classes []int }{
		"fewer classes":  {dominant, classes[:3]},
		"unknown class":  {[]int{0}, []int{len(names)}},
		"negative class": {[]int{0}, []int{-2}},
	} {
		if got, err := LabelsOfTopics(tc.dominant, tc.classes, names, 3, 5); err == nil {
			t.Errorf("%s: %+v and no error", name, got)
		}
	}
}

func TestTopicsOfLabels(t *testing.T) {
	ids := []string{"a", "b", "c", "d"}
	labels := map[string]string{"a": "sport", "b": "weather", "c": "sport", "d": "art"}
	theta := [][]float64{{0.9, 0.1}, {0.2, 0.8}, {0.5, 0.5}, {0.4, 0.6}}
	classes, names, _ := LabelClasses(ids, labels)
	got, err := TopicsOfLabels(theta, classes, names)
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		theta   [][]float64
		classes []int
	}{
		"fewer classes": {theta, classes[:1]},
		"unknown class": {theta[:1], []int{len(names)}},
		"ragged rows":   {[][]float64{{0.5, 0.5}, {1}}, []int{0, 0}},
	} {
		if got, err := TopicsOfLabels(tc.theta, tc.classes, names); err == nil {
			t.Errorf("%s: %+v and no error", name, got)
		}
	}
	want := []LabelTopics{ // sport first (2 documents), then art before weather
		{Label: "sport", Docs: 2, Shares: []float64{0.7, 0.3}},
		{Label: "art", Docs: 1, Shares: []float64{0.4, 0.6}},
		{Label: "weather", Docs: 1, Shares: []float64{0.2, 0.8}},
	}
	if len(got) != len(want) {
		t.Fatalf("TopicsOfLabels = %+v, want %+v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Label != w.Label || g.Docs != w.Docs || math.Abs(g.Shares[0]-w.Shares[0]) > 1e-15 || math.Abs(g.Shares[1]-w.Shares[1]) > 1e-15 {
			t.Errorf("label %d: %+v, want %+v", i, g, w)
		}
	}
}

// TestLabelsOfTopicsRefusesForeignTopics: a dominant topic outside
// [-1, k), as a model of another K gives, dropped its document from the
// tables without an error.
func TestLabelsOfTopicsRefusesForeignTopics(t *testing.T) {
	names := []string{"a", "b"}
	for _, dominant := range [][]int{{5, 0, 1, 1}, {2, 0, 1, 1}, {-2, 0, 1, 1}} {
		if got, err := LabelsOfTopics(dominant, []int{0, 0, 1, 0}, names, 2, 3); err == nil || got != nil {
			t.Errorf("dominant %v, k = 2: %+v, %v; want an error", dominant, got, err)
		}
	}
	if _, err := LabelsOfTopics([]int{-1, 0, 1, 1}, []int{0, 0, 1, 0}, names, 2, 3); err != nil {
		t.Errorf("dominant -1 (none): %v", err)
	}
}
