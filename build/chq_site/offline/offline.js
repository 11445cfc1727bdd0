/* Combat HQ Rules Companion: keep the rules on this device.
 *
 * Registers the service worker the build writes at the site root (sw.js, see
 * build/chq_site/offline/offline.py), once per page load. On a first visit it waits until the
 * page has loaded and every calculator's engine is ready (or failed, or "idle": a
 * card that starts only when scrolled to), so saving the site (~20 MB) never
 * competes with the engine's own download. Then it shows:
 *   - "Ready offline" in the header once every page and file is saved (a button:
 *     a tap shows what it means, how much is saved and the build);
 *   - "A new version of the rules is available" with a Reload button when a newer
 *     build has been saved beside the one in use; Reload switches to it;
 *   - that part of the saved copy is damaged, when the worker found it so offline
 *     (it fetches it again at the next page load online), in place of "Ready offline".
 *
 * One build at a time, in every tab. Every page carries the id of its build (the
 * chq-build tag, build/chq_site/offline/offline.py); when a worker of another build takes a
 * tab over (Reload in any tab), the tab reloads itself at once: a tab the worker
 * controlled as it loaded and a first visit's alike (on a first visit the worker that
 * saved the site takes the tab over too, of the tab's own build: no reload). The alternative,
 * keeping the old build's cache alive and answering each tab from the build it
 * loaded, needs a persisted tab -> build map in the worker (which the browser
 * stops and restarts at will), the same for the tab's engine and search workers,
 * and two copies of the site in storage until the last old tab closes. A reload
 * costs nothing here: calculator inputs live in the address (#permalink) and the
 * browser restores the scroll position.
 *
 * It also records the site root in localStorage ("chq-roots", on any address, with
 * or without a service worker), so the "not found" page (theme/material/404.html) can
 * find the site's styles from any depth, and asks the worker for a full check of
 * the saved copy when a calculator engine fails.
 *
 * Service workers need a secure context (https://, or http://localhost): on a
 * plain http:// address on the club's network the site works as before, online.
 * Starts from Material's document$ so it keeps working after instant navigation.
 * What it decides (which build, when to reload, what to show, in which words) is
 * decisions.js, shared with the service worker and checked under Node; this is the
 * page's side of it. The build bundles it into one classic script (chq_site/bundle.py),
 * deferred after Material's bundle.
 */

import {
  MESSAGE, WORDS, enginesBusy, knowsRoot, leaves, noticeKind, received, savedWords, siteRoot, updateDue,
} from "./decisions.js";
import { ROOTS, remembered } from "./roots.js";

(() => {
  if (window.__chqOffline) return;
  window.__chqOffline = true;

  // The site root, from the first page loaded (Material's base is relative to it),
  // recorded on any address, secure or not: a club's plain http:// has no service
  // worker, and its "not found" page needs the root all the same.
  const root = window.__md_scope instanceof URL
    ? siteRoot(window.__md_scope.href)
    : siteRoot("", JSON.parse(document.getElementById("__config").textContent).base, location.href);

  // The "not found" page found the root itself; if only by guessing (a first visit
  // to a wrong address), it neither registers the worker nor records the root.
  const guessed = !knowsRoot(window.__chqRoot);
  if (!guessed) rememberRoot(root.pathname);

  const container = navigator.serviceWorker;
  if (!container || !window.isSecureContext || typeof document$ === "undefined") return;

  // `mkdocs serve` marks its pages: no offline copy while editing, and none left over.
  if (document.querySelector('meta[name="chq-offline"][content="off"]')) {
    container
      .getRegistrations()
      .then((all) => all.filter((reg) => /\/sw\.js$/.test((reg.active || {}).scriptURL || "")))
      .then((ours) => ours.forEach((reg) => reg.unregister()))
      .catch(() => {});
    return;
  }

  const UPDATE_EVERY_MS = 30_000;
  // How long a first visit waits for the engines before saving the site anyway (a
  // widget gives up on a silent engine after 30-180 s, by stage: engine/engine.js).
  const ENGINE_WAIT_MS = 120_000;
  let registration = null;
  let started = false;
  let reloading = false;
  let lastCheck = Date.now();
  // What the worker last said (decisions.js received): offline, {build, files, bytes}
  // once the cache is complete; damaged, the saved files it found damaged and could
  // not fetch again; check, how it last checked them.
  let state = { offline: null, damaged: null, check: "" };
  let update = null; // {worker} when a new version waits
  // The build this page and its scripts came from ("": a page without the tag).
  const pageBuild = (document.querySelector('meta[name="chq-build"]') || {}).content || "";
  // The worker this page was loaded under (null: not controlled, e.g. a first visit).
  const loadedUnder = container.controller;
  let repairAsked = false;

  document$.subscribe(() => {
    render();
    watchEngines();
    if (!started) {
      started = true;
      // First visit: wait, so saving the site never competes with the page. Later
      // visits (already controlled): nothing to download, register at once.
      if (container.controller) register();
      else if (!guessed) settled().then(register);
    } else {
      checkForUpdate();
    }
  });

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate();
  });

  // Back from the browser's back/forward cache after another tab switched builds.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) leaveOtherBuild(container.controller);
  });

  /** Add `path` to the site roots this browser has read a page at (newest first, a few). */
  function rememberRoot(path) {
    try {
      localStorage.setItem(ROOTS, remembered(localStorage.getItem(ROOTS), path));
    } catch (error) {
      // storage blocked or full: the "not found" page guesses instead
    }
  }

  /** Resolves once the page has loaded and its calculators' engines (if any) are
   *  ready or failed, or idle in a card that starts only when scrolled to: the
   *  page's own answers come at once, the engine later. (A calculator page's main
   *  widget is idle only for the moment until its first answer is on screen.) */
  function settled() {
    const loaded = new Promise((resolve) => {
      if (document.readyState === "complete") resolve();
      else window.addEventListener("load", resolve, { once: true });
    });
    return loaded.then(
      () =>
        new Promise((resolve) => {
          const busy = () =>
            enginesBusy([...document.querySelectorAll("[data-calculator]")].map((node) => node.dataset));
          const done = () => {
            observer.disconnect();
            clearTimeout(timer);
            idle(resolve);
          };
          const observer = new MutationObserver(() => busy() || done());
          const timer = setTimeout(done, ENGINE_WAIT_MS);
          if (!busy()) return done();
          observer.observe(document.body, {
            subtree: true,
            attributes: true,
            attributeFilter: ["data-engine"],
          });
        }),
    );
  }

  function idle(callback) {
    if ("requestIdleCallback" in window) requestIdleCallback(() => callback(), { timeout: 2000 });
    else setTimeout(callback, 200);
  }

  /** A calculator engine that failed may have been given a bad saved file: ask the
   *  worker (once per page load) to check every saved file's SHA-256 and fetch bad ones again. */
  function watchEngines() {
    if (repairAsked || !container.controller) return;
    if (!document.querySelector('[data-calculator][data-engine="error"]')) {
      const roots = document.querySelectorAll("[data-calculator]");
      if (!roots.length) return;
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-calculator][data-engine="error"]')) {
          observer.disconnect();
          watchEngines();
        }
      });
      roots.forEach((node) => observer.observe(node, { attributes: true, attributeFilter: ["data-engine"] }));
      return;
    }
    repairAsked = true;
    askStatus(container.controller, MESSAGE.repair);
  }

  async function register() {
    container.addEventListener("message", (event) => onMessage(event.data || {}));
    container.addEventListener("controllerchange", () => {
      // A new worker took over: this tab pressed Reload, or the worker may be of
      // another build than this page (leaveOtherBuild).
      if (reloading) location.reload();
      else leaveOtherBuild(container.controller);
    });
    try {
      registration = await container.register(new URL("sw.js", root).href, { scope: root.href });
    } catch (error) {
      console.warn("Offline copy not available:", error);
      return;
    }
    if (!registration) return; // a browser (or test harness) that blocks service workers
    watch(registration);
    const ready = await container.ready;
    askStatus(ready.active);
  }

  function watch(reg) {
    const track = (worker) => {
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && container.controller) showUpdate(worker);
      });
    };
    if (reg.waiting && container.controller) showUpdate(reg.waiting);
    track(reg.installing); // an update the browser found before this script registered
    reg.addEventListener("updatefound", () => track(reg.installing));
  }

  function checkForUpdate() {
    if (!registration) return;
    if (registration.waiting && container.controller) showUpdate(registration.waiting);
    if (!updateDue(Date.now(), lastCheck, navigator.onLine, UPDATE_EVERY_MS)) return;
    lastCheck = Date.now();
    registration.update().catch(() => {});
  }

  /** Reload when `worker`, now in control of this tab, serves another build than the
   *  one this page and its scripts came from, so that the tab's pages, scripts and
   *  engine are one build. A page without its build id goes by the worker it was
   *  loaded under (none: a first visit, which came from the network and stays). */
  function leaveOtherBuild(worker) {
    const tab = { pageBuild, workerBuild: "", loadedUnder, worker, inControl: true };
    if (!worker || !pageBuild) {
      if (leaves(tab)) location.reload();
      return;
    }
    ask(worker, MESSAGE.build).then((data) => {
      if (leaves({ ...tab, workerBuild: data.build, inControl: container.controller === worker })) location.reload();
    });
  }

  /** Ask `worker` something ({type}); resolves with its answer. */
  function ask(worker, type) {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data || {});
      worker.postMessage({ type }, [channel.port2]);
    });
  }

  function askStatus(worker, type = MESSAGE.status) {
    if (worker) ask(worker, type).then(onMessage);
  }

  function onMessage(data) {
    const before = state;
    state = received(state, data);
    // How the worker last checked the saved copy ("quick": sizes, "deep": SHA-256 too).
    if (state.check) document.documentElement.dataset.offlineCheck = state.check;
    if (state.offline === before.offline && state.damaged === before.damaged) return;
    // Not "Ready offline" any more: files the worker deleted as damaged, offline.
    if (state.offline) document.documentElement.dataset.offline = "ready";
    else delete document.documentElement.dataset.offline;
    render();
  }

  function showUpdate(worker) {
    update = { worker };
    render();
  }

  function reload() {
    reloading = true;
    const worker = update && update.worker;
    if (worker && worker.state === "installed") {
      worker.postMessage({ type: MESSAGE.skipWaiting });
      // In case the switch never reports (the worker went away): reload anyway.
      setTimeout(() => location.reload(), 4000);
    } else {
      location.reload();
    }
  }

  // ------------------------------------------------------------------ UI

  const ICON_READY =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z"/></svg>';

  function render() {
    renderBadge();
    renderNotice();
  }

  function renderBadge() {
    const offline = state.offline;
    let badge = document.querySelector(".chq-offline");
    if (!offline) {
      if (badge) badge.hidden = true;
      return;
    }
    if (!badge) {
      const header = document.querySelector(".md-header__inner");
      if (!header) return;
      // "Ready offline" in words, and a tap (or Enter) opens what it means, which
      // starts with the same words. On a phone the tick alone shows (offline.css),
      // the words its name and its tooltip: the header keeps its room for the title.
      // "Offline" alone reads as "no connection", and "Saved" said nothing of what.
      badge = document.createElement("div");
      badge.className = "chq-offline";
      badge.setAttribute("role", "status");
      badge.innerHTML =
        `<button type="button" class="chq-offline__button" title="${WORDS.ready}" aria-expanded="false" aria-controls="chq-offline-info">` +
        `${ICON_READY}<span class="chq-offline__label">${WORDS.ready}</span></button>` +
        '<p class="chq-offline__info" id="chq-offline-info" hidden><strong></strong> <span></span></p>';
      const button = badge.querySelector("button");
      const info = badge.querySelector(".chq-offline__info");
      const show = (open) => {
        info.hidden = !open;
        button.setAttribute("aria-expanded", String(open));
      };
      button.addEventListener("click", () => show(info.hidden));
      document.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && !info.hidden) {
          show(false);
          button.focus();
        }
      });
      document.addEventListener("click", (event) => {
        if (!info.hidden && !badge.contains(event.target)) show(false);
      });
      // Its place in the header is there from the first paint, one size whatever it
      // holds (theme/material/partials/header.html, offline.css): nothing moves.
      const slot = header.querySelector(".chq-offline-slot");
      const search = header.querySelector('label.md-header__button[for="__search"]');
      if (slot) slot.append(badge);
      else header.insertBefore(badge, search || null);
    }
    badge.querySelector(".chq-offline__info strong").textContent = `${WORDS.ready}.`;
    badge.querySelector(".chq-offline__info span").textContent = savedWords(offline);
    badge.dataset.build = offline.build || "";
    badge.hidden = false;
  }

  /** One notice at a time: a new version (which replaces every file) before damage. */
  function renderNotice() {
    const kind = noticeKind({ update, damaged: state.damaged });
    let notice = document.querySelector(".chq-update");
    if (notice && notice.dataset.kind !== kind) {
      notice.remove();
      notice = null;
    }
    if (!kind || notice) return;
    notice = document.createElement("div");
    notice.className = "chq-update";
    notice.dataset.kind = kind;
    if (kind === "update") {
      notice.setAttribute("role", "alert");
      notice.innerHTML =
        `<span class="chq-update__text">${WORDS.update}</span>` +
        `<button type="button" class="chq-update__reload">${WORDS.reload}</button>` +
        `<button type="button" class="chq-update__later" aria-label="${WORDS.later}">${WORDS.later}</button>`;
      notice.querySelector(".chq-update__reload").addEventListener("click", reload);
    } else {
      notice.classList.add("chq-update--damaged");
      notice.setAttribute("role", "status");
      notice.innerHTML =
        `<span class="chq-update__text">${WORDS.damaged}</span>` +
        `<button type="button" class="chq-update__later">${WORDS.ok}</button>`;
    }
    notice.querySelector(".chq-update__later").addEventListener("click", () => notice.remove());
    document.body.appendChild(notice);
  }
})();
