// Figures, never a check: how background work on the page is cut into
// pieces on a maze of a given side, at the page's own piece length. Opens
// the maze, presses E and then Ctrl+S, and prints the runner's lines (the
// pieces of each task, and the longest) and the longest gaps between
// animation frames while edit mode opened (docs/web.md).
// Usage, with the page served (web/serve):
//   node web/pieces-figures.mjs URL SIDE webgpu|webgl2 [PIECE_MS]
// PIECE_MS, when given, is the page's `?piece_ms=N`.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

const [url, side, backend, pieceMs] = process.argv.slice(2);
const piece = pieceMs === undefined ? "" : `piece_ms=${pieceMs}&`;
const webgpu = [
  "--enable-unsafe-webgpu",
  "--enable-features=Vulkan",
  "--use-angle=vulkan",
  "--use-vulkan=swiftshader",
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium-headless-shell",
  args: backend === "webgpu" ? webgpu : [],
});
const page = await browser.newPage({ viewport: { width: 480, height: 270 } });
const lines = [];
page.on("console", (message) => lines.push(message.text()));

/// Waits (at most five minutes) for a console line matching `pattern`.
async function said(pattern) {
  for (let waited = 0; waited < 300_000; waited += 100) {
    if (lines.some((line) => pattern.test(line))) {
      return;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no console line matching ${pattern}:\n${lines.join("\n")}`);
}

try {
  await page.goto(`${url}?${piece}level=maze&w=${side}&h=${side}&seed=3`);
  await said(/first frame presented/);
  await page.waitForTimeout(1000);
  await page.locator("canvas").focus();
  await page.evaluate(() => {
    globalThis.frameGaps = [];
    let last = performance.now();
    const frame = (now) => {
      globalThis.frameGaps.push(now - last);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.keyboard.press("KeyE");
  await said(/Opening the level for editing: ran in/);
  const gaps = await page.evaluate(() => globalThis.frameGaps);
  await page.keyboard.press("Control+KeyS");
  await said(/Saving .*: ran in/);
  for (const line of lines.filter((line) => /ran in|done in/.test(line))) {
    console.log(line);
  }
  gaps.sort((a, b) => b - a);
  const longest = gaps.slice(0, 5).map((gap) => gap.toFixed(1));
  console.log(`frames while E ran: ${gaps.length}, the longest gaps ${longest.join(", ")} ms`);
} finally {
  await browser.close();
}
