package anchor

import "math"

func dot(a, b []float64) float64 {
	s := 0.0
	for i, x := range a {
		s += x * b[i]
	}
	return s
}

func sqrt(x float64) float64 { return math.Sqrt(x) }

// axpy sets y += alpha x.
func axpy(alpha float64, x, y []float64) {
	for i, v := range x {
		y[i] += alpha * v
	}
}
