package sig

import "testing"

func TestCount(t *testing.T) {
	cases := []struct {
		x    []float64
		mass float64
		want int
		ok   bool
	}{
		{[]float64{0.7, 0.1, 0.2}, 0.8, 2, true},      // 0.7 + 0.2 >= 0.8
		{[]float64{0.1, 0.7, 0.1, 0.1}, 0.8, 2, true}, // 0.7 + 0.1 reaches 0.8 exactly
		{[]float64{1, 0, 0}, 0.8, 1, true},
		{[]float64{1, 1, 1, 1}, 0.8, 4, true},    // 3/4 < 0.8
		{[]float64{2, 2, 2, 2, 2}, 0.8, 4, true}, // unnormalised: share of the total
		{[]float64{0, 0}, 0.8, 0, false},
		{nil, 0.8, 0, false},
	}
	for _, c := range cases {
		n, ok := Count(c.x, c.mass)
		if n != c.want || ok != c.ok {
			t.Errorf("Count(%v, %v) = %d, %v; want %d, %v", c.x, c.mass, n, ok, c.want, c.ok)
		}
	}
}
