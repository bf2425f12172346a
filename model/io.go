package model

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/gz"
	"github.com/hulltopics/hull/internal/jsonerr"
)

// Save writes m as JSON to path, gzip-compressed when path ends in ".gz".
// The file is written to a temporary name in the same directory and renamed
// into place, so a failed save never leaves a half-written model. It
// encodes a topic at a time: beside the model, it holds the JSON of one
// topic and of the other fields, not of the whole file.
func Save(path string, m *Model) error {
	return SaveContext(context.Background(), path, m)
}

// SaveContext is Save that stops with ctx's error once ctx is done,
// leaving the file at path as it was (an interrupt during the write of a
// large model).
func SaveContext(ctx context.Context, path string, m *Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	out := encodable(m)
	if err := atomicfile.WriteContext(ctx, path, func(w io.Writer) error { return encode(w, out) }); err != nil {
		return fmt.Errorf("model: save: %w", err)
	}
	return nil
}

// Write encodes m as JSON to w, gzip-compressed if gz is true. As Save,
// it returns m.Validate's error, writing nothing, for a model that Read
// would refuse; and an error for a nil w, as Read for a nil reader.
func Write(w io.Writer, m *Model, gz bool) error {
	if w == nil {
		return errors.New("model: no writer (nil)")
	}
	if err := m.Validate(); err != nil {
		return err
	}
	out := encodable(m)
	if gz {
		zw := gzip.NewWriter(w)
		if err := encode(zw, out); err != nil {
			return err
		}
		return zw.Close()
	}
	return encode(w, out)
}

// encode writes out to w as json.NewEncoder(w).Encode(out) does, byte for
// byte, but one topic at a time: the encoder builds the whole document in
// memory first, about 23 bytes a topic and word (451 MB for K = 200 over
// 100,000 words) in a buffer grown by doubling. The other fields are
// encoded whole: the fields before the topics as a struct of their own,
// those after them cut from the encoding of out without its topics.
func encode(w io.Writer, out *Model) error {
	head, err := json.Marshal(struct {
		Format    int            `json:"format"`
		Algorithm string         `json:"algorithm"`
		Params    map[string]any `json:"params,omitempty"`
		K         int            `json:"k"`
		Vocab     []string       `json:"vocab"`
	}{out.Format, out.Algorithm, out.Params, out.K, out.Vocab})
	if err != nil {
		return err
	}
	rest := *out
	rest.Topics = nil
	all, err := json.Marshal(&rest)
	if err != nil {
		return err
	}
	prefix := append(head[:len(head)-1:len(head)-1], `,"topics":null`...)
	if !bytes.HasPrefix(all, prefix) {
		return errors.New("model: encode: the fields before the topics are not those of Model") // a field added to Model: see TestEncodeStreams
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.Write(prefix[:len(prefix)-len("null")])
	if out.Topics == nil {
		bw.WriteString("null")
	} else {
		bw.WriteByte('[')
		for k, row := range out.Topics {
			if k > 0 {
				bw.WriteByte(',')
			}
			b, err := json.Marshal(row)
			if err != nil {
				return err
			}
			if _, err := bw.Write(b); err != nil {
				return err // w failed: the rows left would go nowhere
			}
		}
		bw.WriteByte(']')
	}
	bw.Write(all[len(prefix):])
	bw.WriteByte('\n')
	return bw.Flush()
}

// encodable returns a shallow copy of m as Save and Write encode it: of
// format FormatVersion, with nil for each number of Params that JSON
// cannot hold (infinity, NaN: a learner's figure that overflowed), as
// Params documents; encoding/json refuses them.
func encodable(m *Model) *Model {
	out := *m
	out.Format = FormatVersion
	cloned := false
	for key, x := range m.Params {
		var f float64
		switch v := x.(type) {
		case float64:
			f = v
		case float32:
			f = float64(v)
		default:
			continue
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			if !cloned {
				out.Params, cloned = maps.Clone(m.Params), true
			}
			out.Params[key] = nil
		}
	}
	return &out
}

// Load reads a model written by Save; gzip is detected from the content,
// whatever the file name. The model is validated. Errors other than the
// file's opening start with path, as "PATH: not a hull model: ...".
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Read decodes a model from r (plain or gzip-compressed JSON) and validates
// it. A file of format version 1 (before FormatVersion 2) is migrated: its
// per-topic and per-document results move from Params to their typed
// fields, and other non-scalar Params are dropped. A file that is no
// model, or a damaged one, gives an error starting "not a hull model: "
// (a damaged gzip stream, whether truncated or corrupt, says so); a
// decoded model that fails Validate (a vocabulary word that is not valid
// UTF-8, as the file holds it, included) gives Validate's error. It
// decodes a topic at a time: beside the model, it holds the text of one
// topic, not of the whole file (294 MB, not 1.5 GB, for "hull topics" of
// a 451 MB model, K = 200 over 100,000 words). A nil r is an error, not
// a panic, as a nil model is for Validate.
func Read(r io.Reader) (*Model, error) {
	if r == nil {
		return nil, errors.New("model: no reader (nil)")
	}
	return read(r, false)
}

// read is Read, decoding the JSON object whole if whole is true (as Read
// did before it decoded a topic at a time; the tests compare them).
func read(r io.Reader, whole bool) (*Model, error) {
	src, err := gz.NewReader(bufio.NewReader(r))
	if err != nil {
		return nil, fmt.Errorf("not a hull model: %w", err)
	}
	var m Model
	file := modelFile{Model: &m}
	counted := &countingReader{r: src}
	in := bufio.NewReader(counted)
	dec := json.NewDecoder(in)
	decode := dec.Decode
	if !whole && startsObject(in) {
		decode = func(any) error { return decodeFields(dec, &file) }
	}
	if err := decode(&file); err != nil {
		return nil, fmt.Errorf("not a hull model: %w", jsonPosition(err, counted.n))
	}
	var ge *gz.Error
	var se *json.SyntaxError
	switch _, err := dec.Token(); {
	case err == io.EOF:
	case errors.As(err, &ge):
		// A bad CRC or size in the gzip trailer, or a stream cut short
		// after the model's last byte: it read as data after the model.
		return nil, fmt.Errorf("not a hull model: %w", err)
	case err == nil || errors.As(err, &se) || errors.Is(err, io.ErrUnexpectedEOF):
		return nil, fmt.Errorf("not a hull model: byte %d: data after the model", dec.InputOffset())
	default: // a read error of r
		return nil, fmt.Errorf("not a hull model: %w", err)
	}
	if err := file.words(); err != nil {
		return nil, err
	}
	switch {
	case m.Format > FormatVersion:
		return nil, fmt.Errorf("model file format %d is newer than this hull's %d: upgrade hull", m.Format, FormatVersion)
	case m.Format < 2:
		migrateV1(&m)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return &m, nil
}

// startsObject reports whether the first byte of in after JSON white
// space (within its buffer) opens an object, without consuming any.
func startsObject(in *bufio.Reader) bool {
	for n := 1; ; n++ {
		b, err := in.Peek(n)
		if err != nil {
			return false
		}
		switch b[n-1] {
		case ' ', '\t', '\n', '\r':
			continue
		case '{':
			return true
		}
		return false
	}
}

// decodeFields decodes the JSON object dec is at into file as
// dec.Decode(file) would, field after field in the file's order (so that
// a field given twice ends as the whole decoding leaves it), but each
// topic on its own: dec.Decode reads the whole object into memory first,
// three times the model's memory with its topics as text. Every field but
// the topics is decoded as a one-field object into file, its type errors
// placed at their byte in the file, as are a topic's unless white space
// precedes its comma. Syntax errors may be said in other words than the
// whole decoding's, a byte apart.
func decodeFields(dec *json.Decoder, file *modelFile) error {
	if _, err := dec.Token(); err != nil { // '{', as startsObject saw
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string) // an object's keys are strings
		if strings.EqualFold(key, "topics") {
			if file.Topics, err = decodeTopics(dec); err != nil {
				return err
			}
			continue
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		name, _ := json.Marshal(key) // a string always marshals
		one := slices.Concat([]byte("{"), name, []byte(":"), raw, []byte("}"))
		if err := json.Unmarshal(one, file); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				te.Offset += dec.InputOffset() - int64(len(raw)) - int64(len(name)+2)
			}
			return err
		}
	}
	_, err := dec.Token() // '}', or a syntax error
	return err
}

// decodeTopics decodes the value of the field "topics" a topic at a time.
func decodeTopics(dec *json.Decoder) ([][]float64, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case nil:
		return nil, nil
	case json.Delim('['):
	default:
		return nil, &json.UnmarshalTypeError{Value: jsonKind(tok), Type: reflect.TypeFor[[][]float64](), Offset: dec.InputOffset(), Field: "topics"}
	}
	topics := [][]float64{}
	for dec.More() {
		start := dec.InputOffset() // where Decode's offsets count from
		if len(topics) > 0 {
			start++ // the comma before the topic, without space before it
		}
		var row []float64
		if err := dec.Decode(&row); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				te.Field, te.Offset = "topics", start+te.Offset
			}
			return nil, err
		}
		topics = append(topics, row)
	}
	if _, err := dec.Token(); err != nil { // ']'
		return nil, err
	}
	return topics, nil
}

// jsonKind names the kind of value a JSON token that is no array starts,
// as json.UnmarshalTypeError does.
func jsonKind(tok json.Token) string {
	switch tok.(type) {
	case string:
		return "string"
	case float64, json.Number:
		return "number"
	case bool:
		return "bool"
	}
	return "object"
}

// modelFile is a Model as Read decodes it, its vocabulary undecoded:
// encoding/json turns bytes that are not UTF-8 into U+FFFD silently,
// making of a damaged (or Latin-1) word another word. Its Vocab, at a
// lower depth, takes the "vocab" field from the Model's.
type modelFile struct {
	*Model
	Vocab []json.RawMessage `json:"vocab"`
}

// words decodes f.Vocab into f.Model.Vocab: an error for a word whose
// bytes are not valid UTF-8 (in ValidateVocab's words) or that is not a
// JSON string. A JSON null is the empty word, as it decodes into a
// string, which Validate refuses.
func (f *modelFile) words() error {
	if f.Vocab == nil {
		f.Model.Vocab = nil
		return nil
	}
	vocab := make([]string, len(f.Vocab))
	for i, raw := range f.Vocab {
		if !utf8.Valid(raw) {
			return fmt.Errorf("model: vocabulary word %d %s is not valid UTF-8", i, quoteRaw(raw))
		}
		if err := json.Unmarshal(raw, &vocab[i]); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return fmt.Errorf("not a hull model: %s", jsonerr.Mismatch(te, fmt.Sprintf("vocab[%d]", i)))
			}
			return fmt.Errorf("not a hull model: vocab[%d]: %w", i, err)
		}
	}
	f.Model.Vocab = vocab
	return nil
}

// quoteRaw quotes a JSON string as its file holds it, for an error: Go
// quoting of the bytes between its quotes (escape sequences doubled).
func quoteRaw(raw []byte) string {
	if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' {
		raw = raw[1 : len(raw)-1]
	}
	const most = 64
	if len(raw) > most {
		return fmt.Sprintf("%q...", raw[:most])
	}
	return fmt.Sprintf("%q", raw)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// jsonPosition adds the byte offset to a JSON decoding error that lacks
// it; size is the bytes the decoder read, where a truncated file ends.
func jsonPosition(err error, size int64) error {
	var ge *gz.Error
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &ge):
		return err // no byte offset: the gzip stream's are not the JSON's
	case errors.As(err, &se):
		return fmt.Errorf("byte %d: %w", se.Offset, err)
	case errors.As(err, &te):
		named := *te // the field's JSON name, without the "Model." of modelFile's embedding
		named.Field = strings.TrimPrefix(te.Field, "Model.")
		return fmt.Errorf("byte %d: %s", te.Offset, jsonerr.Mismatch(&named, "the file"))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return fmt.Errorf("byte %d: the file ends inside the model: %w", size, err)
	}
	return err
}
