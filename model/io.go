package model

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/hulltopics/hull/internal/atomicfile"
)

// Save writes m as JSON to path, gzip-compressed when path ends in ".gz".
// The file is written to a temporary name in the same directory and renamed
// into place, so a failed save never leaves a half-written model.
func Save(path string, m *Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := atomicfile.Write(path, func(w io.Writer) error { return json.NewEncoder(w).Encode(m) }); err != nil {
		return fmt.Errorf("model: save: %w", err)
	}
	return nil
}

// Write encodes m as JSON to w, gzip-compressed if gz is true.
func Write(w io.Writer, m *Model, gz bool) error {
	if gz {
		zw := gzip.NewWriter(w)
		if err := json.NewEncoder(zw).Encode(m); err != nil {
			return err
		}
		return zw.Close()
	}
	return json.NewEncoder(w).Encode(m)
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

// Read decodes a model from r (plain or gzip-compressed JSON) and validates it.
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
	dec := json.NewDecoder(src)
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a hull model: %w", err)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return &m, nil
}
