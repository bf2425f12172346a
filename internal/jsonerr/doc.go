// Package jsonerr says encoding/json's type errors in JSON's terms: the
// people who write hull's JSON files (models, statistics headers, JSON
// lines corpora) know objects and arrays, not the Go types they decode
// into. No paper; each call is O(1) (a pointer chain for Kind).
package jsonerr
