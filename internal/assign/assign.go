package assign

import (
	"fmt"
	"math"
)

// MinCost returns the assignment of rows to columns of the square n x n
// matrix cost that minimises the total cost, and that total:
// column rowToCol[i] is assigned to row i, and total is the sum of
// cost[i][rowToCol[i]] over all rows. When several assignments reach the
// minimum, which one is returned is unspecified. For n == 0 it returns an
// empty assignment and 0.
//
// MinCost panics if cost is not square or holds a NaN or an infinity (or
// entries so large, beyond about 1e300 in magnitude, that differences of
// them overflow).
// It does not modify cost. It runs in O(n^3) time.
func MinCost(cost [][]float64) (rowToCol []int, total float64) {
	checkSquare(cost)
	n := len(cost)
	h := newSolver(cost)
	for i := 1; i <= n; i++ {
		h.addRow(i)
	}
	rowToCol = make([]int, n)
	for j := 1; j <= n; j++ {
		rowToCol[h.colRow[j]-1] = j - 1
	}
	return rowToCol, sumAssigned(cost, rowToCol)
}

// MaxWeight returns the assignment of rows to columns of the square n x n
// matrix w that maximises the total weight, and that total: column
// rowToCol[i] is assigned to row i. It solves MinCost on the negated
// matrix and has the same panics and complexity.
func MaxWeight(w [][]float64) (rowToCol []int, total float64) {
	checkSquare(w)
	neg := make([][]float64, len(w))
	for i, row := range w {
		neg[i] = make([]float64, len(row))
		for j, x := range row {
			neg[i][j] = -x
		}
	}
	rowToCol, _ = MinCost(neg)
	return rowToCol, sumAssigned(w, rowToCol)
}

// checkSquare panics unless m is n x n with finite entries.
func checkSquare(m [][]float64) {
	n := len(m)
	for i, row := range m {
		if len(row) != n {
			panic(fmt.Sprintf("assign: row %d has %d entries in a %d-row matrix", i, len(row), n))
		}
		for j, x := range row {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				panic(fmt.Sprintf("assign: entry (%d, %d) is %v", i, j, x))
			}
		}
	}
}

// sumAssigned returns the sum of m[i][rowToCol[i]].
func sumAssigned(m [][]float64, rowToCol []int) float64 {
	s := 0.0
	for i, j := range rowToCol {
		s += m[i][j]
	}
	return s
}

// solver holds the state of the shortest augmenting path method. Rows and
// columns are numbered from 1; column 0 is a virtual column that holds the
// row being added. The invariant is that every reduced cost
// cost[i][j] - rowPot[i] - colPot[j] is non-negative and zero on the
// matched pairs.
type solver struct {
	cost   [][]float64
	rowPot []float64 // potential of each row
	colPot []float64 // potential of each column
	colRow []int     // row matched to each column, 0 if none
	prev   []int     // previous column on the shortest path to each column
	minRed []float64 // shortest reduced-cost distance to each column
	done   []bool    // column is settled in the current search
}

func newSolver(cost [][]float64) *solver {
	n := len(cost) + 1
	return &solver{
		cost:   cost,
		rowPot: make([]float64, n),
		colPot: make([]float64, n),
		colRow: make([]int, n),
		prev:   make([]int, n),
		minRed: make([]float64, n),
		done:   make([]bool, n),
	}
}

// addRow matches row i, re-routing earlier matches along the shortest
// augmenting path that ends in a free column.
func (s *solver) addRow(i int) {
	s.colRow[0] = i
	for j := range s.minRed {
		s.minRed[j] = math.Inf(1)
		s.done[j] = false
	}
	j0 := 0
	for s.colRow[j0] != 0 {
		j0 = s.settleNext(j0)
	}
	for j0 != 0 {
		j1 := s.prev[j0]
		s.colRow[j0] = s.colRow[j1]
		j0 = j1
	}
}

// settleNext settles column j0, relaxes the distances through its row,
// updates the potentials by the smallest tentative distance and returns
// the column that attains it.
func (s *solver) settleNext(j0 int) int {
	s.done[j0] = true
	i0 := s.colRow[j0]
	row := s.cost[i0-1]
	delta, j1 := math.Inf(1), 0
	for j := 1; j < len(s.minRed); j++ {
		if s.done[j] {
			continue
		}
		if red := row[j-1] - s.rowPot[i0] - s.colPot[j]; red < s.minRed[j] {
			s.minRed[j], s.prev[j] = red, j0
		}
		if s.minRed[j] < delta {
			delta, j1 = s.minRed[j], j
		}
	}
	if j1 == 0 {
		panic("assign: reduced costs overflowed; entries are too large in magnitude")
	}
	for j := range s.minRed {
		if s.done[j] {
			s.rowPot[s.colRow[j]] += delta
			s.colPot[j] -= delta
		} else {
			s.minRed[j] -= delta
		}
	}
	return j1
}
