// The sitemap shim (theme/sitemap.js): Material's instant navigation reads sitemap.xml,
// whose addresses start with the site_url of the build; the shim moves them to the
// site's real root, so instant navigation works on any host, port and sub-path
// (tests/browser/test_site_subpath.py clicks through it in Chromium).
import assert from "node:assert/strict";
import { test } from "node:test";

import { rebased, siteRoot } from "../../build/chq_site/theme/sitemap.js";

const BUILT = "http://127.0.0.1:8000/";
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${BUILT}</loc></url><url><loc>${BUILT}rules/blinds/</loc></url>
</urlset>`;

test("the site root is Material's base, relative to the page; '.' without a config", () => {
  assert.equal(siteRoot('{"base": "../.."}', "http://club.test/rules/rules/blinds/"), "http://club.test/rules/");
  assert.equal(siteRoot('{"base": "."}', "http://club.test:9000/rules/"), "http://club.test:9000/rules/");
  assert.equal(siteRoot(null, "http://club.test/rules/x/"), "http://club.test/rules/x/");
  assert.throws(() => siteRoot("{}", "http://club.test/"), TypeError, "a config without base");
});

test("a sitemap's addresses move to the real root; nothing else is touched", () => {
  const root = () => "http://club.test:9000/rules/";
  assert.equal(rebased(SITEMAP, "text/xml", BUILT, root), SITEMAP.replaceAll(`<loc>${BUILT}`, `<loc>${root()}`));
  const other = "<feed><loc>http://127.0.0.1:8000/x</loc></feed>";
  assert.equal(rebased(other, "text/xml", BUILT, root), other, "not a sitemap");
  assert.equal(rebased(SITEMAP, "text/html", BUILT, root), SITEMAP, "not parsed as XML");
  assert.equal(rebased(null, "text/xml", BUILT, root), null);
});

test("a sitemap whose root cannot be found stays as built (links load as full pages)", () => {
  const lost = () => { throw new TypeError("no config"); };
  assert.equal(rebased(SITEMAP, "text/xml", BUILT, lost), SITEMAP);
  let asked = 0;
  rebased("<html></html>", "text/xml", BUILT, () => asked++);
  assert.equal(asked, 0, "the root is asked for a sitemap only");
});
