// Package assign solves the linear assignment problem: given an n x n cost
// matrix, find the permutation that pairs every row with its own column at
// the least total cost (MinCost), or at the greatest total weight
// (MaxWeight).
//
// The solver is the Hungarian algorithm in its shortest augmenting path form
// with row and column potentials (Kuhn 1955, Munkres 1957; the formulation
// of Jonker and Volgenant 1987 without their initialisation heuristics).
// Rows are added one at a time; each addition runs a Dijkstra-like search
// over reduced costs, so the whole solve takes O(n^3) time and O(n) extra
// memory besides the input. It works on float64 costs of any sign.
//
// hull uses it to match learned topics to true topics (package eval).
package assign
