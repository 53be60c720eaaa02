#!/usr/bin/env python3
"""Ask the real runtimes what they make of domain names.

    oracle.py versions
    oracle.py RUNTIME --in NAMES.txt --out ANSWERS.jsonl

NAMES.txt holds one name a line (UTF-8, split on "\\n" only; no name holds
"\\r"). ANSWERS.jsonl gets a first line {"runtime": ID, "version": ...}
and then one JSON object a name, in input order:

    {"input": NAME, "outcome": "ascii", "host": ASCII}
    {"input": NAME, "outcome": "error", "error": THE RUNTIME'S OWN WORDS}

Runtimes (each asked in one process over the whole file; nothing touches
the network):

* python-codec: `name.encode("idna")` of this Python (`/usr/bin/python3`
  unless --python); the host is the bytes as ASCII, the error the
  UnicodeError's innermost message.
* python-idna, python-idna-uts46: `idna.encode(name)`, or with
  `uts46=True`, of the `idna` package in the `python3` on PATH
  (--idna-python), which must be 3.20.
* python-requests: the host urllib3 connects to for
  `requests.Request("GET", "http://" + name + "/").prepare()` (the prepared
  URL parsed again by urllib3), in the same `python3` (requests 2.34.2,
  urllib3 2.7.0); the error is the exception's type and words.
* java-idn: `java.net.IDN.toASCII(name)` (flags 0) of the `java` on PATH,
  through IdnOracle.java (run from source).
* icu-uts46, icu-uts46-nontransitional: ICU4C's `uidna_openUTS46` with
  UIDNA_DEFAULT, or NONTRANSITIONAL_TO_ASCII | CHECK_BIDI | CHECK_CONTEXTJ,
  and `uidna_nameToASCII_UTF8`, as PHP's `idn_to_ascii` calls it: any bit
  in the info's errors fails the call (the error is the bits' UIDNA_ERROR
  names). icu_oracle.cpp is built with g++ against libicu-dev into
  --build-dir.
* node-url, node-domain-to-ascii: `new URL("http://" + name + "/").hostname`
  and `url.domainToASCII(name)` of the `node` on PATH, through
  node_oracle.js; domainToASCII's '' is a failure.
* go-lookup: `idna.Lookup.ToASCII(name)` of Debian's golang.org/x/net 0.7
  (golang-golang-x-net-dev) under the `go` on PATH (Go 1.19), through
  go_oracle.go, built in GOPATH mode into --build-dir.
* go-net-http: the address Go's net/http dials for a GET of
  `http://NAME/` (same driver): its DialContext records the address and
  fails, so nothing is dialled. The host is "ascii" when it is ASCII
  (converted by idna.Lookup.ToASCII, or ASCII as given) and "raw" when
  net/http passes it on unconverted; an error before any dial (url.Parse,
  no host) is the error.
* idn2: the `idn2` command of GNU libidn2 (Debian's idn2) under
  LC_ALL=C.UTF-8, the names on its standard input; it stops at its first
  name that fails (its stderr line is the error), so it is started again
  after each failure with the names left.
* curl: `curl -g -sS http://NAME/` under LC_ALL=C.UTF-8, one process a
  name (several at once), `--connect-to ::127.0.0.1:PORT` sending every
  request to a recorder on loopback: the host is the request's Host
  header, the error curl's stderr line. Nothing is resolved.
* glibc-ai-idn: getaddrinfo(NAME, AI_IDN | AI_CANONNAME) of the system's
  glibc under C.UTF-8 through glibc_ai_idn_oracle.c, the hosts database
  served by nss_idnaprobe.c only (no file, no DNS), which hands the
  looked-up name back: the host is that name, the error the EAI_ code and
  gai_strerror's words. Both are built with cc into --build-dir.

A name is a C string to the last three: it ends at a NUL.
* perl-net-idn: `Net::IDN::Encode::domain_to_ascii($name)` of the `perl`
  on PATH (Debian's libnet-idn-encode-perl), through perl_net_idn.pl; the
  error is the module's croak text without Carp's " at FILE line N.".
* rust-idna: `idna::domain_to_ascii(name)` of the idna crate, through the
  Cargo project rust-idna/ (its own Cargo.lock, built with `--locked` into
  --build-dir; no network once its crates are fetched); the error is the
  `Display` text of the crate's `Errors`.
"""
import argparse
import codecs
import json
import os
import socket
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

ICU_ERRORS = [
    (0x1, "EMPTY_LABEL"), (0x2, "LABEL_TOO_LONG"), (0x4, "DOMAIN_NAME_TOO_LONG"),
    (0x8, "LEADING_HYPHEN"), (0x10, "TRAILING_HYPHEN"), (0x20, "HYPHEN_3_4"),
    (0x40, "LEADING_COMBINING_MARK"), (0x80, "DISALLOWED"), (0x100, "PUNYCODE"),
    (0x200, "LABEL_HAS_DOT"), (0x400, "INVALID_ACE_LABEL"), (0x800, "BIDI"),
    (0x1000, "CONTEXTJ"), (0x2000, "CONTEXTO_PUNCTUATION"), (0x4000, "CONTEXTO_DIGITS"),
]

PYTHON_CODEC = r'''
import json, sys
out = []
for line in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
    try:
        host = line.encode("idna").decode("ascii")
        out.append({"input": line, "outcome": "ascii", "host": host})
    except UnicodeError as e:
        inner = e
        while isinstance(inner.__cause__, UnicodeError) or isinstance(inner.__context__, UnicodeError):
            inner = inner.__cause__ or inner.__context__
        message = inner.args[0] if inner.args and isinstance(inner.args[0], str) else str(inner)
        out.append({"input": line, "outcome": "error", "error": message})
sys.stdout.write("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in out))
'''


PYTHON_REQUESTS = r'''
import json, sys, requests, urllib3
out = []
for line in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
    try:
        prepared = requests.Request("GET", "http://" + line + "/").prepare()
        host = urllib3.util.parse_url(prepared.url).host
        out.append({"input": line, "outcome": "ascii", "host": host})
    except Exception as e:
        out.append({"input": line, "outcome": "error", "error": f"{type(e).__name__}: {e}"})
sys.stdout.write("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in out))
'''


PYTHON_IDNA = r'''
import json, sys, idna
out = []
for line in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
    try:
        out.append({"input": line, "outcome": "ascii", "host": idna.encode(line, uts46=UTS46).decode("ascii")})
    except UnicodeError as e:
        message = e.args[0] if e.args and isinstance(e.args[0], str) else str(e)
        out.append({"input": line, "outcome": "error", "error": message})
sys.stdout.write("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in out))
'''


def names_of(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    names = text.split("\n")
    if names and names[-1] == "":
        names.pop()
    if any("\r" in n for n in names):
        sys.exit(f"{path}: a name holds \\r")
    return names


def feed(command, names):
    data = "".join(n + "\n" for n in names).encode("utf-8")
    run = subprocess.run(command, input=data, capture_output=True, check=False)
    if run.returncode != 0:
        sys.exit(f"{command[0]} failed ({run.returncode}): {run.stderr.decode('utf-8', 'replace')[:2000]}")
    return run.stdout.decode("utf-8")


def icu_oracle(build_dir):
    binary = os.path.join(build_dir, "icu_oracle")
    source = os.path.join(HERE, "icu_oracle.cpp")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        os.makedirs(build_dir, exist_ok=True)
        subprocess.run(["g++", "-O2", "-o", binary, source, "-licuuc"], check=True)
    return binary


GOPATH = "/usr/share/gocode"


def go_env(build_dir):
    """GOPATH mode on Debian's Go packages; a build cache of our own where none is set."""
    env = dict(os.environ, GO111MODULE="off", GOPATH=GOPATH, GOFLAGS="")
    if "GOCACHE" not in env and "HOME" not in env and "XDG_CACHE_HOME" not in env:
        env["GOCACHE"] = os.path.join(build_dir, "go-cache")
    return env


def go_oracle(build_dir):
    binary = os.path.join(build_dir, "go_oracle")
    source = os.path.join(HERE, "go_oracle.go")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        os.makedirs(build_dir, exist_ok=True)
        subprocess.run(["go", "build", "-o", binary, source], check=True, env=go_env(build_dir))
    return binary


def go_versions(build_dir):
    """`go_oracle versions` and the Debian version of golang.org/x/net, or None."""
    try:
        run = subprocess.run([go_oracle(build_dir), "versions"], capture_output=True, text=True, check=False)
    except (OSError, subprocess.CalledProcessError):
        return None, None
    if run.returncode != 0:
        return None, None
    go, unicode, vendored = run.stdout.strip().split("\t")
    x_net = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "golang-golang-x-net-dev"],
                           capture_output=True, text=True, check=False).stdout.strip() or "unknown"
    return (f"{go}, golang.org/x/net {x_net} (golang-golang-x-net-dev), idna Unicode {unicode}",
            f"{go} net/http (vendored golang.org/x/net {vendored})")
def built(build_dir, name, source, flags):
    """`name` built from `source` with cc into `build_dir` where stale."""
    binary = os.path.join(build_dir, name)
    source = os.path.join(HERE, source)
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        os.makedirs(build_dir, exist_ok=True)
        subprocess.run(["cc", "-O2", "-o", binary, source] + flags, check=True)
    return binary


UTF8_ENV = dict(os.environ, LC_ALL="C.UTF-8")


def c_string(name):
    return name.split("\0")[0]


def ask_idn2(names):
    """The idn2 command over `names`, started again after each failure."""
    answers = []
    while len(answers) < len(names):
        rest = names[len(answers):]
        data = "".join(n + "\n" for n in rest).encode("utf-8")
        run = subprocess.run(["idn2"], input=data, capture_output=True, env=UTF8_ENV, check=False)
        hosts = run.stdout.decode("utf-8", "surrogateescape").split("\n")[:-1]
        for name, host in zip(rest, hosts):
            answers.append({"input": name, "outcome": "ascii", "host": host})
        if run.returncode == 0:
            if len(hosts) != len(rest):
                sys.exit(f"idn2: {len(hosts)} answers for {len(rest)} names")
            break
        error = run.stderr.decode("utf-8", "replace").strip().splitlines()
        if len(hosts) >= len(rest) or not error:
            sys.exit(f"idn2 failed ({run.returncode}) without a name to blame: {error}")
        answers.append({"input": rest[len(hosts)], "outcome": "error", "error": error[-1]})
    return answers


class HostRecorder:
    """An HTTP server on 127.0.0.1 that records each request's Host header
    by its X-Probe header and answers 204."""

    def __init__(self):
        self.hosts = {}
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(128)
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def serve(self, conn):
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                data += chunk
            headers = {}
            for line in data.split(b"\r\n\r\n")[0].split(b"\r\n")[1:]:
                # curl writes "Name: value": the value is all after ": ", spaces too.
                key, _, value = line.partition(b":")
                headers[key.strip().lower()] = value[1:] if value.startswith(b" ") else value
            probe = headers.get(b"x-probe")
            if probe is not None:
                self.hosts[int(probe)] = headers.get(b"host", b"").decode("utf-8", "surrogateescape")
            conn.sendall(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")

    def close(self):
        self.server.close()


def ask_curl(names):
    recorder = HostRecorder()

    def one(index):
        url = f"http://{c_string(names[index])}/"
        command = ["curl", "-g", "-sS", "-o", "/dev/null", "--max-time", "20", "-H", f"X-Probe: {index}",
                   "--connect-to", f"::127.0.0.1:{recorder.port}", url]
        run = subprocess.run(command, capture_output=True, env=UTF8_ENV, check=False)
        if run.returncode == 0:
            return {"input": names[index], "outcome": "ascii", "host": recorder.hosts[index]}
        return {"input": names[index], "outcome": "error", "error": run.stderr.decode("utf-8", "replace").strip()}

    try:
        with ThreadPoolExecutor(max_workers=16) as pool:
            return list(pool.map(one, range(len(names))))
    finally:
        recorder.close()


def ask_glibc(names, build_dir):
    module = built(build_dir, "libnss_idnaprobe.so.2", "nss_idnaprobe.c", ["-shared", "-fPIC"])
    binary = built(build_dir, "glibc_ai_idn_oracle", "glibc_ai_idn_oracle.c", [])
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.dirname(module))
    data = "".join(c_string(n) + "\n" for n in names).encode("utf-8")
    run = subprocess.run([binary], input=data, capture_output=True, env=env, check=False)
    if run.returncode != 0:
        sys.exit(f"glibc_ai_idn_oracle failed ({run.returncode}): {run.stderr.decode('utf-8', 'replace')}")
    answers = []
    for name, line in zip(names, run.stdout.decode("utf-8", "surrogateescape").split("\n")):
        kind, _, rest = line.partition("\t")
        if kind == "ok":
            answers.append({"input": name, "outcome": "ascii", "host": rest})
        else:
            code, _, words = rest.partition("\t")
            answers.append({"input": name, "outcome": "error", "error": f"{code}: {words}"})
    return answers
# Characters first assigned in Unicode 16.0, 17.0 and 18.0 that UTS #46
# maps or keeps (U+1B7F BALINESE PANTI BAWAK, U+0C5C TELUGU ARCHAIC SHRII,
# U+0558 MODIFIER LETTER ARMENIAN SMALL EH): the newest one rust-idna
# accepts after an "x" names the Unicode version of its data.
RUST_IDNA_PROBES = [("16.0", "x\u1b7f"), ("17.0", "x\u0c5c"), ("18.0", "x\u0558")]

PERL_VERSION = (r'use Net::IDN::Encode; use Unicode::UCD; printf "Net::IDN::Encode %.3f (UTS #46 tables of Unicode %.1f) '
                r'on Perl %vd (Unicode %s)\n", $Net::IDN::Encode::VERSION, $Net::IDN::UTS46::_Mapping::UNICODE_VERSION, '
                r'$^V, Unicode::UCD::UnicodeVersion()')


def rust_idna_oracle(build_dir):
    """The rust-idna oracle's binary, built (or found up to date) by cargo; None without cargo."""
    project = os.path.join(HERE, "rust-idna")
    command = ["cargo", "build", "--release", "--locked", "--quiet", "--bin", "rust-idna-oracle",
               "--manifest-path", os.path.join(project, "Cargo.toml"), "--target-dir", build_dir]
    try:
        run = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return None
    if run.returncode != 0:
        sys.exit(f"cargo build of {project} failed: {run.stderr[-2000:]}")
    return os.path.join(build_dir, "release", "rust-idna-oracle")


def rust_idna_version(build_dir):
    """The crate versions of rust-idna/Cargo.lock and the Unicode version its data answers to."""
    binary = rust_idna_oracle(build_dir)
    if binary is None:
        return None
    locked = {}
    with open(os.path.join(HERE, "rust-idna", "Cargo.lock"), encoding="utf-8") as f:
        name = None
        for line in f:
            if line.startswith("name = "):
                name = line.split('"')[1]
            elif line.startswith("version = ") and name:
                locked[name] = line.split('"')[1]
    answers = feed([binary], [probe for _, probe in RUST_IDNA_PROBES]).split("\n")[:-1]
    unicode = "before 16.0"
    for (version, _), answer in zip(RUST_IDNA_PROBES, answers):
        if json.loads(answer)["outcome"] == "ascii":
            unicode = version
    return (f"idna {locked.get('idna')} (idna_adapter {locked.get('idna_adapter')}, "
            f"icu_normalizer {locked.get('icu_normalizer')}), Unicode {unicode}")


IDNA_PYTHON = "python3"
BUILD_DIR = os.path.join(HERE, "..", "..", "target", "runtime-oracle")


def args_idna_python():
    return IDNA_PYTHON


def versions(python, build_dir):
    found = {}
    run = subprocess.run([python, "-c", "import sys, unicodedata; print(sys.version.split()[0], unicodedata.unidata_version)"],
                         capture_output=True, text=True, check=False)
    found["python-codec"] = f"Python {run.stdout.strip()}" if run.returncode == 0 else None
    run = subprocess.run([args_idna_python(), "-c", "import sys, idna, unicodedata; print('idna', idna.__version__, 'on Python', sys.version.split()[0], unicodedata.unidata_version)"],
                         capture_output=True, text=True, check=False)
    found["python-idna"] = found["python-idna-uts46"] = run.stdout.strip() if run.returncode == 0 else None
    run = subprocess.run([args_idna_python(), "-c", "import requests, urllib3, idna; print('requests', requests.__version__, 'urllib3', urllib3.__version__, 'idna', idna.__version__)"],
                         capture_output=True, text=True, check=False)
    found["python-requests"] = run.stdout.strip() if run.returncode == 0 else None
    run = subprocess.run(["java", "-version"], capture_output=True, text=True, check=False)
    found["java-idn"] = run.stderr.splitlines()[0] if run.returncode == 0 else None
    run = subprocess.run(["pkg-config", "--modversion", "icu-uc"], capture_output=True, text=True, check=False)
    icu = f"ICU {run.stdout.strip()}" if run.returncode == 0 else None
    found["icu-uts46"] = found["icu-uts46-nontransitional"] = icu
    run = subprocess.run(["node", "-p", "`Node.js ${process.versions.node} with ada ${process.versions.ada}`"],
                         capture_output=True, text=True, check=False)
    found["node-url"] = found["node-domain-to-ascii"] = run.stdout.strip() if run.returncode == 0 else None
    found["go-lookup"], found["go-net-http"] = go_versions(build_dir)
    run = subprocess.run(["idn2", "--version"], capture_output=True, text=True, check=False)
    libidn2 = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libidn2-0"], capture_output=True, text=True,
                             check=False)
    libidn2 = f"libidn2 {libidn2.stdout}" if libidn2.returncode == 0 else "libidn2 ?"
    found["idn2"] = f"{run.stdout.splitlines()[0]} ({libidn2})" if run.returncode == 0 else None
    run = subprocess.run(["curl", "--version"], capture_output=True, text=True, check=False)
    found["curl"] = f"{' '.join(run.stdout.split()[:2])} ({libidn2})" if run.returncode == 0 else None
    run = subprocess.run(["ldd", "--version"], capture_output=True, text=True, check=False)
    cc = subprocess.run(["cc", "--version"], capture_output=True, text=True, check=False)
    found["glibc-ai-idn"] = (f"glibc {run.stdout.splitlines()[0].split()[-1]} "
                             f"({libidn2})" if run.returncode == 0 and cc.returncode == 0 else None)
    run = subprocess.run(["perl", "-e", PERL_VERSION], capture_output=True, text=True, check=False)
    found["perl-net-idn"] = run.stdout.strip() if run.returncode == 0 else None
    found["rust-idna"] = rust_idna_version(build_dir)
    return found


def ask(runtime, names, args):
    if runtime == "python-codec":
        lines = feed([args.python, "-c", PYTHON_CODEC], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    if runtime in ("python-idna", "python-idna-uts46"):
        script = PYTHON_IDNA.replace("UTS46", str(runtime == "python-idna-uts46"))
        lines = feed([args.idna_python, "-c", script], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    if runtime == "python-requests":
        lines = feed([args.idna_python, "-c", PYTHON_REQUESTS], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    if runtime == "java-idn":
        lines = feed(["java", "-Dfile.encoding=UTF-8", os.path.join(HERE, "IdnOracle.java")], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    if runtime in ("icu-uts46", "icu-uts46-nontransitional"):
        mode = "default" if runtime == "icu-uts46" else "nontransitional"
        out = feed([icu_oracle(args.build_dir), mode], names).split("\n")[:-1]
        answers = []
        for name, line in zip(names, out):
            kind, _, rest = line.partition("\t")
            if kind == "ok":
                answers.append({"input": name, "outcome": "ascii", "host": rest})
            else:
                bits = int(rest, 16) if kind == "err" else 0
                words = [w for b, w in ICU_ERRORS if bits & b] or [rest]
                answers.append({"input": name, "outcome": "error", "error": " ".join(words)})
        return answers
    if runtime in ("node-url", "node-domain-to-ascii"):
        mode = "url" if runtime == "node-url" else "domain"
        lines = feed(["node", os.path.join(HERE, "node_oracle.js"), mode], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    if runtime in ("go-lookup", "go-net-http"):
        lines = feed([go_oracle(args.build_dir), runtime], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    if runtime == "idn2":
        return ask_idn2(names)
    if runtime == "curl":
        return ask_curl(names)
    if runtime == "glibc-ai-idn":
        return ask_glibc(names, args.build_dir)
    if runtime == "perl-net-idn":
        lines = feed(["perl", os.path.join(HERE, "perl_net_idn.pl")], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    if runtime == "rust-idna":
        binary = rust_idna_oracle(args.build_dir)
        if binary is None:
            sys.exit("rust-idna: cargo is not installed")
        lines = feed([binary], names).split("\n")[:-1]
        return [json.loads(line) for line in lines]
    sys.exit(f"unknown runtime {runtime}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runtime")
    parser.add_argument("--in", dest="input")
    parser.add_argument("--out")
    parser.add_argument("--python", default="/usr/bin/python3")
    parser.add_argument("--idna-python", default="python3")
    parser.add_argument("--build-dir", default=os.path.join(HERE, "..", "..", "target", "runtime-oracle"))
    args = parser.parse_args()
    global IDNA_PYTHON, BUILD_DIR
    IDNA_PYTHON = args.idna_python
    BUILD_DIR = args.build_dir
    if args.runtime == "versions":
        for runtime, version in versions(args.python, args.build_dir).items():
            print(f"{runtime}\t{version or 'not installed'}")
        return
    if not args.input or not args.out:
        parser.error("--in and --out are needed")
    names = names_of(args.input)
    answers = ask(args.runtime, names, args)
    if len(answers) != len(names) or any(a["input"] != n for a, n in zip(answers, names)):
        sys.exit(f"{args.runtime}: {len(answers)} answers for {len(names)} names, or out of order")
    version = versions(args.python, args.build_dir)[args.runtime]
    # A part file of this process's own: two askers of the same file each
    # replace it whole.
    part = f"{args.out}.{os.getpid()}.part"
    with open(part, "w", encoding="utf-8") as f:
        f.write(json.dumps({"runtime": args.runtime, "version": version}) + "\n")
        for answer in answers:
            f.write(json.dumps(answer, ensure_ascii=False) + "\n")
    os.replace(part, args.out)


if __name__ == "__main__":
    main()
