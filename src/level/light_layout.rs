//! Where each face of a chunk's mesh keeps its lamp light: a rectangle of
//! texels in one texture per chunk, the chunk's light cache, a texel every
//! tenth of a metre. Pure data: the renderer bakes the lamps' light into
//! it (`src/render/light_cache.rs`) and the scene shader takes one filtered
//! sample of it per pixel.
//!
//! Each face gets its own rectangle with a border of one texel, lit at the
//! nearest point of the face, so that filtering at a face's edge reads that
//! face's light and never another face's texels. (That filtering carries
//! no light under a thin wall is the bake's part: `held_lamp_light` in
//! `shaders/scene.wgsl`.)

use glam::{Vec2, Vec3};

/// Texels a metre along each side of a face in the light cache.
pub const LIGHT_TEXELS_PER_METRE: f32 = 10.0;

/// The widest and tallest a light cache may be, in texels: what every
/// wgpu adapter can make (the downlevel limit). A chunk whose faces do not
/// fit is laid out at half the texels a metre, and again, until they do.
pub const LIGHT_CACHE_MAX_SIDE: u32 = 2048;

/// The texels of border around each face's rectangle, on every side.
const BORDER: u32 = 1;

/// Below this many texels a metre a chunk gets no light cache at all (its
/// faces would each need more texels than the cache has): hundreds of
/// thousands of faces in one chunk.
const FEWEST_TEXELS_PER_METRE: f32 = 1.0 / 64.0;

/// A planar face as the light cache sees it: a rectangle on its plane that
/// holds it, from `origin` along two unit axes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FaceFrame {
    /// The rectangle's corner where both local coordinates are 0.
    pub origin: Vec3,
    /// The first axis (unit): texels' x in the cache.
    pub along: Vec3,
    /// The second axis (unit, square to `along`): texels' y.
    pub across: Vec3,
    /// The rectangle's size along both axes, in metres.
    pub size: Vec2,
    /// The face's unit normal.
    pub normal: Vec3,
}

impl FaceFrame {
    /// Where `point` (on the face's plane) lies in the face's rectangle,
    /// in metres along each axis.
    pub fn local(&self, point: Vec3) -> Vec2 {
        let offset = point - self.origin;
        Vec2::new(offset.dot(self.along), offset.dot(self.across))
    }
}

/// One face's rectangle in the light cache, as the bake reads it (one
/// instance a face; `shaders/scene.wgsl`, `vs_bake`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct LightPatch {
    /// xy: the rectangle's corner in texels, border included; zw: the
    /// face's size in texels (the border not included).
    pub cell: [f32; 4],
    /// The face's local origin in the world (xyz); w: metres a texel.
    pub origin: [f32; 4],
    /// The first axis (xyz); w: the cache's width in texels.
    pub along: [f32; 4],
    /// The second axis (xyz); w: the cache's height in texels.
    pub across: [f32; 4],
    /// The face's normal (xyz); w unused.
    pub normal: [f32; 4],
}

/// A chunk's light cache: its size and where each face lies in it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LightLayout {
    /// Width and height in texels; (0, 0) when the chunk has no faces or
    /// too many to lay out.
    pub size: (u32, u32),
    /// Texels a metre: [`LIGHT_TEXELS_PER_METRE`], or a half, a quarter…
    /// of it where the faces would not fit at that; fewer still on a face
    /// longer than a cache is wide.
    pub texels_per_metre: f32,
    /// One rectangle per face.
    pub patches: Vec<LightPatch>,
}

impl LightPatch {
    /// The texel position (border excluded from the face) of the face's
    /// point `local` metres from its origin along its axes: where a vertex
    /// there samples what the bake lit.
    pub fn texel(&self, local: Vec2) -> Vec2 {
        let [x, y, ..] = self.cell;
        Vec2::new(x, y) + BORDER as f32 + local / self.origin[3]
    }
}

impl LightLayout {
    /// Lays `faces` out in one cache, shelf by shelf, tallest first: one
    /// patch per face, in order.
    pub fn pack(faces: &[FaceFrame]) -> Self {
        let mut texels_per_metre = LIGHT_TEXELS_PER_METRE;
        while texels_per_metre >= FEWEST_TEXELS_PER_METRE {
            let densities: Vec<f32> = faces
                .iter()
                .map(|face| face_density(face.size, texels_per_metre))
                .collect();
            let sizes: Vec<Texels> = faces
                .iter()
                .zip(&densities)
                .map(|(face, &per_metre)| {
                    let texels = |metres: f32| {
                        let texels = (metres * per_metre).ceil();
                        if texels.is_finite() && texels > 0.0 {
                            texels.min(LIGHT_CACHE_MAX_SIDE as f32) as u32
                        } else {
                            0
                        }
                    };
                    (
                        texels(face.size.x) + 2 * BORDER,
                        texels(face.size.y) + 2 * BORDER,
                    )
                })
                .collect();
            if let Some((places, size)) = shelves(&sizes) {
                let patches = faces
                    .iter()
                    .zip(&places)
                    .zip(&densities)
                    .map(|((face, &(x, y)), &per_metre)| LightPatch {
                        cell: [
                            x as f32,
                            y as f32,
                            face.size.x * per_metre,
                            face.size.y * per_metre,
                        ],
                        origin: face.origin.extend(1.0 / per_metre).to_array(),
                        along: face.along.extend(size.0 as f32).to_array(),
                        across: face.across.extend(size.1 as f32).to_array(),
                        normal: face.normal.extend(0.0).to_array(),
                    })
                    .collect();
                return Self {
                    size,
                    texels_per_metre,
                    patches,
                };
            }
            texels_per_metre /= 2.0;
        }
        Self::default()
    }
}

/// The texels a metre of a face of `size` metres in a cache laid out at
/// `texels_per_metre`: fewer for a face longer than a cache is wide (a
/// maze's outer wall is one face hundreds of metres long), so that one long
/// face does not coarsen the others.
fn face_density(size: Vec2, texels_per_metre: f32) -> f32 {
    let longest = size.max_element();
    let room = (LIGHT_CACHE_MAX_SIDE - 2 * BORDER) as f32;
    if longest.is_finite() && longest * texels_per_metre > room {
        room / longest
    } else {
        texels_per_metre
    }
}

/// A place (x, y) or a size (width, height) in texels.
type Texels = (u32, u32);

/// Places rectangles of `sizes` on shelves of [`LIGHT_CACHE_MAX_SIDE`]
/// texels, tallest first (then widest, then in order), each shelf as tall
/// as its first. Returns each rectangle's corner and the size the shelves
/// take, or `None` when they do not fit.
fn shelves(sizes: &[Texels]) -> Option<(Vec<Texels>, Texels)> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(sizes[i].1),
            std::cmp::Reverse(sizes[i].0),
            i,
        )
    });
    let mut places = vec![(0, 0); sizes.len()];
    let (mut x, mut y, mut shelf, mut width) = (0u32, 0u32, 0u32, 0u32);
    for i in order {
        let (w, h) = sizes[i];
        if w > LIGHT_CACHE_MAX_SIDE {
            return None;
        }
        if x + w > LIGHT_CACHE_MAX_SIDE {
            (x, y, shelf) = (0, y + shelf, 0);
            if y > LIGHT_CACHE_MAX_SIDE {
                return None;
            }
        }
        places[i] = (x, y);
        x += w;
        width = width.max(x);
        shelf = shelf.max(h);
    }
    let height = y + shelf;
    (height <= LIGHT_CACHE_MAX_SIDE).then_some((places, (width, height)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use crate::property_cases::property_config;

    fn wall_face(length: f32, height: f32) -> FaceFrame {
        FaceFrame {
            origin: Vec3::ZERO,
            along: Vec3::X,
            across: Vec3::Y,
            size: Vec2::new(length, height),
            normal: Vec3::Z,
        }
    }

    /// Each patch's rectangle, border included, as (x0, y0, x1, y1).
    fn rectangles(layout: &LightLayout) -> Vec<(u32, u32, u32, u32)> {
        layout
            .patches
            .iter()
            .map(|patch| {
                let [x, y, w, h] = patch.cell;
                let (x, y) = (x as u32, y as u32);
                let w = w.ceil() as u32 + 2 * BORDER;
                let h = h.ceil() as u32 + 2 * BORDER;
                (x, y, x + w, y + h)
            })
            .collect()
    }

    proptest! {
        #![proptest_config(property_config(256))]
        #[test]
        fn faces_get_rectangles_apart_inside_the_cache_at_their_size(
            sizes in prop::collection::vec((0.0f32..40.0, 0.0f32..4.0), 1..300),
        ) {
            let faces: Vec<FaceFrame> =
                sizes.iter().map(|&(w, h)| wall_face(w, h)).collect();
            let layout = LightLayout::pack(&faces);
            prop_assert_eq!(layout.patches.len(), faces.len());
            let rectangles = rectangles(&layout);
            for (i, &(x0, y0, x1, y1)) in rectangles.iter().enumerate() {
                prop_assert!(x1 <= layout.size.0 && y1 <= layout.size.1);
                // The face's corner lies one texel inside its rectangle.
                let patch = &layout.patches[i];
                prop_assert_eq!(patch.texel(Vec2::ZERO), Vec2::new((x0 + 1) as f32, (y0 + 1) as f32));
                let wanted = faces[i].size / patch.origin[3];
                prop_assert!((x1 - x0) as f32 >= wanted.x + 2.0);
                prop_assert!((y1 - y0) as f32 >= wanted.y + 2.0);
                for &(a0, b0, a1, b1) in &rectangles[..i] {
                    let apart = x1 <= a0 || a1 <= x0 || y1 <= b0 || b1 <= y0;
                    prop_assert!(apart, "{:?} overlaps {:?}", rectangles[i], (a0, b0, a1, b1));
                }
            }
        }
    }

    #[test]
    fn a_chunk_too_large_for_ten_texels_a_metre_takes_fewer() {
        // 300 faces of 100 m by 3 m need 1,000 by 30 texels each at ten
        // a metre: 300 shelves of 32 rows, far over 2,048.
        let faces = vec![wall_face(100.0, 3.0); 300];
        let layout = LightLayout::pack(&faces);
        assert!(layout.texels_per_metre < LIGHT_TEXELS_PER_METRE);
        assert!(layout.size.0 <= LIGHT_CACHE_MAX_SIDE && layout.size.1 <= LIGHT_CACHE_MAX_SIDE);
        // The house's chunks fit at the full density.
        let small = LightLayout::pack(&[wall_face(4.0, 2.8), wall_face(16.0, 16.0)]);
        assert_eq!(small.texels_per_metre, LIGHT_TEXELS_PER_METRE);
        assert_eq!(small.size, (42 + 162, 162));
        // A maze's outer wall, 600 m long, gets fewer texels a metre than
        // the cache is wide; a short face beside it keeps ten a metre.
        let maze = LightLayout::pack(&[wall_face(600.0, 2.8), wall_face(2.0, 2.8)]);
        assert!(maze.size.0 <= LIGHT_CACHE_MAX_SIDE);
        assert!(maze.patches[0].cell[2] <= (LIGHT_CACHE_MAX_SIDE - 2) as f32);
        assert_eq!(maze.patches[1].origin[3], 1.0 / LIGHT_TEXELS_PER_METRE);
        // A face that no density fits (not finite) gets no texels, and
        // nothing panics.
        let odd = LightLayout::pack(&[wall_face(f32::NAN, f32::INFINITY)]);
        assert_eq!(odd.patches.len(), 1);
    }
}
