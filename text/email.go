package text

import "strings"

// cleanEmail implements CleanEmail: the subject, then the body without its
// signature, quoted replies with their attributions, and encoded blocks.
func cleanEmail(s string) string {
	subject, body := splitHeaders(s)
	body = DropEncodedBlocks(dropQuotes(cutSignature(body)))
	if subject == "" {
		return body
	}
	return subject + "\n" + body
}

// knownHeaders are the fields of which a header block must have one: a
// text that merely starts with "Note: ..." lines keeps them.
var knownHeaders = []string{
	"from", "subject", "date", "to", "cc", "newsgroups", "message-id", "path",
	"received", "return-path", "sender", "reply-to", "organization",
	"references", "in-reply-to", "lines", "nntp-posting-host", "xref",
	"mime-version", "content-type",
}

// splitHeaders splits the header block off the top of s: after any blank
// lines, lines "Name: value" and their continuation lines (starting with
// a space or a tab), up to a blank line (white space only) or the end of s;
// an mbox "From " line may come first. It is a header block only if all
// its lines are such and it has a field of knownHeaders; otherwise the
// subject is "" and body is s. subject is the value of the first Subject
// field, unfolded, without "Re:" prefixes.
func splitHeaders(s string) (subject, body string) {
	var h headerBlock
	i := 0
	for i < len(s) {
		line, next := nextLine(s, i)
		i = next
		if strings.TrimSpace(line) == "" {
			if h.seen {
				break
			}
			continue // blank lines before the headers
		}
		if !h.add(line) {
			return "", s
		}
	}
	if !h.known {
		return "", s
	}
	return cleanSubject(h.subject.String()), s[i:]
}

// headerBlock is what splitHeaders learns of a header block, line by line.
type headerBlock struct {
	seen, known           bool // a field seen; one of knownHeaders
	inSubject, hadSubject bool // in the first Subject field; past it
	subject               strings.Builder
}

// add reads the next line of the header block, not blank, and reports
// whether it may be part of one.
func (h *headerBlock) add(line string) bool {
	name, value, isField := headerField(line, !h.seen)
	switch {
	case isField:
		h.seen = true
		h.known = h.known || isKnownHeader(name)
		isSubject := strings.EqualFold(name, "subject")
		h.inSubject, h.hadSubject = isSubject && !h.hadSubject, h.hadSubject || isSubject
		if h.inSubject {
			h.subject.WriteString(value)
		}
	case h.seen && (line[0] == ' ' || line[0] == '\t'):
		if h.inSubject {
			h.subject.WriteString(" " + strings.TrimSpace(line))
		}
	default:
		return false
	}
	return true
}

// headerField splits a header line "Name: value", reporting whether line
// is one: Name is one or more printable ASCII characters other than ':'.
// With first, an mbox "From " line counts as a field too. value is
// returned only for the Subject field, the only one kept.
func headerField(line string, first bool) (name, value string, ok bool) {
	if first && strings.HasPrefix(line, "From ") {
		return "from", "", true
	}
	name, value, ok = strings.Cut(line, ":")
	if !ok || name == "" {
		return "", "", false
	}
	for _, c := range []byte(name) {
		if c <= ' ' || c > '~' {
			return "", "", false
		}
	}
	if !strings.EqualFold(name, "subject") {
		value = ""
	}
	return name, value, true
}

// isKnownHeader reports whether name is one of knownHeaders, in any case.
func isKnownHeader(name string) bool {
	for _, h := range knownHeaders {
		if strings.EqualFold(name, h) {
			return true
		}
	}
	return false
}

// cleanSubject returns the subject value v without white space around it
// and without its reply prefixes: "Re:", "RE:", "Re[2]:", "Re^2:", any
// number of them.
func cleanSubject(v string) string {
	for {
		v = strings.TrimSpace(v)
		if len(v) < 3 || !strings.EqualFold(v[:2], "re") {
			return v
		}
		rest := v[2:]
		if rest[0] == '[' || rest[0] == '^' {
			rest = strings.TrimLeft(rest[1:], "0123456789")
			rest = strings.TrimPrefix(rest, "]")
		}
		after, ok := strings.CutPrefix(rest, ":")
		if !ok {
			return v
		}
		v = after
	}
}

// cutSignature returns body up to its first signature separator: a line
// "-- " or "--" (with any white space after it).
func cutSignature(body string) string {
	for i := 0; i < len(body); {
		line, next := nextLine(body, i)
		if strings.TrimRight(line, " \t") == "--" {
			return body[:i]
		}
		i = next
	}
	return body
}

// dropQuotes returns body without its quoted lines and without the
// attribution lines before them.
func dropQuotes(body string) string {
	if strings.IndexByte(body, '>') < 0 {
		return body // no quote: spare splitting the lines
	}
	lines := strings.SplitAfter(body, "\n")
	quote := make([]bool, len(lines))
	quoted := false
	for i, l := range lines {
		quote[i] = isQuoteLine(l)
		quoted = quoted || quote[i]
	}
	if !quoted {
		return body
	}
	drop := markAttributions(lines, quote)
	var b strings.Builder
	b.Grow(len(body))
	for i, l := range lines {
		if !drop[i] {
			b.WriteString(l)
		}
	}
	return b.String()
}

// markAttributions returns which lines to drop: the quoted ones, and the
// attributions of quote blocks. An attribution is a line that ends with
// "writes:" or "wrote:" or starts with "In article " (in any case),
// followed by a quoted line after any blank lines; when it does not start
// with "In article " itself, a line before it that does is part of it (an
// attribution wrapped on two lines).
func markAttributions(lines []string, quote []bool) []bool {
	drop := append([]bool(nil), quote...)
	blank := func(i int) bool { return strings.TrimSpace(lines[i]) == "" }
	for i, l := range lines {
		if quote[i] || !isAttribution(l) {
			continue
		}
		j := i + 1
		for j < len(lines) && !quote[j] && blank(j) {
			j++
		}
		if j == len(lines) || !quote[j] {
			continue
		}
		drop[i] = true
		if i > 0 && !quote[i-1] && !hasPrefixFold(l, "in article ") && hasPrefixFold(lines[i-1], "in article ") {
			drop[i-1] = true
		}
	}
	return drop
}

// isQuoteLine reports whether l is quoted: it starts with '>', or with '|'
// then '>', after any spaces and tabs.
func isQuoteLine(l string) bool {
	t := strings.TrimLeft(l, " \t")
	if rest, ok := strings.CutPrefix(t, "|"); ok {
		t = strings.TrimLeft(rest, " \t")
	}
	return strings.HasPrefix(t, ">")
}

// isAttribution reports whether l has the form of an attribution line.
func isAttribution(l string) bool {
	t := strings.TrimSpace(l)
	return hasSuffixFold(t, "writes:") || hasSuffixFold(t, "wrote:") || hasPrefixFold(t, "in article ")
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}
