// Package simplex minimises smooth convex functions over the probability
// simplex {x : x >= 0, sum x = 1} by exponentiated gradient (Kivinen and
// Warmuth 1995) with a backtracking Armijo line search, stopping on the
// KKT gap of Arora et al. 2013, supplement D.2 (Algorithm 5):
//
//	mu = min_k g_k,  lambda = g - mu,  converged when lambda^T x < Tol.
//
// lambda^T x is the primal-dual gap of the Lagrangian, so Tol bounds how
// far f(x) can be from the minimum. Each iteration costs one or more
// evaluations of f with its gradient (one per line-search trial).
//
// Complexity: O(K) per iteration beyond the objective's own evaluations
// (O(K^2) for Quadratic). It backs the rectified RecoverKL (Arora et
// al. 2013, Algorithm 3) and is meant for every simplex-constrained
// regression in hull.
//
// ActiveSet minimises a Quadratic with a positive definite A exactly, by
// a primal active-set method (Nocedal and Wright, Algorithm 16.3) from the
// best vertex, stopping on the same KKT gap: each iteration solves the
// equality-constrained problem on the free set with a Cholesky factor of
// A_FF that grows by a row as an index enters, O(K F) per iteration for F
// free indices, and there are about as many iterations as the solution
// has positive entries. It backs RecoverL2, where A, the Gram matrix of
// the anchor rows, is shared by every word; when A_FF is numerically
// singular it falls back to EG.
//
// Newton minimises a SecondOrder f (value, gradient and Hessian on a
// working set of indices) by projected Newton: each iteration minimises
// the quadratic model on the simplex restricted to the working set by
// ActiveSet and line-searches towards its minimiser, from any point of
// the simplex (zeros allowed), stopping on EG's KKT gap of f's own
// gradient. Near the minimum it converges quadratically where EG
// converges linearly: RecoverKL's rows at K = 100 take 3 to 8 iterations
// instead of over 200, each costing one Hessian on the working set W
// (O(|W|^2) per term of f) and O(|W|^3) for the model.
package simplex
