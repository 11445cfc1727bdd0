/*
 * Instant navigation wherever the site is hosted.
 *
 * Material's instant navigation only intercepts links listed in sitemap.xml, and
 * it keeps the port and path of the addresses written there at build time (it
 * swaps only the protocol and host name). A club serving the site on another
 * port or under a sub-path (/rules/) would get full page loads and a new Python
 * engine on every click. This shim, inline in <head> before the stylesheets
 * (theme/material/main.html: an inline script there waits for nothing), and so before
 * Material's bundle, rewrites the sitemap as it is parsed so its addresses start at
 * the site's real root. It touches nothing else.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var built = script && script.dataset.siteUrl;
  if (!built || typeof DOMParser === "undefined") return;
  var parse = DOMParser.prototype.parseFromString;

  function siteRoot() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), location.href).href;
  }

  DOMParser.prototype.parseFromString = function (text, type) {
    if (type === "text/xml" && typeof text === "string" && text.indexOf("<urlset") !== -1) {
      try {
        text = text.split("<loc>" + built).join("<loc>" + siteRoot());
      } catch (err) {
        /* leave the sitemap as built: links then load as full pages */
      }
    }
    return parse.call(this, text, type);
  };
})();
