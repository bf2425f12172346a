package learner

import (
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/version"
	"github.com/hulltopics/hull/model"
)

// Settings are the run settings every learner honours, embedded in each
// learner's Options. The zero value runs on every CPU, under half the RAM,
// without progress or log, with seed 0.
type Settings struct {
	// Seed seeds every random choice of the fit.
	Seed uint64
	// Threads is the number of goroutines; 0 means one per CPU. A learner
	// whose result depends on it says so in its documentation (none does
	// today); the model records the count used.
	Threads int
	// MaxMemory bounds the fit's estimated working memory; Fit refuses
	// with a *MemoryError before allocating above it. 0 means half the
	// machine's RAM.
	MaxMemory int64
	// Progress, if non-nil, receives the progress of each stage.
	Progress Progress
	// Log, if non-nil, receives one line of running diagnostics at a time
	// (Gibbs's log likelihood, the variational bound). Learners never call
	// it concurrently.
	Log func(line string)
	// Budget, if non-nil, is told the working memory a fit is about to
	// need once its memory check has passed (CheckMemory), again before
	// each of a learner's successive fits (anchor's paper fit, then its
	// rectified one): the command line sets the garbage collector's soft
	// limit from it.
	Budget func(need int64)
}

// CheckMemory returns a *MemoryError, saying what needs the bytes, when
// need exceeds s.MaxMemory (or half the RAM when it is 0); otherwise nil.
// Learners call it before allocating. The error suggests reducing the
// vocabulary or K; CheckMemorySuggest takes the advice.
func (s Settings) CheckMemory(what string, need int64) error {
	return s.CheckMemorySuggest(what, need, "reduce the vocabulary or K")
}

// CheckMemorySuggest is CheckMemory with the advice the error gives
// (MemoryError.Suggest), for a fit whose memory grows with more than the
// vocabulary and K: Gibbs sampling keeps a topic for every token.
func (s Settings) CheckMemorySuggest(what string, need int64, suggest string) error {
	if err := memory.Check(what, need, s.MaxMemory, suggest); err != nil {
		return err
	}
	if s.Budget != nil {
		s.Budget(need)
	}
	return nil
}

// ThreadCount returns the number of goroutines s runs on: Threads, or the
// number of CPUs when it is 0.
func (s Settings) ThreadCount() int { return parallel.Threads(s.Threads) }

// Provenance returns the provenance of a model fitted from c under s:
// hull's version, c's digest and size, the seed, the thread count used and
// the stage timings. Every learner fills its model's Provenance with it.
func (s Settings) Provenance(c *corpus.Corpus, timings []model.Timing) model.Provenance {
	return model.Provenance{
		HullVersion:   version.Version,
		InputDigest:   c.Digest(),
		Seed:          s.Seed,
		Threads:       s.ThreadCount(),
		Docs:          c.NumDocs(),
		Timings:       timings,
		Preprocessing: c.Preprocessing,
	}
}

// StatsProvenance is Provenance for a model fitted from co-occurrence
// statistics instead of a corpus: their digest, document count and
// preprocessing record, from their summary (Stats.Summary, or
// StatsReader.Summary once the file is read).
func (s Settings) StatsProvenance(st *cooc.StatsSummary, timings []model.Timing) model.Provenance {
	return model.Provenance{
		HullVersion:   version.Version,
		InputDigest:   "stats:" + st.Digest,
		Seed:          s.Seed,
		Threads:       s.ThreadCount(),
		Docs:          int(st.Docs),
		Timings:       timings,
		Preprocessing: st.Preprocessing,
	}
}

// Logf sends a formatted line to s.Log if it is non-nil.
func (s Settings) Logf(format string, args ...any) {
	if s.Log != nil {
		s.Log(sprintf(format, args...))
	}
}

// MaxThreads bounds Settings.Threads. The result never depends on the
// thread count, and beyond the cores more goroutines only add their
// scratch to the memory a fit needs (and to its estimate).
const MaxThreads = 4096

// Validate returns an *OptionError naming the learner when a setting is out
// of range (Threads negative or above MaxThreads, MaxMemory negative).
func (s Settings) Validate(learnerName string) error {
	switch {
	case s.Threads < 0 || s.Threads > MaxThreads:
		return &OptionError{Learner: learnerName, Field: "Threads", Value: s.Threads, Want: sprintf("in [0, %d] (0: one per CPU)", MaxThreads)}
	case s.MaxMemory < 0:
		return &OptionError{Learner: learnerName, Field: "MaxMemory", Value: s.MaxMemory, Want: ">= 0"}
	}
	return nil
}
