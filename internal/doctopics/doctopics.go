// Package doctopics writes and reads document-topic tables: one line per
// document, tab-separated, its id and then its K topic weights. "hull
// infer" writes the inferred weights in this format and "hull synth" the
// true ones; package infer exports the functions (WriteDocTopics,
// ReadDocTopics), package synth writes its tables through this package.
package doctopics

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hulltopics/hull/internal/progress"
	"github.com/hulltopics/hull/internal/textsafe"
)

// encodeID writes a document id as a TSV field safe to print: its
// backslashes doubled, then tabs, line breaks and the other characters
// that textsafe.Data escapes written as Go escape sequences (\t,
// \x1b, \u202e, \u200b), so that decodeID gives the id back and two ids never
// share a field.
func encodeID(id string) string {
	return textsafe.Data(id)
}

// checkDistinct refuses an id given to two rows.
func checkDistinct(ids []string) error {
	row := make(map[string]int, len(ids))
	for d, id := range ids {
		if first, ok := row[id]; ok {
			return fmt.Errorf("rows %d and %d have the same document id %q: ids must name one document each", first, d, id)
		}
		row[id] = d
	}
	return nil
}

// decodeID inverts encodeID. A field that is not a valid sequence of
// escapes (a table written by another tool) is the id as it stands.
func decodeID(field string) string {
	if !strings.Contains(field, `\`) {
		return field
	}
	id, err := strconv.Unquote(`"` + strings.ReplaceAll(field, `"`, `\"`) + `"`)
	if err != nil {
		return field
	}
	return id
}

// Write writes the table of theta to w: per document its id (encoded:
// backslashes doubled, tabs, line breaks, the other control and
// bidirectional characters and the invisible ones (textsafe.Data) written
// as escape sequences, so that the table
// is safe to print and Read gives the ids back) and its weights (%.6g),
// tab-separated, after the header line
// "id<TAB>topic1<TAB>...<TAB>topicK" if header is set. It returns an
// error, before writing anything, unless there is one id per row, no id
// repeats (Read would refuse the table) and every row has the same
// length. report, if not nil, hears the rows written as
// the stage "write document topics".
func Write(w io.Writer, ids []string, theta [][]float64, header bool, report progress.Func) error {
	if len(ids) != len(theta) {
		return fmt.Errorf("%d ids for %d rows of weights", len(ids), len(theta))
	}
	if err := checkDistinct(ids); err != nil {
		return err
	}
	k := 0
	if len(theta) > 0 {
		k = len(theta[0])
	}
	for d, row := range theta {
		if len(row) != k {
			return fmt.Errorf("row %d has %d weights, row 0 %d", d, len(row), k)
		}
		for j, x := range row {
			if !(x >= 0) || math.IsInf(x, 1) { // Read refuses it: the table would not read back
				return fmt.Errorf("row %d: weight %d is %v, want a finite number >= 0", d, j, x)
			}
		}
	}
	bw := bufio.NewWriter(w)
	if header {
		bw.WriteString("id")
		for j := 1; j <= k; j++ {
			bw.WriteString("\ttopic")
			bw.WriteString(strconv.Itoa(j))
		}
		bw.WriteByte('\n')
	}
	p := progress.New(report, "write document topics", len(theta), progress.Step(len(theta)))
	var buf []byte
	for d, row := range theta {
		bw.WriteString(encodeID(ids[d]))
		for _, x := range row {
			buf = strconv.AppendFloat(append(buf[:0], '\t'), x, 'g', 6, 64)
			bw.Write(buf)
		}
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
		p.Add(1)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	p.Finish()
	return nil
}

// maxLine is the length in bytes of the longest line Read reads, 1 GiB
// (its "\n" not counted).
const maxLine = 1 << 30

// Read reads a table as Write writes it, with or without its header line
// (recognised on the first line by its fields "id" and "topic1"); blank
// lines are skipped and a line may end in "\r\n". It returns the ids,
// decoded, and weights in file order. Errors start with "name:line: " ("line N: "
// when name is empty) and say what is wrong: a line without a tab or
// longer than 1 GiB, a weight that is not a finite number >= 0,
// rows of different lengths, an id listed twice or holding a carriage
// return; or, starting with "name: ", that the table has no document or
// that reading r failed. The weights need not sum to 1.
func Read(r io.Reader, name string) (ids []string, theta [][]float64, err error) {
	return readMax(r, name, maxLine)
}

// readMax is Read of lines of at most limit bytes, "\n" excluded.
func readMax(r io.Reader, name string, limit int) (ids []string, theta [][]float64, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, min(64*1024, limit+1)), limit+1) // a token holds less than the maximum
	seen := map[string]bool{}
	k, line := -1, 0
	fail := func(format string, args ...any) error {
		at := fmt.Sprintf("line %d: ", line)
		if name != "" {
			at = fmt.Sprintf("%s:%d: ", name, line)
		}
		return fmt.Errorf(at+format, args...)
	}
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if text == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		switch {
		case line == 1 && len(fields) > 1 && fields[0] == "id" && fields[1] == "topic1":
			continue
		case len(fields) < 2:
			return nil, nil, fail("want an id and topic weights separated by tabs")
		case k >= 0 && len(fields)-1 != k:
			return nil, nil, fail("%d weights, earlier lines %d", len(fields)-1, k)
		case strings.Contains(fields[0], "\r"):
			return nil, nil, fail("document id %q holds a carriage return", fields[0])
		}
		id := decodeID(fields[0])
		if seen[id] {
			return nil, nil, fail("document %q listed twice", id)
		}
		k = len(fields) - 1
		row := make([]float64, k)
		for j, f := range fields[1:] {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil || !(x >= 0) || math.IsInf(x, 1) {
				return nil, nil, fail("weight %d is %q, want a non-negative number", j+1, f)
			}
			row[j] = x
		}
		seen[id] = true
		ids = append(ids, id)
		theta = append(theta, row)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			line++ // the line that does not fit
			return nil, nil, fail("line longer than %d bytes", limit)
		}
		if name != "" {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		return nil, nil, err
	}
	if len(ids) == 0 {
		if name != "" {
			return nil, nil, fmt.Errorf("%s: no document in the table", name)
		}
		return nil, nil, errors.New("no document in the table")
	}
	return ids, theta, nil
}
