package text_test

import (
	"encoding/json"
	"fmt"
	"log"
	"slices"

	"github.com/hulltopics/hull/text"
)

func Example() {
	tok, err := text.New(text.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", tok.Tokens(nil, "The state-of-the-art models don't converge in 2024!"))
	// Output: ["state-of-the-art" "models" "converge" "2024"]
}

func ExampleOptions_stem() {
	tok, err := text.New(text.Options{Stem: true, DropNumbers: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", tok.Tokens(nil, "Running runners ran 3 races in 1988."))
	// Output: ["run" "runner" "ran" "race"]
}

func ExampleTokenizer_Tokens() {
	tok, err := text.New(text.Options{})
	if err != nil {
		log.Fatal(err)
	}
	var toks []string // reused: no allocation once it is large enough
	for _, doc := range []string{"Ça coûte 5€ à Zürich.", "東京 and ‘Kyoto’", "rock’n’roll -- it's 'quoted'"} {
		toks = tok.Tokens(toks[:0], doc)
		fmt.Printf("%q\n", toks)
	}
	// Output:
	// ["ça" "coûte" "zürich"]
	// ["東京" "kyoto"]
	// ["rock'n'roll" "quoted"]
}

func ExampleEnglishStopWords() {
	words := text.EnglishStopWords()
	fmt.Println(len(words) > 300, slices.Contains(words, "the"), slices.Contains(words, "topic"))
	// Output: true true false
}

func ExampleDecode() {
	latin1 := []byte("\x93Caf\xe9\x94 costs \x805") // Windows-1252: curly quotes, é, €
	s, invalid := text.Decode(latin1, text.EncodingAuto)
	fmt.Println(s, invalid)

	// Under utf-8, each invalid byte becomes U+FFFD.
	s, invalid = text.Decode(latin1, text.EncodingUTF8)
	fmt.Printf("%+q %v\n", s, invalid)

	// Valid UTF-8 is kept under auto.
	s, invalid = text.Decode([]byte("Café"), text.EncodingAuto)
	fmt.Println(s, invalid)
	// Output:
	// “Café” costs €5 true
	// "\ufffdCaf\ufffd\ufffd costs \ufffd5" true
	// Café false
}

func ExampleTokenizer_Decode() {
	tok, err := text.New(text.Options{Encoding: text.EncodingAuto})
	if err != nil {
		log.Fatal(err)
	}
	s, invalid := tok.Decode([]byte("Don\x92t panic, caf\xe9 owners")) // 0x92 is ’ in Windows-1252
	fmt.Printf("%q %v\n", tok.Tokens(nil, s), invalid)
	// Output: ["panic" "café" "owners"] true
}

func ExampleCleanText() {
	post := `From: jsmith@example.edu (John Smith)
Subject: Re: Graphics cards
Lines: 9

In article <1993Apr5.1234@example.com>, bob@example.com writes:
> Which card is best?

The <b>Matrox</b> card &amp; its driver work well.
-- 
John Smith, Example University
`
	presets, err := text.ParseClean("email,markup")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(text.CleanText(post, presets))
	// Output:
	// Graphics cards
	//
	// The  Matrox  card & its driver work well.
}

func ExampleParseClean() {
	presets, err := text.ParseClean("Email, markup, email")
	fmt.Println(presets, err)
	_, err = text.ParseClean("html")
	fmt.Println(err)
	// Output:
	// [markup email] <nil>
	// text: unknown cleaning preset "html": want email, markup, a comma-separated list of them, or none
}

func ExampleDropEncodedBlocks() {
	msg := "Here is the logo:\n" +
		"begin 644 logo.gif\n" +
		"M1TE&.#EA$``0`/```````/___RP`````$``0```\"+(R/J<OM#Z.<M-J+L]Z\n" +
		"`\n" +
		"end\n" +
		"Enjoy!\n"
	fmt.Print(text.DropEncodedBlocks(msg))
	// Output:
	// Here is the logo:
	// Enjoy!
}

func ExampleOptions_dropJunk() {
	tok, err := text.New(text.Options{DropJunk: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n", tok.Tokens(nil, "A 30-year-old ran X11R5 on a 486dx in 1993: pneumonoultramicroscopicsilicovolcanoconiosis!"))
	// Output: ["30-year-old" "ran" "1993"]
}

func ExampleOptions_rulesEnglish() {
	const news = "U.S. exports rose 3.5 pct to 1,000 mln dlrs, Reagan's aides said at 9 a.m."
	for _, opts := range []text.Options{{}, {Rules: text.RulesEnglish}, {Rules: text.RulesEnglish, DropPossessive: true}} {
		tok, err := text.New(opts)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%q\n", tok.Tokens(nil, news))
	}
	// Output:
	// ["exports" "rose" "pct" "000" "mln" "dlrs" "reagan's" "aides" "said"]
	// ["u.s" "exports" "rose" "3.5" "pct" "1,000" "mln" "dlrs" "reagan's" "aides" "said"]
	// ["u.s" "exports" "rose" "3.5" "pct" "1,000" "mln" "dlrs" "reagan" "aides" "said"]
}

func ExampleOptions_Resolved() {
	opts := text.Options{Clean: []text.Clean{"email"}, StopWords: []string{"Subject", "writes", "subject"}, Stem: true}
	resolved, err := opts.Resolved() // StopWordFiles, if any, would be read into StopWords
	if err != nil {
		log.Fatal(err)
	}
	b, err := json.Marshal(resolved) // as a model records its preprocessing
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))
	// Output: {"clean":["email"],"stop_words":["subject","writes"],"stem":true}
}

// An excerpt is the start of a text as a reader sees it: cleaned, its
// white space collapsed, cut at a word.
func ExampleTokenizer_Excerpt() {
	tok, err := text.New(text.Options{Clean: []text.Clean{text.CleanMarkup}})
	if err != nil {
		log.Fatal(err)
	}
	doc := "<h1>Cocoa</h1>\n\n<p>Prices rose   sharply in London &amp; New York.</p>"
	fmt.Println(tok.Excerpt(doc, 40))
	fmt.Println(tok.Excerpt(doc, 100))
	// Output:
	// Cocoa Prices rose sharply in London &…
	// Cocoa Prices rose sharply in London & New York.
}
