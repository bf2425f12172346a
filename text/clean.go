package text

import (
	"fmt"
	"slices"
	"strings"
)

// Clean names a cleaning preset: a rewriting of a document's whole text,
// before tokenizing, that removes what is not its prose.
type Clean string

// The cleaning presets, in the order CleanText applies them.
const (
	// CleanMarkup removes SGML, HTML and XML markup. A '<' followed by an
	// ASCII letter, '/', '!' or '?' starts markup, unless no '>' follows
	// it anywhere; any other '<' is text. Markup is replaced by a space, or
	// by a newline if it spans lines, so that the words around it do not
	// join:
	//   - a tag ends at the first '>' that is not inside an attribute value
	//     quoted after '=' (or at the first '>' if the value's quote is not
	//     closed); declarations (<!DOCTYPE ...>) and processing
	//     instructions (<?xml ...?>) are removed like tags;
	//   - a comment, <!-- to -->, is removed with its content; an unclosed
	//     one runs to the end of the text, as in browsers;
	//   - a script or style element is removed with its content, code
	//     rather than text, up to its end tag or the end of the text.
	// The content of a CDATA section, <![CDATA[ to ]]> (or the end), is
	// kept as it is. In the rest of the text, character entities (&amp;
	// &lt; &eacute; &#233; &#xE9; &nbsp; ...) are decoded as by
	// html.UnescapeString; unknown ones are kept.
	CleanMarkup Clean = "markup"
	// CleanEmail keeps of a mail or Usenet post, as RFC 822 and Usenet
	// conventions write it, its subject and its own prose. It drops:
	//   - the header block at the top: lines "Name: value" and their
	//     continuation lines (starting with a space or a tab) up to the
	//     first blank line, provided all of them are such and one is a
	//     common mail or news field (From, Subject, Date, Newsgroups,
	//     Message-ID, Path, Organization, ...); an mbox "From " line may
	//     come first. The value of the first Subject field is kept as the
	//     first line, without its "Re:" prefixes ("Re:", "RE:", "Re[2]:",
	//     "Re^2:");
	//   - everything from the first signature separator, a line "-- " or
	//     "--" (white space after it aside), to the end;
	//   - quoted lines: starting with '>', or with '|' then '>', after any
	//     spaces or tabs;
	//   - attributions: a line that ends with "writes:" or "wrote:", or
	//     starts with "In article ", followed by a quoted line (blank lines
	//     between them aside), and the line before it if that one starts
	//     with "In article " (an attribution wrapped on two lines);
	//   - uuencoded and base64 data (DropEncodedBlocks).
	CleanEmail Clean = "email"
)

// cleanOrder lists the presets in the order CleanText applies them: markup
// first, for a mail in HTML is still a mail once its tags are gone.
var cleanOrder = []Clean{CleanMarkup, CleanEmail}

// ParseClean parses a comma-separated list of presets, such as
// "email,markup". Names are matched ignoring case and surrounding white
// space; "" and "none" mean no preset. The result holds each preset once,
// in the order CleanText applies them (nil for none), so that equal sets
// compare equal. The error for an unknown name lists the valid ones.
func ParseClean(list string) ([]Clean, error) {
	list = strings.TrimSpace(list)
	if list == "" || strings.EqualFold(list, "none") {
		return nil, nil
	}
	var presets []Clean
	for name := range strings.SplitSeq(list, ",") {
		c, err := parseCleanName(name)
		if err != nil {
			return nil, err
		}
		presets = append(presets, c)
	}
	return canonicalCleanList(presets), nil
}

// parseCleanName returns the preset called name.
func parseCleanName(name string) (Clean, error) {
	c := Clean(strings.ToLower(strings.TrimSpace(name)))
	if !slices.Contains(cleanOrder, c) {
		return "", fmt.Errorf("text: unknown cleaning preset %q: want email, markup, a comma-separated list of them, or none", name)
	}
	return c, nil
}

// canonicalCleanList returns the known presets of list, each once, in
// application order; nil if none.
func canonicalCleanList(list []Clean) []Clean {
	var out []Clean
	for _, c := range cleanOrder {
		for _, p := range list {
			if q, _ := parseCleanName(string(p)); q == c {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// CleanText returns s cleaned by presets, applied in a fixed order
// whatever the order of the list: CleanMarkup, then CleanEmail. A preset
// may be named in any case; an unknown one is ignored (New and ParseClean
// reject it). Valid UTF-8 in gives valid UTF-8 out. It takes time linear
// in len(s).
func CleanText(s string, presets []Clean) string {
	return applyClean(s, canonicalCleanList(presets))
}

// applyClean applies the canonical list of presets to s.
func applyClean(s string, presets []Clean) string {
	for _, c := range presets {
		switch c {
		case CleanMarkup:
			s = cleanMarkup(s)
		case CleanEmail:
			s = cleanEmail(s)
		}
	}
	return s
}
