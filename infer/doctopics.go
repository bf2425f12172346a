package infer

import (
	"io"

	"github.com/hulltopics/hull/internal/doctopics"
)

// WriteDocTopics writes the document-topic table that "hull infer" prints
// and "hull synth" writes to doc-topics.tsv: one line per document, its id
// (backslashes doubled; tabs, line breaks, the other control and
// bidirectional characters and the invisible ones escaped as \t, \n,
// \x1b, \u202e, \u200b, so that the table is safe to print and
// ReadDocTopics gives the ids back) and then
// its K weights (%.6g,
// topics numbered as in the model), tab-separated; with header, a first
// line "id<TAB>topic1<TAB>...<TAB>topicK". ids[d] is the id of row
// theta[d], such as the DocIDs of the corpus given to Infer. It returns an
// error, before writing anything, unless there is one id per row and every
// row has the same length of finite weights >= 0 (ReadDocTopics reads
// back no other), and any error of w.
func WriteDocTopics(w io.Writer, ids []string, theta [][]float64, header bool) error {
	return doctopics.Write(w, ids, theta, header, nil)
}

// ReadDocTopics reads a table written by WriteDocTopics, with or without
// its header line (recognised on the first line by "id" and "topic1");
// blank lines are skipped and lines may end in "\r\n". It returns the ids
// and rows of weights in file order. name names the input in errors,
// which read "name:line: what is wrong": a line without an id and
// weights, a weight that is not a finite number >= 0, rows of different
// lengths, an id listed twice; or "name: no document in the table". The
// weights need not sum to 1 (they are printed to 6 digits).
func ReadDocTopics(r io.Reader, name string) (ids []string, theta [][]float64, err error) {
	return doctopics.Read(r, name)
}
