package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
)

// ErrWhitespace is wrapped by the error for a word holding whitespace,
// which MALLET's whitespace-separated files cannot hold.
var ErrWhitespace = errors.New("export: MALLET's files separate words by whitespace and cannot hold a word with whitespace")

// WriteMalletTopicKeys writes the topic keys of m as "mallet train-topics
// --output-topic-keys" does (see the package documentation): per topic
// its number from 0, its alpha and its top most probable words of
// positive weight. top <= 0 lists no word; top >= len(m.Vocab) every word
// of positive weight. It returns an error wrapping ErrWhitespace, before
// writing anything, if a word to list holds whitespace, and any error of
// w.
func WriteMalletTopicKeys(w io.Writer, m *model.Model, top int) error {
	if err := checkModel(m); err != nil {
		return err
	}
	words, err := malletWords(m, top)
	if err != nil {
		return err
	}
	alpha := infer.AlphaFor(m, 0)
	bw := bufio.NewWriter(w)
	for k, ws := range words {
		bw.WriteString(strconv.Itoa(k))
		bw.WriteByte('\t')
		bw.WriteString(javaNumberFormat(alpha[k]))
		bw.WriteByte('\t')
		for _, i := range ws {
			bw.WriteString(m.Vocab[i])
			bw.WriteByte(' ')
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// malletWords returns the word indices the topic keys list, per topic,
// or an error wrapping ErrWhitespace for the first word with whitespace.
func malletWords(m *model.Model, top int) ([][]int, error) {
	words := make([][]int, m.K)
	for k := range words {
		words[k] = m.TopWords(k, top)
		for _, i := range words[k] {
			if w := m.Vocab[i]; strings.ContainsFunc(w, unicode.IsSpace) {
				return nil, fmt.Errorf("%w: word %d %q, among the top words of topic %d (counted from 1, as hull topics prints them; the csv and pyldavis exports hold any word)", ErrWhitespace, i, w, k+1)
			}
		}
	}
	return words, nil
}

// ErrFieldBreak is wrapped by the error for a document id holding a tab
// or a line break, which MALLET's document topics, a line per document
// and fields separated by tabs, cannot hold.
var ErrFieldBreak = errors.New("export: MALLET's document topics separate fields by tabs and documents by lines and cannot hold a document id with a tab or line break")

// checkMalletNames returns an error wrapping ErrFieldBreak for the first
// id that holds a tab, a carriage return or a line feed: written, it
// would split its line; changed (to a space, say), it could become
// another document's id.
func checkMalletNames(ids []string) error {
	for d, id := range ids {
		if strings.ContainsAny(id, "\t\r\n") {
			return fmt.Errorf("%w: document %d %q (the csv export holds any id)", ErrFieldBreak, d, id)
		}
	}
	return nil
}

// WriteMalletDocTopics writes the document topics of "mallet train-topics
// --output-doc-topics" in MALLET's dense form (see the package
// documentation): per document its number from 0, its name (ids[d] as it
// is, "no-name" when empty) and its K weights theta[d] as Java prints
// doubles. It returns an error, before writing anything, unless there is
// one id per row, every row has the same length and every weight is
// finite, an error wrapping ErrFieldBreak, before writing anything, if an
// id holds a tab or a line break, and any error of w.
func WriteMalletDocTopics(w io.Writer, ids []string, theta [][]float64) error {
	if len(ids) != len(theta) {
		return fmt.Errorf("export: %d document ids for %d rows of topic weights", len(ids), len(theta))
	}
	if err := checkTheta(len(ids), theta, -1); err != nil {
		return err
	}
	if err := checkMalletNames(ids); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	var buf []byte
	for d, row := range theta {
		name := ids[d]
		if name == "" {
			name = "no-name"
		}
		buf = strconv.AppendInt(buf[:0], int64(d), 10)
		buf = append(buf, '\t')
		buf = append(buf, name...)
		for _, x := range row {
			buf = appendJavaDouble(append(buf, '\t'), x)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// checkTheta returns an error unless theta has n rows, every row the same
// length (k when k >= 0) and every weight finite and >= 0.
func checkTheta(n int, theta [][]float64, k int) error {
	if len(theta) != n {
		return fmt.Errorf("export: %d rows of topic weights for %d documents", len(theta), n)
	}
	if k < 0 && len(theta) > 0 {
		k = len(theta[0])
	}
	for d, row := range theta {
		if len(row) != k {
			return fmt.Errorf("export: document %d has %d topic weights, want %d", d, len(row), k)
		}
		for j, x := range row {
			if !(x >= 0) || math.IsInf(x, 1) {
				return fmt.Errorf("export: document %d, topic %d: weight %v, want a finite number >= 0", d, j, x)
			}
		}
	}
	return nil
}

// javaNumberFormat formats x >= 0 as java.text.NumberFormat.getInstance()
// with setMaximumFractionDigits(5) does in an English locale: the
// shortest decimal that reads back to x (Java's digits of x), rounded
// half to even to 5 fraction digits where it has more (on the exact
// binary value, as Java since 8 and strconv both do), trailing zeros and
// a bare point dropped, and the integer digits grouped by threes with
// commas. Above 2^36 a double has too few fraction bits for its exact
// value to round to Java's digits (43967627771292.945 is exactly
// ...292.9453125), so the shortest digits are kept there, padded with
// zeros past the last.
//
// scripts/java-formats.sh compares it with Java on 349,951 doubles:
// Temurin 25 writes every one below 2^53 (9.0e15) the same, and 292 of the
// 47,274 above otherwise, where its digits are not the shortest (1e23:
// "99,999,999,999,999,990,000,000") or are an integer's exact ones
// (70,576,798,712,031,744); OpenJDK 17 also writes 0.000005 (a double
// just above it) as "0", Temurin 25 and this as "0.00001".
func javaNumberFormat(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if _, frac, _ := strings.Cut(s, "."); len(frac) > 5 {
		s = strconv.FormatFloat(x, 'f', 5, 64)
	}
	intPart, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// readsBack reports whether the decimal s parses to x.
func readsBack(s string, x float64) bool {
	y, err := strconv.ParseFloat(s, 64)
	return err == nil && y == x
}

// appendJavaDouble appends x as Java's Double.toString writes it: the
// shortest decimal that reads back to x (as Java 19 and later compute it:
// Temurin 25 writes all 349,951 doubles of scripts/java-formats.sh the
// same; OpenJDK 17 writes 293 of them otherwise, 1e23 as
// 9.999999999999999E22), of at least two digits (the
// two-digit decimal nearest x where one digit would do: 4.9E-324 for the
// least subnormal, as Java writes it), in plain notation with at
// least one fraction digit when 1e-3 <= |x| < 1e7 ("0.25", "3.0"), else as
// d.dddE[-]n ("1.5E-4", "1.0E7"); 0 is "0.0".
func appendJavaDouble(dst []byte, x float64) []byte {
	if x == 0 {
		return append(dst, "0.0"...)
	}
	if x < 0 {
		dst = append(dst, '-')
		x = -x
	}
	// Shortest digits d1.d2d3...e±XX.
	e := strconv.FormatFloat(x, 'e', -1, 64)
	if len(e) > 1 && e[1] == 'e' { // one digit: Java's two nearest x
		if two := strconv.FormatFloat(x, 'e', 1, 64); two[2] != '0' && readsBack(two, x) {
			e = two
		}
	}
	mant, expStr, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	if x >= 1e-3 && x < 1e7 {
		// The point goes after exp+1 digits.
		point := exp + 1
		switch {
		case point <= 0:
			dst = append(dst, "0."...)
			dst = append(dst, strings.Repeat("0", -point)...)
			dst = append(dst, digits...)
		case point >= len(digits):
			dst = append(dst, digits...)
			dst = append(dst, strings.Repeat("0", point-len(digits))...)
			dst = append(dst, ".0"...)
		default:
			dst = append(dst, digits[:point]...)
			dst = append(dst, '.')
			dst = append(dst, digits[point:]...)
		}
		return dst
	}
	dst = append(dst, digits[0], '.')
	if len(digits) > 1 {
		dst = append(dst, digits[1:]...)
	} else {
		dst = append(dst, '0')
	}
	dst = append(dst, 'E')
	return strconv.AppendInt(dst, int64(exp), 10)
}
