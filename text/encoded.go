package text

import "strings"

// Limits of the encoded blocks DropEncodedBlocks recognises.
const (
	minEncodedRun  = 3  // lines in a run of uuencoded or base64 lines without a "begin" line
	minBase64Line  = 40 // bytes in a line of a base64 run (MIME writes 76)
	maxUULineBytes = 45 // bytes encoded in a full uuencoded line, 'M'
	maxUUTrailLine = 2  // short uuencoded lines after a run: the last, partial line and "`"
)

// DropEncodedBlocks returns s without the lines of uuencoded and base64
// data, which are binary files (pictures, programs) mailed as text and
// would give thousands of nonsense tokens. Lines end at '\n', and a '\r'
// before it is ignored. A uuencoded line is of the characters ' ' to '`'
// only (the uuencode alphabet); its first character gives the number n of
// bytes it encodes, 0 to 45 (its code minus 32, '`' for 0), and its length
// is 1+4*ceil(n/3), or one character more (the pad or checksum character
// some encoders add) or one less (a final space, which older encoders
// write for a 0 and mailers strip). It drops:
//
//   - a uuencoded file: a line "begin MODE NAME" (MODE of 3 or 4 octal
//     digits), the uuencoded lines after it, of which at least one must
//     encode bytes (n > 0), and an "end" line after them;
//   - a uuencoded file whose "begin" line is elsewhere (a file posted in
//     parts): a run of at least 3 full uuencoded lines (n = 45: 'M' and
//     59 to 61 characters), with at most 2 other uuencoded lines after it
//     (the last bytes, and "`") and an "end" line;
//   - base64 data: a run of at least 3 lines of at least 40 characters
//     each, all of the base64 alphabet (A-Z, a-z, 0-9, '+', '/', '=', no
//     space), and the line after it if it is of that alphabet, its
//     length is a multiple of 4, and it ends with '=' or has a digit, '+'
//     or '/' (the last, shorter line, but not a word like "John").
//
// Prose never matches: its lines have lower-case letters, and a line of
// capitals, digits and punctuation is taken for uuencoded only if its
// first character gives its length ("RESULTS OF THE RACE:" would encode
// 50 bytes, more than a line holds) and for base64 only if it has no
// space. Only whole lines are dropped, so valid UTF-8 in gives valid UTF-8
// out. It takes time linear in len(s) and returns s itself when nothing is
// dropped.
func DropEncodedBlocks(s string) string {
	var b strings.Builder
	kept := 0 // s[kept:i] is kept but not yet written to b
	for i := 0; i < len(s); {
		n := encodedBlockLen(s, i)
		if n == 0 {
			_, i = nextLine(s, i)
			continue
		}
		b.WriteString(s[kept:i])
		i += n
		kept = i
	}
	if kept == 0 {
		return s
	}
	b.WriteString(s[kept:])
	return b.String()
}

// nextLine returns the line of s starting at i, without its '\n' and any
// '\r' before it, and the start of the next line.
func nextLine(s string, i int) (line string, next int) {
	j := strings.IndexByte(s[i:], '\n')
	if j < 0 {
		line, next = s[i:], len(s)
	} else {
		line, next = s[i:i+j], i+j+1
	}
	return strings.TrimSuffix(line, "\r"), next
}

// encodedBlockLen returns the length in bytes of the encoded block that
// starts with the line at s[i], 0 if none does.
func encodedBlockLen(s string, i int) int {
	line, next := nextLine(s, i)
	switch {
	case isUUBegin(line):
		data := false // a line after "begin" encodes bytes
		end := skipLines(s, next, -1, func(l string) bool {
			n, ok := uuLine(l)
			data = data || n > 0
			return ok
		})
		if !data {
			return 0
		}
		return skipEnd(s, end) - i
	case isUUFullLine(line):
		end := skipLines(s, i, -1, isUUFullLine)
		if countLines(s[i:end]) < minEncodedRun {
			return 0
		}
		end = skipLines(s, end, maxUUTrailLine, func(l string) bool { _, ok := uuLine(l); return ok })
		return skipEnd(s, end) - i
	case isBase64Line(line):
		end := skipLines(s, i, -1, isBase64Line)
		if countLines(s[i:end]) < minEncodedRun {
			return 0
		}
		return skipLines(s, end, 1, isBase64Tail) - i
	}
	return 0
}

// skipLines returns the start of the first line at or after s[i] that is
// not ok, passing at most max lines (any number if max < 0).
func skipLines(s string, i, max int, ok func(string) bool) int {
	for n := 0; i < len(s) && n != max; n++ {
		line, next := nextLine(s, i)
		if !ok(line) {
			break
		}
		i = next
	}
	return i
}

// skipEnd returns the start of the line after s[i] if that line is "end",
// else i.
func skipEnd(s string, i int) int {
	return skipLines(s, i, 1, func(l string) bool { return strings.TrimSpace(l) == "end" })
}

// countLines returns the number of lines in s, a run of whole lines.
func countLines(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && s[len(s)-1] != '\n' {
		n++
	}
	return n
}

// isUUBegin reports whether line is "begin MODE NAME".
func isUUBegin(line string) bool {
	rest, ok := strings.CutPrefix(line, "begin ")
	if !ok {
		return false
	}
	mode, name, ok := strings.Cut(rest, " ")
	if !ok || len(mode) < 3 || len(mode) > 4 || strings.TrimSpace(name) == "" {
		return false
	}
	for _, c := range []byte(mode) {
		if c < '0' || c > '7' {
			return false
		}
	}
	return true
}

// uuLine reports whether line is a uuencoded line, as DropEncodedBlocks
// defines it, and returns the number of bytes it encodes (0 if it is not
// one).
func uuLine(line string) (n int, ok bool) {
	if line == "" {
		return 0, false
	}
	for _, c := range []byte(line) {
		if c < ' ' || c > '`' {
			return 0, false
		}
	}
	n = int(line[0]-' ') & 63 // '`' encodes 0
	if n > maxUULineBytes {
		return 0, false
	}
	if want := 1 + 4*((n+2)/3); len(line) < want-1 || len(line) > want+1 {
		return 0, false
	}
	return n, true
}

// isUUFullLine reports whether line is a full uuencoded line, of 45 bytes.
func isUUFullLine(line string) bool {
	n, ok := uuLine(line)
	return ok && n == maxUULineBytes
}

// isBase64Line reports whether line belongs in a base64 run.
func isBase64Line(line string) bool {
	return len(line) >= minBase64Line && isBase64(line)
}

// isBase64Tail reports whether line may be the last, shorter line of
// base64 data: of the alphabet, of a length multiple of 4, and padded
// with '=' or holding a digit, '+' or '/', so that a word such as "nice"
// or "John" after the data is not taken for it.
func isBase64Tail(line string) bool {
	return line != "" && len(line)%4 == 0 && isBase64(line) &&
		(strings.HasSuffix(line, "=") || strings.ContainsAny(line, "0123456789+/"))
}

// isBase64 reports whether line is of the base64 alphabet.
func isBase64(line string) bool {
	for _, c := range []byte(line) {
		if !isASCIILetter(c) && (c < '0' || c > '9') && c != '+' && c != '/' && c != '=' {
			return false
		}
	}
	return true
}
