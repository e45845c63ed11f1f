// What a guest's device keeps of the friend's table it sits at: the table's id, its seat and
// the seat's token (the host gives the seat back to the device that shows it after a reload),
// the host's name, and the fair-play promise the host made for the match under way (pinned: a
// reload does not let the host swap it). It is never the host's save: a guest writes only this key.
//
//   writeStored({ table: "9f1c…", seat: 1, token: "…", host: "Mary" });
//   readStored()?.token          // null when nothing (or something unreadable) is stored

const KEY = "speculation:friends:guest:v1";

/** @typedef {{table: string, seat: number, token: string, host: string, promise?: string}} GuestSeat */

/** The stored seat, or null (none, storage blocked, or of the wrong shape: ignored). @returns {GuestSeat | null} */
export function readStored() {
  let raw = null;
  try { raw = localStorage.getItem(KEY); } catch { return null; }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw);
    const hex = (/** @type {unknown} */ x) => typeof x === "string" && /^[0-9a-f]{8,64}$/.test(x);
    if (!v || typeof v !== "object" || !hex(v.table) || !hex(v.token) || !Number.isSafeInteger(v.seat) || v.seat < 0 || v.seat > 15) return null;
    const promise = typeof v.promise === "string" && /^[0-9a-f]{64}$/.test(v.promise) ? { promise: v.promise } : {};
    return { table: v.table, seat: v.seat, token: v.token, host: typeof v.host === "string" ? v.host.slice(0, 40) : "", ...promise };
  } catch {
    return null;
  }
}

/** Keep the seat (quietly not, where storage is blocked). @param {GuestSeat} seat */
export function writeStored(seat) {
  try { localStorage.setItem(KEY, JSON.stringify(seat)); } catch { /* blocked storage: a reload asks again */ }
}

const NAME_KEY = "speculation:friends:name:v1";

/** The name this device last joined a table with ("" if none). */
export function readName() {
  try { return (localStorage.getItem(NAME_KEY) ?? "").slice(0, 24); } catch { return ""; }
}

/** Keep the name for the next table (quietly not, where storage is blocked). @param {string} name */
export function keepName(name) {
  try { localStorage.setItem(NAME_KEY, name.slice(0, 24)); } catch { /* asked again next time */ }
}
