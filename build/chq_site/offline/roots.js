/* The site roots this browser has read a page at, kept in localStorage under ROOTS:
 * offline.js records each page's root (on any address, with or without a service
 * worker), and the "not found" page (not-found.js) looks its address up there to find
 * the site's styles from any depth. Both read and write the list through these. */

export const ROOTS = "chq-roots";
const KEPT = 8;

/** The longest of the stored roots (`stored`: the text localStorage holds, or null)
 *  that `path` is under; "" when none is, or the text is not a list. */
export function knownRoot(path, stored) {
  let root = "";
  let known = [];
  try {
    known = JSON.parse(stored || "[]");
  } catch (error) {
    return "";
  }
  if (!Array.isArray(known)) return "";
  for (const candidate of known) {
    if (typeof candidate === "string" && path.indexOf(candidate) === 0 && candidate.length > root.length) {
      root = candidate;
    }
  }
  return root;
}

/** The text to store once `path` is a root read: it first, then the others it held
 *  (newest first, a few); anything but a list stored is dropped. Throws on text
 *  that is not JSON (the caller leaves the storage as it is). */
export function remembered(stored, path) {
  const known = JSON.parse(stored || "[]");
  const roots = [path, ...(Array.isArray(known) ? known : []).filter((root) => root !== path)];
  return JSON.stringify(roots.slice(0, KEPT));
}
