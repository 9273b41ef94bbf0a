// The page's runner of background work (src/platform/web/background.rs):
// the module queues work and calls `work_waiting`; the runner calls the
// module's `mazewalker_run_background` outside any event, through
// `WebAssembly.promising`, and the work suspends itself at
// `wait_for_frame` (a `WebAssembly.Suspending` import) until the browser
// has drawn a frame. Where the browser has neither, the work runs whole,
// still outside the event that started it.

const canSuspend =
  typeof WebAssembly.Suspending === "function" && typeof WebAssembly.promising === "function";

// What the page's tests read: how often work waited for a frame, and how
// many frames the browser drew while it waited.
const counts = { canSuspend, waits: 0, framesDrawn: 0 };
globalThis.mazewalkerBackground = counts;

// Resolves once the browser has drawn the next frame, or after 100 ms: a
// hidden page draws none, and its work goes on all the same.
function nextFrame() {
  counts.waits += 1;
  return new Promise((resume) => {
    let resumed = false;
    const go = () => {
      if (!resumed) {
        resumed = true;
        resume();
      }
    };
    requestAnimationFrame(() => {
      counts.framesDrawn += 1;
      setTimeout(go, 0);
    });
    setTimeout(go, 100);
  });
}

export const wait_for_frame = canSuspend ? new WebAssembly.Suspending(nextFrame) : () => {};

let run = null;
let running = false;
let waiting = false;

async function runWaiting() {
  if (run === null || running || !waiting) {
    return;
  }
  running = true;
  waiting = false;
  try {
    await run();
  } catch (error) {
    console.error("mazewalker: background work failed:", error);
  }
  running = false;
  runWaiting();
}

export function work_waiting() {
  waiting = true;
  setTimeout(runWaiting, 0);
}

// Called by the page once the module is loaded, with its exports.
export function startRunner(exports) {
  run = canSuspend
    ? WebAssembly.promising(exports.mazewalker_run_background)
    : exports.mazewalker_run_background;
  runWaiting();
}
