package text

import (
	"encoding/base64"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// uuencode returns data uuencoded as by uuencode(1), without the "begin"
// and "end" lines: lines of 45 bytes ('M' and 60 characters), the last
// shorter, then "`".
func uuencode(data []byte) string {
	enc := func(v byte) byte {
		if v == 0 {
			return '`'
		}
		return ' ' + v
	}
	var b strings.Builder
	for len(data) > 0 {
		n := min(45, len(data))
		chunk := append(data[:n:n], 0, 0) // padding for the last group
		b.WriteByte(enc(byte(n)))
		for i := 0; i < n; i += 3 {
			c0, c1, c2 := chunk[i], chunk[i+1], chunk[i+2]
			b.Write([]byte{enc(c0 >> 2), enc((c0<<4 | c1>>4) & 63), enc((c1<<2 | c2>>6) & 63), enc(c2 & 63)})
		}
		b.WriteByte('\n')
		data = data[n:]
	}
	return b.String() + "`\n"
}

// binary returns n bytes of pseudo-random data.
func binary(n int) []byte {
	b := make([]byte, n)
	x := uint32(1)
	for i := range b {
		x = x*1664525 + 1013904223
		b[i] = byte(x >> 24)
	}
	return b
}

// base64Lines returns data in base64 in lines of 76 characters, as MIME
// writes it.
func base64Lines(data []byte) string {
	s := base64.StdEncoding.EncodeToString(data)
	var b strings.Builder
	for len(s) > 76 {
		b.WriteString(s[:76] + "\n")
		s = s[76:]
	}
	return b.String() + s + "\n"
}

// newsPost is a Usenet post as in the 20 Newsgroups collection, with an
// attachment.
var newsPost = `From: jsmith@cs.example.edu (John Smith)
Subject: Re: Re: Best graphics
	card for X11R5?
Organization: Example University, Computer Science
Lines: 25
NNTP-Posting-Host: sun4.cs.example.edu

In article <1993Apr5.123456.789@news.example.com>, bob@example.com (Bob Jones) writes:
> Which card works best with X11R5 on a Sun?
>
> Thanks, Bob

The Matrox card works well here. Its driver
supports accelerated drawing.

begin 644 driver.tar.Z
` + uuencode(binary(200)) + `end

-- 
John Smith | jsmith@cs.example.edu | "Opinions are mine"
`

func TestCleanEmail(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"news post", newsPost, "Best graphics card for X11R5?\n\nThe Matrox card works well here. Its driver\nsupports accelerated drawing.\n\n\n"},
		{"headers but the subject", "From: a@b.c\nSubject: Hello\nLines: 3\n\nBody\n", "Hello\nBody\n"},
		{"reply prefixes", "Subject: Re: RE: re[2]: Re^3:Hello\nFrom: a\n\nBody", "Hello\nBody"},
		{"not a reply prefix", "Subject: Regarding: Re: x\n\nBody", "Regarding: Re: x\nBody"},
		{"first subject only", "Subject: one\nSubject: two\n\nBody", "one\nBody"},
		{"no subject", "From: a@b.c\nDate: today\n\nBody\n", "Body\n"},
		{"mbox From line", "From a@b.c Mon Apr  5 10:00:00 1993\nSubject: Hi\n\nBody", "Hi\nBody"},
		{"leading blank lines", "\n\nFrom: a\nSubject: Hi\n\nBody", "Hi\nBody"},
		{"only headers", "From: a\nSubject: Hi\n", "Hi\n"},
		{"CRLF", "Subject: Hi\r\nFrom: a\r\n\r\nBody\r\n> q\r\n", "Hi\nBody\r\n"},
		{"unknown fields are text", "Title: A study\nAuthor: Me\n\nBody\n", "Title: A study\nAuthor: Me\n\nBody\n"},
		{"prose after fields is text", "From: me\nThis line is prose.\n\nBody\n", "From: me\nThis line is prose.\n\nBody\n"},
		{"quotes", "I agree.\n> quoted\n  > indented\n|> bar\n | > spaced bar\n>> nested\nReply.\n", "I agree.\nReply.\n"},
		{"pipe alone is text", "| a table cell |\n", "| a table cell |\n"},
		{"attribution", "In article <x@y>, a@b (A) writes:\n> q\nAnswer\n", "Answer\n"},
		{"wrapped attribution", "Hello.\nIn article <1993@news.edu>\nbob@x.edu (Bob) writes:\n\n> q\n\nAnswer\n", "Hello.\n\n\nAnswer\n"},
		{"wrote attribution", "On Mon, 5 Apr 1993, Bob Jones wrote:\n> q\nA\n", "A\n"},
		{"attribution without quote kept", "As Knuth writes:\nPremature optimization.\n", "As Knuth writes:\nPremature optimization.\n"},
		{"signature", "Body\n-- \nJohn\n", "Body\n"},
		{"signature without space", "Body\n--\nJohn", "Body\n"},
		{"signature CRLF", "Body\r\n-- \r\nJohn\r\n", "Body\r\n"},
		{"first signature", "Body\n-- \nJohn\n-- \nForwarded\n", "Body\n"},
		{"dashes are text", "Body\n---\na -- b\n> -- \nEnd", "Body\n---\na -- b\nEnd"},
		{"base64 attachment", "See the file.\n\n" + base64Lines(binary(300)) + "\nBye\n", "See the file.\n\n\nBye\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CleanText(tc.in, []Clean{CleanEmail}); got != tc.want {
				t.Errorf("CleanText(%q, email)\n= %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

// fields normalises white space for comparing the output of markup
// cleaning.
func fields(s string) string { return strings.Join(strings.Fields(s), " ") }

const htmlPage = `<!DOCTYPE html>
<html><head><title>Caf&eacute; prices</title>
<style type="text/css">body { color: red } p > a { font: x }</style>
<SCRIPT type="text/javascript">if (a < b && c > d) { document.write("<p>hidden</p>") }</SCRIPT>
</head>
<body><!-- a comment with <b>tags</b> -->
<p class="intro" title="a > b" data-x='1>0'>Fish &amp; chips cost &euro;5 &#8212; or &#xE9;t&eacute; &lt;sic&gt;&nbsp;now.</p>
<p>Line<br/>break and <![CDATA[raw <text> &amp; more]]> end</p>
<img src="x.png" alt="logo"/>
</body></html>
`

const reutersRecord = `<REUTERS TOPICS="YES" LEWISSPLIT="TRAIN" NEWID="5">
<DATE>26-FEB-1987 15:10:44.60</DATE>
<TOPICS><D>grain</D></TOPICS>
<TEXT>&#2;
<TITLE>U.S. GRAIN CARLOADINGS</TITLE>
<DATELINE>    WASHINGTON, Feb 26 - </DATELINE><BODY>Grain shipments by &lt;Conrail> rose 12 pct.
 Reuter
&#3;</BODY></TEXT>
</REUTERS>
`

func TestCleanMarkup(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"html page", htmlPage, "Café prices Fish & chips cost €5 — or été <sic> now. Line break and raw <text> &amp; more end"},
		{"reuters sgml", reutersRecord, "26-FEB-1987 15:10:44.60 grain \x02 U.S. GRAIN CARLOADINGS WASHINGTON, Feb 26 - Grain shipments by <Conrail> rose 12 pct. Reuter \x03"},
		{"tags separate words", "a<b>b</b>c<br>d", "a b c d"},
		{"xml declaration", `<?xml version="1.0"?><r a="1">t</r>`, "t"},
		{"text without markup", "3 > 2 & 1 < 2", "3 > 2 & 1 < 2"},
		{"lone less-than", "a < b, c <= d, <3, <", "a < b, c <= d, <3, <"},
		{"no closing bracket", "if x<y then z", "if x<y then z"},
		{"letter bracket later", "x<y then> z", "x z"},
		{"unclosed comment drops the rest", "kept <!-- dropped > and this", "kept"},
		{"no closing bracket at all", "kept <!-- kept <![CDATA[ <p", "kept <!-- kept <![CDATA[ <p"},
		{"unclosed script drops the rest", "kept <script>var x = 1", "kept"},
		{"unclosed CDATA is text", "a <![CDATA[b <c>", "a b <c>"},
		{"script end tag in any case", "<script>x</ScRiPt >y", "y"},
		{"script end needs the name", "<script>a</scripts>b</script>c", "c"},
		{"self-closing script", `<script src="a.js"/>text`, "text"},
		{"quoted greater-than", `<a title="x > y">link</a>`, "link"},
		{"unterminated quote", `<a title="x>link`, "link"},
		{"quote not after equals", `<a b"c>d`, "d"},
		{"entities", "&amp;lt; &#0; &#x110000; &bogus; &#150;", "&lt; \uFFFD \uFFFD &bogus; –"},
		{"declaration", "<!ENTITY x 'y'>z", "z"},
		{"end tag alone", "a</p>b", "a b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CleanText(tc.in, []Clean{CleanMarkup}); fields(got) != tc.want {
				t.Errorf("CleanText(%q, markup)\n= %q\nwant %q (white space aside)", tc.in, got, tc.want)
			}
		})
	}
}

// TestCleanMarkupLines checks that markup spanning lines leaves a line
// break, so that CleanEmail after it sees the lines.
func TestCleanMarkupLines(t *testing.T) {
	in := "<p>Hello</p><!--\n-->\n<div\nclass=x>> quoted</div>"
	if got, want := CleanText(in, []Clean{CleanMarkup}), " Hello \n\n\n> quoted "; got != want {
		t.Errorf("markup: got %q, want %q", got, want)
	}
	if got, want := CleanText(in, []Clean{CleanEmail, CleanMarkup}), " Hello \n\n\n"; got != want {
		t.Errorf("markup then email: got %q, want %q", got, want)
	}
}

// TestCleanLinear runs the cleaners on inputs that would take hours if a
// search restarted at every '<', quote or line.
func TestCleanLinear(t *testing.T) {
	const n = 200_000
	for _, s := range []string{
		strings.Repeat("<a x='", n), strings.Repeat("<a x=\"y", n) + ">", strings.Repeat("<!--", n),
		strings.Repeat("<script>", n), strings.Repeat("</", n), strings.Repeat("<a", n),
		strings.Repeat("<![CDATA[", n), "<a " + strings.Repeat("x='y' ", n), strings.Repeat("<a b='>", n),
	} {
		CleanText(s, []Clean{CleanMarkup})
	}
	full := "M" + strings.Repeat("A", 60) + "\n"
	b64 := strings.Repeat("QUJD", 12) + "\n"
	for _, s := range []string{
		strings.Repeat(full+full+"x\n", n/10), strings.Repeat(b64+b64+"x\n", n/10),
		strings.Repeat("a writes:\n\n", n/10), strings.Repeat("From: a\n", n/10) + "x",
		"begin 644 f\n" + strings.Repeat("ABC\n", n/10),
	} {
		CleanText(s, []Clean{CleanEmail})
	}
}

func TestDropEncodedBlocks(t *testing.T) {
	data := binary(500)
	uu := uuencode(data)
	uuLines := strings.SplitAfter(uu, "\n")
	full := "M" + strings.Repeat("A", 60) + "\n"
	b64 := base64Lines(data)
	tests := []struct {
		name, in, want string
	}{
		{"uuencoded file", "Here:\nbegin 644 pic.gif\n" + uu + "end\nBye\n", "Here:\nBye\n"},
		{"uuencoded file without end", "begin 0644 pic.gif\n" + uu + "\nBye\n", "\nBye\n"},
		{"uuencoded CRLF", "a\r\nbegin 644 x\r\n" + strings.ReplaceAll(uu, "\n", "\r\n") + "end\r\nb", "a\r\nb"},
		{"uuencoded part without begin", "Part 2/5\n" + strings.Join(uuLines[:5], "") + "Part 3/5\n", "Part 2/5\nPart 3/5\n"},
		{"last part of a file", "x\n" + strings.Join(uuLines[4:], "") + "end\ny", "x\ny"},
		{"two full lines are kept", "x\n" + full + full + "y", "x\n" + full + full + "y"},
		{"shout is not uuencoded", "x\nBEGIN 644 NOW\nM" + strings.Repeat("E", 30) + "\n", "x\nBEGIN 644 NOW\nM" + strings.Repeat("E", 30) + "\n"},
		{"base64", "See:\n\n" + b64 + "\nBye", "See:\n\n\nBye"},
		{"base64 at the end", "See:\n" + strings.TrimSuffix(b64, "\n"), "See:\n"},
		{"base64 with a space is kept", strings.Repeat(strings.Repeat("ab", 20)+" c\n", 3), strings.Repeat(strings.Repeat("ab", 20)+" c\n", 3)},
		{"two base64 lines are kept", "x\n" + strings.Join(strings.SplitAfter(b64, "\n")[:2], "") + "y", "x\n" + strings.Join(strings.SplitAfter(b64, "\n")[:2], "") + "y"},
		{"short word after base64 kept", strings.Join(strings.SplitAfter(b64, "\n")[:3], "") + "John\n", "John\n"},
		{"unpadded tail", strings.Join(strings.SplitAfter(b64, "\n")[:3], "") + "ab+c\nnice", "nice"},
		{"prose", "Just text.\nMore text here.\n", "Just text.\nMore text here.\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := DropEncodedBlocks(tc.in); got != tc.want {
				t.Errorf("DropEncodedBlocks(%q)\n= %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
	s := "nothing to drop\n"
	if unsafe.StringData(DropEncodedBlocks(s)) != unsafe.StringData(s) {
		t.Error("DropEncodedBlocks copied a text it did not change")
	}
}

func TestParseClean(t *testing.T) {
	for list, want := range map[string][]Clean{
		"": nil, " ": nil, "none": nil, "NONE": nil,
		"email": {CleanEmail}, "markup,email": {CleanMarkup, CleanEmail},
		"Email, MARKUP ,email": {CleanMarkup, CleanEmail},
	} {
		if got, err := ParseClean(list); !slices.Equal(got, want) || err != nil {
			t.Errorf("ParseClean(%q) = %q, %v; want %q", list, got, err, want)
		}
	}
	for _, list := range []string{"html", "email,,markup", "none,email", "email;markup"} {
		_, err := ParseClean(list)
		if err == nil || !strings.Contains(err.Error(), "want email, markup") {
			t.Errorf("ParseClean(%q): error %v, want one naming the presets", list, err)
		}
	}
}

func TestCleanTextOrder(t *testing.T) {
	in := "Subject: <b>Hi</b>\n\n<p>Body</p>\n&gt; quoted\n"
	want := "Hi\n Body \n" // the entity became a quote mark before email cleaning
	for _, presets := range [][]Clean{{CleanMarkup, CleanEmail}, {CleanEmail, CleanMarkup}, {"EMAIL", "markup", "email"}} {
		if got := CleanText(in, presets); got != want {
			t.Errorf("CleanText(%q, %q) = %q, want %q", in, presets, got, want)
		}
	}
	if got := CleanText(in, []Clean{"bogus"}); got != in {
		t.Errorf("an unknown preset changed the text to %q", got)
	}
}

// linesSubsequence reports whether out is made of lines of in, in order.
func linesSubsequence(in, out string) bool {
	inLines := slices.Collect(strings.Lines(in))
	j := 0
	for l := range strings.Lines(out) {
		for j < len(inLines) && inLines[j] != l {
			j++
		}
		if j == len(inLines) {
			return false
		}
		j++
	}
	return true
}

// fuzzClean checks a cleaner on arbitrary text: no panic, valid UTF-8 in
// gives valid UTF-8 out, and check holds.
func fuzzClean(f *testing.F, seeds []string, clean func(string) string, check func(t *testing.T, in, out string)) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := clean(s)
		if utf8.ValidString(s) && !utf8.ValidString(out) {
			t.Fatalf("valid UTF-8 %q gives invalid %q", s, out)
		}
		check(t, s, out)
	})
}

func FuzzCleanMarkup(f *testing.F) {
	seeds := []string{htmlPage, reutersRecord, "a<b", "<a x='>'>", "<!--", "<![CDATA[x", "<script>a</script", "&amp;", "<\xff>"}
	fuzzClean(f, seeds, cleanMarkup, func(t *testing.T, in, out string) {
		if !strings.ContainsAny(in, "<&") && out != in {
			t.Fatalf("text without markup %q changed to %q", in, out)
		}
	})
}

func FuzzCleanEmail(f *testing.F) {
	seeds := []string{newsPost, "Subject: Re:\n\nx", "From: a\n b\nSubject: c\n\td\n\n> e\n--\nf", "In article <x>\nwrites:\n\n> q"}
	fuzzClean(f, seeds, cleanEmail, func(t *testing.T, in, out string) {
		if len(out) > len(in) {
			t.Fatalf("cleaning %q made it longer: %q", in, out)
		}
	})
}

func FuzzDropEncodedBlocks(f *testing.F) {
	data := binary(100)
	seeds := []string{"begin 644 x\n" + uuencode(data) + "end\n", base64Lines(data), "a\r\nb", "M\nM\nM\n",
		"begin 100 metres race\nRESULTS OF THE RACE:\n#AB\n`\nend\n"}
	fuzzClean(f, seeds, DropEncodedBlocks, func(t *testing.T, in, out string) {
		if !linesSubsequence(in, out) {
			t.Fatalf("DropEncodedBlocks(%q) = %q, not lines of the input", in, out)
		}
	})
}

// FuzzParseClean parses arbitrary --clean lists: no panic; an error quotes
// a name; a list parsed is canonical (each preset once, in CleanText's
// order) and parses back from its names joined to itself.
func FuzzParseClean(f *testing.F) {
	for _, s := range []string{"", "none", "email", "Markup, EMAIL", "email,email", "x", ",", " none ", "email,,markup"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		presets, err := ParseClean(list)
		if err != nil {
			if !strings.Contains(err.Error(), "unknown cleaning preset") {
				t.Fatalf("ParseClean(%q): error %q", list, err)
			}
			return
		}
		if want := canonicalCleanList(presets); !slices.Equal(presets, want) {
			t.Fatalf("ParseClean(%q) = %q, not canonical (%q)", list, presets, want)
		}
		names := make([]string, len(presets))
		for i, c := range presets {
			names[i] = string(c)
		}
		back, err := ParseClean(strings.Join(names, ","))
		if err != nil || !slices.Equal(back, presets) {
			t.Fatalf("ParseClean(%q) = %q; its names parse to %q, %v", list, presets, back, err)
		}
	})
}

// TestDropEncodedBlocksUULines checks that only genuine uuencoded lines,
// whose first character gives their length, follow a "begin" line: a
// line of capitals after "begin 100 metres race" is prose and kept, while
// files of every length, as uuencode writes them, with a checksum
// character or with a final space stripped, are dropped.
func TestDropEncodedBlocksUULines(t *testing.T) {
	for _, in := range []string{
		"begin 100 metres race\nRESULTS OF THE RACE:\nFIRST PLACE WINNER\nthe end",
		"begin 644 pictures\n \nSEE BELOW\n",                        // a line of a space encodes no bytes
		"begin 644 x\n`\nend\n",                                     // nor does "`"
		"begin 2010 TEAM\n#AB\nend\n",                               // '#': 3 bytes in 4 to 6 characters
		"x\n" + strings.Repeat("M"+strings.Repeat("!", 63)+"\n", 3), // too long for 'M'
	} {
		if got := DropEncodedBlocks(in); got != in {
			t.Errorf("DropEncodedBlocks(%q) = %q, want it unchanged", in, got)
		}
	}
	for n := 1; n <= 140; n++ {
		uu := uuencode(binary(n))
		if got, in := DropEncodedBlocks("a\nbegin 644 f.bin\n"+uu+"end\nb\n"), "a\nb\n"; got != in {
			t.Fatalf("%d bytes: got %q, want %q", n, got, in)
		}
	}
	// A checksum character after each line (as some encoders write).
	var sum strings.Builder
	for _, line := range strings.SplitAfter(uuencode(binary(200)), "\n") {
		if body := strings.TrimSuffix(line, "\n"); len(body) > 1 {
			sum.WriteString(body + "Z\n")
		}
	}
	if got := DropEncodedBlocks("a\nbegin 644 f\n" + sum.String() + "`\nend\nb"); got != "a\nb" {
		t.Errorf("with checksums: got %q", got)
	}
	// A full line whose last character, a space for 0, a mailer stripped.
	data := append(binary(44), 0x40)
	line, _, _ := strings.Cut(uuencode(data), "\n")
	stripped := strings.TrimSuffix(line, "`")
	if len(stripped) != 60 {
		t.Fatalf("line %q does not end with a 0", line)
	}
	if got := DropEncodedBlocks("a\nbegin 644 f\n" + stripped + "\n \nend\nb"); got != "a\nb" {
		t.Errorf("a stripped line: got %q", got)
	}
}
