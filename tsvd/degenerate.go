package tsvd

// Degenerate cases of steps 3-4 are reported, never silent: each is
// recorded in the model's Params and logged on Settings.Log (hull fit's
// stderr). The threshold stage reports its own (threshold.go), and the
// topics stage the topics that fell back (topics.go, TopicSource).

// numericalRank returns how many of the singular values s (largest first)
// are above 1e-9 times the largest.
func numericalRank(s []float64) int {
	r := 0
	for _, x := range s {
		if x > 1e-9*s[0] {
			r++
		}
	}
	return r
}

// reportRank records the numerical rank of B among its K leading singular
// values (Params "b_rank") and logs a rank below K, which no clustering of
// the projection can turn into K clusters.
func (f *fit) reportRank() {
	r := numericalRank(f.sv)
	f.params["b_rank"] = r
	if r < f.k {
		f.o.Settings.Logf("tsvd: the thresholded matrix B has rank %d, below K = %d (%d words with a row in B, %d documents): step 3 cannot separate K clusters",
			r, f.k, f.params["words_thresholded"].(int)+f.params["words_low_threshold"].(int), f.b.Rows)
	}
}

// reportClusters records the empty clusters and the share of the largest
// after Lloyd (Params "clusters_empty", "largest_cluster_share") and logs a
// degenerate clustering: fewer than K clusters from step 4a (fewer distinct
// thresholded documents than K), an empty cluster, or one cluster holding
// more than half of the documents clustered (K >= 3).
func (f *fit) reportClusters() {
	empty, largest, total := 0, 0, 0
	for _, n := range f.sizes {
		if n == 0 {
			empty++
		}
		largest = max(largest, n)
		total += n
	}
	share := float64(largest) / float64(max(total, 1))
	f.params["clusters_empty"] = empty
	f.params["largest_cluster_share"] = share
	if f.clusters < f.k {
		f.o.Settings.Logf("tsvd: only %d distinct thresholded documents: step 4a finds %d clusters for K = %d", f.clusters, f.clusters, f.k)
	}
	if empty > 0 || (f.k >= 3 && share > 0.5) {
		f.o.Settings.Logf("tsvd: degenerate clustering: %d of the K = %d clusters are empty and the largest holds %.1f%% of the %d documents clustered; the topics of the empty ones fall back (the model's topic_source says how)",
			empty, f.k, 100*share, total)
	}
}
