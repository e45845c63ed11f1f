// A friend's reply opened as a link (`#reply=<code>`) in the host's browser: this page passes it
// to the tab that has the table (BroadcastChannel: same browser, same site only) and says whether
// it seated the friend, so the host's one action is opening the link. A browser with no table
// open, or none that answers, is told to paste the reply there instead. No engine boots here.
//
//   if (location.hash.startsWith("#reply=")) relayReply();
import { byId } from "../../dom.js";
import { openSheet } from "../panels.js";
import { REPLY_CHANNEL } from "../../net/messages.js";
/** Milliseconds to wait for the host's tab (the connection itself can take seconds). */
const ANSWER_MS = 25000;

/** Pass the reply in this page's address to the host's tab, and say what came of it. */
export function relayReply() {
  const code = location.hash.slice("#reply=".length);
  byId("welcome").hidden = true;
  byId("boot").classList.add("is-ready");
  byId("btn-new").hidden = true;
  byId("join-title").textContent = "A friend's reply";
  byId("join-intro").textContent = "";
  byId("join-form").hidden = true;
  const say = (/** @type {string} */ text) => { byId("join-status").textContent = text; };
  openSheet("join-dialog");
  if (typeof BroadcastChannel !== "function") {
    say("This browser cannot pass the reply to your table: copy this page's address into “Reply code” there.");
    return;
  }
  const channel = new BroadcastChannel(REPLY_CHANNEL);
  const id = Math.random().toString(36).slice(2);
  say("Passing the reply to your table…");
  const timer = setTimeout(() => {
    say("No table of yours answered in this browser: open the tab with your table, and paste this page's address under “Reply code”.");
    channel.close();
  }, ANSWER_MS);
  channel.addEventListener("message", (ev) => {
    const m = ev.data;
    if (!m || m.t !== "reply-answer" || m.id !== id) return;
    clearTimeout(timer);
    channel.close();
    say(m.ok ? "Your friend is at the table. You can close this tab." : `The table did not take this reply: ${String(m.message ?? "")}`);
    if (m.ok) setTimeout(() => window.close(), 1500); // closes only where the browser allows it
  });
  channel.postMessage({ t: "reply", id, code });
}
