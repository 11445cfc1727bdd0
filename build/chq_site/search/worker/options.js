/* How the search index is made: one set of options for the build, which makes the
 * index and writes it into search/search_index.json (build/chq_site/search/search_index.mjs),
 * and for the worker, which loads it (MiniSearch.loadJSON needs the same options).
 *
 * Fields of an entry (a page's introduction or one section, as Material's search
 * plugin cut them): its title, the players' words for its title's words ("tie" for
 * "Draws"), its page's title (a section of the Close Assault page
 * is about Close Assault), its text, and the players' words for the rules' words it
 * holds (build/chq_site/search_words.py: "melee" is in every entry that says "Close
 * Assault"), so a player's word finds the rule without the query being rewritten;
 * and what it answers, in players' questions (build/chq_site/search/section_asks.toml).
 */
import { processTerm, words } from "./text.js";

export const FIELDS = ["title", "named", "page", "text", "words", "asks"];

export const INDEX_OPTIONS = {
  idField: "id",
  fields: FIELDS,
  storeFields: [],
  tokenize: words,
  processTerm,
};
