// Package sig counts significant entries: the smallest number of a
// vector's largest entries that hold a given share of its total. It is
// the core of the Projector paper's sig_topic and sig_word (Wang et al.,
// section 4), shared by package eval, which reports them for models, and
// package synth, which records them for its true models.
//
// Complexity: O(n log n) for a vector of n entries.
package sig

import "slices"

// Count returns the smallest number of the largest entries of x whose sum
// reaches mass times the total of x (mass in (0, 1]); ok is false when the
// total is not positive and finite. Sums are compared with a relative
// tolerance of 1e-9 so that, say, 0.7 + 0.1 reaches 0.8. x is not changed.
func Count(x []float64, mass float64) (n int, ok bool) {
	sorted := slices.Clone(x)
	slices.Sort(sorted)
	total := 0.0
	for _, v := range sorted {
		total += v
	}
	if !(total > 0) || total > 1e308 {
		return 0, false
	}
	target := mass * total * (1 - 1e-9)
	acc := 0.0
	for i := len(sorted) - 1; i >= 0; i-- {
		acc += sorted[i]
		n++
		if acc >= target {
			break
		}
	}
	return n, true
}
