// The stage's height as a custom property, for the cards' sizes (layout.css): while this runs,
// `.stage.is-measured` carries `--stage-h` in pixels, and the felt sizes its cards from it
// instead of from container units.
//
//   import { watchStageSize } from "./stage-size.js";
//   watchStageSize(document.querySelector(".stage"));   // main.js: the site and a guest's page, not an embed
//
// Why not `cqh` alone: cards sized in container units made the browser restyle and lay out the
// whole stage on every change anywhere in the page, 5–8 ms a frame on a small machine and a
// 100 ms task in Lighthouse's mobile audit when the first screen appeared (issue 26). A length
// that changes only when the stage is resized costs that only then. Until the first
// measurement, layout.css keeps the container units, which give the same sizes, so nothing
// moves when it arrives.

/** @param {Element | null} stage */
export function watchStageSize(stage) {
  if (!(stage instanceof HTMLElement) || typeof ResizeObserver !== "function") return;
  new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentBoxSize?.[0];
    if (!box) return;
    stage.style.setProperty("--stage-h", `${box.blockSize}px`);
    stage.classList.add("is-measured");
  }).observe(stage);
}
