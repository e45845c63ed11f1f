// Booting the engine for the site: the boot screen (boot-screen.js) with its progress, the
// engine's `hello`, then what the page opens with; on any failure, the boot screen's error
// and its "Try again", which boots a fresh engine the same way.
//
//   const boot = createBoot({ table, ready: (hello) => start.opening(hello, ...) });
//   boot.start();          // once; "Try again" calls it again
import { startEngine, showBootError } from "../boot-screen.js";
import { setStatus } from "../render.js";
import { messageOf } from "./panels.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("../protocol.js").HelloAnswer} HelloAnswer */

/**
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {(hello: {ok: true, op: "hello"} & HelloAnswer) => Promise<void>} parts.ready the
 *   engine answers (its `hello` is on the table): open the page's first match or screen
 */
export function createBoot({ table, ready }) {
  // start() and fatal() call each other: a failure offers the retry, the retry may fail.

  /** Boot (again): a fresh engine, its hello, then `ready`; the table is idle once done. */
  async function start() {
    table.engine?.terminate?.();
    table.useEngine(null);
    table.setState("busy");
    // the same line as index.html's (one line at every width): nothing moves when it is set
    setStatus("Loading the game engine…");
    try {
      table.useEngine(await startEngine({ onFatal: fatal }));
      const hello = await table.request({ op: "hello" });
      if (!hello.ok) throw new Error(hello.error?.message ?? "The engine did not answer.");
      table.hello = hello;
      await ready(hello);
      table.run(() => {}); // the table is idle once the work above is done
    } catch (err) {
      fatal(err);
    }
  }

  /** The engine could not start, or died: stop, and show the error with its retry. */
  function fatal(/** @type {unknown} */ err) {
    table.cancel();
    showBootError(`The game could not start: ${messageOf(err)}`, start);
    table.setState("failed");
    setStatus("The game engine is not running.");
  }

  return { start };
}
