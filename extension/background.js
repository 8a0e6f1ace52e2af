// Save with Haul: hands a page's pictures, or chosen links, to Haul through
// native messaging (the browser starts Haul's host itself; no port is
// opened). Runs as the service worker in Chrome, Edge and Brave, and as the
// background script in Firefox.
"use strict";

const HOST = "io.haul.app";
const MAX_LINKS = 50000;
const MAX_SCREENS = 200;
const api = globalThis.browser ?? globalThis.chrome;
const isFirefox = typeof globalThis.browser !== "undefined" && typeof globalThis.browser.runtime.getBrowserInfo === "function";

const words = (name, subs) => chrome.i18n.getMessage(name, subs) || name;

function createMenus() {
  chrome.contextMenus.removeAll(() => {
    const menus = [
      { id: "save-all", title: words("saveAll"), contexts: ["page", "frame", "action"] },
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

// saveAllPictures scrolls the tab's page to load what is lazy, collects its
// pictures and hands them to Haul, which opens its picker on them. It
// returns Haul's reply.
async function saveAllPictures(tabId) {
  show(tabId, "…", words("looking"));
  let found;
  try {
    const [result] = await api.scripting.executeScript({ target: { tabId }, func: collectPictures, args: [MAX_SCREENS, MAX_LINKS] });
    found = result.result;
  } catch (e) {
    show(tabId, "!", words("cannotRead"));
    return { ok: false, error: String(e && e.message || e) };
  }
  return send(tabId, { type: "pictures", page: found.page, links: found.links, named: found.named, sizes: found.sizes });
}

// savePicture hands one picture to Haul, with its page as Referer.
async function savePicture(tab, info) {
  return send(tab.id, { type: "links", page: { url: info.pageUrl || tab.url, title: tab.title }, links: [info.srcUrl], named: [] });
}

// saveLinks hands the link clicked, or every link in the selection, to Haul.
async function saveLinks(tab, info) {
  let links = info.linkUrl ? [info.linkUrl] : [];
  if (!info.linkUrl) {
    try {
      const [result] = await api.scripting.executeScript({ target: { tabId: tab.id }, func: collectSelectedLinks, args: [MAX_LINKS] });
      links = result.result;
    } catch (e) {
      show(tab.id, "!", words("cannotRead"));
      return { ok: false, error: String(e && e.message || e) };
    }
  }
  return send(tab.id, { type: "links", page: { url: info.pageUrl || tab.url, title: tab.title }, links, named: links });
}

// send adds the cookies the browser itself would send with the links from
// the page (see cookiesFor) and its User-Agent, hands the message to Haul
// and shows the outcome on the toolbar button.
async function send(tabId, message) {
  message.links = (message.links || []).filter(isWebLink).slice(0, MAX_LINKS);
  const kept = new Set(message.links);
  message.named = (message.named || message.links).filter((link) => kept.has(link));
  if (message.page && !isWebLink(message.page.url)) message.page = { url: "", title: message.page.title || "" };
  if (message.links.length === 0) {
    show(tabId, "0", words("nothing"));
    return { ok: false, error: "nothing" };
  }
  message.userAgent = navigator.userAgent;
  message.cookies = await cookiesFor(message.page ? message.page.url : "", message.links, message.named);
  let reply;
  try {
    reply = await api.runtime.sendNativeMessage(HOST, message);
  } catch (e) {
    const text = String(e && e.message || e);
    show(tabId, "!", /not found|no such native application/i.test(text) ? words("notConnected") : words("failed", [text]));
    return { ok: false, error: text };
  }
  if (reply && reply.ok) {
    // A note says why some links were not taken (Haul's list is full).
    show(tabId, String(reply.added), reply.note || words("sent", [String(reply.added)]));
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

// cookiesFor gathers the cookies the browser itself would send with the
// links' requests from page, and no others: a link that may be on the
// page's own site (same scheme, same host or the same last two labels)
// carries its site's cookies; a link on another site carries only its
// cookies marked SameSite=None and Secure, over https, and only when the
// page shows it (not one it merely names) and the browser is not Firefox,
// which keeps other sites' cookies apart from a page. Haul makes the same
// judgement again with the public suffix list, which names sites exactly.
// Each cookie carries its sameSite for that.
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

// collectPictures runs in the page: it scrolls down a screen at a time
// until the page stops growing (galleries that draw their pictures as they
// scroll), then gathers every picture as the page shows it now: each img at
// its largest (srcset, picture sources, lazy attributes), links to picture
// files, and CSS backgrounds.
async function collectPictures(maxScreens, maxLinks) {
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const startY = window.scrollY;
  let still = 0;
  let lastHeight = 0;
  for (let i = 0; i < maxScreens && still < 4; i++) {
    window.scrollBy(0, Math.max(200, Math.floor(window.innerHeight * 0.9)));
    await pause(250);
    const height = document.documentElement.scrollHeight;
    const atBottom = window.scrollY + window.innerHeight >= height - 4;
    still = atBottom && height === lastHeight ? still + 1 : 0;
    lastHeight = height;
  }
  window.scrollTo(0, startY);

  const found = [];
  const seen = new Set();
  const shown = new Set();
  const sizes = {};
  // sized notes the size of a picture the page shows whole.
  const sized = (img) => {
    if (img.complete && img.naturalWidth > 0 && img.currentSrc && seen.has(img.currentSrc)) {
      sizes[img.currentSrc] = { width: img.naturalWidth, height: img.naturalHeight };
    }
  };
  const add = (raw, isShown = true) => {
    if (!raw || found.length >= maxLinks) return;
    let u;
    try {
      u = new URL(raw.trim(), document.baseURI);
    } catch {
      return;
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") return;
    u.hash = "";
    if (isShown) shown.add(u.href);
    if (!seen.has(u.href)) {
      seen.add(u.href);
      found.push(u.href);
    }
  };
  // candidates reads a srcset: each address with its width or density.
  const candidates = (srcset) => (srcset || "").split(/,\s+(?=\S)/).map((part) => {
    const [url, descriptor = "1x"] = part.trim().split(/\s+/);
    const n = parseFloat(descriptor);
    return { url, score: descriptor.endsWith("w") ? n : n * 1000 };
  }).filter((c) => c.url && !Number.isNaN(c.score));
  const lazyAttributes = ["data-src", "data-original", "data-lazy-src", "data-lazy", "data-url", "data-full",
    "data-large", "data-hi-res", "data-zoom-image", "data-actualsrc", "data-echo"];
  const lazySets = ["data-srcset", "data-lazy-srcset"];
  const real = (src) => src && !src.startsWith("data:") && !src.startsWith("blob:");

  for (const img of document.querySelectorAll("img")) {
    let options = candidates(img.getAttribute("srcset"));
    for (const name of lazySets) options = options.concat(candidates(img.getAttribute(name)));
    const picture = img.closest("picture");
    if (picture) {
      for (const source of picture.querySelectorAll("source")) {
        options = options.concat(candidates(source.getAttribute("srcset")), candidates(source.getAttribute("data-srcset")));
      }
    }
    options.sort((a, b) => b.score - a.score);
    const lazy = lazyAttributes.map((name) => img.getAttribute(name)).find(real);
    add(options.length > 0 ? options[0].url : lazy || (real(img.currentSrc) ? img.currentSrc : img.getAttribute("src")));
    sized(img);
  }
  const pictureFile = /\.(jpe?g|png|gif|webp|avif|bmp|tiff?|svg|heic|jxl)$/i;
  for (const a of document.querySelectorAll("a[href]")) {
    try {
      if (pictureFile.test(new URL(a.href).pathname)) add(a.href, false);
    } catch {
      // not an address
    }
  }
  const elements = document.querySelectorAll("body *");
  for (let i = 0; i < elements.length && i < 50000; i++) {
    const bg = getComputedStyle(elements[i]).backgroundImage;
    if (!bg || bg === "none") continue;
    for (const m of bg.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/g)) add(m[2]);
  }
  // Links to picture files the page does not also show are only named.
  const named = found.filter((link) => !shown.has(link));
  return { page: { url: location.href, title: document.title }, links: found, named, sizes };
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

// For automation and tests: the toolbar button's action on a tab.
globalThis.haulSaveAllPictures = saveAllPictures;
