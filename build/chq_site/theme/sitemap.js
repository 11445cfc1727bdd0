/* Instant navigation wherever the site is hosted.
 *
 * Material's instant navigation only intercepts links listed in sitemap.xml, and it
 * keeps the port and path of the addresses written there at build time (it swaps only
 * the protocol and host name). A club serving the site on another port or under a
 * sub-path (/rules/) would get full page loads and a new Python engine on every click.
 * shimSitemap() rewrites the sitemap as it is parsed, so its addresses start at the
 * site's real root; it touches nothing else. It runs inline in <head>, before the
 * stylesheets (an inline script there waits for nothing) and so before Material's
 * bundle: the plugin writes it there, built by esbuild (chq_site/bundle.py INLINE,
 * theme/material/main.html).
 */

/** The site root's address: Material's config (its text, null on a page without
 *  one: ".") names it relative to the page, as its `base`. */
export function siteRoot(configText, pageHref) {
  const base = configText === null ? "." : JSON.parse(configText).base;
  return new URL(base.replace(/\/?$/, "/"), pageHref).href;
}

/** The text `parseFromString` is handed, with a sitemap's addresses moved from the
 *  site_url it was built with (`built`) to the real root (`root()`, asked only for a
 *  sitemap); anything else, and a sitemap whose root cannot be found, as it came. */
export function rebased(text, type, built, root) {
  if (type !== "text/xml" || typeof text !== "string" || text.indexOf("<urlset") === -1) return text;
  try {
    return text.split("<loc>" + built).join("<loc>" + root());
  } catch (error) {
    return text; // the sitemap as built: links then load as full pages
  }
}

/** Wrap the DOMParser so a sitemap Material parses is rebased (the script's
 *  data-site-url: the site_url it was built with). */
export function shimSitemap() {
  const script = document.currentScript;
  const built = script && script.dataset.siteUrl;
  if (!built || typeof DOMParser === "undefined") return;
  const parse = DOMParser.prototype.parseFromString;
  const root = () => {
    const config = document.getElementById("__config");
    return siteRoot(config ? config.textContent : null, location.href);
  };
  DOMParser.prototype.parseFromString = function (text, type) {
    return parse.call(this, rebased(text, type, built, root), type);
  };
}
