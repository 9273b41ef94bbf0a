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

// A task's turn after the events already queued: a message posted to
// itself, which a hidden page does not hold back as it does timers.
const turns = new MessageChannel();
const afterQueuedEvents = [];
turns.port1.onmessage = () => afterQueuedEvents.shift()?.();
function nextTurn(then) {
  afterQueuedEvents.push(then);
  turns.port2.postMessage(null);
}

// Resolves once the browser has drawn the next frame. A visible page always
// draws one, however slow the machine, so the work never outruns the frames;
// a hidden page draws none, and there, or once the page is hidden, the work
// goes on at the next turn instead.
function nextFrame() {
  counts.waits += 1;
  return new Promise((resume) => {
    let resumed = false;
    const go = () => {
      if (!resumed) {
        resumed = true;
        document.removeEventListener("visibilitychange", goOnWhenHidden);
        resume();
      }
    };
    const goOnWhenHidden = () => {
      if (document.hidden) {
        nextTurn(go);
      }
    };
    if (document.hidden) {
      nextTurn(go);
      return;
    }
    document.addEventListener("visibilitychange", goOnWhenHidden);
    requestAnimationFrame(() => {
      counts.framesDrawn += 1;
      nextTurn(go);
    });
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
