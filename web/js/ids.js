// Random identifiers for a friends' table: its id and each seat's secret token. From the
// browser's cryptographic generator (never Math.random: a token guards a seat).
//
//   randomHex(8)   // "9f1c0a…" (16 hex digits)

/** `bytes` random bytes as lower-case hex. @param {number} bytes */
export function randomHex(bytes) {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}
