// Package docs holds the documentation pages (docs/*.md) and the test that
// runs the examples of those pages and of the README: every console block's
// commands are run, in a fresh copy of the repository with the sudoku
// command on the PATH, and their output is compared with the page's.
package docs
