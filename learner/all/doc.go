// Package all registers every learner of hull with package learner, for
// programs that build learners by name: import it for its side effect,
//
//	import _ "github.com/hulltopics/hull/learner/all"
//
// and learner.New builds any of them (learner.Names lists them: anchor,
// anchor-kl and recover of package anchor, gibbs and vb of lda, rp, ddp
// and binning of projection, projector and kmeans of projector, score of
// topicscore, tsvd of tsvd). A program that needs a few imports their
// packages alone. It computes nothing.
package all

import (
	_ "github.com/hulltopics/hull/anchor"
	_ "github.com/hulltopics/hull/lda"
	_ "github.com/hulltopics/hull/projection"
	_ "github.com/hulltopics/hull/projector"
	_ "github.com/hulltopics/hull/topicscore"
	_ "github.com/hulltopics/hull/tsvd"
)
