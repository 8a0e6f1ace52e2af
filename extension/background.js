// Save with Haul: hands a page's pictures, or chosen links, to Haul through
// native messaging (the browser starts Haul's host itself; no port is
// opened). Runs as the service worker in Chrome, Edge and Brave, and as the
// background script in Firefox.
"use strict";

const HOST = "io.haul.app";
const MAX_LINKS = 50000;
// A page is scrolled until it stops growing, for at most MAX_SCREENS
// screens or SCROLL_LIMIT_MS; the page says so when it stops at a limit.
const MAX_SCREENS = 2000;
const SCROLL_LIMIT_MS = 4 * 60 * 1000;
// The markup of a page is sent for Haul to read when it is no larger than
// MAX_HTML characters; the markup of all a window's tabs together is kept
// under MAX_ALL_HTML, Haul reading at most 64 MiB.
const MAX_HTML = 12 * 1024 * 1024;
const MAX_ALL_HTML = 40 * 1024 * 1024;
const api = globalThis.browser ?? globalThis.chrome;
const isFirefox = typeof globalThis.browser !== "undefined" && typeof globalThis.browser.runtime.getBrowserInfo === "function";

const words = (name, subs) => chrome.i18n.getMessage(name, subs) || name;

function createMenus() {
  chrome.contextMenus.removeAll(() => {
    const menus = [
      { id: "save-all", title: words("saveAll"), contexts: ["page", "frame", "action"] },
      { id: "save-tabs", title: words("saveAllTabs"), contexts: ["page", "frame", "action"] },
      { id: "save-picture", title: words("savePicture"), contexts: ["image"] },
      { id: "save-links", title: words("saveLinks"), contexts: ["link", "selection"] },
    ];
    for (const menu of menus) {
      chrome.contextMenus.create(menu, () => void chrome.runtime.lastError);
    }
  });
}

chrome.runtime.onInstalled.addListener(createMenus);
chrome.runtime.onStartup.addListener(createMenus);

chrome.contextMenus.onClicked.addListener((info, tab) => {
  const granted = askForAccess();
  const run = {
    "save-all": () => saveAllPictures(tab.id),
    "save-tabs": () => saveAllTabs(tab.windowId, tab.id),
    "save-picture": () => savePicture(tab, info),
    "save-links": () => saveLinks(tab, info),
  }[info.menuItemId];
  if (run) granted.then(run);
});

chrome.action.onClicked.addListener((tab) => {
  askForAccess().then(() => saveAllPictures(tab.id));
});

// askForAccess asks Firefox, which leaves sites' access to the user, for
// the pictures' sites and their cookies; it must be called before any wait
// in a click's handler. Chromium browsers grant it on install.
function askForAccess() {
  if (!isFirefox) return Promise.resolve(true);
  return api.permissions.request({ origins: ["<all_urls>"] }).catch(() => false);
}

// atOnce says whether the user chose, in the extension's options, to save
// a page's pictures at once without choosing them in Haul's picker.
async function atOnce() {
  try {
    const stored = await api.storage.local.get({ atOnce: false });
    return Boolean(stored.atOnce);
  } catch {
    return false;
  }
}

// saveAllPictures scrolls the tab's page to load what is lazy, collects its
// pictures with its markup and hands them to Haul, which chooses the ones
// the page is about and opens its picker on them (or saves them at once,
// as the options say). It returns Haul's reply.
async function saveAllPictures(tabId) {
  show(tabId, "…", words("looking"));
  let found;
  try {
    found = await collectFrom(tabId, MAX_SCREENS);
  } catch (e) {
    show(tabId, "!", words("cannotRead"));
    return { ok: false, error: String(e && e.message || e) };
  }
  const message = { type: "pictures", ...pageOf(found), atOnce: await atOnce() };
  return send(tabId, message, found.stoppedAt);
}

// saveAllTabs collects the pictures of every tab of a window, as they
// stand (a tab that is not shown is not scrolled), and hands them to Haul
// in one message: Haul opens one picker on them, grouped by page.
async function saveAllTabs(windowId, fromTabId) {
  show(fromTabId, "…", words("lookingTabs"));
  const tabs = await api.tabs.query({ windowId });
  const pages = [];
  let htmlLeft = MAX_ALL_HTML;
  for (const tab of tabs) {
    if (!isWebLink(tab.url || "")) continue;
    try {
      const found = await collectFrom(tab.id, tab.active ? MAX_SCREENS : 0);
      const page = pageOf(found);
      if (page.html.length > htmlLeft) page.html = "";
      htmlLeft -= page.html.length;
      if (page.links.length > 0) pages.push(page);
    } catch {
      // a tab the browser keeps to itself (its settings, the extension store)
    }
  }
  if (pages.length === 0) {
    show(fromTabId, "0", words("nothing"));
    return { ok: false, error: "nothing" };
  }
  const [first, ...rest] = pages;
  return send(fromTabId, { type: "pictures", ...first, tabs: rest, atOnce: await atOnce() });
}

// collectFrom runs the collector in a tab.
async function collectFrom(tabId, maxScreens) {
  const labels = { scrolling: words("scrolling"), stopped: words("scrollStopped"), escape: words("pressEscape") };
  const [result] = await api.scripting.executeScript({
    target: { tabId }, func: collectPictures, args: [maxScreens, SCROLL_LIMIT_MS, MAX_LINKS, MAX_HTML, labels],
  });
  return result.result;
}

// pageOf is the part of a message that describes one page's pictures.
function pageOf(found) {
  return { page: found.page, links: found.links, named: found.named, sizes: found.sizes, drawn: found.drawn,
    backgrounds: found.backgrounds, html: found.html };
}

// savePicture hands one picture to Haul, with its page as Referer.
async function savePicture(tab, info) {
  return send(tab.id, { type: "links", page: { url: info.pageUrl || tab.url, title: tab.title }, links: [info.srcUrl], named: [] });
}

// saveLinks hands the links chosen to Haul: every link in the selection,
// even when the right-click lands on one of them, else the link clicked.
async function saveLinks(tab, info) {
  let links = info.linkUrl ? [info.linkUrl] : [];
  if (info.selectionText || !info.linkUrl) {
    try {
      const [result] = await api.scripting.executeScript({ target: { tabId: tab.id }, func: collectSelectedLinks, args: [MAX_LINKS] });
      const selected = result.result || [];
      if (selected.length > 0 && (!info.linkUrl || selected.includes(info.linkUrl) || selected.length > 1)) links = selected;
    } catch (e) {
      if (!info.linkUrl) {
        show(tab.id, "!", words("cannotRead"));
        return { ok: false, error: String(e && e.message || e) };
      }
    }
  }
  return send(tab.id, { type: "links", page: { url: info.pageUrl || tab.url, title: tab.title }, links, named: links });
}

// send adds the cookies the browser itself would send with the links from
// their page (see cookiesFor) and its User-Agent, hands the message to
// Haul and shows the outcome on the toolbar button. stoppedAt, when set,
// is the screen the scrolling stopped at, the page still growing.
async function send(tabId, message, stoppedAt) {
  const pages = [message, ...(message.tabs || [])];
  let cookies = [];
  for (const p of pages) {
    p.links = (p.links || []).filter(isWebLink).slice(0, MAX_LINKS);
    const kept = new Set(p.links);
    p.named = (p.named || p.links).filter((link) => kept.has(link));
    if (p.page && !isWebLink(p.page.url)) p.page = { url: "", title: p.page.title || "" };
    cookies = cookies.concat(await cookiesFor(p.page ? p.page.url : "", p.links, p.named));
  }
  if (message.links.length === 0) {
    show(tabId, "0", words("nothing"));
    return { ok: false, error: "nothing" };
  }
  message.userAgent = navigator.userAgent;
  message.cookies = uniqueCookies(cookies);
  let reply;
  try {
    reply = await api.runtime.sendNativeMessage(HOST, message);
  } catch (e) {
    const text = String(e && e.message || e);
    show(tabId, "!", /not found|no such native application/i.test(text) ? words("notConnected") : words("failed", [text]));
    return { ok: false, error: text };
  }
  if (reply && reply.ok) {
    // A note says why some links were not taken, or what was left out.
    let title = reply.note || words("sent", [String(reply.added)]);
    if (stoppedAt) title += " " + words("scrollStoppedNote", [String(stoppedAt)]);
    show(tabId, String(reply.added), title);
  } else {
    show(tabId, "!", words("failed", [reply && reply.error || "?"]));
  }
  return reply;
}

function isWebLink(link) {
  try {
    const u = new URL(link);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

// uniqueCookies keeps each cookie once.
function uniqueCookies(list) {
  const seen = new Map();
  for (const c of list) seen.set(`${c.domain}|${c.path}|${c.name}`, c);
  return [...seen.values()];
}

// cookiesFor gathers the cookies the browser itself would send with the
// links' requests from page, and no others: a link that may be on the
// page's own site (same scheme, same host or the same last two labels)
// carries its site's cookies; a link on another site carries only its
// cookies marked SameSite=None and Secure, over https, and only when the
// page shows it (not one it merely names) and the browser is not Firefox,
// which keeps other sites' cookies apart from a page. Haul makes the same
// judgement again with the public suffix list, which names sites exactly,
// for each page of a message. Each cookie carries its sameSite for that.
async function cookiesFor(page, links, named) {
  const isNamed = new Set(named);
  const places = new Map();
  for (const link of links) {
    const u = new URL(link);
    const place = u.origin + u.pathname.replace(/[^/]*$/, "");
    const same = maybeSameSite(page, u);
    const target = places.get(place) || { url: u, same: false, shown: false };
    target.same ||= same;
    target.shown ||= !isNamed.has(link);
    if (places.has(place) || places.size < 500) places.set(place, target);
  }
  const cookies = new Map();
  for (const [place, target] of places) {
    let found = [];
    try {
      found = await api.cookies.getAll({ url: place });
    } catch {
      continue;
    }
    for (const c of found) {
      if (!sentWith(c, target)) continue;
      cookies.set(`${c.domain}|${c.path}|${c.name}`, {
        domain: c.domain, hostOnly: c.hostOnly, path: c.path, secure: c.secure, httpOnly: c.httpOnly,
        expirationDate: c.expirationDate || 0, name: c.name, value: c.value, sameSite: c.sameSite || "unspecified",
      });
    }
  }
  return [...cookies.values()];
}

// sentWith says whether the browser sends cookie c with a request for
// target from the page.
function sentWith(c, target) {
  const https = target.url.protocol === "https:";
  if (c.secure && !https) return false;
  if (target.same) return true;
  return !isFirefox && target.shown && https && c.secure && c.sameSite === "no_restriction";
}

// maybeSameSite says whether u may be on the same site as page: the same
// scheme, and the same host or the same last two labels of it. It errs
// towards yes where only the public suffix list can tell (a.github.io and
// b.github.io are two sites); Haul tells them apart.
function maybeSameSite(page, u) {
  let p;
  try {
    p = new URL(page);
  } catch {
    return false;
  }
  if (p.protocol !== u.protocol) return false;
  if (p.hostname === u.hostname) return true;
  const tail = (host) => (/^[\d.]+$|:/.test(host) ? host : host.split(".").slice(-2).join("."));
  return tail(p.hostname) === tail(u.hostname);
}

// show puts the outcome on the toolbar button: a short badge, and the
// whole sentence as its tooltip.
function show(tabId, badge, title) {
  Promise.resolve(api.action.setBadgeText({ tabId, text: badge })).catch(() => {});
  Promise.resolve(api.action.setTitle({ tabId, title })).catch(() => {});
}

// collectPictures runs in the page. It scrolls down a screen at a time
// until the page stops growing (galleries and feeds that draw their
// pictures as they scroll), noting every picture as it comes into view
// (long feeds drop the ones scrolled past), with a notice on the page that
// says how far it got and that Esc stops it; at maxScreens screens or
// timeLimit it stops and says so. It then gathers every picture as the
// page shows it: each img at its largest (srcset, picture sources, lazy
// attributes, Discuz!'s zoomfile and file), pictures in <noscript>
// fallbacks, links to picture files, and CSS backgrounds; with the size
// each is drawn at, its own size, and the page's markup for Haul to read.
async function collectPictures(maxScreens, timeLimit, maxLinks, maxHTML, labels) {
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const found = [];
  const seen = new Set();
  const shown = new Set();
  const backgrounds = new Set();
  const sizes = {};
  const drawn = {};
  const add = (raw, how = "img") => {
    if (!raw || found.length >= maxLinks) return "";
    let u;
    try {
      u = new URL(raw.trim(), document.baseURI);
    } catch {
      return "";
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") return "";
    u.hash = "";
    if (how !== "link") shown.add(u.href);
    if (how === "background") backgrounds.add(u.href);
    if (!seen.has(u.href)) {
      seen.add(u.href);
      found.push(u.href);
    }
    return u.href;
  };
  // candidates reads a srcset: each address with its width or density.
  const candidates = (srcset) => (srcset || "").split(/,\s+(?=\S)/).map((part) => {
    const [url, descriptor = "1x"] = part.trim().split(/\s+/);
    const n = parseFloat(descriptor);
    return { url, score: descriptor.endsWith("w") ? n : n * 1000 };
  }).filter((c) => c.url && !Number.isNaN(c.score));
  const fullAttributes = ["zoomfile", "data-zoom-image", "data-large", "data-full", "data-hi-res", "data-orig-file", "data-original-src"];
  const lazyAttributes = ["data-src", "data-original", "data-lazy-src", "data-lazy", "data-actualsrc", "data-echo",
    "data-lazyload", "data-ks-lazyload", "data-lazyload-src", "lazy-src", "real_src", "file"];
  const lazySets = ["data-srcset", "data-lazy-srcset"];
  const real = (src) => src && !src.startsWith("data:") && !src.startsWith("blob:") && !/\/(?:none|blank|spacer|pixel|grey-pixel)\.gif$/i.test(src);
  // noteSize notes the size an img is drawn at and its own size, when
  // what it shows is the picture noted (not a smaller copy, as a
  // thumbnail whose full size a data attribute names).
  const noteSize = (img, href) => {
    let showing = "";
    try {
      showing = new URL(img.currentSrc || img.getAttribute("src") || "", document.baseURI).href;
    } catch {
      return;
    }
    if (showing !== href) return;
    const r = img.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) drawn[href] = { width: Math.round(r.width), height: Math.round(r.height) };
    if (img.complete && img.naturalWidth > 0) sizes[href] = { width: img.naturalWidth, height: img.naturalHeight };
  };
  // tileFull is the full size that a tile around img names for it in a
  // full-size data attribute (data-large-file-url, data-zoom), when the
  // tile holds no other picture.
  const fullWord = /full|large|orig|zoom|hires|hi-res|big/;
  const tileFull = (img) => {
    let el = img.parentElement;
    for (let i = 0; i < 5 && el && el !== document.body; i++, el = el.parentElement) {
      if (el.querySelectorAll("img").length > 1) return "";
      for (const a of el.attributes) {
        if (a.name.startsWith("data-") && fullWord.test(a.name) && /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(a.value)) return a.value;
      }
    }
    return "";
  };
  // best is the address of an img at its largest: a full-size attribute,
  // else the widest of its picture's sources and its srcset (the sources
  // first, as they come first), else a lazy-loading attribute, else what
  // it shows.
  const best = (img, live) => {
    let options = [];
    const picture = img.closest("picture");
    if (picture) {
      for (const source of picture.querySelectorAll("source")) {
        options = options.concat(candidates(source.getAttribute("srcset")), candidates(source.getAttribute("data-srcset")));
      }
    }
    options = options.concat(candidates(img.getAttribute("srcset")));
    for (const name of lazySets) options = options.concat(candidates(img.getAttribute(name)));
    options.sort((a, b) => b.score - a.score);
    const full = fullAttributes.map((name) => img.getAttribute(name)).find(real) || (live ? tileFull(img) : "");
    const lazy = lazyAttributes.map((name) => img.getAttribute(name)).find(real);
    const shownSrc = live && real(img.currentSrc) ? img.currentSrc : img.getAttribute("src");
    return full || (options.length > 0 ? options[0].url : lazy || shownSrc);
  };
  // takeImages notes every img the page holds now that was not noted
  // whole before: an img counts as noted once loaded.
  const done = new WeakSet();
  const takeImages = () => {
    for (const img of document.querySelectorAll("img")) {
      if (done.has(img)) continue;
      const href = add(best(img, true));
      if (href) noteSize(img, href);
      if (href && img.complete) done.add(img);
    }
  };

  const notice = makeNotice(labels);
  let stop = false;
  const onKey = (e) => {
    if (e.key === "Escape") stop = true;
  };
  window.addEventListener("keydown", onKey, true);
  const startY = window.scrollY;
  const started = Date.now();
  let still = 0;
  let lastHeight = 0;
  let screens = 0;
  let stoppedAt = 0;
  takeImages();
  for (; screens < maxScreens && still < 4 && !stop; screens++) {
    if (Date.now() - started > timeLimit) break;
    window.scrollBy(0, Math.max(200, Math.floor(window.innerHeight * 0.9)));
    await pause(250);
    takeImages();
    notice.say(labels.scrolling.replace("{screens}", String(screens + 1)).replace("{pictures}", String(found.length)));
    const height = document.documentElement.scrollHeight;
    const atBottom = window.scrollY + window.innerHeight >= height - 4;
    still = atBottom && height === lastHeight ? still + 1 : 0;
    lastHeight = height;
  }
  if (maxScreens > 0 && still < 4 && !stop) stoppedAt = screens;
  window.removeEventListener("keydown", onKey, true);
  window.scrollTo(0, startY);
  takeImages();

  for (const noscript of document.querySelectorAll("noscript")) {
    const doc = new DOMParser().parseFromString(noscript.textContent || "", "text/html");
    for (const img of doc.querySelectorAll("img")) add(best(img, false));
  }
  // A link to a picture file names one; a wiki's page of a file
  // (/wiki/File:Harbour.jpg), whose name has a colon, is a page.
  const pictureFile = /\/[^/:]+\.(jpe?g|png|gif|webp|avif|bmp|tiff?|svg|heic|jxl)$/i;
  for (const a of document.querySelectorAll("a[href]")) {
    try {
      if (pictureFile.test(decodeURIComponent(new URL(a.href).pathname))) add(a.href, "link");
    } catch {
      // not an address
    }
  }
  const elements = document.querySelectorAll("body *");
  for (let i = 0; i < elements.length && i < 50000; i++) {
    const bg = getComputedStyle(elements[i]).backgroundImage;
    if (!bg || bg === "none") continue;
    for (const m of bg.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/g)) {
      const href = add(m[2], "background");
      const r = elements[i].getBoundingClientRect();
      if (href && r.width > 0 && r.height > 0) drawn[href] = { width: Math.round(r.width), height: Math.round(r.height) };
    }
  }
  if (stoppedAt) notice.say(labels.stopped.replace("{screens}", String(stoppedAt)), 6000);
  else notice.close();
  const html = document.documentElement.outerHTML;
  // Links to picture files the page does not also show are only named.
  const named = found.filter((link) => !shown.has(link));
  return {
    page: { url: location.href, title: document.title }, links: found, named, sizes, drawn,
    backgrounds: [...backgrounds].filter((link) => !named.includes(link)), html: html.length <= maxHTML ? html : "", stoppedAt,
  };

  // makeNotice puts a small notice at the bottom of the page, in a shadow
  // root the page's styles do not reach.
  function makeNotice(text) {
    const host = document.createElement("div");
    host.style.cssText = "all:initial;position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:2147483647";
    const root = host.attachShadow({ mode: "closed" });
    const box = document.createElement("div");
    box.style.cssText = "font:14px/1.4 system-ui,sans-serif;color:#fff;background:rgba(20,20,20,.88);padding:8px 14px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.3)";
    const line = document.createElement("div");
    const hint = document.createElement("div");
    hint.style.cssText = "opacity:.75;font-size:12px";
    hint.textContent = text.escape;
    box.append(line, hint);
    root.append(box);
    let timer = 0;
    return {
      say(message, closeAfter) {
        if (!host.isConnected) document.documentElement.append(host);
        line.textContent = message;
        hint.hidden = Boolean(closeAfter);
        clearTimeout(timer);
        if (closeAfter) timer = setTimeout(() => host.remove(), closeAfter);
      },
      close() {
        host.remove();
      },
    };
  }
}

// collectSelectedLinks runs in the page: every link in the selection, and
// every address written in its text.
function collectSelectedLinks(maxLinks) {
  const selection = window.getSelection();
  const links = new Set();
  for (let i = 0; i < selection.rangeCount; i++) {
    const range = selection.getRangeAt(i);
    for (const a of document.querySelectorAll("a[href]")) {
      if (range.intersectsNode(a)) links.add(a.href);
    }
  }
  for (const m of selection.toString().matchAll(/https?:\/\/[^\s"'<>]+/g)) links.add(m[0]);
  return [...links].slice(0, maxLinks);
}

// For automation and tests: the toolbar button's action on a tab, and the
// menu's "all tabs" on a window.
globalThis.haulSaveAllPictures = saveAllPictures;
globalThis.haulSaveAllTabs = saveAllTabs;
