#!/usr/bin/env python3
"""Writes tables/runtimes/go-idna.txt: what Go's golang.org/x/net/idna
(`idna.Lookup.ToASCII`, idna10.0.0.go with tables13.0.0.go) reads per code
point, asked of the installed package itself, and the Unicode data of the
golang.org/x/text and Go release it runs on:

* `idna`: the category of the package's trie (`info.category()`, named as
  the package names its constants: unknown, mapped, disallowedSTD3Mapped,
  deviation, valid, validNV8, validXV8, disallowed, disallowedSTD3Valid,
  ignored) and, where the entry is mapped (`info.isMapped()`), what
  `appendMapping` writes for the code point alone;
* `info`: the entry's attributes as its methods read them: `isBidi` (for
  the code point alone), `isModifier`, `isViramaModifier`, and the
  `mayNeedNorm` bit of the raw entry (which `validateAndMap` ORs over a
  name);
* `join`: `info.joinType()` (L, D, T or R; absent: none);
* `class`: `bidi.LookupRune(r).Class()` of golang.org/x/text/unicode/bidi
  (the Bidi Rule's and `DirectionString`'s data);
* `print`: `strconv.IsPrint` (how `%q` writes a label in an error);
* `assigned`: a code point in one of Go's `unicode` categories (L, M, N, P,
  S, Z, C), that is, assigned in the Unicode version of the Go release.

The package's internals are read by adding one file of our own to a copy
of the package's non-test sources in a scratch GOPATH (the copy shadows
/usr/share/gocode for golang.org/x/net/idna; golang.org/x/text comes from
/usr/share/gocode), then running a small main program. Needs Debian 12's
golang-go (Go 1.19) and golang-golang-x-net-dev (0.7.0).

    python3 scripts/go_idna_tables.py > tables/runtimes/go-idna.txt

Lines: `KIND;FIRST..LAST;VALUE` (FIRST..LAST inclusive, hexadecimal; for
`idna`, VALUE is the category, then the mapping's code points).
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

GOCODE = "/usr/share/gocode"
PACKAGE = "golang.org/x/net/idna"

# Our file inside the package: it reads the trie as the package does.
FACTS_GO = r'''
package idna

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

var categoryNames = map[category]string{
	unknown: "unknown", mapped: "mapped", disallowedSTD3Mapped: "disallowedSTD3Mapped",
	deviation: "deviation", valid: "valid", validNV8: "validNV8", validXV8: "validXV8",
	disallowed: "disallowed", disallowedSTD3Valid: "disallowedSTD3Valid", ignored: "ignored",
}

var classNames = []string{"L", "R", "EN", "ES", "ET", "AN", "CS", "B", "S", "WS", "ON", "BN",
	"NSM", "AL", "Control", "numClass", "LRO", "RLO", "LRE", "RLE", "PDF", "LRI", "RLI", "FSI", "PDI"}

type run struct {
	kind  string
	first rune
	value string
}

// WriteFacts writes each kind's runs of equal values over every scalar value.
func WriteFacts(w io.Writer) {
	kinds := []string{"idna", "info", "join", "class", "print", "assigned"}
	open := map[string]*run{}
	flush := func(kind string, last rune) {
		if r := open[kind]; r != nil && r.value != "" {
			fmt.Fprintf(w, "%s;%04X..%04X;%s\n", kind, r.first, last, r.value)
		}
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		v, size := trie.lookupString(s)
		if size != len(s) {
			panic(fmt.Sprintf("U+%04X: size %d", r, size))
		}
		x := info(v)
		idna := categoryNames[x.category()]
		if idna == "" {
			panic(fmt.Sprintf("U+%04X: category %x", r, x.category()))
		}
		if x.isMapped() {
			var hexes []string
			for _, m := range string(x.appendMapping(nil, s)) {
				hexes = append(hexes, fmt.Sprintf("%04X", m))
			}
			if len(hexes) > 0 {
				idna += " " + strings.Join(hexes, " ")
			}
		}
		var attributes []string
		if x.isBidi(s) {
			attributes = append(attributes, "isBidi")
		}
		if x.isModifier() {
			attributes = append(attributes, "isModifier")
		}
		if x.isViramaModifier() {
			attributes = append(attributes, "isViramaModifier")
		}
		if x&mayNeedNorm != 0 {
			attributes = append(attributes, "mayNeedNorm")
		}
		join := ""
		switch x.joinType() {
		case joiningL:
			join = "L"
		case joiningD:
			join = "D"
		case joiningT:
			join = "T"
		case joiningR:
			join = "R"
		}
		properties, _ := bidi.LookupRune(r)
		class := classNames[properties.Class()]
		printable := ""
		if strconv.IsPrint(r) {
			printable = "1"
		}
		assigned := ""
		if unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.C) {
			assigned = "1"
		}
		values := []string{idna, strings.Join(attributes, " "), join, class, printable, assigned}
		for i, kind := range kinds {
			if current := open[kind]; current == nil || current.value != values[i] {
				flush(kind, r-1)
				open[kind] = &run{kind, r, values[i]}
			}
		}
	}
	for _, kind := range kinds {
		flush(kind, utf8.MaxRune)
	}
}
'''

MAIN_GO = r'''
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"

	"golang.org/x/net/idna"
)

func main() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fmt.Fprintf(out, "# golang.org/x/net/idna (Debian golang-golang-x-net-dev %s), idna.UnicodeVersion %s, %s; "+
		"generated by scripts/go_idna_tables.py\n", os.Getenv("X_NET_VERSION"), idna.UnicodeVersion, runtime.Version())
	idna.WriteFacts(out)
}
'''


def main():
    source = os.path.join(GOCODE, "src", PACKAGE)
    if not os.path.isdir(source):
        sys.exit(f"{source}: install golang-golang-x-net-dev")
    x_net = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "golang-golang-x-net-dev"],
                           capture_output=True, text=True, check=False).stdout.strip() or "unknown"
    with tempfile.TemporaryDirectory() as scratch:
        package = os.path.join(scratch, "src", PACKAGE)
        os.makedirs(package)
        for path in glob.glob(os.path.join(source, "*.go")):
            if not path.endswith("_test.go"):
                shutil.copy(path, package)
        with open(os.path.join(package, "zz_facts.go"), "w") as f:
            f.write(FACTS_GO)
        main_dir = os.path.join(scratch, "src", "gofacts")
        os.makedirs(main_dir)
        with open(os.path.join(main_dir, "main.go"), "w") as f:
            f.write(MAIN_GO)
        env = dict(os.environ, GO111MODULE="off", GOPATH=f"{scratch}:{GOCODE}", GOFLAGS="", X_NET_VERSION=x_net)
        env.setdefault("GOCACHE", os.path.join(scratch, "cache"))
        run = subprocess.run(["go", "run", "gofacts"], cwd=scratch, env=env, capture_output=True, check=False)
        if run.returncode != 0:
            sys.exit(run.stderr.decode("utf-8", "replace"))
        sys.stdout.buffer.write(run.stdout)


if __name__ == "__main__":
    main()
