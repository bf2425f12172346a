// Package version holds hull's release version, recorded in every model's
// provenance and printed by "hull version".
//
// Complexity: constant.
package version
