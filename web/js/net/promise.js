// The fair-play promise as every table at a friends' match shows it at the deal: the first 8 hex
// digits of the engine's commitment (docs/protocol.md, "Fair play at a shared table"), so that
// friends can compare it aloud. The host's table and each guest's say the same line.
//
//   table.log(promiseLine(commitment), "system");

/** @param {string} commitment the engine's SHA-256 commitment, in hex */
export function promiseLine(commitment) {
  return `Fair play: the host's promise for this match begins ${commitment.slice(0, 8)}. Compare it aloud: every table shows the same.`;
}
