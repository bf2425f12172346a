package cooc

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"unsafe"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/parallel"
	gonumfloats "gonum.org/v1/gonum/floats" // the tests declare floats
	"gonum.org/v1/gonum/mat"
)

// blockDocs is the number of documents whose projections Operator.Mul
// holds at once; fixed so that results do not depend on anything else.
const blockDocs = 8192

// Operator applies Q to dense matrices without forming Q:
//
//	Q B = sum_d s_d (h_d (h_d^T B) - diag(h_d) B),  s_d = 1/(M n_d (n_d-1)),
//
// in O(nnz K) time for a V x K matrix B. It is safe for concurrent use.
//
// It holds the corpus twice more, 10 bytes a nonzero: document by
// document with each word and its count packed in one 32-bit integer (64
// bits beyond 65,536 words or for a count of 65,536 or more), and word by
// word as the documents containing each word with the word's position in
// them.
type Operator struct {
	c       *corpus.Corpus
	t       *wordMajor // offsets, docs and pos (no counts: they are in the packed documents)
	p32     *packed[uint32]
	p64     *packed[uint64] // when p32 is nil
	scale   []float64
	lens    []float64 // n_d
	diag    []float64 // diag_i = sum_d s_d h_di
	threads int
	chunks  []int     // MulVec's blocks of documents: chunk j is [chunks[j], chunks[j+1])
	parts   sync.Pool // *[]float64: MulVec's per-chunk partial products, len(chunks)-1 times V
}

// packed holds the documents of a corpus in its order, each nonzero as
// one integer: the word in the low half, the count in the high half (16
// bits each in a uint32, 32 in a uint64). Each kernel unpacks them itself,
// with
//
//	var z P
//	h := 4 * unsafe.Sizeof(z) // bits of a half
//	m := P(1)<<h - 1
//	word, count := int(x&m), float64(x>>h)
//
// which the compiler turns into constant shifts and masks for each
// instantiation; generic helper functions would read them from the
// instantiation's dictionary in every iteration.
type packed[P uint32 | uint64] struct{ x []P }

func (pk *packed[P]) doc(c *corpus.Corpus, d int) []P { return pk.x[c.Offsets[d]:c.Offsets[d+1]] }

// newPacked packs c, in parallel over the given blocks of documents.
func newPacked[P uint32 | uint64](c *corpus.Corpus, blocks []int, threads int) *packed[P] {
	var z P
	h := 4 * unsafe.Sizeof(z)
	pk := &packed[P]{x: make([]P, c.NNZ())}
	_ = parallel.For(context.Background(), len(blocks)-1, 1, threads, func(lo, hi int) {
		for p := c.Offsets[blocks[lo]]; p < c.Offsets[blocks[hi]]; p++ {
			pk.x[p] = P(c.Words[p]) | P(c.Counts[p])<<h
		}
	}, nil)
	return pk
}

// packs32 reports whether c's nonzeros fit the 32-bit packing: at most
// 2^16 words and counts below 2^16.
func packs32(c *corpus.Corpus) bool {
	if c.NumWords() > 1<<16 {
		return false
	}
	for _, n := range c.Counts {
		if n >= 1<<16 {
			return false
		}
	}
	return true
}

// NumWords returns V.
func (op *Operator) NumWords() int { return op.c.NumWords() }

// EstimateOperatorBytes returns the bytes an Operator holds for c: the
// packed documents and the word-major positions (10 bytes a nonzero, 14
// when counts do not fit the packing), a few vectors per document and per
// word, and MulVec's partial sums. The counting sort that builds it holds
// 8 transposeBlocks V bytes more, briefly, before anything else of a fit.
func EstimateOperatorBytes(c *corpus.Corpus) int64 {
	v := int64(c.NumWords())
	perNNZ := int64(10)
	if !packs32(c) {
		perNNZ = 14
	}
	return perNNZ*c.NNZ() + 24*int64(c.NumDocs()) + 24*v + 8*vecChunks*v
}

// EstimateSqRowNormsBytes returns the bytes SqRowNorms allocates for c
// with the given number of goroutines.
func EstimateSqRowNormsBytes(c *corpus.Corpus, threads int) int64 {
	v := int64(c.NumWords())
	return 8*normGroups*v + 16*v + 8*v*int64(parallel.Threads(threads))
}

// NewOperator returns the co-occurrence operator of c using up to threads
// goroutines (0: one per CPU), each document weighted as in the paper
// (WeightDocuments). It fails when no document has two tokens.
func NewOperator(c *corpus.Corpus, threads int) (*Operator, error) {
	return NewWeightedOperator(c, threads, WeightDocuments)
}

// NewWeightedOperator is NewOperator with the documents weighted by w; it
// fails for an unknown w too.
func NewWeightedOperator(c *corpus.Corpus, threads int, w Weighting) (*Operator, error) {
	if c == nil {
		return nil, errNoCorpus
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("cooc: %w", err)
	}
	if err := w.Check(); err != nil {
		return nil, err
	}
	scale, lens, used := docScales(c, w)
	if used == 0 {
		return nil, errNoPairs
	}
	op := &Operator{c: c, t: transpose(c, false, true, threads), scale: scale, lens: lens, diag: make([]float64, c.NumWords()), threads: threads}
	op.chunks = docChunks(c, vecChunks)
	if packs32(c) {
		op.p32 = newPacked[uint32](c, op.chunks, threads)
	} else {
		op.p64 = newPacked[uint64](c, op.chunks, threads)
	}
	// Document by document: each word's sum is taken in document order, as
	// a word-major loop would take it, reading the corpus in its order.
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		for q, w := range words {
			op.diag[w] += scale[d] * float64(counts[q])
		}
	}
	return op, nil
}

// vecChunks is the number of blocks of documents, of about equal numbers
// of nonzeros, whose contributions MulVec accumulates separately before
// summing them in order; fixed, so that results do not depend on the
// thread count.
const vecChunks = 16

// docChunks splits the documents of c into at most n blocks of
// consecutive documents with about equal numbers of nonzeros, returning
// the boundaries (first 0, last D).
func docChunks(c *corpus.Corpus, n int) []int {
	d, nnz := c.NumDocs(), c.NNZ()
	b := []int{0}
	for j := 1; j < n; j++ {
		target := nnz * int64(j) / int64(n)
		lo := b[len(b)-1]
		// the first document whose start offset reaches the target
		k := lo + sort.Search(d-lo, func(i int) bool { return c.Offsets[lo+i] >= target })
		if k > lo && k < d {
			b = append(b, k)
		}
	}
	return append(b, d)
}

// Docs returns the number of documents used (those with 2 or more tokens).
func (op *Operator) Docs() int {
	n := 0
	for _, s := range op.scale {
		if s != 0 {
			n++
		}
	}
	return n
}

// at returns the index in the corpus's nonzeros of the word-major entry p
// of word i.
func (op *Operator) at(p int64, i int) int64 {
	d := op.t.docs[p]
	lo := op.c.Offsets[d]
	if pos := op.t.pos[p]; pos != noPos {
		return lo + int64(pos)
	}
	hi := op.c.Offsets[d+1]
	words := op.c.Words
	for lo < hi { // the document's words increase
		m := int64(uint64(lo+hi) >> 1)
		if int(words[m]) < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// Row sets dst to row i of Q; dst must have length V. It takes
// O(V + sum over documents d containing i of nnz_d) time, so streaming all
// rows costs what materialising Q does, without its V^2 memory. Each
// entry is summed in document order, as Compute sums it.
func (op *Operator) Row(i int, dst []float64) {
	clear(dst)
	if op.p32 != nil {
		row(op, op.p32, i, dst)
	} else {
		row(op, op.p64, i, dst)
	}
}

func row[P uint32 | uint64](op *Operator, pk *packed[P], i int, dst []float64) {
	var z P
	h := 4 * unsafe.Sizeof(z)
	m := P(1)<<h - 1
	for p := op.t.offsets[i]; p < op.t.offsets[i+1]; p++ {
		d := op.t.docs[p]
		s := op.scale[d]
		if s == 0 {
			continue
		}
		f := s * float64(pk.x[op.at(p, i)]>>h)
		for _, x := range pk.doc(op.c, int(d)) {
			dst[int(x&m)] += f * float64(x>>h)
		}
		dst[i] -= f
	}
}

// RowSums returns p(w), the row sums of Q, in O(nnz): row i sums to
// sum_d s_d h_di (n_d - 1).
func (op *Operator) RowSums() []float64 {
	p := make([]float64, op.c.NumWords())
	for d := range op.c.NumDocs() { // each word's sum in document order
		words, counts := op.c.Doc(d)
		for q, w := range words {
			p[w] += op.scale[d] * float64(counts[q]) * (op.lens[d] - 1)
		}
	}
	return p
}

// RowCost returns the work of Row(i): the number of nonzeros of the
// documents containing word i.
func (op *Operator) RowCost(i int) int64 {
	var n int64
	for p := op.t.offsets[i]; p < op.t.offsets[i+1]; p++ {
		d := op.t.docs[p]
		n += op.c.Offsets[d+1] - op.c.Offsets[d]
	}
	return n
}

// Mul sets dst = Q b. b and dst are V x K; it panics on other shapes.
// The documents are projected block by block and each row of dst is
// summed in document order by one goroutine, so the result is identical
// for every thread count.
func (op *Operator) Mul(ctx context.Context, dst, b *mat.Dense) error {
	v := op.c.NumWords()
	br, k := b.Dims()
	if dr, dc := dst.Dims(); br != v || dr != v || dc != k {
		panic(fmt.Sprintf("cooc: Operator.Mul shapes dst %dx%d, b %dx%d, V = %d", dr, dc, br, k, v))
	}
	dst.Zero()
	cursor := append([]int64(nil), op.t.offsets[:v]...)
	u := make([]float64, min(blockDocs, op.c.NumDocs())*k)
	for lo := 0; lo < op.c.NumDocs(); lo += blockDocs {
		hi := min(lo+blockDocs, op.c.NumDocs())
		err := parallel.For(ctx, hi-lo, 256, op.threads, func(a, z int) {
			for d := lo + a; d < lo+z; d++ {
				ud := u[(d-lo)*k : (d-lo+1)*k]
				op.project(b, d, ud)
				s := op.scale[d]
				for j := range ud {
					ud[j] *= s
				}
			}
		}, nil)
		if err != nil {
			return err
		}
		if err := op.scatter(ctx, dst, lo, hi, u, cursor); err != nil {
			return err
		}
	}
	for i := 0; i < v; i++ {
		row, bi := dst.RawRowView(i), b.RawRowView(i)
		for j := range row {
			row[j] -= op.diag[i] * bi[j]
		}
	}
	return ctx.Err()
}

// project sets ud = h_d^T b.
func (op *Operator) project(b *mat.Dense, d int, ud []float64) {
	clear(ud)
	if op.p32 != nil {
		project(op.p32, op.p32.doc(op.c, d), b, ud)
	} else {
		project(op.p64, op.p64.doc(op.c, d), b, ud)
	}
}

func project[P uint32 | uint64](pk *packed[P], doc []P, b *mat.Dense, ud []float64) {
	var z P
	h := 4 * unsafe.Sizeof(z)
	m := P(1)<<h - 1
	for _, x := range doc {
		axpy(float64(x>>h), b.RawRowView(int(x&m)), ud)
	}
}

// scatter adds h_di u_d to row i of dst for every document d in [lo, hi)
// containing word i, advancing cursor past those documents.
func (op *Operator) scatter(ctx context.Context, dst *mat.Dense, lo, hi int, u []float64, cursor []int64) error {
	v := op.c.NumWords()
	_, k := dst.Dims()
	return parallel.For(ctx, v, rowGrain(v), op.threads, func(a, z int) {
		for i := a; i < z; i++ {
			row := dst.RawRowView(i)
			p, end := cursor[i], op.t.offsets[i+1]
			for ; p < end && int(op.t.docs[p]) < hi; p++ {
				axpy(float64(op.c.Counts[op.at(p, i)]), u[(int(op.t.docs[p])-lo)*k:][:k], row)
			}
			cursor[i] = p
		}
	}, nil)
}

// QuadForm sets dst = b^T Q b for a V x K matrix b; dst is K x K (it
// panics on other shapes). It needs no product Q b: with u_d = h_d^T b,
// b^T Q b = sum_d s_d u_d u_d^T - b^T diag(Q's diagonal correction) b, so
// one pass projects the documents and adds their outer products (the
// upper triangle) into one partial sum per block of documents (MulVec's
// fixed blocks), which are then summed in order, so the result does not
// depend on the thread count. It takes O(nnz K + D K^2 / 2) time and
// O(16 K^2) memory.
func (op *Operator) QuadForm(ctx context.Context, dst, b *mat.Dense) error {
	v := op.c.NumWords()
	br, k := b.Dims()
	if dr, dc := dst.Dims(); br != v || dr != k || dc != k {
		panic(fmt.Sprintf("cooc: Operator.QuadForm shapes dst %dx%d, b %dx%d, V = %d", dr, dc, br, k, v))
	}
	n := len(op.chunks) - 1
	parts := make([]float64, n*k*k)
	err := parallel.For(ctx, n, 1, op.threads, func(lo, hi int) {
		u := make([]float64, k)
		for j := lo; j < hi; j++ {
			part := parts[j*k*k : (j+1)*k*k]
			for d := op.chunks[j]; d < op.chunks[j+1]; d++ {
				s := op.scale[d]
				if s == 0 {
					continue
				}
				op.project(b, d, u)
				for a, x := range u {
					if x != 0 {
						axpy(s*x, u[a:], part[a*k+a:(a+1)*k])
					}
				}
			}
		}
	}, nil)
	if err != nil {
		return err
	}
	dst.Zero()
	for a := 0; a < k; a++ {
		row := dst.RawRowView(a)
		for j := 0; j < n; j++ {
			part := parts[j*k*k+a*k : j*k*k+(a+1)*k]
			for c := a; c < k; c++ {
				row[c] += part[c]
			}
		}
		for c := a + 1; c < k; c++ {
			dst.Set(c, a, row[c])
		}
	}
	for i := 0; i < v; i++ {
		bi := b.RawRowView(i)
		for a, x := range bi {
			if f := op.diag[i] * x; f != 0 {
				axpy(-f, bi, dst.RawRowView(a))
			}
		}
	}
	return ctx.Err()
}

// MulVec sets dst = Q x for vectors of length V (it panics on other
// lengths): Mul for one column, in one pass over the documents. Each
// block of documents (a fixed split) adds s_d (h_d^T x) h_d into its own
// partial vector, document by document; the partials are then summed in
// block order, so the result is identical for every thread count. It
// takes O(nnz + 16 V) time.
func (op *Operator) MulVec(ctx context.Context, dst, x []float64) error {
	v := op.c.NumWords()
	if len(dst) != v || len(x) != v {
		panic(fmt.Sprintf("cooc: Operator.MulVec lengths dst %d, x %d, V = %d", len(dst), len(x), v))
	}
	n := len(op.chunks) - 1
	pp, _ := op.parts.Get().(*[]float64)
	if pp == nil {
		buf := make([]float64, n*v)
		pp = &buf
	}
	defer op.parts.Put(pp)
	parts := *pp
	err := parallel.For(ctx, n, 1, op.threads, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			part := parts[j*v : (j+1)*v]
			clear(part)
			if op.p32 != nil {
				mulVecChunk(op, op.p32, op.chunks[j], op.chunks[j+1], x, part)
			} else {
				mulVecChunk(op, op.p64, op.chunks[j], op.chunks[j+1], x, part)
			}
		}
	}, nil)
	if err != nil {
		return err
	}
	return parallel.For(ctx, v, 1024, op.threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			y := 0.0
			for j := 0; j < n; j++ {
				y += parts[j*v+i]
			}
			dst[i] = y - op.diag[i]*x[i]
		}
	}, nil)
}

func mulVecChunk[P uint32 | uint64](op *Operator, pk *packed[P], lo, hi int, x, part []float64) {
	var z P
	h := 4 * unsafe.Sizeof(z)
	m := P(1)<<h - 1
	for d := lo; d < hi; d++ {
		s := op.scale[d]
		if s == 0 {
			continue
		}
		doc := pk.doc(op.c, d)
		u := 0.0
		for _, e := range doc {
			u += float64(e>>h) * x[int(e&m)]
		}
		u *= s
		for _, e := range doc {
			part[int(e&m)] += u * float64(e>>h)
		}
	}
}

// normGroups is the number of groups of consecutive rows, of about equal
// work, among which SqRowNorms splits Q's upper triangle; fixed, so that
// results do not depend on the thread count.
const normGroups = 64

// SqRowNorms returns the squared Euclidean norm of every row of Q. It
// forms Q's upper triangle once, row by row from the documents containing
// each word (the part of each document from the word on, documents being
// sorted by word), and adds each off-diagonal entry's square to the norms
// of both its row and its column; the column contributions of each of a
// fixed number of row groups are kept apart and summed in group order,
// so the result is identical for every thread count. It takes
// O(sum_d nnz_d^2 / 2 + V^2 / 2) time, half of what streaming every row
// costs, and O(64 V) memory; progress, if non-nil, receives the rows done.
func (op *Operator) SqRowNorms(ctx context.Context, progress func(done int)) ([]float64, error) {
	v := op.c.NumWords()
	// The work of row i: the tails of its documents and the scan of its
	// upper part.
	work := make([]int64, v)
	for d := 0; d < op.c.NumDocs(); d++ {
		words, _ := op.c.Doc(d)
		for q, w := range words {
			work[w] += int64(len(words) - q)
		}
	}
	var total int64
	for i := range work {
		work[i] += int64(v - i)
		total += work[i]
	}
	bounds := []int{0}
	var acc int64
	for i := 0; i < v; i++ {
		acc += work[i]
		if g := len(bounds); g < normGroups && acc >= total*int64(g)/normGroups && i+1 < v {
			bounds = append(bounds, i+1)
		}
	}
	bounds = append(bounds, v)
	groups := len(bounds) - 1
	parts := make([]float64, groups*v)
	norms := make([]float64, v)
	var mu sync.Mutex
	done := 0
	newRow := func() []float64 { return make([]float64, v) } // one scratch row per goroutine
	err := parallel.ForWith(ctx, groups, 1, op.threads, newRow, func(row []float64, lo, hi int) {
		for g := lo; g < hi; g++ {
			part := parts[g*v : (g+1)*v]
			for i := bounds[g]; i < bounds[g+1]; i++ {
				if ctx.Err() != nil {
					return
				}
				if op.p32 != nil {
					upperRow(op, op.p32, i, row)
				} else {
					upperRow(op, op.p64, i, row)
				}
				x := row[i]
				own := x * x
				row[i] = 0
				for j := i + 1; j < v; j++ {
					if x := row[j]; x != 0 {
						own += x * x
						part[j] += x * x
						row[j] = 0
					}
				}
				norms[i] = own
			}
			if progress != nil {
				mu.Lock()
				done += bounds[g+1] - bounds[g]
				progress(done)
				mu.Unlock()
			}
		}
	}, nil)
	if err != nil {
		return nil, err
	}
	err = parallel.For(ctx, v, 1024, op.threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for g := 0; g < groups; g++ {
				norms[i] += parts[g*v+i]
			}
		}
	}, nil)
	return norms, err
}

// upperRow adds to row the entries of row i of Q on and right of the
// diagonal: for each document d containing i, s_d h_di times the part of
// h_d from word i on (its words increase), less s_d h_di at i. Eight
// documents are walked at once, element by element, so that the
// processor fetches eight streams from memory together instead of waiting
// on one; the sums are taken in a fixed order (not document order).
func upperRow[P uint32 | uint64](op *Operator, pk *packed[P], i int, row []float64) {
	var z P
	h := 4 * unsafe.Sizeof(z)
	m := P(1)<<h - 1
	var seg [8][]P
	var f [8]float64
	n := 0
	for p := op.t.offsets[i]; p < op.t.offsets[i+1]; p++ {
		d := op.t.docs[p]
		s := op.scale[d]
		if s == 0 {
			continue
		}
		seg[n] = pk.x[op.at(p, i):op.c.Offsets[d+1]]
		f[n] = s * float64(seg[n][0]>>h)
		if n++; n == len(seg) {
			scatter8(pk, &seg, &f, row)
			for q := range f {
				row[i] -= f[q]
			}
			n = 0
		}
	}
	for q := 0; q < n; q++ {
		for _, x := range seg[q] {
			row[int(x&m)] += f[q] * float64(x>>h)
		}
		row[i] -= f[q]
	}
}

// scatter8 adds f[q] times each segment to row, the eight interleaved.
func scatter8[P uint32 | uint64](pk *packed[P], seg *[8][]P, f *[8]float64, row []float64) {
	var z P
	h := 4 * unsafe.Sizeof(z)
	m := P(1)<<h - 1
	n := len(seg[0])
	for _, s := range seg[1:] {
		n = min(n, len(s))
	}
	a0, a1, a2, a3 := seg[0][:n], seg[1][:n], seg[2][:n], seg[3][:n]
	a4, a5, a6, a7 := seg[4][:n], seg[5][:n], seg[6][:n], seg[7][:n]
	f0, f1, f2, f3, f4, f5, f6, f7 := f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]
	for j := range a0 {
		x0, x1, x2, x3 := a0[j], a1[j], a2[j], a3[j]
		row[int(x0&m)] += f0 * float64(x0>>h)
		row[int(x1&m)] += f1 * float64(x1>>h)
		row[int(x2&m)] += f2 * float64(x2>>h)
		row[int(x3&m)] += f3 * float64(x3>>h)
		x4, x5, x6, x7 := a4[j], a5[j], a6[j], a7[j]
		row[int(x4&m)] += f4 * float64(x4>>h)
		row[int(x5&m)] += f5 * float64(x5>>h)
		row[int(x6&m)] += f6 * float64(x6>>h)
		row[int(x7&m)] += f7 * float64(x7>>h)
	}
	for q, s := range seg {
		for _, x := range s[n:] {
			row[int(x&m)] += f[q] * float64(x>>h)
		}
	}
}

// SqRowNormsCost returns the work of SqRowNorms, on the scale of RowCost.
func (op *Operator) SqRowNormsCost() int64 {
	var n int64
	for d := 0; d < op.c.NumDocs(); d++ {
		l := op.c.Offsets[d+1] - op.c.Offsets[d]
		n += l * (l + 1) / 2
	}
	v := int64(op.c.NumWords())
	return n + v*v/2
}

// axpy sets y += alpha x (len(y) >= len(x)): gonum's assembly for long
// vectors, an unrolled loop for the short rows of products with few
// columns, where the call would cost more than the arithmetic.
func axpy(alpha float64, x, y []float64) {
	if len(x) > 32 {
		gonumfloats.AddScaled(y[:len(x)], alpha, x)
		return
	}
	y = y[:len(x)]
	j := 0
	for ; j+4 <= len(x); j += 4 {
		y[j] += alpha * x[j]
		y[j+1] += alpha * x[j+1]
		y[j+2] += alpha * x[j+2]
		y[j+3] += alpha * x[j+3]
	}
	for ; j < len(x); j++ {
		y[j] += alpha * x[j]
	}
}
