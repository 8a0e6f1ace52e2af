// Package e2e tests the browser extension end to end: Chromium, headless,
// with the unpacked extension, on a members-only gallery served on
// loopback, hands the gallery's pictures to a Haul that its native host
// starts. The test needs the chromium package and runs with the build tag
// browsere2e (make test-browser).
package e2e
