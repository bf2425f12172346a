// Package version holds hull's release version, recorded in every model's
// provenance and printed by "hull version".
package version

// Version is hull's semantic version.
const Version = "0.1.0-dev"
