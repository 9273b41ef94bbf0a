// The page in headless Chromium, once on WebGPU and once on WebGL2, driven
// with real key events. Each run checks that the page:
// - reports its backend (a console line and the body's data-backend);
// - draws the house's first view as `mazewalker screenshot` does (the
//   golden image tests/golden/house_spawn.png, at its size, within
//   TOLERANCE), and a first frame at 1280x720 that is not one colour;
// - walks while W is held (P's console line changes) and shows P's line;
// - locks the pointer on a click and turns the view with the mouse, and
//   follows the browser when it ends the lock (Esc): the mouse no longer
//   turns the view, and a click locks it again;
// - draws debug lines on L;
// - at the hallway's end, opens the closet's sliding door on Space;
// - plays its sound through Web Audio: the page's AudioContext runs after
//   the first key, and an AnalyserNode on the page's output hears the
//   door opening, where it heard nothing before;
// - in edit mode, places a wall (E, Space, Space, Enter) and saves it
//   with Ctrl+S into the browser's storage; reloaded, the page offers the
//   saved level, and opened, it shows the wall where the house has none;
// - hands F12's screenshot over as a download: a PNG of the canvas's size;
// - records a walk (`?record=NAME`, ended with Esc) into the browser's
//   storage, whose download plays natively headless without a desync, to
//   the position the page's own headless playback of it prints;
// - keeps the autosave journal of an unsaved wall in the browser's
//   storage, so that after the tab is closed, F9 in a new one restores it;
// - runs background work between frames, in pieces that end at the
//   work's progress reports (opening edit mode, a piece a report), in a
//   page whose settings file (`?config=FILE`) turns sound off: it makes
//   no AudioContext;
// - plays natively recorded demos without drawing them (`?demo=FILE&headless`)
//   to the final `x z yaw` the native program's `play --headless` printed,
//   bit for bit;
// - takes a Doom WAD (Freedoom's first) on its file input, lists its maps
//   as `mazewalker maps` does and opens the first; a new page given
//   `?wad=NAME&map=MAP` opens a map of it from the browser's storage, and
//   an unknown map or WAD is the program's error shown on the page.
// Usage: node web/test.mjs URL FOLDER (screenshots are written in FOLDER;
// web/test puts the demos and the native program's lines in FOLDER/demos).
// The native program is $MAZEWALKER_NATIVE.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

const [url, folder] = process.argv.slice(2);
const nativeProgram = process.env.MAZEWALKER_NATIVE ?? "target/debug/mazewalker";
const browserPath = process.env.CHROMIUM ?? "/usr/bin/chromium-headless-shell";
// How long the page may take to start and load the house, on a software
// renderer: a bound on waiting, never a measured figure.
const patience = 120_000;

// The native `mazewalker screenshot --size 480x270` of the house's start
// (the render tests keep it so).
const golden = {
  path: fileURLToPath(new URL("../tests/golden/house_spawn.png", import.meta.url)),
  width: 480,
  height: 270,
};
// How far the page may stray from the native screenshot: a pixel is off
// when a channel differs by more than `channel` of 255 (the render tests'
// threshold), and at most `offShare` of the pixels may be off. The page
// rasterises with SwiftShader, the native screenshot with Mesa's llvmpipe
// (on WebGPU they differ most on the near brick pillar and far down the
// hallway); WebGL2 also leaves the lamps' shadows out. The shares allow about half again what was measured
// (docs/web.md), and lie far below what a wrong colour encoding, a wrong
// view or a missing texture gives.
const TOLERANCE = {
  webgpu: { channel: 24, offShare: 0.15 },
  webgl2: { channel: 24, offShare: 0.07 },
};
// A key's effect shows when at least this share of the canvas changes,
// and two frames with nothing happening between them differ in at most
// `stillShare` (a share of the pixels, channel threshold 8).
const changedShare = 0.002;
const stillShare = 0.0005;
// A wall 2 m ahead of the start, 2 m wide, covers far more of the first
// view than this share.
const wallShare = 0.02;
// The demos: a walk past the doors, and one that pushes loose bodies.
const demos = ["house", "push"];

const runs = [
  {
    name: "webgpu",
    backend: "BrowserWebGpu",
    args: [
      "--enable-unsafe-webgpu",
      "--enable-features=Vulkan",
      "--use-angle=vulkan",
      "--use-vulkan=swiftshader",
    ],
  },
  { name: "webgl2", backend: "Gl", args: [] },
];

/// Runs `work` on the pixels of PNG images in a blank page's 2D canvas:
/// `work(images)` gets one `{ width, height, data }` a PNG.
async function withPixels(browser, pngs, work) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ sources, body }) => {
        const images = [];
        for (const source of sources) {
          const bitmap = await createImageBitmap(await (await fetch(source)).blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext("2d");
          context.drawImage(bitmap, 0, 0);
          images.push(context.getImageData(0, 0, bitmap.width, bitmap.height));
        }
        return new Function("images", body)(images);
      },
      {
        sources: pngs.map((png) => `data:image/png;base64,${png.toString("base64")}`),
        body: `return (${work})(images);`,
      },
    );
  } finally {
    await page.close();
  }
}

/// Distinct colours in a PNG `image`.
function distinctColours(browser, image) {
  return withPixels(browser, [image], ([{ data }]) => {
    const colours = new Set();
    for (let at = 0; at < data.length; at += 4) {
      colours.add((data[at] << 16) | (data[at + 1] << 8) | data[at + 2]);
    }
    return colours.size;
  });
}

/// The share of pixels in which two PNGs of one size differ by more than
/// `channel` in a colour channel; 1 when their sizes differ.
async function offShare(browser, first, second, channel) {
  const counted = await withPixels(browser, [first, second], `([a, b]) => {
    if (a.width !== b.width || a.height !== b.height) return 1;
    let off = 0;
    for (let at = 0; at < a.data.length; at += 4) {
      for (let c = 0; c < 3; c += 1) {
        if (Math.abs(a.data[at + c] - b.data[at + c]) > ${channel}) { off += 1; break; }
      }
    }
    return off / (a.width * a.height);
  }`);
  return counted;
}

/// Waits until the page's console has said a line matching `pattern`.
function consoleLine(lines, pattern) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no console line matching ${pattern} in ${patience} ms`)),
      patience,
    );
    const look = () => {
      const found = lines.find((line) => pattern.test(line));
      if (found !== undefined) {
        clearTimeout(timer);
        resolve(found);
      } else {
        setTimeout(look, 100);
      }
    };
    look();
  });
}

/// Waits for the page's first frame and for its level's load to end: the
/// load runs between frames, after the first (an empty level is drawn
/// meanwhile), and until it has, keys other than Esc do nothing.
async function levelShown(lines) {
  await consoleLine(lines, /first frame presented/);
  await consoleLine(lines, /(Loading|Building) [^:]*: done in/);
}

/// P's lines on the console so far: the eye's position, `[x, z]`.
const positions = (lines) => lines.filter((line) => /^\[-?\d+(\.\d+)?, -?\d+(\.\d+)?\]$/.test(line));

/// Presses P and waits for its console line: the eye's position.
async function printedPosition(page, lines) {
  const before = positions(lines).length;
  await page.keyboard.press("KeyP");
  for (let waited = 0; waited < patience; waited += 100) {
    const printed = positions(lines);
    if (printed.length > before) {
      return printed[printed.length - 1];
    }
    await page.waitForTimeout(100);
  }
  throw new Error("P printed no position on the console");
}

/// Holds `key` for `milliseconds`, as a person would.
async function hold(page, key, milliseconds) {
  await page.keyboard.down(key);
  await page.waitForTimeout(milliseconds);
  await page.keyboard.up(key);
}

/// Walks with W held for a second: P's line changes, and the page shows
/// the line P printed.
async function walk(page, lines) {
  const start = await printedPosition(page, lines);
  await hold(page, "KeyW", 1000);
  const end = await printedPosition(page, lines);
  console.log(`  walked from ${start} to ${end}`);
  const failures = [];
  if (start === end) {
    failures.push(`holding W for a second did not move the eye from ${start}`);
  }
  const shown = await page.evaluate(() => document.getElementById("printed")?.dataset.said);
  if (shown !== end) {
    failures.push(`the page shows P's line as ${shown}, the console ${end}`);
  }
  return failures;
}

/// Walks east down the hallway (W held a moment at a time) until the eye
/// stops at its end, where the closet's sliding door stands before it.
async function walkToTheHallwaysEnd(page, lines) {
  let at = await printedPosition(page, lines);
  for (let piece = 0; piece < 80; piece += 1) {
    await hold(page, "KeyW", 400);
    const now = await printedPosition(page, lines);
    if (now === at) {
      break;
    }
    at = now;
  }
  console.log(`  the walk down the hallway stopped at ${at}`);
  const x = Number(/^\[(-?[\d.]+),/.exec(at)[1]);
  return x > 17.5 ? [] : [`the walk down the hallway stopped at ${at}, before its end`];
}

/// Presses `key` and checks that the canvas changes ([`actChangesCanvas`]).
async function keyChangesCanvas(browser, page, run, what, key, settle) {
  return actChangesCanvas(browser, page, run, what, key, () => page.keyboard.press(key), settle, true);
}

/// Does `act` (named `done` in the lines) and checks that the canvas
/// changes, or with `changes` false that it does not: two shots before it
/// (nothing happening between them) are alike, and one `settle`
/// milliseconds after it differs, or is as alike. The shots are written as
/// `page-RUN-WHAT-before.png` and `-after.png`.
async function actChangesCanvas(browser, page, run, what, done, act, settle, changes) {
  const canvas = page.locator("canvas");
  const before = await canvas.screenshot();
  await page.waitForTimeout(300);
  const still = await canvas.screenshot();
  await act();
  await page.waitForTimeout(settle);
  const after = await canvas.screenshot();
  writeFileSync(join(folder, `page-${run.name}-${what}-before.png`), before);
  writeFileSync(join(folder, `page-${run.name}-${what}-after.png`), after);
  const unchanged = await offShare(browser, before, still, 8);
  const changed = await offShare(browser, before, after, 8);
  console.log(
    `  ${what}: ${(changed * 100).toFixed(2)}% of the canvas changed on ${done}` +
      ` (${(unchanged * 100).toFixed(3)}% with nothing done)`,
  );
  const failures = [];
  if (unchanged > stillShare) {
    failures.push(`${what}: ${unchanged} of the canvas changed with nothing done`);
  }
  if (changes && changed < changedShare) {
    failures.push(`${what}: ${done} changed only ${changed} of the canvas`);
  }
  if (!changes && changed > stillShare) {
    failures.push(`${what}: ${done} changed ${changed} of the canvas; wanted no change`);
  }
  return failures;
}

/// The headless shell under pointer lock: each `pointermove` carries a
/// list of coalesced events that only grows (469, then 932, 1,174, 1,798
/// and 4,382 entries, in a page that did nothing but count them), which
/// winit turns into a mouse motion each, until the page's renderer runs out
/// and crashes; and its pointer jumps as the lock begins and ends, moves of
/// its own. A browser with a screen lists only the events since the last
/// one. So in the tests' pages each event's list is the event itself, and
/// while `mazewalkerTestsMoveTheMouse` is set the browser's own moves are
/// kept from the page: the tests turn the mouse themselves
/// ([`turnTheMouse`]).
const pointerAsOnAScreen = () => {
  PointerEvent.prototype.getCoalescedEvents = function () {
    return [this];
  };
  const onlyTheTestsMoves = (event) => {
    if (event.isTrusted && globalThis.mazewalkerTestsMoveTheMouse) {
      event.stopImmediatePropagation();
    }
  };
  window.addEventListener("pointermove", onlyTheTestsMoves, true);
};

/// Whether the page's pointer lock comes to be on the canvas (`locked`),
/// or off it, within `patience`.
async function canvasLocked(page, locked) {
  for (let waited = 0; waited < patience; waited += 100) {
    const now = await page.evaluate(() => document.pointerLockElement?.tagName === "CANVAS");
    if (now === locked) {
      return true;
    }
    await page.waitForTimeout(100);
  }
  return false;
}

/// A turn of the mouse as the browser reports one under pointer lock: a
/// `pointermove` with its movement, and `button: -1` as a real move has
/// (winit takes `button: 0` for a press of the main button).
const turnTheMouse = (page, movementX) =>
  page.evaluate((movementX) =>
    window.dispatchEvent(
      new PointerEvent("pointermove", {
        movementX,
        movementY: 0,
        button: -1,
        buttons: 0,
        pointerType: "mouse",
        isPrimary: true,
        bubbles: true,
      }),
    ),
  movementX);

/// The page ends the pointer lock as a browser does on Esc; resolves once
/// it has.
async function browserEndsTheLock(page) {
  await page.evaluate(() => document.exitPointerLock());
  await canvasLocked(page, false);
  await page.waitForTimeout(500);
}

/// Mouse look after a click: a click on the canvas locks the pointer to
/// it, and a turn of the mouse turns the view (the shots are taken with
/// the lock ended: the headless shell takes none of our page under it).
/// When the browser ends the lock itself, the mouse no longer turns the
/// view, and the next click locks it again; the view is then turned back.
async function looksAroundAfterAClick(browser, page, run) {
  const lockAndTurn = async (movementX) => {
    await page.locator("canvas").click();
    if (!(await canvasLocked(page, true))) {
      return false;
    }
    await turnTheMouse(page, movementX);
    await page.waitForTimeout(500);
    await browserEndsTheLock(page);
    return true;
  };
  const failures = [];
  let locked = true;
  const lookAround = async () => {
    locked = await lockAndTurn(400);
  };
  const turnUnlocked = () => turnTheMouse(page, 400);
  await page.evaluate(() => {
    globalThis.mazewalkerTestsMoveTheMouse = true;
  });
  try {
    failures.push(
      ...(await actChangesCanvas(browser, page, run, "look", "a click and a turn", lookAround, 0, true)),
    );
    if (!locked) {
      return ["look: a click on the canvas did not lock the pointer to it"];
    }
    failures.push(
      ...(await actChangesCanvas(browser, page, run, "unlocked", "a turn", turnUnlocked, 500, false)),
    );
    if (!(await lockAndTurn(-400))) {
      failures.push("look: a click after the lock ended did not lock the pointer again");
    }
  } finally {
    await page.evaluate(() => {
      globalThis.mazewalkerTestsMoveTheMouse = false;
    });
  }
  return failures;
}

/// How many walls a level's text has (its `[[wall]]` tables).
const wallCount = (text) => (text.match(/^\[\[wall\]\]/gm) ?? []).length;
const houseWalls = wallCount(
  readFileSync(fileURLToPath(new URL("../assets/levels/house.toml", import.meta.url)), "utf8"),
);

/// In a page of its own (a fresh browser storage): places a wall 2 m ahead
/// of the start in edit mode (E; walk; Space; walk right; Space; Enter),
/// saves with Ctrl+S, and waits until the browser's storage has the file.
/// Its text has one wall more than the house's. Then reloads the page,
/// which offers the saved level; opens it: its first view, with the HUD
/// and the page's text off, differs from the house's where the wall stands, while two views
/// of the house itself are alike. The shots are written as
/// `page-RUN-saved-house.png` and `-saved-reopened.png`.
async function savesIntoTheBrowser(browser, run) {
  const page = await browser.newPage({ viewport: { width: golden.width, height: golden.height } });
  const lines = [];
  page.on("console", (message) => lines.push(message.text()));
  const failures = [];
  const canvas = page.locator("canvas");
  // The first view, HUD and the page's text off: the shot to compare.
  const firstView = async () => {
    await levelShown(lines);
    await page.waitForTimeout(1000);
    await page.addStyleTag({ content: "#about { visibility: hidden; }" });
    await canvas.focus();
    await page.keyboard.press("KeyH");
    await page.waitForTimeout(500);
    return canvas.screenshot();
  };
  try {
    await page.goto(url);
    const house = await firstView();
    const houseAgain = await canvas.screenshot();
    failures.push(...(await f12DownloadsThePicture(page)));
    await page.keyboard.press("KeyH");
    await placeAWall(page, lines);
    await page.waitForTimeout(300);
    await page.keyboard.press("Control+KeyS");
    await consoleLine(lines, /Saving .*: done/);
    const name = await storedName(page, ".toml");
    const text = await storedText(page, name);
    console.log(`  saved ${name} in the browser: ${wallCount(text)} walls, the house ${houseWalls}`);
    if (wallCount(text) !== houseWalls + 1) {
      failures.push(`the saved ${name} has ${wallCount(text)} walls, wanted ${houseWalls + 1}`);
    }

    lines.length = 0;
    await page.reload();
    const offer = page.locator(`#stored .file[data-name="${name}"] a.open`);
    await offer.waitFor({ timeout: patience });
    await levelShown(lines);
    lines.length = 0;
    await offer.click();
    await consoleLine(lines, new RegExp(`Loading ${name.replaceAll(".", "\\.")}: done`));
    const reopened = await firstView();
    writeFileSync(join(folder, `page-${run.name}-saved-house.png`), house);
    writeFileSync(join(folder, `page-${run.name}-saved-reopened.png`), reopened);
    const still = await offShare(browser, house, houseAgain, 8);
    const changed = await offShare(browser, house, reopened, 8);
    console.log(
      `  the reopened level's first view differs from the house's in ` +
        `${(changed * 100).toFixed(2)}% (the house from itself ${(still * 100).toFixed(3)}%)`,
    );
    if (still > stillShare) {
      failures.push(`saved: two views of the house differ in ${still} of the canvas`);
    }
    if (changed < wallShare) {
      failures.push(`saved: the reopened ${name} looks like the house (${changed} differs)`);
    }
  } catch (error) {
    failures.push(`saving into the browser: ${error.message}\n  console:\n  ${lines.join("\n  ")}`);
  } finally {
    await page.close();
  }
  return failures;
}

/// Opens the page in `context` on the house and waits for its first frame
/// (plus a second), with its console lines in `lines`.
async function openHouse(context, lines) {
  const page = await context.newPage();
  page.on("console", (message) => lines.push(message.text()));
  await page.goto(url);
  await levelShown(lines);
  await page.waitForTimeout(1000);
  await page.locator("canvas").focus();
  return page;
}

/// How loud the page's output must be, at its loudest (the root mean
/// square of an AnalyserNode's 2,048 samples), to count as hearing a
/// sound; standing before the door it must stay below this. The door's
/// latch, creak and rumble at the hallway's end reach far above it
/// (docs/web.md has the figures).
const heardRms = 0.005;

/// The page's sound after its first key (H, pressed by the screenshot
/// check): the AudioContext the page shows as `mazewalkerSound.context`
/// runs (a browser starts none before a key or click). `before` is its
/// state before any key, for the record: the headless shell lets a
/// context run without one.
async function soundRunsAfterTheFirstKey(page, before) {
  const running = await page
    .waitForFunction(() => globalThis.mazewalkerSound?.context.state === "running", undefined, {
      timeout: patience,
    })
    .then(() => true, () => false);
  const after = await page.evaluate(() => globalThis.mazewalkerSound?.context.state ?? "none");
  console.log(`  sound: the AudioContext was ${before} before the first key, ${after} after it`);
  return running ? [] : [`sound: the page's AudioContext is ${after} after the first key`];
}

/// Listens to the page's output with an AnalyserNode of its own while
/// `act` runs: resolves to the loudest root mean square it saw over
/// 2,048 samples, read every 20 ms.
async function loudestWhile(page, act) {
  await page.evaluate(() => {
    const { context, output } = globalThis.mazewalkerSound;
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    output.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    globalThis.mazewalkerTestsLoudest = 0;
    globalThis.mazewalkerTestsListening = { analyser, timer: setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) {
        sum += sample * sample;
      }
      const rms = Math.sqrt(sum / samples.length);
      globalThis.mazewalkerTestsLoudest = Math.max(globalThis.mazewalkerTestsLoudest, rms);
    }, 20) };
  });
  const acted = await act();
  const loudest = await page.evaluate(() => {
    const { analyser, timer } = globalThis.mazewalkerTestsListening;
    clearInterval(timer);
    globalThis.mazewalkerSound.output.disconnect(analyser);
    return globalThis.mazewalkerTestsLoudest;
  });
  return { loudest, acted };
}

/// Opens the closet's door on Space (the canvas changes) and hears it:
/// standing before the door, the page's output comes to stay below
/// [`heardRms`] for a whole second, and rises above it once Space opens
/// it. The walk down the hallway opened the kitchen's door (it opens as
/// the eye comes near, and closes 2 s after), whose closing may still
/// sound as the walk ends: the quiet second is waited for, a second at
/// a time, up to `quietTries` seconds.
async function opensAndHearsTheDoor(browser, page, run) {
  const quietTries = 15;
  let quiet;
  let tries = 0;
  do {
    quiet = await loudestWhile(page, () => page.waitForTimeout(1000));
    tries += 1;
  } while (quiet.loudest >= heardRms && tries < quietTries);
  const door = await loudestWhile(page, () =>
    keyChangesCanvas(browser, page, run, "door", "Space", 2000),
  );
  console.log(
    `  sound: the output's loudest RMS ${quiet.loudest.toFixed(5)} standing before the door` +
      ` (the quiet second was the ${tries}. listened to), ${door.loudest.toFixed(5)} as it` +
      ` opened (heard from ${heardRms})`,
  );
  const failures = [...door.acted];
  if (quiet.loudest >= heardRms) {
    failures.push(
      `sound: the page's output stayed at ${quiet.loudest} or more for ${tries} s before the door`,
    );
  }
  if (door.loudest < heardRms) {
    failures.push(`sound: the door opened unheard (the output at most ${door.loudest})`);
  }
  return failures;
}

/// In edit mode, places a wall 2 m ahead of the eye: E; W held; Space; D
/// held; Space; Enter.
async function placeAWall(page, lines) {
  await page.keyboard.press("KeyE");
  await consoleLine(lines, /Opening the level for editing: done/);
  await hold(page, "KeyW", 600);
  await page.keyboard.press("Space");
  await hold(page, "KeyD", 600);
  await page.keyboard.press("Space");
  await page.keyboard.press("Enter");
}

/// The names in the browser's storage, once one ending in `suffix` is
/// kept in IndexedDB: that one.
async function storedName(page, suffix) {
  const handle = await page.waitForFunction(
    (suffix) => document.body.dataset.stored?.split(" ").find((name) => name.endsWith(suffix)),
    suffix,
    { timeout: patience },
  );
  return handle.jsonValue();
}

/// The text of the stored file `name`.
function storedText(page, name) {
  return page.evaluate(
    (name) => new TextDecoder().decode(globalThis.mazewalkerPage.file(name)),
    name,
  );
}

/// Presses F12: the browser is handed a download `mazewalker-<seconds>.png`,
/// a PNG of the canvas's size.
async function f12DownloadsThePicture(page) {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: patience }),
    page.keyboard.press("F12"),
  ]);
  const name = download.suggestedFilename();
  const png = readFileSync(await download.path());
  const width = png.subarray(1, 4).toString() === "PNG" ? png.readUInt32BE(16) : 0;
  const height = width > 0 ? png.readUInt32BE(20) : 0;
  console.log(`  F12 downloaded ${name}, ${width}x${height}, ${png.length} bytes`);
  const failures = [];
  if (!/^mazewalker-\d+(-\d+)?\.png$/.test(name)) {
    failures.push(`F12's download is named ${name}`);
  }
  if (width !== golden.width || height !== golden.height) {
    failures.push(`F12's download is not a ${golden.width}x${golden.height} PNG (${width}x${height})`);
  }
  return failures;
}

/// In a browser context of its own (fresh storage): a wall placed and
/// never saved; once its autosave journal is kept, the tab is closed. In
/// a new tab on the house, edit mode (E) and F9 restore it, and Ctrl+S saves a level with
/// one wall more than the house.
async function restoresTheAutosaveAfterAClosedTab(browser) {
  const context = await browser.newContext({
    viewport: { width: golden.width, height: golden.height },
  });
  const lines = [];
  try {
    const first = await openHouse(context, lines);
    await placeAWall(first, lines);
    await consoleLine(lines, /Writing the autosave: done/);
    const journal = await storedName(first, ".autosave");
    await first.close();
    lines.length = 0;
    const second = await openHouse(context, lines);
    await second.keyboard.press("KeyE");
    await consoleLine(lines, /Opening the level for editing: done/);
    await second.keyboard.press("F9");
    await consoleLine(lines, /Restoring the autosave: done/);
    await second.keyboard.press("Control+KeyS");
    await consoleLine(lines, /Saving .*: done/);
    const name = await storedName(second, ".toml");
    const walls = wallCount(await storedText(second, name));
    console.log(`  F9 in a new tab restored ${journal}: ${name} saved with ${walls} walls`);
    return walls === houseWalls + 1
      ? []
      : [`F9 after a closed tab: ${name} has ${walls} walls, wanted ${houseWalls + 1}`];
  } catch (error) {
    return [`F9 after a closed tab: ${error.message}\n  console:\n  ${lines.join("\n  ")}`];
  } finally {
    await context.close();
  }
}

/// The first view at the golden image's size, with the HUD (H) and the
/// page's text hidden, against the native screenshot.
async function matchesNativeScreenshot(browser, page, run) {
  await page.addStyleTag({ content: "#about { visibility: hidden; }" });
  await page.keyboard.press("KeyH");
  await page.waitForTimeout(500);
  const shot = await page.locator("canvas").screenshot();
  const path = join(folder, `page-${run.name}-${golden.width}x${golden.height}.png`);
  writeFileSync(path, shot);
  const tolerance = TOLERANCE[run.name];
  const share = await offShare(browser, shot, readFileSync(golden.path), tolerance.channel);
  console.log(
    `  ${(share * 100).toFixed(2)}% of the pixels off the native screenshot` +
      ` by more than ${tolerance.channel} (allowed ${(tolerance.offShare * 100).toFixed(1)}%)`,
  );
  await page.keyboard.press("KeyH");
  await page.addStyleTag({ content: "#about { visibility: visible; }" });
  return share > tolerance.offShare
    ? [`${path} is off the native screenshot in ${share} of its pixels`]
    : [];
}

/// Plays each demo in a page of its own, without drawing: its last line on
/// the console is the native program's, character for character.
async function playsDemosAsNatively(browser) {
  const failures = [];
  for (const demo of demos) {
    const native = readFileSync(join(folder, "demos", `${demo}.native`), "utf8").trim();
    const page = await browser.newPage();
    const lines = [];
    page.on("console", (message) => lines.push(message.text()));
    page.on("pageerror", (error) => lines.push(`page error: ${error.message}`));
    try {
      await page.goto(`${url}?demo=demos/${demo}.demo&headless`);
      const ended = await consoleLine(lines, playedLine);
      console.log(`  ${demo}.demo: the page printed "${ended}", the native program "${native}"`);
      if (ended !== native) {
        failures.push(`${demo}.demo ended at "${ended}" in the page, natively at "${native}"`);
      }
    } finally {
      await page.close();
    }
  }
  return failures;
}

/// The pattern of the last line of a headless playback: the final `x z yaw`,
/// or what went wrong.
const playedLine =
  /^-?[0-9][0-9.e+-]* -?[0-9][0-9.e+-]* -?[0-9][0-9.e+-]*$|desync|panicked|page error|error|cannot/;

/// In a browser context of its own: a walk recorded in the page
/// (`?record=walk.demo`; W, D and the left arrow held in turn, then Esc to
/// end the program and so the recording). The page's list offers the demo;
/// its download plays natively (`play FILE --headless`) without a desync,
/// to the line the page's own headless playback of the stored demo prints,
/// character for character.
async function recordsADemoThatPlaysNatively(browser, run) {
  const context = await browser.newContext({
    viewport: { width: golden.width, height: golden.height },
  });
  const lines = [];
  try {
    const page = await context.newPage();
    page.on("console", (message) => lines.push(message.text()));
    await page.goto(`${url}?record=walk.demo`);
    await levelShown(lines);
    await page.waitForTimeout(1000);
    await page.locator("canvas").focus();
    await hold(page, "KeyW", 800);
    await hold(page, "KeyD", 400);
    await hold(page, "ArrowLeft", 400);
    await page.keyboard.press("Escape");
    await page.waitForTimeout(300);
    await page.keyboard.press("Escape");
    await storedName(page, "walk.demo");
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: patience }),
      page.locator('#stored .file[data-name="walk.demo"] a.download').click(),
    ]);
    const saved = join(folder, "demos", `page-${run.name}-walk.demo`);
    await download.saveAs(saved);
    const native = spawnSync(nativeProgram, ["play", saved, "--headless"], { encoding: "utf8" });
    const nativeLine = native.stdout.trim();
    lines.length = 0;
    await page.goto(`${url}?demo=walk.demo&headless`);
    const pageLine = await consoleLine(lines, playedLine);
    console.log(
      `  walk.demo recorded in the page: natively "${nativeLine}" (status ${native.status}),` +
        ` in the page "${pageLine}"`,
    );
    if (native.status !== 0 || nativeLine !== pageLine || !/^\S+ \S+ \S+$/.test(nativeLine)) {
      return [
        `the page's walk.demo: natively "${nativeLine}" (status ${native.status}, ` +
          `${native.stderr.trim()}), in the page "${pageLine}"`,
      ];
    }
    return [];
  } catch (error) {
    return [`recording in the page: ${error.message}\n  console:\n  ${lines.join("\n  ")}`];
  } finally {
    await context.close();
  }
}

/// Whether the page, in the time the check allows, stops asking the person
/// before it closes (after the storage's last write has ended).
const closingStopsAsking = (page) =>
  page
    .waitForFunction(() => !globalThis.mazewalkerTestsClosingAsks(), undefined, {
      timeout: patience,
    })
    .then(() => true, () => false);

/// In edit mode, with the save in pieces between frames: closing the page
/// asks first while the program writes the save (the body's data-saving)
/// and while the browser's storage has not kept a file, and not after.
/// Whether it asks is a `beforeunload` event of the test's own, cancelled
/// by the page.
async function asksBeforeClosingDuringASave(page, lines) {
  const failures = [];
  await page.evaluate(() => {
    globalThis.mazewalkerTestsClosingAsks = () => {
      const event = new Event("beforeunload", { cancelable: true });
      dispatchEvent(event);
      return event.defaultPrevented;
    };
    globalThis.mazewalkerTestsSaving = [];
    new MutationObserver(() => {
      if (document.body.dataset.saving !== undefined) {
        globalThis.mazewalkerTestsSaving.push(globalThis.mazewalkerTestsClosingAsks());
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-saving"] });
  });
  const storedBefore = await page.getAttribute("body", "data-stored");
  await page.keyboard.press("Control+KeyS");
  await consoleLine(lines, /Saving .*: ran in/);
  await page.waitForFunction(
    (before) => document.body.dataset.stored !== before && document.body.dataset.saving === undefined,
    storedBefore,
    { timeout: patience },
  );
  const whileSaving = await page.evaluate(() => globalThis.mazewalkerTestsSaving);
  const stoppedAfterSaving = await closingStopsAsking(page);
  const whileStoring = await page.evaluate(() => {
    globalThis.mazewalkerPage.store("closing-check.txt", new Uint8Array([1]));
    return globalThis.mazewalkerTestsClosingAsks();
  });
  const stoppedAfterStoring = await closingStopsAsking(page);
  await page.evaluate(() => globalThis.mazewalkerPage.remove("closing-check.txt"));
  console.log(
    `  closing the page asks first: while the save was written ${JSON.stringify(whileSaving)},` +
      ` stopped after it ${stoppedAfterSaving}; while storage kept a file ${whileStoring},` +
      ` stopped after ${stoppedAfterStoring}`,
  );
  if (whileSaving.length === 0 || whileSaving.includes(false) || !stoppedAfterSaving) {
    failures.push(
      `closing: while the save was written the page asked ${JSON.stringify(whileSaving)}` +
        ` (wanted true at least once); it stopped asking after it: ${stoppedAfterSaving}`,
    );
  }
  if (!whileStoring || !stoppedAfterStoring) {
    failures.push(
      `closing: while storage kept a file the page asked ${whileStoring} (wanted true);` +
        ` it stopped asking after it: ${stoppedAfterStoring}`,
    );
  }
  return failures;
}

/// The log line of background work that ran in pieces between frames.
const piecesLine = (what) =>
  new RegExp(`${what}: ran in (\\d+) pieces?, the longest ([\\d.]+) ms`);

/// In a page of its own, whose background work stops at every progress
/// report (`?piece_ms=0`): opening edit mode (E) on a small maze runs
/// between frames, in a piece from each report to the next, and the
/// browser draws a frame while each piece waits. Its settings file
/// (`?config=`, written into FOLDER, which the page is served from) turns
/// sound off: after its keys the page has made no AudioContext.
async function worksInPiecesBetweenFrames(browser) {
  const page = await browser.newPage({ viewport: { width: golden.width, height: golden.height } });
  const lines = [];
  page.on("console", (message) => lines.push(message.text()));
  const counts = () => page.evaluate(() => ({ ...globalThis.mazewalkerBackground }));
  try {
    writeFileSync(join(folder, "sound-off.toml"), "[sound]\nenabled = false\n");
    await page.goto(`${url}?level=maze&w=12&h=12&seed=3&piece_ms=0&config=sound-off.toml`);
    await levelShown(lines);
    await page.waitForTimeout(500);
    await page.locator("canvas").focus();
    const before = await counts();
    await page.keyboard.press("KeyE");
    const said = await consoleLine(lines, piecesLine("Opening the level for editing"));
    const after = await counts();
    const pieces = Number(piecesLine("Opening the level for editing").exec(said)[1]);
    const waits = after.waits - before.waits;
    const frames = after.framesDrawn - before.framesDrawn;
    console.log(
      `  E on a 12x12 maze, a piece a report: "${said}"; the work waited for ${waits}` +
        ` frames and the browser drew ${frames}`,
    );
    const failures = [];
    if (!after.canSuspend) {
      failures.push("pieces: the browser cannot suspend WebAssembly (JSPI)");
    }
    // Reports at the start, after the text, the parse and the count.
    if (pieces < 4 || waits < pieces - 1 || frames < pieces - 1) {
      failures.push(
        `pieces: opening edit mode ran in ${pieces} pieces, waited ${waits} times` +
          ` and saw ${frames} frames drawn; wanted at least 4 pieces, a frame between each`,
      );
    }
    failures.push(...(await asksBeforeClosingDuringASave(page, lines)));
    const sound = await page.evaluate(() => globalThis.mazewalkerSound?.context.state ?? "none");
    console.log(`  with [sound] enabled = false in ?config=sound-off.toml: AudioContext ${sound}`);
    if (sound !== "none") {
      failures.push(`sound: the page made an AudioContext (${sound}) with sound off in its settings`);
    }
    return failures;
  } catch (error) {
    return [`pieces: ${error.message}\n  console:\n  ${lines.join("\n  ")}`];
  } finally {
    await page.close();
  }
}

// The WAD the page is given: Freedoom's first (Debian's freedoom, which
// web/setup installs).
const freedoom = "/usr/share/games/doom/freedoom1.wad";

/// A new page in `context`, its console lines in `lines`.
async function pageWithLines(context, lines) {
  const page = await context.newPage();
  page.on("console", (message) => lines.push(message.text()));
  page.on("pageerror", (error) => lines.push(`page error: ${error.message}`));
  return page;
}

/// Waits until the canvas's title (its `alt`, which the window's title
/// sets in a page) names the level `map`; a failure when it does not.
async function titledAfter(page, map) {
  const wanted = `mazewalker — ${map}`;
  try {
    await page.waitForFunction(
      (wanted) => document.querySelector("canvas")?.getAttribute("alt") === wanted,
      wanted,
      { timeout: patience },
    );
    return [];
  } catch {
    const alt = await page.getAttribute("canvas", "alt");
    return [`wad: the canvas is titled "${alt}", wanted "${wanted}"`];
  }
}

/// The page's error once it shows one: the body's `data-error` and the
/// text of its #failed element.
async function shownError(page) {
  const handle = await page.waitForFunction(() => document.body.dataset.error, null, {
    timeout: patience,
  });
  const failed = await page.getAttribute("#failed", "data-said");
  return { error: await handle.jsonValue(), failed };
}

/// Sets Freedoom's first WAD on the page's file input: the page lists its
/// maps as the native `mazewalker maps` does and opens the first, E1M1. A
/// new page given `?wad=NAME&map=E1M2` opens that map from the browser's
/// storage (the same browser context), without a pick. A map the WAD
/// lacks and a WAD the page has not stored are the program's errors,
/// shown on the page.
async function opensAWad(browser) {
  const context = await browser.newContext({
    viewport: { width: golden.width, height: golden.height },
  });
  const lines = [];
  const page = await pageWithLines(context, lines);
  const name = basename(freedoom);
  const failures = [];
  try {
    const native = spawnSync(nativeProgram, ["maps", freedoom], { encoding: "utf8" })
      .stdout.trim()
      .split("\n");
    await page.goto(url);
    await levelShown(lines);
    lines.length = 0;
    const picked = Date.now();
    await page.setInputFiles("#picker", freedoom);
    await page.waitForURL(/[?&]map=E1M1$/, { timeout: patience });
    await consoleLine(lines, /Importing E1M1: done/);
    // A figure for the record, never a check: the machine's speed varies.
    const imported = Date.now() - picked;
    const listed = await page.$$eval("#maps .map", (maps) =>
      maps.map((map) => `${map.dataset.map} ${map.dataset.format}`),
    );
    const open = await page.$$eval("#maps .map[data-open]", (maps) =>
      maps.map((map) => map.dataset.map),
    );
    console.log(
      `  ${name} picked: the page lists ${listed.length} maps (natively ${native.length}),` +
        ` from ${listed[0]} to ${listed[listed.length - 1]}; open: ${open.join(" ")},` +
        ` imported ${imported} ms after the pick`,
    );
    if (listed.join("\n") !== native.join("\n")) {
      failures.push(`wad: the page lists ${name}'s maps as\n  ${listed.join(", ")}\n` +
        `  and mazewalker maps as\n  ${native.join(", ")}`);
    }
    if (open.join(" ") !== "E1M1") {
      failures.push(`wad: the page marks ${open.join(" ") || "no map"} open, wanted E1M1`);
    }
    failures.push(...(await titledAfter(page, "E1M1")));
    await page.close();

    lines.length = 0;
    const again = await pageWithLines(context, lines);
    await again.goto(`${url}?wad=${encodeURIComponent(name)}&map=E1M2`);
    await consoleLine(lines, /Importing E1M2: done/);
    failures.push(...(await titledAfter(again, "E1M2")));
    console.log(`  ?wad=${name}&map=E1M2 in a new page: imported from the browser's storage`);
    for (const [query, names] of [
      [`?wad=${encodeURIComponent(name)}&map=E9M9`, "E9M9"],
      ["?wad=unknown.wad&map=E1M1", "unknown.wad"],
    ]) {
      await again.goto(`${url}${query}`);
      const { error, failed } = await shownError(again);
      console.log(`  ${query}: the page says "${failed}"`);
      if (!error.includes(names) || failed !== error) {
        failures.push(`wad: ${query} shows "${failed}" (data-error "${error}"), wanted ${names} named`);
      }
    }
  } catch (error) {
    failures.push(`wad: ${error.message}\n  console:\n  ${lines.join("\n  ")}`);
  } finally {
    await context.close();
  }
  return failures;
}

async function check(run) {
  const browser = await chromium.launch({ executablePath: browserPath, args: run.args });
  const failures = [];
  try {
    const page = await browser.newPage({
      viewport: { width: golden.width, height: golden.height },
    });
    await page.addInitScript(pointerAsOnAScreen);
    const lines = [];
    page.on("console", (message) => lines.push(message.text()));
    page.on("pageerror", (error) => lines.push(`page error: ${error.message}`));
    const asked = Date.now();
    await page.goto(url);
    const said = await consoleLine(lines, /^mazewalker backend: /);
    const attribute = await page.getAttribute("body", "data-backend");
    if (attribute !== run.backend || !said.startsWith(`mazewalker backend: ${run.backend} `)) {
      failures.push(`backend: data-backend ${attribute}, console "${said}"; wanted ${run.backend}`);
    }
    await consoleLine(lines, /Loading the house: done/);
    await consoleLine(lines, /first frame presented/);
    // A figure for the record, never a check: the machine's speed varies.
    console.log(`${run.name}: first frame ${Date.now() - asked} ms after the page was asked for`);
    // A few frames on the house, after the load's last frame of the empty level.
    await page.waitForTimeout(1000);
    // Focus, not a click: a click locks the pointer (looksAroundAfterAClick).
    await page.locator("canvas").focus();
    const soundBefore = await page.evaluate(
      () => globalThis.mazewalkerSound?.context.state ?? "none",
    );
    failures.push(...(await matchesNativeScreenshot(browser, page, run)));
    failures.push(...(await soundRunsAfterTheFirstKey(page, soundBefore)));

    // The canvas follows the browser window.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(1000);
    const shot = await page.locator("canvas").screenshot();
    const path = join(folder, `page-${run.name}.png`);
    writeFileSync(path, shot);
    const colours = await distinctColours(browser, shot);
    if (colours < 2) {
      failures.push(`the canvas is one colour (${path})`);
    }
    if (!/^PNG/.test(shot.subarray(1, 4).toString()) || shot.readUInt32BE(16) !== 1280) {
      failures.push(`the canvas did not follow the window to 1280 pixels wide (${path})`);
    }
    // The keys at the small size again, where software rendering keeps up
    // with the walk.
    await page.setViewportSize({ width: golden.width, height: golden.height });
    await page.waitForTimeout(500);
    failures.push(...(await walk(page, lines)));

    // The HUD's frame rate changes every frame: off for the canvas checks.
    await page.keyboard.press("KeyH");
    failures.push(...(await looksAroundAfterAClick(browser, page, run)));
    failures.push(...(await keyChangesCanvas(browser, page, run, "lines", "KeyL", 500)));
    await page.keyboard.press("KeyL");
    failures.push(...(await walkToTheHallwaysEnd(page, lines)));
    failures.push(...(await opensAndHearsTheDoor(browser, page, run)));

    failures.push(...(await worksInPiecesBetweenFrames(browser)));
    failures.push(...(await playsDemosAsNatively(browser)));
    failures.push(...(await savesIntoTheBrowser(browser, run)));
    failures.push(...(await restoresTheAutosaveAfterAClosedTab(browser)));
    failures.push(...(await recordsADemoThatPlaysNatively(browser, run)));
    failures.push(...(await opensAWad(browser)));

    const errors = lines.filter((line) => /panicked|page error|ERROR/.test(line));
    if (errors.length > 0) {
      failures.push(`errors on the console:\n  ${errors.join("\n  ")}`);
    }
    // Figures for the record: the house's work at the page's own piece length.
    for (const line of lines.filter((line) => piecesLine("[^:]+").test(line))) {
      console.log(`  ${line}`);
    }
    console.log(`${run.name}: ${said}; ${colours} colours in ${path}`);
    if (failures.length > 0) {
      console.log(`${run.name}: console:\n  ${lines.join("\n  ")}`);
    }
  } finally {
    await browser.close();
  }
  return failures.map((failure) => `${run.name}: ${failure}`);
}

const failures = [];
let failedRuns = 0;
for (const run of runs) {
  const failed = await check(run);
  failures.push(...failed);
  failedRuns += failed.length > 0 ? 1 : 0;
}
// The closing line counts the backends, in the form CI's log reader
// counts tests by.
const counted = `web: ${runs.length - failedRuns} passed, ${failedRuns} failed`;
if (failures.length > 0) {
  console.error(`web/test failed:\n${failures.join("\n")}`);
  console.log(counted);
  process.exit(1);
}
console.log("web/test: both backends passed");
console.log(counted);
