package text

import (
	"html"
	"strings"
)

// markup removes the markup of one text (see CleanMarkup). It finds each
// construct by searching forward only, and remembers where the last '>'
// is, so that malformed input cannot make it rescan: it takes time linear
// in the length of the text.
type markup struct {
	s      string
	lastGT int // index of the last '>' of s, -1 if none
	out    strings.Builder
}

// cleanMarkup implements CleanMarkup.
func cleanMarkup(s string) string {
	if strings.IndexByte(s, '<') < 0 && strings.IndexByte(s, '&') < 0 {
		return s
	}
	m := &markup{s: s, lastGT: strings.LastIndexByte(s, '>')}
	m.out.Grow(len(s))
	text := 0 // start of the text not yet written
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '<')
		if k < 0 {
			break
		}
		i += k
		end, content, cdata := m.construct(i)
		if end < 0 { // a '<' that starts no markup is text
			i++
			continue
		}
		m.out.WriteString(html.UnescapeString(s[text:i]))
		if cdata {
			m.out.WriteString(content) // character data, entities and all
		} else {
			m.separate(s[i:end])
		}
		text, i = end, end
	}
	m.out.WriteString(html.UnescapeString(s[text:]))
	return m.out.String()
}

// separate writes what replaces the markup removed: a space, so that the
// words around it do not join, or a newline if it spanned lines, so that
// a line-based cleaner after it (CleanEmail) sees the lines of the text.
func (m *markup) separate(removed string) {
	if strings.IndexByte(removed, '\n') >= 0 {
		m.out.WriteByte('\n')
	} else {
		m.out.WriteByte(' ')
	}
}

// construct returns the end of the markup starting with the '<' at s[i],
// or -1 if that '<' is text. For a CDATA section it also returns the
// section's content, which is kept, and cdata true.
func (m *markup) construct(i int) (end int, content string, cdata bool) {
	s := m.s
	if i >= m.lastGT {
		return -1, "", false // no '>' follows: neither a tag nor a closed construct
	}
	rest := s[i+1:]
	switch {
	case strings.HasPrefix(rest, "!--"):
		if k := strings.Index(s[i+4:], "-->"); k >= 0 {
			return i + 4 + k + len("-->"), "", false
		}
		return len(s), "", false // an unclosed comment runs to the end, as in browsers
	case strings.HasPrefix(rest, "![CDATA["):
		from := i + len("<![CDATA[")
		if k := strings.Index(s[from:], "]]>"); k >= 0 {
			return from + k + len("]]>"), s[from : from+k], true
		}
		return len(s), s[from:], true
	case rest[0] == '!' || rest[0] == '?' || rest[0] == '/':
		return m.tagEnd(i), "", false
	case isASCIILetter(rest[0]):
		return m.elementEnd(i), "", false
	}
	return -1, "", false
}

// elementEnd returns the end of the start tag at s[i], or, for a script or
// style element, of the whole element, whose content is code rather than
// text: up to its end tag, or to the end of s if it has none (as in
// browsers). It returns -1 if the tag has no '>'.
func (m *markup) elementEnd(i int) int {
	end := m.tagEnd(i)
	if end < 0 || m.s[end-2] == '/' { // no '>', or a self-closing tag
		return end
	}
	name := tagName(m.s[i+1:])
	if !strings.EqualFold(name, "script") && !strings.EqualFold(name, "style") {
		return end
	}
	for j := end; ; j += 2 {
		k := strings.Index(m.s[j:], "</")
		if k < 0 {
			return len(m.s)
		}
		j += k
		if strings.EqualFold(tagName(m.s[j+2:]), name) {
			if e := m.tagEnd(j); e >= 0 {
				return e
			}
			return len(m.s)
		}
	}
}

// tagName returns the name at the start of s: its ASCII letters, digits,
// '-', '_', ':' and '.'.
func tagName(s string) string {
	n := 0
	for n < len(s) && (isASCIILetter(s[n]) || '0' <= s[n] && s[n] <= '9' || strings.IndexByte("-_:.", s[n]) >= 0) {
		n++
	}
	return s[:n]
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// tagEnd returns the index just past the '>' that closes the tag starting
// at s[i], or -1 if none does, when the '<' is text. A '>' inside an
// attribute value quoted after '=' does not close the tag; if the value's
// closing quote is missing or comes after the last '>' of s, the tag ends at
// its first '>' instead. Such a failed search passes the last '>' of s, so
// it happens at most once for each quote character: the search is linear.
func (m *markup) tagEnd(i int) int {
	if i >= m.lastGT {
		return -1
	}
	s := m.s
	afterEq := false
	for j := i + 1; j < len(s); j++ {
		switch c := s[j]; c {
		case '>':
			return j + 1
		case '=':
			afterEq = true
			continue
		case ' ', '\t', '\n', '\r', '\f':
			continue
		case '"', '\'':
			if afterEq {
				k := strings.IndexByte(s[j+1:], c)
				if k < 0 || j+1+k > m.lastGT {
					return firstGT(s, i)
				}
				j += 1 + k
			}
		}
		afterEq = false
	}
	return firstGT(s, i)
}

// firstGT returns the index just past the first '>' after s[i], which
// tagEnd knows is there.
func firstGT(s string, i int) int {
	return i + 1 + strings.IndexByte(s[i+1:], '>') + 1
}
