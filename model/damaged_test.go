package model

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gzipped returns the model file of sample(), gzip-compressed.
func gzipped(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, sample(), true); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A damaged gzip stream is reported as such, in Read's usual shape: a
// bad CRC or size in the trailer, or a stream cut inside the trailer,
// read as "data after the model"; a file of the gzip magic bytes alone,
// or followed by junk, gave the bare "unexpected EOF" and "gzip: invalid
// header". Load names the file.
func TestReadDamagedGzip(t *testing.T) {
	good := gzipped(t)
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[len(b)+i] ^= 0xff
		return b
	}
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"crc":            {flip(-6), "corrupt gzip stream: gzip: invalid checksum"},
		"size":           {flip(-2), "corrupt gzip stream: gzip: invalid checksum"},
		"cut in trailer": {good[:len(good)-4], "truncated gzip stream"},
		"cut in data":    {good[:len(good)/2], "truncated gzip stream"},
		"magic only":     {[]byte{0x1f, 0x8b}, "truncated gzip stream"},
		"magic and junk": {append([]byte{0x1f, 0x8b}, "junk, no gzip header"...), "corrupt gzip stream: gzip: invalid header"},
		"junk after":     {append(bytes.Clone(good), "junk, no second gzip member"...), "corrupt gzip stream: trailing bytes that begin no gzip member"},
		"short junk":     {append(bytes.Clone(good), "junk"...), "corrupt gzip stream: trailing bytes that begin no gzip member"},
	} {
		_, err := Read(bytes.NewReader(tc.data))
		if err == nil || !strings.HasPrefix(err.Error(), "not a hull model: ") || !strings.Contains(err.Error(), tc.want) ||
			strings.Contains(err.Error(), "data after") {
			t.Errorf("%s: Read error %v, want \"not a hull model: ...%s...\"", name, err, tc.want)
		}
		path := filepath.Join(t.TempDir(), "m.json.gz")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil || !strings.HasPrefix(err.Error(), path+": not a hull model: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Load error %v, want \"%s: not a hull model: ...%s...\"", name, err, path, tc.want)
		}
	}
	if _, err := Read(bytes.NewReader(good)); err != nil {
		t.Fatal(err)
	}
}

// failingReader returns its data, then err.
type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// A read error after the model's last byte is that error, not "data
// after the model"; data after the model still is.
func TestReadErrorAfterTheModel(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, sample(), false); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	_, err := Read(&failingReader{data: b.Bytes(), err: boom})
	if !errors.Is(err, boom) || strings.Contains(err.Error(), "data after") {
		t.Errorf("error %v, want boom", err)
	}
	for _, after := range []string{" {}", " x", ` "unfinished`, " 5"} {
		_, err := Read(strings.NewReader(b.String() + after))
		if err == nil || !strings.HasPrefix(err.Error(), "not a hull model: byte ") || !strings.HasSuffix(err.Error(), ": data after the model") {
			t.Errorf("%q after the model: error %v", after, err)
		}
	}
}

// modelJSON is a model file of one topic over the words of vocab, which
// are written as they stand between quotes.
func modelJSON(vocab ...string) string {
	n := len(vocab)
	weights := strings.TrimSuffix(strings.Repeat("0,", n-1)+"1,", ",")
	return `{"format": 2, "k": 1, "vocab": ["` + strings.Join(vocab, `", "`) + `"], "topics": [[` + weights + `]]}`
}

// A vocabulary word that is not valid UTF-8, in the file's bytes (which
// encoding/json turned into U+FFFD) is refused, naming the word; words
// of other letters, with white space, and U+FFFD as the file writes it,
// load.
func TestReadVocabWords(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{modelJSON("a", "b\xffc"), `model: vocabulary word 1 "b\xffc" is not valid UTF-8`},
		{modelJSON("a", "b", "\xc3"), `model: vocabulary word 2 "\xc3" is not valid UTF-8`},
		{`{"format": 2, "k": 1, "vocab": ["a", 5], "topics": [[0, 1]]}`, "not a hull model: vocab[1] holds a JSON number, want a string"},
		{`{"format": 2, "k": 1, "vocab": ["a", null], "topics": [[0, 1]]}`, "model: vocabulary word 1 is empty"},
		{`{"format": 2, "k": 1, "vocab": "a", "topics": [[1]]}`, "not a hull model: byte 34: field vocab holds a JSON string, want an array"},
		{`{"format": 2, "k": 1, "vocab": ["a"], "topics": [[1]], "provenance": {"seed": "x"}}`, "not a hull model: byte 81: field provenance.seed holds a JSON string, want an integer"},
	} {
		_, err := Read(strings.NewReader(tc.file))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Read(%q) = %v, want %s...", tc.file, err, tc.want)
		}
	}
	for _, vocab := range [][]string{{"wörd", "日本語", "naïve", "\ufffd", "new york"}, {`\ufffd`, `caf\u00e9`, `a\"b`, `back\\slash`}} {
		m, err := Read(strings.NewReader(modelJSON(vocab...)))
		if err != nil {
			t.Errorf("%q: %v", vocab, err)
			continue
		}
		if vocab[0] == `\ufffd` && strings.Join(m.Vocab, " ") != "\ufffd café a\"b back\\slash" {
			t.Errorf("read %q", m.Vocab)
		}
	}
	m, err := Read(strings.NewReader(`{"format": 2, "k": 1, "topics": [[1]]}`))
	if err == nil || m != nil || !strings.Contains(err.Error(), "empty vocabulary") {
		t.Errorf("no vocab: %v, %v", m, err)
	}
}

func TestValidateVocabWords(t *testing.T) {
	if err := ValidateVocab([]string{"wörd", "日本語", "\ufffd", "a_b", "new york"}); err != nil {
		t.Error(err)
	}
	for _, tc := range []struct {
		vocab []string
		want  string
	}{
		{[]string{"a", "b\xff"}, `vocabulary word 1 "b\xff" is not valid UTF-8`},
		{[]string{"a", ""}, "vocabulary word 1 is empty"},
		{[]string{"a", "b", "a"}, `vocabulary words 0 and 2 are both "a"`},
	} {
		if err := ValidateVocab(tc.vocab); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ValidateVocab(%q) = %v, want %s", tc.vocab, err, tc.want)
		}
	}
	// Save refuses such a model, writing nothing.
	m := sample()
	m.Vocab[1] = "ban\xffana"
	path := filepath.Join(t.TempDir(), "m.json")
	if err := Save(path, m); err == nil || !strings.Contains(err.Error(), "vocabulary word 1") {
		t.Errorf("Save: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("Save wrote a model Read would refuse")
	}
}

// The gzip trailer's errors reach Read however the stream is read: here
// one byte at a time.
func TestReadDamagedGzipSlowly(t *testing.T) {
	b := gzipped(t)
	b[len(b)-6] ^= 0xff
	_, err := Read(io.LimitReader(oneByteReader{bytes.NewReader(b)}, int64(len(b))))
	if err == nil || !strings.Contains(err.Error(), "invalid checksum") {
		t.Errorf("error %v", err)
	}
}

type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}

// TestReadNilReader: a nil reader is an error, not a nil dereference.
func TestReadNilReader(t *testing.T) {
	m, err := Read(nil)
	if err == nil || m != nil {
		t.Fatalf("Read(nil) = %v, %v; want an error", m, err)
	}
	// Write to a nil writer panicked in the encoder.
	good := &Model{K: 1, Vocab: []string{"a"}, Topics: [][]float64{{1}}}
	for _, gz := range []bool{false, true} {
		if err := Write(nil, good, gz); err == nil {
			t.Errorf("Write(nil, gz %v): no error", gz)
		}
	}
}
