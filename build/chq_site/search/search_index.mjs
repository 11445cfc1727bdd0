// The search index, made at build time: reads the entries ({id, title, page, text,
// words}, JSON on stdin) and writes MiniSearch's index of them (JSON on stdout),
// with the options the worker loads it with (worker/options.js).
// Run by build/chq_site/search_index.py, from the project's root.
import MiniSearch from "minisearch";
import { INDEX_OPTIONS } from "./worker/options.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const entries = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const engine = new MiniSearch(INDEX_OPTIONS);
engine.addAll(entries);
process.stdout.write(JSON.stringify(engine));
