/* The answer bar's questions, what they decide without a page (views.js draws them):
 * which question a link opens on, and the few words the bar says of what the answer
 * assumes that is not on screen. Pure: tested under Node (tests/js/views.test.mjs). */

/** The questions in the order the bar lists them, and the key of a link that carries
 *  each: a link with that key opens on that question (the first one it carries, in
 *  LINK_ORDER). ``label``: the bar's word; ``title``: what it stands for. */
export const QUESTIONS = [
  { id: "inputs", label: "Inputs", title: "The inputs (close the question open)" },
  { id: "odds", label: "Details", title: "The odds in full and how they were worked out" },
  { id: "need", label: "Need?", title: "What do I need?", key: "sweep" },
  { id: "luck", label: "Luck?", title: "How lucky was that?", key: "rolled" },
  { id: "compare", label: "A vs B", title: "Compare two setups", key: "vs" },
  { id: "fight", label: "Fight", title: "Fight it out, round by round", key: "fight" },
];

/** A link carrying several questions opens on the one a player acts in last: a fight
 *  under way, then a roll judged, then a sweep, then a pinned setup. */
export const LINK_ORDER = ["fight", "luck", "need", "compare"];

/** The question a link's query (URLSearchParams, or null) opens on, among those the
 *  page has (``available``: ids); null: the inputs. A key given empty carries none.
 *  >>> viewForLink(new URLSearchParams("att_dice=6&rolled=2,4"), ["need", "luck"]) -> "luck" */
export function viewForLink(query, available) {
  if (!query) return null;
  for (const id of LINK_ORDER) {
    const question = QUESTIONS.find((q) => q.id === id);
    if (!available.includes(id)) continue;
    if (query.getAll(question.key).some((value) => value.trim() !== "")) return id;
  }
  return null;
}

/** One input in the bar's words: a switch by its label ("Attacker is suppressed"), a
 *  choice by its label and the option ("Round: Later"), a number by its label and
 *  value ("Defender's dice 5"). ``kind``: the spec's (bool | choice | int | number). */
export function inputWords(kind, label, value) {
  if (kind === "bool") return value ? label : `not ${lower(label)}`;
  return kind === "choice" ? `${label}: ${value}` : `${label} ${value}`;
}

function lower(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The bar's line for the inputs the answer assumes out of sight (each ``parts``
 *  entry one input's words), at most ``most`` named: "Also: Round: Later ·
 *  Attacker is suppressed", "... and 2 more"; "" when there are none. */
export function assumesLine(parts, most = 3) {
  if (!parts.length) return "";
  const named = parts.slice(0, most).join(" · ");
  const rest = parts.length - most;
  return `Also: ${named}${rest > 0 ? ` and ${rest} more` : ""}`;
}
