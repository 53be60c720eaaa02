// Asks Node.js what it makes of each name on stdin (UTF-8, one a line):
//   node node_oracle.js url      new URL("http://" + name + "/").hostname
//   node node_oracle.js domain   url.domainToASCII(name) ('' is a failure)
// One JSON object a line: {"input", "outcome": "ascii"|"error", "host"|"error"}.
"use strict";
const url = require("url");
const mode = process.argv[2];
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const names = Buffer.concat(chunks).toString("utf8").split("\n");
  names.pop();
  const out = [];
  for (const name of names) {
    if (mode === "url") {
      try {
        out.push({ input: name, outcome: "ascii", host: new URL("http://" + name + "/").hostname });
      } catch (e) {
        out.push({ input: name, outcome: "error", error: `${e.name} [${e.code}]: ${e.message}` });
      }
    } else {
      const host = url.domainToASCII(name);
      out.push(host === "" ? { input: name, outcome: "error", error: "''" } : { input: name, outcome: "ascii", host });
    }
  }
  process.stdout.write(out.map((o) => JSON.stringify(o) + "\n").join(""));
});
