// Package version holds errcat's own version. It lives apart from the
// CLI because generated code names the errcat that wrote it, and the
// staleness test of gen/ must compute the same header.
package version

// Version is errcat's release version.
const Version = "0.1.0"
