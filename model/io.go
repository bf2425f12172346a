package model

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"

	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/jsonerr"
)

// Save writes m as JSON to path, gzip-compressed when path ends in ".gz".
// The file is written to a temporary name in the same directory and renamed
// into place, so a failed save never leaves a half-written model.
func Save(path string, m *Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	out := encodable(m)
	if err := atomicfile.Write(path, func(w io.Writer) error { return json.NewEncoder(w).Encode(out) }); err != nil {
		return fmt.Errorf("model: save: %w", err)
	}
	return nil
}

// Write encodes m as JSON to w, gzip-compressed if gz is true. As Save,
// it returns m.Validate's error, writing nothing, for a model that Read
// would refuse.
func Write(w io.Writer, m *Model, gz bool) error {
	if err := m.Validate(); err != nil {
		return err
	}
	out := encodable(m)
	if gz {
		zw := gzip.NewWriter(w)
		if err := json.NewEncoder(zw).Encode(out); err != nil {
			return err
		}
		return zw.Close()
	}
	return json.NewEncoder(w).Encode(out)
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
// whatever the file name. The model is validated.
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
// fields, and other non-scalar Params are dropped.
func Read(r io.Reader) (*Model, error) {
	br := bufio.NewReader(r)
	var src io.Reader = br
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		src = zr
	}
	var m Model
	counted := &countingReader{r: src}
	dec := json.NewDecoder(counted)
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a hull model: %w", jsonPosition(err, counted.n))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("not a hull model: byte %d: data after the model", dec.InputOffset())
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
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("byte %d: %w", se.Offset, err)
	case errors.As(err, &te):
		return fmt.Errorf("byte %d: %s", te.Offset, jsonerr.Mismatch(te, "the file"))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return fmt.Errorf("byte %d: the file ends inside the model: %w", size, err)
	}
	return err
}
