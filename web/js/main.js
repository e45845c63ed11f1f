// The page's controller: boot, set-up, the play loop (humans and bots), saving and resuming.
// Every game decision comes from the engine; this file only asks, shows and forwards.
import { renderTable, setStatus } from "./render.js";
import { buildControls } from "./controls.js";
import { describeTurn, seatName, chips } from "./text.js";
import { cardFace, theCard } from "./cards.js";
import { chipsChart } from "./chart.js";
import { SetupForm, settingsFromUrl, hasSettingsInUrl, randomSeed } from "./setup.js";
import { loadSettings, saveSettings, readSave, writeSave, clearSave } from "./storage.js";
import { initOffline, requestPersistence, noteSave } from "./offline.js";

const $ = (id) => document.getElementById(id);
const PACE_MS = { instant: 0, fast: 350, normal: 1100, slow: 2600 };
const STAGE_LABELS = {
  runtime: "Downloading and starting Python",
  micropip: "Preparing the package installer",
  engine: "Installing the game engine",
  ready: "Ready",
};
const BOT_MISSING = new Set(["unknown_op", "not_implemented", "no_bots", "unknown_bot", "bad_op"]);

const ui = {
  engine: null,
  hello: null,
  setup: null,
  view: null,          // the last view drawn
  players: [],         // [{name, kind, bot}] as set up (kinds, in case the view lacks them)
  holder: null,        // the human seat that has the device (pass-and-play)
  loop: 0,             // loop token: a new loop cancels the old one
  thinking: null,
  logItems: [],        // [{text, cls}] kept for the save
  seenHand: null,      // last hand number whose result was shown
  waitingNextHand: false,
  settings: loadSettings(),
};

// ---------------------------------------------------------------- settings

function applySettings() {
  const s = ui.settings;
  const root = document.documentElement;
  root.classList.toggle("theme-light", s.theme === "light");
  root.classList.toggle("theme-dark", s.theme === "dark");
  root.classList.toggle("fourcolour", !!s.fourColour);
  root.classList.toggle("no-motion", !s.motion);
  $("set-theme").value = s.theme;
  $("set-pace").value = s.pace;
  $("set-fourcolour").checked = !!s.fourColour;
  $("set-motion").checked = !!s.motion;
}

function wireSettings() {
  const btn = $("btn-settings");
  btn.addEventListener("click", () => {
    const open = $("settings").hidden;
    $("settings").hidden = !open;
    btn.setAttribute("aria-expanded", String(open));
    if (open) $("set-theme").focus();
  });
  const upd = () => {
    ui.settings = {
      theme: $("set-theme").value,
      pace: $("set-pace").value,
      fourColour: $("set-fourcolour").checked,
      motion: $("set-motion").checked,
    };
    saveSettings(ui.settings);
    applySettings();
  };
  for (const id of ["set-theme", "set-pace", "set-fourcolour", "set-motion"]) $(id).addEventListener("change", upd);
  applySettings();
}

// ---------------------------------------------------------------- notices and log

function notice(text, download = null) {
  $("notice-text").textContent = text;
  const a = $("notice-download");
  if (download) {
    const blob = new Blob([JSON.stringify({ saved_game: download }, null, 2)], { type: "application/json" });
    a.href = URL.createObjectURL(blob);
    a.hidden = false;
  } else a.hidden = true;
  $("notice").hidden = false;
}
$("notice-close").addEventListener("click", () => { $("notice").hidden = true; $("main").focus(); });

function log(text, cls = "") {
  if (!text) return;
  ui.logItems.push({ text, cls });
  if (ui.logItems.length > 400) ui.logItems.splice(0, ui.logItems.length - 400);
  appendLog({ text, cls });
}
function appendLog({ text, cls }) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  const ol = $("log-list");
  ol.append(li);
  while (ol.children.length > 400) ol.firstElementChild.remove();
  $("log").scrollTop = $("log").scrollHeight;
}
function logEvents(events = []) {
  for (const ev of events) {
    if (ev.type === "deal") log(ev.text, "hand-sep");
    else log(ev.text ?? ev.type);
  }
}

// ---------------------------------------------------------------- engine helpers

let inflight = 0;
let ticks = 0;
function setState(state) {
  // data-state / data-tick let a test (or a curious reader) see when the table has settled.
  if (state === "idle") document.body.dataset.tick = String(++ticks);
  document.body.dataset.state = state;
}
async function request(obj) {
  inflight++;
  setState("busy");
  try {
    return await ui.engine.request(obj);
  } finally {
    inflight--;
  }
}

function kindOf(view, seat) {
  return view.seats?.[seat]?.kind ?? ui.players[seat]?.kind ?? "human";
}
function humanSeats(view) {
  return (view.seats ?? []).map((s) => s.seat).filter((s) => kindOf(view, s) === "human");
}
function decorate(view) {
  // Add what the set-up knows (kinds, bot names) if the engine's view leaves it out.
  for (const s of view.seats ?? []) {
    s.kind ??= ui.players[s.seat]?.kind ?? "human";
    if (s.kind === "bot" && !s.bot_name) {
      const id = s.bot ?? ui.players[s.seat]?.bot;
      const b = ui.hello?.bots?.find((x) => x.id === id);
      if (b && b.name !== s.name) s.bot_name = b.name;
    }
  }
  return view;
}

async function save() {
  const r = await request({ op: "save" });
  if (r.ok && typeof r.snapshot === "string") {
    noteSave(writeSave(r.snapshot, { players: ui.players, holder: ui.holder, log: ui.logItems.slice(-150), seenHand: ui.seenHand }));
  }
}

// ---------------------------------------------------------------- drawing

function draw(view, { controls = null, thinking = null } = {}) {
  decorate(view);
  const prev = ui.view;
  ui.view = view;
  ui.thinking = thinking;
  const built = controls ? buildControls(view, (a) => humanAct(a)) : null;
  renderTable(view, {
    prev, thinking, viewer: ui.holder,
    offerCards: built?.offerCards, onOffer: built?.onOffer,
  });
  const box = $("controls");
  box.replaceChildren(...(built?.nodes ?? []));
  if (built?.nodes.length && ui.coach !== false) box.append(adviceGroup(view.seat));
  let status = describeTurn(view);
  if (thinking != null) status = `${seatName(view, thinking)} is thinking… ` + status;
  setStatus(status);
  showHandResult(view);
  showSummary(view);
  return built;
}

/** "Ask the coach": the engine's own advice for the seat deciding (fair value and a suggestion). */
function adviceGroup(seat) {
  const g = document.createElement("div");
  g.className = "control-group advice";
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = "What is it worth?";
  const out = document.createElement("p");
  out.className = "hint advice-text";
  out.setAttribute("aria-live", "polite");
  b.addEventListener("click", async () => {
    b.disabled = true;
    const r = await ui.engine.request({ op: "coach", seat });
    b.disabled = false;
    if (!r.ok) {
      if (r.error?.code === "unknown_op") { ui.coach = false; g.remove(); return; }
      out.textContent = r.error?.message ?? "No advice is available.";
      return;
    }
    const a = r.advice ?? {};
    const parts = [];
    if (a.fair_value != null) parts.push(`Fair value about ${Math.round(a.fair_value)} chips` + (a.range ? ` (a sensible price: ${a.range[0]}–${a.range[1]}).` : "."));
    if (a.suggestion) parts.push(a.suggestion);
    out.textContent = parts.join(" ") || "No advice is available.";
  });
  g.append(b, out);
  return g;
}

function showHandResult(view) {
  const h = view.last_hand;
  const box = $("hand-result");
  if (!h) { box.hidden = true; return; }
  requestPersistence(); // a hand has finished: ask the browser to keep the save
  // Visible from the end of a hand until the next hand is dealt.
  const current = view.phase === "deal" || view.match_over;
  if (!current) { box.hidden = true; return; }
  box.hidden = false;
  $("hand-result-title").textContent = `End of hand ${h.number}`;
  const body = $("hand-result-body");
  const p = document.createElement("p");
  p.textContent = h.winner == null
    ? `Nobody won the pot of ${chips(h.pot)}; it carries over${h.reason ? ` (${reasonWords(h.reason)})` : ""}.`
    : `${seatName(view, h.winner)} wins the pot of ${chips(h.pot)}${h.card ? ` with ${theCard(h.card)}` : ""}${h.reason ? ` — ${reasonWords(h.reason)}` : ""}.`;
  if (h.card) {
    const win = document.createElement("span");
    win.className = "result-cards result-winner";
    win.append(cardFace(h.card));
    p.prepend(win);
  }
  const wrap = document.createElement("div");
  wrap.className = "table-scroll";
  const t = document.createElement("table");
  t.className = "result-table";
  const cap = document.createElement("caption");
  cap.className = "visually-hidden";
  cap.textContent = "Every player's cards and chips this hand";
  const thead = t.createTHead().insertRow();
  for (const [txt, cls] of [["Player", ""], ["Cards", ""], ["Change", "num"], ["Chips", "num"]]) {
    const th = document.createElement("th");
    th.scope = "col"; th.textContent = txt; if (cls) th.className = cls;
    thead.append(th);
  }
  t.prepend(cap);
  const tb = t.createTBody();
  (view.seats ?? []).forEach((s, i) => {
    const r = tb.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = s.name + (h.winner === i ? " (wins)" : "");
    r.append(th);
    const cc = r.insertCell();
    const cards = document.createElement("div");
    cards.className = "result-cards";
    for (const c of h.cards?.[i] ?? []) cards.append(cardFace(c));
    if (!cards.childElementCount) cards.textContent = "—";
    cc.append(cards);
    const ch = h.change?.[i] ?? ((h.chips_after?.[i] ?? 0) - (h.chips_before?.[i] ?? 0));
    const c1 = r.insertCell();
    c1.className = `num ${ch > 0 ? "gain" : ch < 0 ? "loss" : ""}`;
    c1.textContent = ch > 0 ? `+${ch}` : ch < 0 ? `−${-ch}` : "0";
    const c2 = r.insertCell();
    c2.className = "num";
    c2.textContent = h.chips_after?.[i] ?? s.chips;
  });
  wrap.append(t);
  const parts = [p, wrap];
  if (h.dead_hand?.length) {
    const d = document.createElement("p");
    d.textContent = "The dead hand: ";
    const cards = document.createElement("span");
    cards.className = "result-cards";
    for (const c of h.dead_hand) cards.append(cardFace(c));
    d.append(cards);
    parts.push(d);
  }
  body.replaceChildren(...parts);
}

function reasonWords(r) {
  const words = {
    ace_upcard: "the upcard was the ace of trumps",
    ace_revealed: "the ace of trumps was turned up",
    last_card: "nobody else had a face-down card left",
    pool: "the pool's upcard was never beaten",
    dead_hand: "the dead hand held the winning trump",
    no_trump: "no player held a trump",
  };
  return words[r] ?? String(r).replace(/_/g, " ");
}

function showSummary(view) {
  const box = $("match-summary");
  if (!view.match_over) { box.hidden = true; return; }
  const fresh = box.hidden;
  box.hidden = false;
  if (fresh) queueMicrotask(() => $("match-summary-title").focus({ preventScroll: false }));
  const hands = view.hands ?? [];
  const series = (view.seats ?? []).map((s, i) => {
    const values = [hands[0]?.chips_before?.[i] ?? view.rules?.starting_chips ?? s.chips];
    for (const h of hands) values.push(h.chips_after?.[i] ?? values[values.length - 1]);
    return { name: s.name, values };
  });
  const ranked = [...(view.seats ?? [])].sort((a, b) => b.chips - a.chips);
  const p = document.createElement("p");
  p.textContent = `After ${hands.length} ${hands.length === 1 ? "hand" : "hands"}: ` +
    ranked.map((s) => `${s.name} ${chips(s.chips)}`).join(", ") + ".";
  const again = document.createElement("button");
  again.type = "button";
  again.className = "primary";
  again.textContent = "Set up a new match";
  again.addEventListener("click", () => openSetup());
  const rec = document.createElement("button");
  rec.type = "button";
  rec.textContent = "Download the game record";
  rec.addEventListener("click", async () => {
    const r = await ui.engine.request({ op: "record" });
    if (!r.ok) { setStatus(r.error?.message ?? "No record is available."); return; }
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([JSON.stringify(r.record, null, 2)], { type: "application/json" }));
    a.download = "speculation-record.json";
    document.body.append(a);
    a.click();
    a.remove();
  });
  const row = document.createElement("div");
  row.className = "row-buttons";
  row.append(again, rec);
  $("match-summary-body").replaceChildren(p, chipsChart(series), row);
}

// ---------------------------------------------------------------- the loop

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function advance() {
  const token = ++ui.loop;
  try {
    await advanceLoop(token);
  } finally {
    if (token === ui.loop) setState("idle");
  }
}

async function advanceLoop(token) {
  $("handover").hidden = true;
  for (let guard = 0; guard < 5000 && token === ui.loop; guard++) {
    const viewer = ui.holder ?? humanSeats(ui.view ?? { seats: [] })[0] ?? null;
    const r = await request({ op: "view", seat: viewer });
    if (token !== ui.loop) return;
    if (!r.ok) { setStatus(`The engine could not show the table: ${r.error?.message ?? "unknown error"}`); return; }
    const view = decorate(r.view);
    if (view.match_over) { draw(view); return; }
    const t = view.to_act;
    if (t == null) { draw(view); return; }
    // A hand has just ended: let the humans look at it before anything else happens.
    const lh = view.last_hand;
    if (lh && view.phase === "deal" && ui.seenHand !== lh.number && humanSeats(view).length && kindOf(view, t) === "bot") {
      draw(view);
      ui.seenHand = lh.number;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "primary";
      b.textContent = "Next hand";
      b.addEventListener("click", () => advance());
      $("controls").replaceChildren(b);
      b.focus();
      return;
    }
    if (lh && view.phase === "deal") ui.seenHand = lh.number;
    if (kindOf(view, t) === "bot") {
      const ok = await botMove(view, t, token);
      if (!ok) return;
      continue;
    }
    // A human's decision. With several humans at one screen, hand the device over first.
    if (humanSeats(view).length > 1 && ui.holder !== t) {
      draw(view);
      handover(view, t);
      return;
    }
    ui.holder = t;
    const mine = await request({ op: "view", seat: t });
    if (token !== ui.loop) return;
    if (!mine.ok) { setStatus(mine.error?.message ?? "The engine refused to show this seat."); return; }
    const built = draw(mine.view, { controls: true });
    focusControls(built);
    return;
  }
}

function focusControls() {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && !$("controls").contains(active) && active.id !== "main") return;
  const first = $("controls").querySelector("button.primary, button, input");
  first?.focus({ preventScroll: true });
}

function handover(view, seat) {
  $("controls").replaceChildren();
  const name = seatName(view, seat);
  $("handover-title").textContent = `${name}'s decision`;
  $("handover-text").textContent = `Please pass the screen to ${name}. ${describeTurn(view)}`;
  const go = $("handover-go");
  go.textContent = `I am ${name}: show my choices`;
  $("handover").hidden = false;
  setStatus(`${describeTurn(view)} Waiting for ${name} to take the screen.`);
  go.onclick = () => { ui.holder = seat; $("handover").hidden = true; advance(); };
  go.focus();
}

async function botMove(view, seat, token) {
  draw(view, { thinking: seat });
  await sleep(PACE_MS[ui.settings.pace] ?? PACE_MS.normal);
  if (token !== ui.loop) return false;
  const r = await request({ op: "bot", seat, apply: false });
  if (token !== ui.loop) return false;
  if (!r.ok) {
    const code = r.error?.code ?? "";
    const msg = BOT_MISSING.has(code)
      ? `${seatName(view, seat)} is a computer player, but computer players are not available in this version of the engine yet. Start a new match with people in every seat.`
      : `${seatName(view, seat)} (computer) could not decide: ${r.error?.message ?? code}.`;
    draw(view);
    setStatus(msg);
    notice(msg);
    return false;
  }
  // The engine may apply the bot's move itself (then it returns the events); otherwise act.
  const res = r.events ? r : await request({ op: "act", action: r.action, seat: ui.holder ?? humanSeats(view)[0] ?? null });
  if (token !== ui.loop) return false;
  if (!res.ok) {
    const msg = `${seatName(view, seat)} (computer) made a move the engine refused: ${res.error?.message}`;
    setStatus(msg);
    notice(msg);
    return false;
  }
  logEvents(res.events);
  if (r.reason) log(`${seatName(view, seat)}: “${r.reason}”`, "reason");
  await save();
  return true;
}

async function humanAct(action) {
  const token = ui.loop;
  for (const b of $("controls").querySelectorAll("button")) b.disabled = true;
  const res = await request({ op: "act", action, seat: action.seat });
  if (token !== ui.loop) return;
  if (!res.ok) {
    setStatus(`Not allowed: ${res.error?.message ?? "the engine refused that move"}`);
    for (const b of $("controls").querySelectorAll("button")) b.disabled = false;
    setState("idle");
    return;
  }
  logEvents(res.events);
  await save();
  await advance();
}

// ---------------------------------------------------------------- set-up and start

function openSetup(settings = null) {
  ui.loop++;
  ui.setup.fill(settings ?? {});
  $("setup").hidden = false;
  setState("idle");
  $("setup-cancel").hidden = !ui.view || !!ui.view.match_over;
  $("setup-error").hidden = true;
  setStatus(ui.view && !ui.view.match_over ? "Setting up a new match; the current one waits." : "Choose the players and rules, then deal the first hand.");
  $("setup").scrollIntoView({ block: "start" });
  $("setup-players").querySelector("input")?.focus();
}

async function startMatch(settings, { fromLink = false } = {}) {
  const r = await request({ op: "new_match", settings });
  if (!r.ok) {
    const msg = r.error?.message ?? "the settings were refused";
    if (fromLink) {
      notice(`The link's settings could not be used (${msg}). The usual settings are shown instead.`);
      openSetup({});
    } else {
      $("setup-error").textContent = `Cannot start: ${msg}`;
      $("setup-error").hidden = false;
      $("setup").hidden = false;
      setState("idle");
    }
    return false;
  }
  ui.players = settings.players.map((p) => ({ ...p }));
  ui.holder = null;
  ui.seenHand = null;
  ui.view = null;
  ui.logItems = [];
  $("log-list").replaceChildren();
  log(`A new match: ${settings.players.map((p) => p.name).join(", ")}. Seed ${settings.seed}.`, "hand-sep");
  $("setup").hidden = true;
  $("notice").hidden = fromLink ? $("notice").hidden : true;
  await save();
  await advance();
  return true;
}

async function resume(saved) {
  const r = await request({ op: "load", snapshot: saved.snapshot, seat: saved.ui?.holder ?? null });
  if (!r.ok) return r.error?.message ?? "the engine could not read it";
  ui.players = saved.ui?.players ?? [];
  ui.holder = saved.ui?.holder ?? null;
  ui.seenHand = saved.ui?.seenHand ?? null;
  ui.logItems = [];
  $("log-list").replaceChildren();
  for (const item of saved.ui?.log ?? []) { ui.logItems.push(item); appendLog(item); }
  log("The match was resumed where it was left.", "hand-sep");
  await advance();
  return null;
}

async function afterBoot() {
  const hello = await request({ op: "hello" });
  if (!hello.ok) throw new Error(hello.error?.message ?? "The engine did not answer.");
  ui.hello = hello;
  if (!ui.setup) {
    // Wired once: a retry after an engine failure reuses the same form and buttons.
    ui.setup = new SetupForm(hello, {
      onStart: (settings) => startMatch(settings),
    });
    $("btn-new").addEventListener("click", () => openSetup());
    $("setup-cancel").addEventListener("click", () => { $("setup").hidden = true; advance(); });
  }
  $("btn-new").disabled = false;

  if (hasSettingsInUrl()) {
    const { settings, problems } = settingsFromUrl(hello.options ?? []);
    history.replaceState(null, "", location.pathname + location.hash);
    if (problems.length) {
      notice(`This link has settings that could not be read: ${problems.join("; ")}. The usual settings are shown instead.`);
      openSetup({});
      return;
    }
    ui.setup.fill(settings);
    // The link's own values go to the engine unchanged: it is the judge of what is allowed.
    const full = { ...ui.setup.read(), ...settings };
    full.seed = settings.seed ?? full.seed ?? randomSeed();
    await startMatch(full, { fromLink: true });
    return;
  }
  const saved = readSave();
  if (saved?.snapshot) {
    const problem = await resume(saved);
    if (!problem) return;
    clearSave();
    notice(`Your saved match could not be resumed (${problem}). A fresh match is ready to set up; you can download the old save.`, saved.raw);
    openSetup({});
    return;
  }
  if (saved?.bad) {
    clearSave();
    notice(`Your saved match could not be resumed (${saved.bad}). A fresh match is ready to set up; you can download the old save.`, saved.raw);
  }
  openSetup({});
}

// ---------------------------------------------------------------- boot

function progress(stageOrObj, fraction, label) {
  let stage = stageOrObj, detail = label;
  if (stageOrObj && typeof stageOrObj === "object") ({ stage, fraction, detail } = stageOrObj);
  if (typeof fraction === "number") $("boot-progress").value = Math.max($("boot-progress").value, Math.min(1, fraction));
  const name = STAGE_LABELS[stage] ?? stage ?? "";
  $("boot-stage").textContent = detail ? `${name}: ${detail}` : name;
}

async function boot() {
  $("boot").hidden = false;
  $("boot-error").hidden = true;
  $("boot-progress").value = 0;
  setStatus("Loading the game engine… The rules are below while you wait.");
  progress("runtime", 0.01, "starting");
  try {
    const { bootEngine } = await import("./engine.js");
    ui.engine = await bootEngine({ onProgress: progress, timeoutMs: 120000, onFatal: (e) => fatal(e) });
    progress("ready", 1, "the game engine is running");
    $("boot").classList.add("is-ready");
    await afterBoot();
  } catch (err) {
    fatal(err);
  }
}

function fatal(err) {
  $("boot").hidden = false;
  $("boot").classList.remove("is-ready");
  $("boot-error-text").textContent = `The game could not start: ${err?.message ?? err}`;
  $("boot-error").hidden = false;
  $("boot-stage").textContent = "Stopped.";
  setState("failed");
  setStatus("The game engine is not running.");
}

$("boot-retry").addEventListener("click", () => { ui.engine?.terminate?.(); ui.engine = null; boot(); });
wireSettings();
initOffline({ isGameInProgress: () => !!ui.view && !ui.view.match_over });
// Embed mode (index.html?embed=1, docs/embedding.md): the compact table of embed-frame.js instead.
if (new URLSearchParams(location.search).get("embed") === "1") import("./embed-frame.js").then((m) => m.startEmbed()).catch(fatal);
else boot();
