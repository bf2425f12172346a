package text_test

import (
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
