// Embed mode's entry for main.js: index.html?embed=1 inside an iframe on another page
// (docs/embedding.md). The embed itself is createEmbed (embed/embed.js) and its modules.
//
//   import { startEmbed } from "./embed-frame.js";
//   startEmbed();
import { createEmbed } from "./embed/embed.js";

export { NS, VERSION, parseEmbedParams } from "./embed/params.js";

/** Called by main.js when the page's URL has embed=1. */
export function startEmbed() {
  const embed = createEmbed();
  embed.start().catch((err) => console.error(err));
  return embed;
}
