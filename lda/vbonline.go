package lda

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/internal/parallel"
)

// onlineStream is XORed into the seed for the order of the documents in
// the passes of online VB.
const onlineStream = 0x6c64612d6f6e6c6e // "lda-onln"

// runOnline runs online variational Bayes (Hoffman, Blei and Bach 2010,
// algorithm 2) for at most Iterations passes over the corpus. Each pass
// visits the documents in an order drawn from the seed and the pass, in
// mini-batches of BatchSize; after the E-steps of mini-batch t (counted
// over all passes, from 1), with expected counts S_t, lambda and alpha
// move towards the estimates from that mini-batch alone:
//
//	rho_t  = (Tau0 + t)^-Kappa
//	lambda = (1 - rho_t) lambda + rho_t (eta + D/|batch| S_t)
//	alpha  = (1 - rho_t) alpha + rho_t alpha-hat_t
//
// alpha-hat_t being the estimate of AlphaMode from the mini-batch's
// documents (none for AlphaFixed). Every E-step starts from alpha + N/K:
// no per-document state is kept between mini-batches. The E-step
// tolerance follows the schedule of onlineTolerance by pass.
//
// The bound reported after a pass is the sum over its mini-batches of
// their documents' terms, each under the lambda and alpha that mini-batch
// saw, plus the topic terms of the final lambda: an estimate of the bound
// at the end of the pass, not the bound of one q(beta), even for a pass of
// one mini-batch, whose document terms are under the lambda before its
// step (Hoffman et al. 2010, equation 3, take both under one lambda; on
// 80 documents in one mini-batch the first pass reports -4.658 per token,
// where the bound of its local parameters under the lambda they saw is
// -4.839 and the best at the lambda after the step -3.583). EM stops
// when it improves by less than Tolerance (relative) with the E-steps at
// their final tolerance, or after Iterations passes. Progress counts
// mini-batches.
func (e *em) runOnline(ctx context.Context) error {
	o := e.o
	numDocs := e.c.NumDocs()
	// perPass mini-batches of near-equal sizes, at most BatchSize.
	perPass := (numDocs + o.BatchSize - 1) / o.BatchSize
	total := o.Iterations * perPass
	order := make([]int32, numDocs)
	prev := math.Inf(-1)
	o.Progress.Report(VBStage, 0, total)
	for e.iterations < o.Iterations && !e.converged {
		e.iterations++
		tol := e.onlineTolerance(e.iterations)
		e.tolerance = tol
		rng := rand.New(rand.NewPCG(o.Seed^onlineStream, uint64(e.iterations)))
		for i := range order {
			order[i] = int32(i)
		}
		rng.Shuffle(numDocs, func(i, j int) { order[i], order[j] = order[j], order[i] })
		bound, updates, used := 0.0, 0.0, 0
		for b := range perPass {
			batch := order[b*numDocs/perPass : (b+1)*numDocs/perPass]
			docTerms, err := e.eStepDocs(ctx, batch, tol, false)
			if err != nil {
				return err
			}
			updates += e.updates * float64(e.used)
			used += e.used
			e.index(batch)
			wordTerms, err := e.expectedCounts(ctx)
			if err != nil {
				return err
			}
			bound += docTerms + wordTerms
			e.steps++
			e.onlineStep(float64(numDocs) / float64(len(batch)))
			o.Progress.Report(VBStage, (e.iterations-1)*perPass+b+1, total)
		}
		if used > 0 {
			e.updates = updates / float64(used)
		}
		e.setTopics(true)
		bound += e.tTerm
		perToken := bound / float64(e.tokens)
		e.last = perToken
		if o.Bound != nil {
			o.Bound(e.iterations, perToken)
		} else {
			o.Settings.Logf("vb pass %d: bound per token %.4f (online estimate)", e.iterations, perToken)
		}
		if e.iterations > 1 {
			change := (bound - prev) / math.Abs(prev)
			e.converged = change >= 0 && change < o.Tolerance && tol <= o.EStepTolerance
		}
		prev = bound
	}
	if e.iterations < o.Iterations {
		o.Progress.Report(VBStage, total, total)
	}
	return nil
}

// onlineStep moves lambda and alpha by the step rho_t of mini-batch t =
// e.steps towards eta + scale S_t (S_t in e.stats, word-major) and the
// mini-batch's alpha estimate, then updates exp(E[log beta]).
func (e *em) onlineStep(scale float64) {
	o := e.o
	rho := math.Pow(o.Tau0+float64(e.steps), -o.Kappa)
	parallel.For(context.Background(), len(e.lambda), 1<<14, o.Threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			e.lambda[i] = (1-rho)*e.lambda[i] + rho*(o.Eta+scale*e.stats[i])
		}
	}, nil)
	e.setTopics(false)
	if next := e.alphaEstimate(); next != nil {
		for j, a := range next {
			e.alpha[j] = (1-rho)*e.alpha[j] + rho*a
		}
	}
}

// onlineTolerance returns the E-step tolerance of online pass i: the
// exploring tolerance, tenfold tighter every VBTolerancePassesPerDecade
// passes after the first, down to EStepTolerance.
func (e *em) onlineTolerance(i int) float64 {
	return max(e.o.EStepTolerance, e.explore*math.Pow(10, -float64(i-1)/VBTolerancePassesPerDecade))
}
