package eval

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

// ReadLabels reads a labels file: one document per line, its id and its
// class label separated by a tab ("id<TAB>label", as
// shared/data/reuters/labels.tsv). A first line "id<TAB>label" is a
// header and skipped, as are blank lines and a byte order mark; a line
// may end in "\r\n". Ids are compared with corpus.Corpus.DocIDs exactly,
// without trimming. name names the input in errors, which read
// "name:line: what is wrong" (a line without exactly one tab, an empty id
// or label, an id listed twice, a line of more than 16 MiB), or "name: no
// label" for a file without any. Time O(size of the input).
func ReadLabels(r io.Reader, name string) (map[string]string, error) {
	const maxLabelLine = 1 << 24
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLabelLine)
	labels := map[string]string{}
	first := map[string]int{} // id -> line
	line := 0
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s:%d: "+format, append([]any{name, line}, args...)...)
	}
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a byte order mark, as the corpus readers skip it
		}
		if text == "" || (line == 1 && text == "id\tlabel") {
			continue
		}
		id, label, ok := strings.Cut(text, "\t")
		switch {
		case !ok:
			return nil, fail("want id<TAB>label, found no tab")
		case strings.Contains(label, "\t"):
			return nil, fail("want id<TAB>label, found %d tabs", strings.Count(text, "\t"))
		case id == "":
			return nil, fail("empty document id")
		case label == "":
			return nil, fail("document %q has an empty label", id)
		case strings.ContainsRune(text, '\r'):
			return nil, fail("carriage return inside the line")
		}
		if at, dup := first[id]; dup {
			return nil, fail("document %q listed twice (first on line %d)", id, at)
		}
		first[id] = line
		labels[id] = label
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			line++
			return nil, fail("line longer than %d bytes", maxLabelLine)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(labels) == 0 {
		return nil, fmt.Errorf("%s: no label", name)
	}
	return labels, nil
}

// ReadLabelsFile reads the labels file at path with ReadLabels, its errors
// naming the file by path. An error opening path is that of os.Open, an
// *fs.PathError whose Op is "open", returned as it is.
func ReadLabelsFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLabels(f, path)
}

// LabelClasses numbers the labels of the documents ids: classes[d] is the
// class of ids[d] (classes numbered in order of first appearance, names[c]
// the label of class c), -1 for a document labels lacks. n is the number
// of labelled documents. Pass classes to NMI and Purity. Time O(D).
func LabelClasses(ids []string, labels map[string]string) (classes []int, names []string, n int) {
	return labelClasses(ids, labels, func(int) bool { return false })
}

// DocLabelClasses is LabelClasses of the documents of c, a document
// without tokens counted unlabelled: its topic weights are the prior's
// (infer.DominantOfDocs gives it no dominant topic), and TopicsOfLabels
// would average them into its label's. Time O(D).
func DocLabelClasses(c *corpus.Corpus, labels map[string]string) (classes []int, names []string, n int) {
	return labelClasses(c.DocIDs, labels, c.Empty)
}

// labelClasses is LabelClasses with the documents d where skip(d)
// unlabelled.
func labelClasses(ids []string, labels map[string]string, skip func(d int) bool) (classes []int, names []string, n int) {
	index := map[string]int{}
	classes = make([]int, len(ids))
	for d, id := range ids {
		label, ok := labels[id]
		if !ok || skip(d) {
			classes[d] = -1
			continue
		}
		c, seen := index[label]
		if !seen {
			c = len(names)
			index[label] = c
			names = append(names, label)
		}
		classes[d] = c
		n++
	}
	return classes, names, n
}

// cell is one nonzero count of a contingency table.
type cell struct{ cluster, class, n int }

// contingency returns the nonzero counts of the pairs (clusters[i],
// classes[i]) with both entries >= 0, in increasing order of cluster and
// class (so that sums over them do not depend on map order), the cluster
// and class totals, and the number of pairs.
func contingency(clusters, classes []int, name string) (cells []cell, rows, cols map[int]int, n int) {
	if len(clusters) != len(classes) {
		panic(fmt.Sprintf("eval: %s: %d clusters for %d classes", name, len(clusters), len(classes)))
	}
	table, rows, cols := map[[2]int]int{}, map[int]int{}, map[int]int{}
	for i, u := range clusters {
		v := classes[i]
		if u < 0 || v < 0 {
			continue
		}
		table[[2]int{u, v}]++
		rows[u]++
		cols[v]++
		n++
	}
	for uv, c := range table {
		cells = append(cells, cell{uv[0], uv[1], c})
	}
	slices.SortFunc(cells, func(a, b cell) int { return cmp.Or(cmp.Compare(a.cluster, b.cluster), cmp.Compare(a.class, b.class)) })
	return cells, rows, cols, n
}

// NMI returns the normalised mutual information of two partitions of the
// same items, such as each document's dominant topic (DominantTopics) and
// its class (LabelClasses): I(U; V) / ((H(U) + H(V)) / 2), the mutual
// information over the arithmetic mean of the entropies (natural
// logarithms; the normalisation does not depend on the base), as the
// default of scikit-learn's normalized_mutual_info_score. Items with a
// negative entry in either slice (no dominant topic, no label) are left
// out. The result is in [0, 1]: 1 when the partitions are the same up to
// the numbering of their parts, 0 when they are independent. As in
// scikit-learn, two partitions of one part each give 1 and a partition of
// one part against one of several gives 0. NMI returns NaN when no item is
// left, and panics if the slices differ in length. Time O(n log n).
func NMI(clusters, classes []int) float64 {
	cells, rows, cols, n := contingency(clusters, classes, "NMI")
	if n == 0 {
		return math.NaN()
	}
	if len(rows) == 1 && len(cols) == 1 {
		return 1
	}
	total := float64(n)
	mi := 0.0
	for _, c := range cells {
		mi += float64(c.n) / total * math.Log(float64(c.n)*total/(float64(rows[c.cluster])*float64(cols[c.class])))
	}
	if mi <= 0 {
		return 0
	}
	hu, hv := entropy(rows, total), entropy(cols, total)
	return math.Min(1, mi/((hu+hv)/2))
}

// entropy returns the entropy, in nats, of the distribution of counts
// (total n), summed in increasing order of key.
func entropy(counts map[int]int, n float64) float64 {
	keys := slices.Sorted(maps.Keys(counts))
	p := make([]float64, len(keys))
	for i, k := range keys {
		p[i] = float64(counts[k]) / n
	}
	return stat.Entropy(p)
}

// Purity returns the purity of a clustering against classes: the share of
// the items that belong to the most frequent class of their cluster,
// (1/n) sum over clusters of max over classes of n(cluster, class). Items
// with a negative entry in either slice are left out. It is in (0, 1]:
// 1 when every cluster holds one class, as when each item is its own
// cluster (purity rewards many clusters; NMI does not). Purity returns NaN
// when no item is left and panics if the slices differ in length.
// Time O(n log n).
func Purity(clusters, classes []int) float64 {
	cells, _, _, n := contingency(clusters, classes, "Purity")
	if n == 0 {
		return math.NaN()
	}
	best := map[int]int{}
	for _, c := range cells {
		best[c.cluster] = max(best[c.cluster], c.n)
	}
	sum := 0
	for _, b := range best {
		sum += b
	}
	return float64(sum) / float64(n)
}

// LabelCount is a label and the number of documents that bear it.
type LabelCount struct {
	Label string `json:"label"`
	Docs  int    `json:"docs"`
}

// TopicLabels are the labels of the labelled documents a topic dominates.
type TopicLabels struct {
	// Docs is the number of labelled documents whose dominant topic it is.
	Docs int `json:"docs"`
	// Labels are their most frequent labels, most frequent first.
	Labels []LabelCount `json:"labels"`
}

// LabelsOfTopics returns, for each of k topics, the labelled documents it
// dominates and their n most frequent labels (ties to the label first in
// byte order): what the topics stand for in the classes of a labelled
// corpus, topic by topic, where NMI and Purity give one figure.
// dominant[d] is the dominant topic of document d (-1: none), classes[d]
// its class (LabelClasses; -1: unlabelled; as long as dominant) and names
// the classes' labels. It returns an error, before any work, when classes
// is not as long as dominant or holds a class that names has not, k is
// negative, or dominant holds a topic outside [-1, k) (the dominant topics
// of a model of another K, whose documents would vanish from the tables).
// Time O(D + k C log C) for C classes.
func LabelsOfTopics(dominant, classes []int, names []string, k, n int) ([]TopicLabels, error) {
	if len(classes) != len(dominant) {
		return nil, fmt.Errorf("eval: %d classes for %d documents", len(classes), len(dominant))
	}
	if k < 0 {
		return nil, fmt.Errorf("eval: %d topics, want >= 0", k)
	}
	if err := checkClasses(classes, names); err != nil {
		return nil, err
	}
	if err := checkDominant(dominant, k); err != nil {
		return nil, err
	}
	counts := make([]map[int]int, k)
	out := make([]TopicLabels, k)
	for d, t := range dominant {
		if t < 0 || classes[d] < 0 {
			continue
		}
		if counts[t] == nil {
			counts[t] = map[int]int{}
		}
		counts[t][classes[d]]++
		out[t].Docs++
	}
	for t, byClass := range counts {
		labels := make([]LabelCount, 0, len(byClass))
		for c, m := range byClass {
			labels = append(labels, LabelCount{names[c], m})
		}
		slices.SortFunc(labels, func(a, b LabelCount) int {
			return cmp.Or(cmp.Compare(b.Docs, a.Docs), strings.Compare(a.Label, b.Label))
		})
		out[t].Labels = labels[:min(max(n, 0), len(labels))]
	}
	for t := range out {
		if out[t].Labels == nil {
			out[t].Labels = []LabelCount{}
		}
	}
	return out, nil
}

// LabelTopics are the topics of the documents that bear a label.
type LabelTopics struct {
	Label string `json:"label"`
	// Docs is the number of documents that bear it.
	Docs int `json:"docs"`
	// Shares is the mean of their topic weights: topic k's share of
	// what the label's documents are about.
	Shares []float64 `json:"shares"`
}

// TopicsOfLabels returns, for each label, the mean topic weights of the
// documents that bear it (rows of theta, as infer.Infer returns them;
// classes, one per row, and names as LabelClasses returns them): what each class or
// group of a corpus is about, the converse of LabelsOfTopics. Labels come
// by their number of documents, most first, ties by label. Sums run over
// the documents in order. It returns an error, before any work, when
// classes is not as long as theta, holds a class that names has not, or
// the rows of theta differ in length. Time O(D K).
func TopicsOfLabels(theta [][]float64, classes []int, names []string) ([]LabelTopics, error) {
	if len(classes) != len(theta) {
		return nil, fmt.Errorf("eval: %d classes for %d documents", len(classes), len(theta))
	}
	if err := checkClasses(classes, names); err != nil {
		return nil, err
	}
	for d, row := range theta {
		if len(row) != len(theta[0]) {
			return nil, fmt.Errorf("eval: document %d has %d topic weights, document 0 %d", d, len(row), len(theta[0]))
		}
	}
	out := make([]LabelTopics, len(names))
	for c, name := range names {
		out[c] = LabelTopics{Label: name}
	}
	for d, c := range classes {
		if c < 0 {
			continue
		}
		if out[c].Shares == nil {
			out[c].Shares = make([]float64, len(theta[d]))
		}
		floats.Add(out[c].Shares, theta[d])
		out[c].Docs++
	}
	for c := range out {
		if out[c].Docs > 0 {
			floats.Scale(1/float64(out[c].Docs), out[c].Shares)
		}
	}
	slices.SortFunc(out, func(a, b LabelTopics) int {
		return cmp.Or(cmp.Compare(b.Docs, a.Docs), strings.Compare(a.Label, b.Label))
	})
	return out, nil
}

// checkClasses returns an error unless every class is -1 (unlabelled) or
// the index of one of names.
func checkClasses(classes []int, names []string) error {
	for d, c := range classes {
		if c < -1 || c >= len(names) {
			return fmt.Errorf("eval: document %d is of class %d, want -1 (unlabelled) or one of the %d labels", d, c, len(names))
		}
	}
	return nil
}

// checkDominant returns an error unless each dominant topic is -1 (none)
// or one of the k topics.
func checkDominant(dominant []int, k int) error {
	for d, t := range dominant {
		if t < -1 || t >= k {
			return fmt.Errorf("eval: document %d has dominant topic %d, want -1 (none) or in [0, %d)", d, t, k)
		}
	}
	return nil
}
