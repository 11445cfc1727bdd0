// Make the engine's memory snapshot: Pyodide started, the calculators wheel unpacked
// and imported, each mechanic called once; then Python's memory, frozen.
//
//   node build/chq_site/engine_snapshot.mjs <pyodide dir> <wheel> <out file> '<warm-up requests JSON>'
//
// Run by build/chq_site/engine.py (which names the file by a hash of everything that goes
// into it and gzips it). The browser's worker starts from it with loadPyodide's
// `_loadSnapshot` (engine/engine-worker.js); a snapshot from another Pyodide
// build is refused by Pyodide itself ("Snapshot build id mismatch"), and the worker
// then boots the normal way.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheelPath, outPath, warmup] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: engine_snapshot.mjs <pyodide dir> <wheel> <out file> [warm-up JSON]");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (line) => console.error(line),
});
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
const calculators = pyodide.pyimport("calculators");
for (const request of JSON.parse(warmup || "[]")) {
  const reply = JSON.parse(calculators.compute_json(JSON.stringify(request)));
  if (!reply.result) {
    console.error(`warm-up request failed: ${JSON.stringify(request)} -> ${JSON.stringify(reply)}`);
    process.exit(1);
  }
}
calculators.destroy();
writeFileSync(outPath, pyodide.makeMemorySnapshot());
