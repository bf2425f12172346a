package model

import "slices"

// migrateV1 moves the per-topic and per-document results that format 1
// kept in Params (as decoded JSON: []any of numbers, strings or lists) to
// their typed fields, and drops the other non-scalar Params, which were
// diagnostics without a typed home.
func migrateV1(m *Model) {
	p := m.Params
	index := make(map[string]int, len(m.Vocab))
	for i, w := range m.Vocab {
		index[w] = i
	}
	wordLists := func(key string) [][]int {
		var out [][]int
		for _, list := range anyList(p[key]) {
			ids := []int{}
			for _, w := range anyList(list) {
				if s, ok := w.(string); ok {
					if i, ok := index[s]; ok {
						ids = append(ids, i)
					}
				} else if f, ok := w.(float64); ok {
					ids = append(ids, int(f))
				}
			}
			out = append(out, ids)
		}
		return out
	}
	if m.TopicWords == nil {
		keys := []string{"catchwords", "clusters"} // TSVD, the projection learners
		if m.Algorithm == "score" {
			keys = []string{"anchor_words"} // the words nearest each vertex
		}
		for _, key := range keys {
			if tw := wordLists(key); tw != nil {
				m.TopicWords = tw
				break
			}
		}
	}
	m.TopicLabels = orDefault(m.TopicLabels, texts(p["themes"]))
	m.TopicSource = orDefault(m.TopicSource, texts(p["topic_source"]))
	m.ClusterSizes = orDefault(m.ClusterSizes, ints(p["cluster_sizes"]))
	m.DominantTopic = orDefault(m.DominantTopic, ints(p["dominant_topic"]))
	m.SingularValues = orDefault(m.SingularValues, numbers(p["singular_values"]))
	if v := matrix(p["vertices"]); m.Simplex == nil && v != nil {
		m.Simplex = &Simplex{
			Vertices:      v,
			Centres:       matrix(p["centres"]),
			VertexCentres: ints(p["vertex_centres"]),
			Sample:        matrix(p["ratios_sample"]),
			SampleWords:   ints(p["ratios_sample_words"]),
		}
	}
	clipWeights(m)
	for key, x := range p {
		switch x.(type) {
		case []any, map[string]any:
			delete(p, key)
		}
	}
	m.Format = FormatVersion
}

func orDefault[T any](have, old []T) []T {
	if have != nil {
		return have
	}
	return old
}

func anyList(x any) []any {
	l, _ := x.([]any)
	return l
}

func numbers(x any) []float64 {
	var out []float64
	for _, v := range anyList(x) {
		f, ok := v.(float64)
		if !ok {
			return nil
		}
		out = append(out, f)
	}
	return out
}

func ints(x any) []int {
	var out []int
	for _, f := range numbers(x) {
		out = append(out, int(f))
	}
	return out
}

func texts(x any) []string {
	var out []string
	for _, v := range anyList(x) {
		s, ok := v.(string)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}

func matrix(x any) [][]float64 {
	var out [][]float64
	for _, row := range anyList(x) {
		r := numbers(row)
		if r == nil {
			return nil
		}
		out = append(out, r)
	}
	return out
}

// clipWeights projects negative topic weights to 0 and renormalises, as
// learners do since format 2 (the original Recover's p(z) = R 1 could have
// small negative entries).
func clipWeights(m *Model) {
	total := 0.0
	for _, w := range m.TopicWeights {
		total += max(w, 0)
	}
	if total == 0 || !slices.ContainsFunc(m.TopicWeights, func(w float64) bool { return w < 0 }) {
		return
	}
	for k, w := range m.TopicWeights {
		m.TopicWeights[k] = max(w, 0) / total
	}
}
