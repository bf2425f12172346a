//go:build !linux

package main

import "os"

// peakRSS is not measured on this platform.
func peakRSS() int64 { return 0 }

// childPeakRSS is not measured on this platform.
func childPeakRSS(*os.ProcessState) int64 { return 0 }
