package learner

import (
	"context"
	"errors"
	"testing"
)

func TestRunStages(t *testing.T) {
	var ran []string
	stage := func(name string, err error) Stage {
		return Stage{Name: name, Run: func(context.Context) error { ran = append(ran, name); return err }}
	}
	boom := errors.New("boom")
	timings, err := RunStages(context.Background(), []Stage{stage("a", nil), stage("b", boom), stage("c", nil)})
	if !errors.Is(err, boom) || len(timings) != 1 || timings[0].Stage != "a" || len(ran) != 2 {
		t.Fatalf("err %v, timings %v, ran %v", err, timings, ran)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran = nil
	if _, err := RunStages(ctx, []Stage{stage("a", nil)}); !errors.Is(err, context.Canceled) || len(ran) != 0 {
		t.Fatalf("cancelled: err %v, ran %v", err, ran)
	}
}
