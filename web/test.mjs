// The page in headless Chromium, once on WebGPU and once on WebGL2: it
// reports its backend, its first frame of the house is not one colour, and
// holding W walks (P's console line changes).
// Usage: node web/test.mjs URL FOLDER (screenshots are written in FOLDER).
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

const [url, folder] = process.argv.slice(2);
const browserPath = process.env.CHROMIUM ?? "/usr/bin/chromium-headless-shell";
// How long the page may take to start and load the house, on a software
// renderer: a bound on waiting, never a measured figure.
const patience = 120_000;

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

/// Distinct colours in a PNG `image`, counted by a blank page's 2D canvas.
async function distinctColours(browser, image) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (source) => {
      const bitmap = await createImageBitmap(await (await fetch(source)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d");
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const colours = new Set();
      for (let at = 0; at < pixels.length; at += 4) {
        colours.add((pixels[at] << 16) | (pixels[at + 1] << 8) | pixels[at + 2]);
      }
      return colours.size;
    }, `data:image/png;base64,${image.toString("base64")}`);
  } finally {
    await page.close();
  }
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

/// Walks with W held for a second, as a person would: P's line changes.
async function walk(page, lines) {
  // Focus, not a click: a click asks for pointer lock, and the headless
  // shell closes the page on that (seen with chromium-headless-shell 156).
  await page.locator("canvas").focus();
  const start = await printedPosition(page, lines);
  await page.keyboard.down("KeyW");
  await page.waitForTimeout(1000);
  await page.keyboard.up("KeyW");
  const end = await printedPosition(page, lines);
  console.log(`  walked from ${start} to ${end}`);
  return start === end ? [`holding W for a second did not move the eye from ${start}`] : [];
}

async function check(run) {
  const browser = await chromium.launch({ executablePath: browserPath, args: run.args });
  const failures = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
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
    const shot = await page.locator("canvas").screenshot();
    const path = join(folder, `page-${run.name}.png`);
    writeFileSync(path, shot);
    const colours = await distinctColours(browser, shot);
    if (colours < 2) {
      failures.push(`the canvas is one colour (${path})`);
    }
    failures.push(...(await walk(page, lines)));
    const errors = lines.filter((line) => /panicked|page error|ERROR/.test(line));
    if (errors.length > 0) {
      failures.push(`errors on the console:\n  ${errors.join("\n  ")}`);
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
for (const run of runs) {
  failures.push(...(await check(run)));
}
if (failures.length > 0) {
  console.error(`web/test failed:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log("web/test: both backends passed");
