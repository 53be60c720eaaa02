// go_oracle asks Go's own code what it makes of domain names, one name a
// line on stdin (split on "\n" only), one JSON object a line on stdout, in
// input order:
//
//	go_oracle go-lookup      idna.Lookup.ToASCII(name) of golang.org/x/net/idna
//	go_oracle go-net-http    the address net/http dials for GET http://NAME/
//	go_oracle versions       the Go release, idna.UnicodeVersion, the x/net net/http vendors
//
// Built in GOPATH mode (GO111MODULE=off GOPATH=/usr/share/gocode) against
// Debian's golang-golang-x-net-dev; net/http uses the copy of x/net
// vendored into the Go release. Nothing leaves the machine: the transport's
// DialContext records the address it is asked for and fails without
// opening a socket.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/net/idna"
)

type answer struct {
	Input   string  `json:"input"`
	Outcome string  `json:"outcome"`
	Host    *string `json:"host,omitempty"`
	Error   string  `json:"error,omitempty"`
}

type dialedKey struct{}

var errNoNetwork = errors.New("go_oracle: no dialling")

// lookup is idna.Lookup.ToASCII; on error the partial result is not reported.
func lookup(name string) answer {
	host, err := idna.Lookup.ToASCII(name)
	if err != nil {
		return answer{Input: name, Outcome: "error", Error: err.Error()}
	}
	return answer{Input: name, Outcome: "ascii", Host: &host}
}

// netHTTP is what a client's GET of http://NAME/ does: an error before any
// dial, or the host of the address it dials (ASCII: converted or ASCII as
// given; otherwise passed on raw).
func netHTTP(client *http.Client, name string) answer {
	dialed := new(string)
	ctx := context.WithValue(context.Background(), dialedKey{}, dialed)
	req, err := http.NewRequestWithContext(ctx, "GET", "http://"+name+"/", nil)
	if err != nil {
		return answer{Input: name, Outcome: "error", Error: err.Error()}
	}
	resp, err := client.Do(req)
	if resp != nil {
		resp.Body.Close()
	}
	if *dialed == "" {
		message := "no dial"
		if err != nil {
			message = err.Error()
		}
		return answer{Input: name, Outcome: "error", Error: message}
	}
	// The address is net.JoinHostPort(host, port): the port after the last
	// colon, the host in brackets when it holds a colon itself.
	host := (*dialed)[:strings.LastIndexByte(*dialed, ':')]
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") && strings.Contains(host, ":") {
		host = host[1 : len(host)-1]
	}
	outcome := "ascii"
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			outcome = "raw"
			break
		}
	}
	return answer{Input: name, Outcome: outcome, Host: &host}
}

func newClient() *http.Client {
	transport := &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if dialed, ok := ctx.Value(dialedKey{}).(*string); ok {
				*dialed = addr
			}
			return nil, errNoNetwork
		},
		DisableKeepAlives: true,
	}
	return &http.Client{Transport: transport}
}

// vendoredNet is the x/net version the Go release vendors for net/http.
func vendoredNet() string {
	data, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "vendor", "modules.txt"))
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "# golang.org/x/net ") {
			return strings.TrimPrefix(line, "# golang.org/x/net ")
		}
	}
	return "unknown"
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go_oracle go-lookup|go-net-http|versions")
		os.Exit(2)
	}
	mode := os.Args[1]
	if mode == "versions" {
		fmt.Printf("%s\t%s\t%s\n",
			runtime.Version(), idna.UnicodeVersion, vendoredNet())
		return
	}
	if mode != "go-lookup" && mode != "go-net-http" {
		fmt.Fprintln(os.Stderr, "unknown mode", mode)
		os.Exit(2)
	}
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	names := strings.Split(string(data), "\n")
	if len(names) > 0 && names[len(names)-1] == "" {
		names = names[:len(names)-1]
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	encoder := json.NewEncoder(out)
	encoder.SetEscapeHTML(false)
	client := newClient()
	for _, name := range names {
		var a answer
		if mode == "go-lookup" {
			a = lookup(name)
		} else {
			a = netHTTP(client, name)
		}
		if err := encoder.Encode(a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
