package learner_test

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/learner"
)

// FuzzBuild sets one option of one registered learner from an arbitrary
// string, as the command line's flags and learner.New do: no panic; a
// refusal is a *learner.OptionError of that learner and field; a value
// that is not a finite number never builds a learner from a float option
// (NaN and infinities pass Set; the learners must refuse them, except an
// infinity where the option's usage gives "inf" a meaning).
func FuzzBuild(f *testing.F) {
	specs := learner.Specs()
	for i, sp := range specs {
		for j, o := range sp.Options {
			for _, v := range []string{sp.Default(o), "0", "-1", "NaN", "inf", "1e308", "x"} {
				f.Add(uint8(i), uint8(j), v)
			}
		}
	}
	f.Fuzz(func(t *testing.T, i, j uint8, value string) {
		sp := specs[int(i)%len(specs)]
		name := "no-such-option"
		var o learner.Option
		if len(sp.Options) > 0 && int(j) < 2*len(sp.Options) {
			o = sp.Options[int(j)%len(sp.Options)]
			name = o.Flag
		}
		l, err := sp.Build(learner.Settings{}, map[string]string{name: value})
		if err != nil {
			var oe *learner.OptionError
			if !errors.As(err, &oe) || oe.Learner != sp.Name {
				t.Fatalf("%s --%s %q: error %v (%T) is not an *OptionError of %s", sp.Name, name, value, err, err, sp.Name)
			}
			return
		}
		if l == nil {
			t.Fatalf("%s --%s %q: no learner and no error", sp.Name, name, value)
		}
		x, perr := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if perr != nil || sp.Kind(o) != "float" {
			return
		}
		if math.IsNaN(x) {
			t.Fatalf("%s --%s %q: NaN accepted", sp.Name, name, value)
		}
		if math.IsInf(x, 0) && !strings.Contains(o.Usage, "inf") {
			t.Fatalf("%s --%s %q: an infinity accepted where the usage does not give it a meaning", sp.Name, name, value)
		}
	})
}
