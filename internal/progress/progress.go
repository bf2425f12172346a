// Package progress counts the units of a long stage (bytes read,
// documents drawn or written) and reports them to a progress function of
// the learner.Progress kind, func(stage string, done, total int): 0 when
// the stage starts, then at most about once per step, and the end,
// done == total, once. Reporting costs O(1) per Add.
package progress

import "io"

// Func is the progress function a Counter reports to (learner.Progress
// converts to it).
type Func = func(stage string, done, total int)

// Counter reports the units of one stage done. Its methods do nothing on
// a nil *Counter, the counter of work nobody follows.
type Counter struct {
	report            Func
	stage             string
	done, last, total int
	step              int
}

// New returns the counter of stage, of total units, reporting to report
// at least step units apart (step < 1 means 1), having reported 0 of
// total; or nil if report is nil. total may be 0 when unknown (a stream of
// unknown length): the counter then reports done of done.
func New(report Func, stage string, total, step int) *Counter {
	if report == nil {
		return nil
	}
	report(stage, 0, total)
	return &Counter{report: report, stage: stage, total: total, step: max(step, 1)}
}

// Step returns the step of a counter of total units that reports at most
// a hundred times after its start: every 1% rounded up, at least every
// unit.
func Step(total int) int { return max((total+99)/100, 1) }

// Add counts n more units done. A stage that outgrows its total (a file
// that grew while read) reports the larger count as its total.
func (c *Counter) Add(n int) {
	if c == nil {
		return
	}
	c.done += n
	if c.done-c.last >= c.step {
		c.last = c.done
		c.report(c.stage, c.done, max(c.total, c.done))
	}
}

// Finish reports the stage done, once: done == total, the larger of the
// units counted and the total.
func (c *Counter) Finish() {
	if c == nil {
		return
	}
	end := max(c.total, c.done)
	if c.last != end {
		c.done, c.last = end, end
		c.report(c.stage, end, end)
	}
}

// Reader returns r counting the bytes read through it on c and finishing
// c at the end of the stream (io.EOF); r itself if c is nil.
func Reader(r io.Reader, c *Counter) io.Reader {
	if c == nil {
		return r
	}
	return &reader{r: r, c: c}
}

type reader struct {
	r io.Reader
	c *Counter
}

func (p *reader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.c.Add(n)
	if err == io.EOF {
		p.c.Finish()
	}
	return n, err
}
