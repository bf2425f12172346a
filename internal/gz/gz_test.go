package gz

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
)

func compressed(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

// TestNewReader: plain streams pass as they are, gzip ones are
// decompressed, and damaged ones (cut short, a bad checksum, a bad header)
// give an *Error that says which.
func TestNewReader(t *testing.T) {
	good := compressed(strings.Repeat("hull ", 1000))
	two := append(compressed("one "), compressed("two")...)
	badCRC := bytes.Clone(good)
	badCRC[len(badCRC)-6] ^= 0xff
	for name, tc := range map[string]struct {
		in        []byte
		want      string // content, or the error's start
		truncated bool
	}{
		"plain":     {[]byte("plain text"), "plain text", false},
		"gzip":      {good, strings.Repeat("hull ", 1000), false},
		"cut short": {good[:len(good)/2], "truncated gzip stream", true},
		"magic":     {[]byte{0x1f, 0x8b}, "truncated gzip stream", true},
		"crc":       {badCRC, "corrupt gzip stream: gzip: invalid checksum", false},
		"header":    {[]byte("\x1f\x8bjunk and more junk"), "corrupt gzip stream: gzip: invalid header", false},
		"members":   {two, "one two", false},
		// Junk after the stream, shorter or longer than a header.
		"short junk": {append(bytes.Clone(good), "junk"...), "corrupt gzip stream: trailing bytes", false},
		"long junk":  {append(bytes.Clone(good), strings.Repeat("junk", 10)...), "corrupt gzip stream: trailing bytes", false},
		"member cut": {append(bytes.Clone(good), compressed("more")[:12]...), "truncated gzip stream", true},
	} {
		r, err := NewReader(bufio.NewReader(bytes.NewReader(tc.in)))
		var got []byte
		if err == nil {
			got, err = io.ReadAll(r)
		}
		var ge *Error
		switch {
		case err == nil && string(got) != tc.want:
			t.Errorf("%s: read %d bytes, want %q", name, len(got), tc.want)
		case err != nil && (!errors.As(err, &ge) || ge.Truncated() != tc.truncated || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want an *Error starting %q (truncated %v)", name, err, tc.want, tc.truncated)
		}
	}
	// An error of the reader underneath is no *Error: the machine's,
	// within a member or after one (and a byte of the next).
	disk := errors.New("disk failure")
	for name, before := range map[string][]byte{"within": good[:20], "after": good, "after a byte": append(bytes.Clone(good), 0x1f)} {
		r, err := NewReader(bufio.NewReader(io.MultiReader(bytes.NewReader(before), iotest{disk})))
		if err == nil {
			_, err = io.ReadAll(r)
		}
		if ge := (*Error)(nil); !errors.Is(err, disk) || errors.As(err, &ge) {
			t.Errorf("a read error underneath, %s a member: %v", name, err)
		}
	}
}

// iotest is a reader that fails with err.
type iotest struct{ err error }

func (r iotest) Read([]byte) (int, error) { return 0, r.err }
