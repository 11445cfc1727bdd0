/* The answer bar's questions, what they decide without a page (views.js draws them):
 * which question a link opens on, and the few words the bar says of what the answer
 * assumes while the inputs are behind a question's sheet. The questions themselves
 * (id, label, the key of a link that carries one) are the build's
 * (chq_site.widget.views, data-spec's ``views``). Pure: tests/js/views.test.mjs. */

/** A link carrying several questions opens on the one a player acts in last: a fight
 *  under way, then a roll judged, then a sweep, then a pinned setup. */
export const LINK_ORDER = ["fight", "luck", "need", "compare"];

/** The question a link's query (URLSearchParams, or null) opens on, among the page's
 *  ``questions`` ([{id, key}]) that ``can`` open (a function of the id); null: the
 *  inputs. A key given empty carries none. */
export function viewForLink(query, questions, can = () => true) {
  if (!query) return null;
  for (const id of LINK_ORDER) {
    const question = questions.find((q) => q.id === id);
    if (!question || !question.key || !can(id)) continue;
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
