module github.com/hulltopics/hull

go 1.26
