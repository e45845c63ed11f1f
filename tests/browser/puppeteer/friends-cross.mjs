// A friends' table across two browsers: the host's page in one, the guest's in the other, each
// browser with a fresh profile of its own. Run inside the loopback-only network namespace by
// tests/netns/test_cross_browser.py (peer connections are opened nowhere else):
//
//   node tests/browser/puppeteer/friends-cross.mjs HOST GUEST URL ARTIFACTS CHROMIUM_ARGS_JSON
//
// HOST and GUEST are "chromium" and "firefox" in either order. As the people would: the host
// opens "Play with friends…" and "Open the table" (the form's default seats: the host, one
// friend, two computer players; a match of one hand), the invitation link is carried to the
// guest, who types a name and joins; the guest's reply code is carried back into "Reply code"
// and "Add player"; the host starts the match; then whoever has a plain move makes it until both
// tables show the end of the match, and the guest's page reports its fair-play check passed. No
// console error and no uncaught page error on either page.
//
// "@@ " lines are JSON for the caller: {step, s} after each stage, then {ok}. A failure saves a
// screenshot of both pages and console.log under ARTIFACTS and exits with status 1.

import {
  BOOT_MS, MOVES, capture, click, errorsIn, field, fill, findButton, firstPage, isVisible,
  launchChromium, launchFirefox, saveArtifacts, say, seconds, sleep, state, text, valueOf,
  waitReady, waitUntil,
} from "./lib.mjs";

// A link is made once the browser has gathered its candidates (web/js/net/link/peer.js gives up
// after 10 s): alone it takes a second or two, but under the suite's load one step took over
// 20 s. A wait, not a check of speed.
const LINK_MS = 60_000;

const [hostKind, guestKind, url, artifacts, chromiumArgs] = process.argv.slice(2);
const KINDS = ["chromium", "firefox"];
if (!KINDS.includes(hostKind) || !KINDS.includes(guestKind) || !url || !artifacts || !chromiumArgs) {
  console.error("usage: node friends-cross.mjs chromium|firefox chromium|firefox URL ARTIFACTS CHROMIUM_ARGS_JSON");
  process.exit(2);
}

const GUEST = "Ann";
const t0 = Date.now();
const lines = [];
const step = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ extra = {}) =>
  say({ step: name, s: seconds(t0), ...extra });

/** @param {string} kind */
function launch(kind) {
  if (kind === "firefox") return launchFirefox({ loopback: true });
  // Chromium gathers loopback candidates only with its flag and camera and microphone granted
  const origin = new URL(url).origin;
  return launchChromium({ args: JSON.parse(chromiumArgs), grant: { origin, permissions: ["camera", "microphone"] } });
}

/** A browser's tab, its console kept, the computer players' pace instant before any script runs. */
async function preparePage(browser, who) {
  const page = await firstPage(browser);
  capture(page, lines, who);
  await page.evaluateOnNewDocument(() => {
    if (location.protocol.startsWith("http")) {
      localStorage.setItem("speculation:settings:v1", JSON.stringify({ pace: "instant" }));
    }
  });
  return page;
}

/** The host's first screen: Play with friends, a match of one hand, Open the table. */
async function openTable(host) {
  await host.goto(url);
  await waitReady(host);
  await click(host, "Play with friends…");
  await waitUntil(() => host.evaluate(() => {
    const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("setup-dialog"));
    return dialog.open && /Play with friends/.test(dialog.querySelector("h2")?.textContent ?? "");
  }), "the friends' form");
  const kinds = await host.evaluate(() => [...document.querySelectorAll("#setup-dialog .pl-kind")]
    .map((s) => /** @type {HTMLSelectElement} */ (s).value));
  if (kinds.filter((k) => k === "friend").length !== 1) throw new Error(`the form's seats are not one friend's: ${kinds}`);
  await click(host, "House rules", { within: "#setup-dialog" });
  const hands = await field(host, /^Hands in the match/);
  await fill(hands, "1");
  await hands.dispose();
  await click(host, "Open the table", { within: "#setup-dialog" });
  const invite = await field(host, "Invite link", LINK_MS);
  const link = await waitUntil(async () => {
    const v = await valueOf(invite);
    return /#join=/.test(v) ? v : "";
  }, "the invitation link", LINK_MS);
  await invite.dispose();
  return link;
}

/** The guest opens the link, joins as GUEST; the host adds the reply. */
async function join(host, guest, link) {
  await guest.goto(link);
  const name = await field(guest, "Your name", BOOT_MS);
  await name.click();
  await name.type(GUEST);
  await name.dispose();
  await click(guest, "Join");
  const replyField = await field(guest, "Your reply link", LINK_MS);
  const reply = await waitUntil(async () => {
    const v = await valueOf(replyField);
    return /\S{20,}/.test(v) ? v : "";
  }, "the guest's reply link", LINK_MS);
  await replyField.dispose();
  const box = await field(host, "Reply code");
  await fill(box, reply);
  await box.dispose();
  await click(host, "Add player");
  try {
    await waitUntil(async () => (await text(host, "#lobby-seats")).includes(`${GUEST}: at the table`),
      `${GUEST} at the table in the host's lobby`, 45_000);
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : err}; the lobby says: ${await text(host, "#lobby-error")}; `
      + `${GUEST}'s page says: ${await text(guest, "#join-status")}`);
  }
}

/**
 * Whoever has a plain move makes it (on an idle table), until both tables show the match's end.
 * Returns how many moves each device made.
 */
async function playToTheEnd(pages, names) {
  const made = Object.fromEntries(names.map((n) => [n, []]));
  const missed = [];
  for (let i = 0; i < 400; i++) {
    const over = await Promise.all(pages.map((p) => isVisible(p, "#match-summary")));
    if (over.every(Boolean)) return made;
    let moved = false;
    for (const [k, page] of pages.entries()) {
      if ((await state(page))[0] !== "idle") continue;
      const button = await findButton(page, MOVES, "#controls, #hand-result");
      if (!button) continue;
      try {
        const label = await button.evaluate((el) => (el.textContent || "").trim());
        await button.click();
        made[names[k]].push(label);
      } catch (err) { // redrawn under the pointer by the host's next message
        missed.push(`${names[k]}: ${err instanceof Error ? err.message.split("\n")[0] : err}`);
        if (missed.length >= 5) throw new Error(`clicks kept missing:\n${missed.join("\n")}`);
        continue;
      } finally {
        await button.dispose().catch(() => {});
      }
      if (await isVisible(page, "#confirm")) {
        const ok = await page.$("#confirm-ok");
        await ok?.click();
        await ok?.dispose();
      }
      moved = true;
      break;
    }
    await sleep(moved ? 50 : 150);
  }
  const status = await Promise.all(pages.map((p) => text(p, "#status")));
  throw new Error(`the match did not end: ${status.join(" | ")}`);
}

async function main() {
  const [hostBrowser, guestBrowser] = await Promise.all([launch(hostKind), launch(guestKind)]);
  const pages = [];
  try {
    step("launched", {
      host: await hostBrowser.browser.version(), guest: await guestBrowser.browser.version(),
    });
    const host = await preparePage(hostBrowser.browser, `[host ${hostKind}]`);
    const guest = await preparePage(guestBrowser.browser, `[guest ${guestKind}]`);
    pages.push(host, guest);

    const link = await openTable(host);
    step("table open");
    await join(host, guest, link);
    step("joined");

    await click(host, "Start the match");
    await waitUntil(async () => (await text(guest, "#seats .is-bottom .seat-name")) === GUEST,
      `${GUEST}'s own seat at the bottom of the guest's table`, 30_000);
    step("started");

    const made = await playToTheEnd([host, guest], ["host", "guest"]);
    const summaries = await Promise.all([host, guest].map((p) => text(p, "#match-summary")));
    step("match over", { moves: made, host: summaries[0].slice(0, 120), guest: summaries[1].slice(0, 120) });

    await waitUntil(async () => (await text(guest, "#friends-status")).includes("Fair play checked"),
      "the guest's fair-play check", 120_000);
    step("fair play checked", { line: (await text(guest, "#friends-status")).slice(0, 160) });

    const errors = errorsIn(lines);
    if (errors.length) throw new Error(`console errors:\n${errors.join("\n")}`);
    say({ ok: true, s: seconds(t0), console: lines.slice(0, 20) });
  } catch (err) {
    await saveArtifacts(artifacts, pages, lines);
    throw err;
  } finally {
    await Promise.all([hostBrowser.close(), guestBrowser.close()]);
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(`FAILED after ${seconds(t0)} s: ${err instanceof Error ? err.stack || err.message : err}`);
  if (lines.length) console.error(`console:\n${lines.slice(-40).join("\n")}`);
  process.exit(1);
});
