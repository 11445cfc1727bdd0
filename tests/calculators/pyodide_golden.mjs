// Runs golden cases through the calculators wheel inside the real Pyodide runtime
// (the pinned npm package), under Node. Usage:
//   node pyodide_golden.mjs <wheel path> <cases.json>
// Prints one JSON array: compute_json's answer for each request, in order.
import { readFile } from "node:fs/promises";
import { loadPyodide } from "pyodide";

const [wheelPath, casesPath] = process.argv.slice(2);
const pyodide = await loadPyodide();
const wheel = new Uint8Array(await readFile(wheelPath));
pyodide.unpackArchive(wheel, "wheel");
const requests = JSON.parse(await readFile(casesPath, "utf8"));
const compute = pyodide.pyimport("calculators").compute_json;
const answers = requests.map((request) => compute(request));
process.stdout.write(JSON.stringify({ python: pyodide.runPython("import sys; sys.version"), answers }));
