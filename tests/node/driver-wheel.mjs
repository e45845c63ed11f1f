// The play driver (web/js/driver.js) and the match store against the real wheel under Pyodide in
// Node, with no browser: a person and two computer players play a whole short match, the person
// answering every decision with the first legal template (at its lowest price). The driver runs
// the computer players, pauses after each hand as the site does, and "Next hand" goes on.
//
//   node tests/node/driver-wheel.mjs DIST_DIR   -> one JSON report on stdout
//
// Used by tests/node/test_driver_wheel.py.
import { bootEngine } from "./pyodide-boot.mjs";
import { createMatchStore } from "../../web/js/match-store.js";
import { createDriver } from "../../web/js/driver.js";

const dist = process.argv[2];
const report = { ok: false, hands: 0, decisions: 0, bot_moves: 0, shows: 0, pauses: 0, stages: [], log: [], errors: [] };

/** The first legal template as an action (its lowest price, its first card or target). */
function first(template) {
  const action = { type: template.type, seat: template.seat };
  if (template.price) action.price = template.price.min;
  if (template.cards?.length) [action.target, action.card] = template.cards[0];
  else if (template.targets?.length) action.target = template.targets[0];
  return action;
}

try {
  const wheel = await bootEngine(dist);
  let requests = 0;
  const engine = {
    async request(req) {
      requests++;
      if (req.op === "bot") report.bot_moves++;
      return JSON.parse(wheel.handle(JSON.stringify(req)));
    },
  };
  const store = createMatchStore({ holder: 0 });
  const hello = await engine.request({ op: "hello" });
  store.dispatch({ type: "hello", hello });
  report.catalogue = Object.fromEntries((hello.bots ?? []).map((b) => [b.id, b.name]));
  const started = await engine.request({ op: "new_match", seat: 0, settings: {
    seed: 11, rules: { max_hands: 2 },
    players: [{ name: "Julia", kind: "human" }, { name: "Mrs Grant", kind: "bot", bot: "casual/mary" },
      { name: report.catalogue["beginner/henry"], kind: "bot", bot: "beginner/henry" }],
  } });
  if (!started.ok) throw new Error(`new_match: ${JSON.stringify(started.error)}`);
  store.subscribe((s, prev, msg) => {
    if (msg.type !== "show") return;
    report.shows++;
    const stage = s.view?.stage ?? null;
    if (report.stages[report.stages.length - 1] !== stage) report.stages.push(stage);
    if (s.focus === "result") report.pauses++;
  });
  const driver = createDriver({ store, engine, policy: { pauseAtHandEnd: true, onError: (e) => report.errors.push(String(e)) } });
  await driver.advance();
  for (let guard = 0; guard < 400; guard++) {
    const s = store.getState();
    const view = s.view;
    if (!view || view.match_over) break;
    if (s.focus === "result") { await driver.nextHand(view); continue; }
    if (!s.controls || !view.legal.length) throw new Error(`the driver stopped with nothing to do (phase ${view.phase})`);
    report.decisions++;
    await driver.run(() => driver.humanAct(first(view.legal[0])));
    const n = store.getState().notice;
    if (n?.refused) throw new Error(`the wheel refused the first legal action: ${n.text}`);
  }
  const end = store.getState();
  report.ok = !!end.view?.match_over;
  report.hands = end.view?.hands?.length ?? 0;
  report.requests = requests;
  report.log = end.log.map((l) => l.text);
  report.busy = end.busy;
  report.seen_hand = end.seenHand;
  report.seats = end.view?.seats?.map((x) => ({ kind: x.kind, bot_name: x.bot_name ?? null })) ?? [];
  report.rest = { fetches: wheel.restFetches.length, modules: wheel.restStatus().modules };
} catch (err) {
  report.errors.push(String(err?.stack ?? err));
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(report.errors.length ? 1 : 0);
