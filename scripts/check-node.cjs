// Runs before `npm start`, `npm test` and the other Node scripts, on whatever Node the shell has:
// an older one would fail later with an obscure error ("Unknown file extension .ts", "Map.groupBy
// is not a function"). Plain old JavaScript on purpose, so that any Node can run it.
"use strict";
var wanted = require("../package.json").engines.node; // ">=22.18": type stripping (running .ts) and node:sqlite (the mirror) work without flags from there
var min = /(\d+)\.(\d+)/.exec(wanted);
var have = process.versions.node.split(".").map(Number);
var major = Number(min[1]);
var minor = Number(min[2]);
if (have[0] < major || (have[0] === major && have[1] < minor)) {
  process.stderr.write(
    "This project needs Node.js " +
      wanted +
      " (this shell has " +
      process.version +
      "): run " +
      "`source scripts/node.sh` first (it installs Node 24 into .tools/node), or `nvm use` (.nvmrc).\n",
  );
  process.exit(1);
}
