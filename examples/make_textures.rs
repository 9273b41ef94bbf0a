//! Writes the builtin textures, `assets/textures/*.png`, from a fixed seed.
//!
//! Run with `cargo run --release --example make_textures`. The output is
//! deterministic, so the committed PNGs can always be regenerated bit for bit.
//! Every texture tiles seamlessly: all noise is periodic over the image size
//! and every pattern (bricks, planks, tiles, weave) repeats a whole number of
//! times across it.

use std::path::Path;

use image::{Rgb, RgbImage};

/// A function that paints one whole texture.
type Painter = fn() -> RgbImage;

/// Side of every texture in pixels.
const SIZE: u32 = 256;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/textures");
    std::fs::create_dir_all(&directory)?;
    let textures: [(&str, Painter); 7] = [
        ("plaster", plaster),
        ("brick", brick),
        ("tiles", tiles),
        ("wood_floor", wood_floor),
        ("ceiling", ceiling),
        ("wood", wood),
        ("fabric", fabric),
    ];
    for (name, make) in textures {
        let path = directory.join(format!("{name}.png"));
        make().save(&path)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// A 32-bit integer hash (lowbias32), the source of all randomness here.
fn hash(mut value: u32) -> u32 {
    value ^= value >> 16;
    value = value.wrapping_mul(0x7feb_352d);
    value ^= value >> 15;
    value = value.wrapping_mul(0x846c_a68b);
    value ^ (value >> 16)
}

/// A pseudo-random value in [0, 1) for a lattice point and a seed.
fn random(x: u32, y: u32, seed: u32) -> f32 {
    let mixed =
        hash(x.wrapping_mul(0x9e37_79b9) ^ hash(y.wrapping_add(seed.wrapping_mul(0x85eb_ca6b))));
    (mixed >> 8) as f32 / (1u32 << 24) as f32
}

/// Smooth value noise with `cells` lattice cells across the texture in x and
/// `cells_y` in y, wrapping at the texture edge so it tiles.
fn value_noise(x: f32, y: f32, cells_x: u32, cells_y: u32, seed: u32) -> f32 {
    let fx = x / SIZE as f32 * cells_x as f32;
    let fy = y / SIZE as f32 * cells_y as f32;
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (smooth(fx - x0), smooth(fy - y0));
    let (ix, iy) = (x0 as u32 % cells_x, y0 as u32 % cells_y);
    let (jx, jy) = ((ix + 1) % cells_x, (iy + 1) % cells_y);
    let top = lerp(random(ix, iy, seed), random(jx, iy, seed), tx);
    let bottom = lerp(random(ix, jy, seed), random(jx, jy, seed), tx);
    lerp(top, bottom, ty)
}

/// Fractal noise in [0, 1): octaves of value noise, each twice as fine.
fn fractal_noise(x: f32, y: f32, cells_x: u32, cells_y: u32, octaves: u32, seed: u32) -> f32 {
    let (mut sum, mut weight, mut total) = (0.0, 1.0, 0.0);
    for octave in 0..octaves {
        let scale = 1 << octave;
        sum += weight * value_noise(x, y, cells_x * scale, cells_y * scale, seed + octave);
        total += weight;
        weight *= 0.5;
    }
    sum / total
}

fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// A colour from float channels in 0..=255, scaled by `shade`.
fn colour(base: [f32; 3], shade: f32) -> Rgb<u8> {
    Rgb(base.map(|channel| (channel * shade).clamp(0.0, 255.0) as u8))
}

/// Fills a texture pixel by pixel.
fn paint(pixel: impl Fn(f32, f32) -> Rgb<u8>) -> RgbImage {
    RgbImage::from_fn(SIZE, SIZE, |x, y| pixel(x as f32, y as f32))
}

/// Warm off-white plaster: soft blotches and a fine grain.
fn plaster() -> RgbImage {
    paint(|x, y| {
        let blotch = fractal_noise(x, y, 4, 4, 4, 11);
        let grain = random(x as u32, y as u32, 12);
        colour([226.0, 214.0, 192.0], 0.86 + 0.12 * blotch + 0.04 * grain)
    })
}

/// Red-brown bricks in running bond with grey mortar: 4 bricks by 8 courses.
fn brick() -> RgbImage {
    const COURSE: u32 = 32;
    const BRICK: u32 = 64;
    const MORTAR: u32 = 4;
    paint(|x, y| {
        let (px, py) = (x as u32, y as u32);
        let course = py / COURSE;
        let shifted = (px + (course % 2) * BRICK / 2) % SIZE;
        let (brick_index, in_brick_x, in_brick_y) = (shifted / BRICK, shifted % BRICK, py % COURSE);
        let grain = fractal_noise(x, y, 16, 16, 3, 21);
        if in_brick_x < MORTAR || in_brick_y < MORTAR {
            return colour([150.0, 146.0, 138.0], 0.8 + 0.3 * grain);
        }
        let tint = random(brick_index, course, 22);
        let base = [150.0 + 40.0 * tint, 62.0 + 18.0 * tint, 45.0 + 10.0 * tint];
        let edge = (in_brick_x - MORTAR)
            .min(BRICK - 1 - in_brick_x)
            .min(in_brick_y - MORTAR)
            .min(COURSE - 1 - in_brick_y);
        let bevel = if edge < 2 { 0.85 } else { 1.0 };
        colour(base, bevel * (0.75 + 0.4 * grain))
    })
}

/// White glazed square tiles (8 by 8) with grey grout.
fn tiles() -> RgbImage {
    const TILE: u32 = 32;
    const GROUT: u32 = 2;
    paint(|x, y| {
        let (px, py) = (x as u32, y as u32);
        let (in_x, in_y) = (px % TILE, py % TILE);
        if in_x < GROUT || in_y < GROUT {
            return colour([165.0, 168.0, 170.0], 0.9 + 0.1 * random(px, py, 31));
        }
        let tint = random(px / TILE, py / TILE, 32);
        let sheen = fractal_noise(x, y, 8, 8, 2, 33);
        colour([232.0, 238.0, 240.0], 0.9 + 0.05 * tint + 0.06 * sheen)
    })
}

/// Wood grain: fine streaks along x, stretched noise, in a given base colour.
fn grain(x: f32, y: f32, seed: u32) -> f32 {
    let streaks = fractal_noise(x, y, 2, 64, 3, seed);
    let rings = (fractal_noise(x, y, 4, 8, 2, seed + 7) * 40.0).fract();
    0.7 * streaks + 0.3 * rings
}

/// Honey oak floorboards: 8 planks across, staggered end joints.
fn wood_floor() -> RgbImage {
    const PLANK: u32 = 32;
    paint(|x, y| {
        let (px, py) = (x as u32, y as u32);
        let plank = py / PLANK;
        let offset = (hash(plank + 41) % 4) * SIZE / 4;
        let along = (px + offset) % SIZE;
        let in_plank_y = py % PLANK;
        if in_plank_y == 0 || along == 0 || (along == SIZE / 2 && plank.is_multiple_of(2)) {
            return colour([70.0, 45.0, 25.0], 1.0);
        }
        let tint = random(plank, (px + offset) / (SIZE / 2), 42);
        let base = [180.0 + 25.0 * tint, 125.0 + 15.0 * tint, 72.0 + 8.0 * tint];
        colour(base, 0.72 + 0.4 * grain(x, y, 43 + plank))
    })
}

/// A plain, slightly textured white ceiling.
fn ceiling() -> RgbImage {
    paint(|x, y| {
        let blotch = fractal_noise(x, y, 8, 8, 3, 51);
        colour([238.0, 236.0, 230.0], 0.92 + 0.06 * blotch)
    })
}

/// Dark walnut for furniture.
fn wood() -> RgbImage {
    paint(|x, y| colour([120.0, 74.0, 44.0], 0.65 + 0.5 * grain(x, y, 61)))
}

/// A muted teal woven fabric.
fn fabric() -> RgbImage {
    paint(|x, y| {
        let (px, py) = (x as u32, y as u32);
        let over = (px / 2 + py / 2) % 2 == 0;
        let thread = if over { 1.0 } else { 0.86 };
        let fibre = random(px, py, 71);
        let mottling = fractal_noise(x, y, 8, 8, 3, 72);
        colour(
            [70.0, 118.0, 122.0],
            thread * (0.85 + 0.1 * fibre + 0.15 * mottling),
        )
    })
}
