// Figures, never a check: how background work on the page is cut into
// pieces on a maze of a given side, at the page's own piece length. Opens
// the maze, presses E and then Ctrl+S, and prints the runner's lines (the
// pieces of each task, and the longest) and the longest gaps between
// animation frames while edit mode opened (docs/web.md). It also traces the
// page (Chromium's own trace events) from E to the save's end, and prints
// the longest tasks on the page's main thread, each with its wall time and
// its thread time (the CPU it ran for): a task whose wall time is far over
// its thread time waited for a core. For the longest tasks by thread time it
// also prints how much of each was V8 compiling functions of the module on
// their first call (its lazy compilation).
// Usage, with the page served (web/serve):
//   node web/pieces-figures.mjs URL SIDE webgpu|webgl2 [PIECE_MS] [WAIT_S]
// PIECE_MS, when given and not "-", is the page's `?piece_ms=N`; WAIT_S is
// how long the page runs from its first frame to E, in seconds (1 unless
// given): the tool UI lays out its glyphs ahead over its first frames.
// CHROMIUM_JS_FLAGS, when set, is handed to the browser as `--js-flags`
// (`--no-wasm-lazy-compilation` compiles the whole module as it loads).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

const [url, side, backend, pieceMs, waitSeconds] = process.argv.slice(2);
const piece = pieceMs === undefined || pieceMs === "-" ? "" : `piece_ms=${pieceMs}&`;
const beforeE = 1000 * Number(waitSeconds ?? 1);
const webgpu = [
  "--enable-unsafe-webgpu",
  "--enable-features=Vulkan",
  "--use-angle=vulkan",
  "--use-vulkan=swiftshader",
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium-headless-shell",
  args: [
    ...(backend === "webgpu" ? webgpu : []),
    ...(process.env.CHROMIUM_JS_FLAGS ? [`--js-flags=${process.env.CHROMIUM_JS_FLAGS}`] : []),
  ],
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

/// The page's main thread's longest tasks in a trace, as lines: the
/// renderer's thread named CrRendererMain, its top-level `RunTask` events
/// (`ThreadControllerImpl::RunTask` in Chromium 156; wall `dur`, thread
/// `tdur`, both in microseconds), each with the function that posted it.
function longestTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find(
    (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain",
  );
  if (main === undefined) {
    return ["the trace has no CrRendererMain thread"];
  }
  const tasks = events.filter(
    (event) =>
      event.pid === main.pid &&
      event.tid === main.tid &&
      event.ph === "X" &&
      /(^|::)RunTask$/.test(event.name),
  );
  const ms = (micros) => (micros === undefined ? "?" : (micros / 1000).toFixed(1));
  const task = (t) => `${ms(t.dur)}/${ms(t.tdur)} (${t.args?.src_func ?? "?"})`;
  const byWall = [...tasks].sort((a, b) => b.dur - a.dur).slice(0, 8);
  const byThread = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 8);
  const over8ms = (time) => tasks.filter((task) => (task[time] ?? 0) > 8000).length;
  const onMain = (event) => event.pid === main.pid && event.tid === main.tid;
  const lazy = events.filter((event) => onMain(event) && event.name === "wasm.CompileLazy");
  const compiling = (t) => {
    const within = lazy.filter((event) => event.ts >= t.ts && event.ts < t.ts + t.dur);
    const micros = within.reduce((sum, event) => sum + (event.dur ?? 0), 0);
    return `  ${ms(t.dur)}/${ms(t.tdur)}: ${within.length} lazy compilations, ${ms(micros)} ms`;
  };
  return [
    `main-thread tasks from E to the save's end: ${tasks.length}; over 8 ms: ${over8ms("dur")} by wall time, ` +
      `${over8ms("tdur")} by thread time`,
    `  longest by wall time (wall/thread ms, posted by): ${byWall.map(task).join(", ")}`,
    `  longest by thread time (wall/thread ms, posted by): ${byThread.map(task).join(", ")}`,
    "  V8 compiling the module's functions on their first call, in the three longest by thread time:",
    ...byThread.slice(0, 3).map(compiling),
  ];
}

try {
  await page.goto(`${url}?${piece}level=maze&w=${side}&h=${side}&seed=3`);
  await said(/first frame presented/);
  await page.waitForTimeout(beforeE);
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
  await browser.startTracing(page, {
    categories: ["toplevel", "v8.wasm", "disabled-by-default-v8.wasm.detailed"],
  });
  await page.keyboard.press("KeyE");
  await said(/Opening the level for editing: ran in/);
  const gaps = await page.evaluate(() => globalThis.frameGaps);
  await page.keyboard.press("Control+KeyS");
  await said(/Saving .*: ran in/);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  for (const line of lines.filter((line) => /ran in|done in/.test(line))) {
    console.log(line);
  }
  gaps.sort((a, b) => b - a);
  const longest = gaps.slice(0, 5).map((gap) => gap.toFixed(1));
  console.log(`frames while E ran: ${gaps.length}, the longest gaps ${longest.join(", ")} ms`);
  for (const line of longestTasks(trace)) {
    console.log(line);
  }
} finally {
  await browser.close();
}
