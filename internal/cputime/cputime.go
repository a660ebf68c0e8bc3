// Package cputime reads the CPU time this process has used. Benchmarks
// report it beside the wall time, because on a loaded machine (CI's two
// busy cores) wall time mostly measures the queue.
package cputime
