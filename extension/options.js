// The extension's options: whether a page's pictures are saved at once,
// without choosing them in Haul's picker.
"use strict";

const api = globalThis.browser ?? globalThis.chrome;

for (const el of document.querySelectorAll("[data-words]")) {
  const text = chrome.i18n.getMessage(el.dataset.words);
  if (text) el.textContent = text;
}

const box = document.getElementById("atOnce");
const saved = document.getElementById("saved");
api.storage.local.get({ atOnce: false }).then((stored) => {
  box.checked = Boolean(stored.atOnce);
});
box.addEventListener("change", () => {
  api.storage.local.set({ atOnce: box.checked }).then(() => {
    saved.hidden = false;
  });
});
