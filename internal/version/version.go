package version

// Version is hull's semantic version.
const Version = "0.1.0-dev"
