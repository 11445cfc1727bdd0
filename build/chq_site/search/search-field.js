/* The search field's grey completion (Material's search.suggest: a copy of the query
 * with its last word completed, drawn behind the field) is hidden while the query is
 * wider than the field. The field then shows the query's end, scrolled to the caret,
 * and the copy behind it the query's start: the two overlapped, unreadable (a long
 * question on a phone). The form gets LONG while it is so (search/search.css). */
import { scrolls } from "../theme/wide-tables.js";

export const LONG = "chq-search--long";
const FIELD = ".md-search__input";

/** Mark the field's form by whether the query is wider than the field now. */
export function markLongQuery(field) {
  const form = field.closest("form");
  if (form) form.classList.toggle(LONG, scrolls(field.scrollWidth, field.clientWidth));
}

/** Follow the search field from this page's start: each key, each change of the
 *  query (Material's own too: it sets the field on a result's arrow key) and each
 *  change of the screen's width. */
export function watchSearchField(doc = document) {
  const check = (event) => {
    if (event.target instanceof Element && event.target.matches(FIELD)) markLongQuery(event.target);
  };
  for (const type of ["input", "keyup", "focusin"]) doc.addEventListener(type, check);
  window.addEventListener("resize", () => {
    const field = doc.querySelector(FIELD);
    if (field) markLongQuery(field);
  });
}
