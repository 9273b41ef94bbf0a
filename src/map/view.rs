//! The map's transform between the floor plan (metres) and the screen
//! (pixels), and the zoom steps that change it.
//!
//! The transform, exactly (`W` × `H` the image size, `c` the centre,
//! `s` the scale in pixels per metre):
//!
//! ```text
//! px = (x − c.x) · s + W / 2        (x to the right)
//! py = (z − c.z) · s + H / 2        (z downwards, screen y downwards)
//! ```
//!
//! A point at pixel coordinates `(px, py)` lies in the pixel
//! `(floor(px), floor(py))`: pixel `(i, j)` covers `[i, i+1) × [j, j+1)`.

use glam::{Mat4, Vec2, Vec4};

use super::bounds::PlanBounds;

/// The smallest zoom, in pixels per metre: a 300×300 maze fits in 150 px.
pub const MIN_PIXELS_PER_METRE: f32 = 0.5;
/// The largest zoom, in pixels per metre: a 1 cm gap is 2 px wide.
pub const MAX_PIXELS_PER_METRE: f32 = 200.0;
/// How much one `=` or `-` press zooms (a factor of √2: two presses double).
pub const KEY_ZOOM_FACTOR: f32 = std::f32::consts::SQRT_2;
/// How much one wheel notch zooms (finer than a key press).
pub const WHEEL_ZOOM_FACTOR: f32 = 1.125;
/// The fitted map leaves this share of the level's extent free on every side.
pub const FIT_MARGIN: f32 = 0.05;
/// The 1 m grid is drawn once a metre is at least this many pixels: closer
/// lines would merge into a grey wash.
pub const GRID_MIN_PIXELS: f32 = 8.0;

/// The scale from which outlines are drawn: see [`MapView::shows_outlines`].
pub const OUTLINE_MIN_PIXELS_PER_METRE: f32 = 4.0;

/// The scale below which the level's walls are drawn as density: see
/// [`MapView::detail`].
pub const DENSITY_BELOW_PIXELS_PER_METRE: f32 = 1.0;

/// How much of the level's shapes the map draws at one zoom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MapDetail {
    /// Walls, obstacles, and the outlines their radii keep the eye out of.
    Outlines,
    /// Walls and obstacles.
    Shapes,
    /// One square per chunk, as bright as the chunk is full of walls (long
    /// walls still as lines): a maze's 2 m cells would be under 2 px, its
    /// walls one bright wash, and a million-wall maze fitted on screen a
    /// million lines.
    Density,
}

/// Where the map looks and how close: the centre of the view on the floor
/// plan and the scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapView {
    /// The floor-plan point (x, z) at the centre of the image, in metres.
    pub centre: Vec2,
    /// Pixels per metre, the same on both axes.
    pub pixels_per_metre: f32,
}

impl MapView {
    /// The view that shows all of `bounds` in an image of `size` pixels:
    /// `bounds` grown by [`FIT_MARGIN`] of its extent on every side, the
    /// largest scale at which that box fits on both axes, centred.
    ///
    /// A box with no extent on one axis is fitted on the other; a single
    /// point is shown 1 m across. Not clamped to the zoom range, so that the
    /// fitted transform is exact for any level.
    pub fn fit(bounds: PlanBounds, (width, height): (u32, u32)) -> Self {
        let extent = (bounds.max - bounds.min).max(Vec2::ZERO) * (1.0 + 2.0 * FIT_MARGIN);
        let size = Vec2::new(width.max(1) as f32, height.max(1) as f32);
        let scale = |side: f32, pixels: f32| (side > 0.0).then(|| pixels / side);
        let pixels_per_metre = match (scale(extent.x, size.x), scale(extent.y, size.y)) {
            (Some(x), Some(z)) => x.min(z),
            (Some(only), None) | (None, Some(only)) => only,
            (None, None) => size.min_element(),
        };
        Self {
            centre: (bounds.min + bounds.max) / 2.0,
            pixels_per_metre,
        }
    }

    /// The pixel position of the floor-plan point `world` (x, z) in an image
    /// of `size` pixels (see the module's formula).
    pub fn to_pixel(&self, world: Vec2, (width, height): (u32, u32)) -> Vec2 {
        (world - self.centre) * self.pixels_per_metre + Vec2::new(width as f32, height as f32) / 2.0
    }

    /// The floor-plan point shown at pixel position `pixel`: the inverse of
    /// [`to_pixel`](Self::to_pixel).
    pub fn to_world(&self, pixel: Vec2, (width, height): (u32, u32)) -> Vec2 {
        (pixel - Vec2::new(width as f32, height as f32) / 2.0) / self.pixels_per_metre + self.centre
    }

    /// The orthographic world-to-clip transform (WebGPU clip space) that
    /// puts the world point (x, any height, z) exactly where
    /// [`to_pixel`](Self::to_pixel) says, at depth ½.
    pub fn clip_from_world(&self, (width, height): (u32, u32)) -> Mat4 {
        let sx = 2.0 * self.pixels_per_metre / width.max(1) as f32;
        let sz = 2.0 * self.pixels_per_metre / height.max(1) as f32;
        Mat4::from_cols(
            Vec4::new(sx, 0.0, 0.0, 0.0),
            Vec4::ZERO,
            Vec4::new(0.0, -sz, 0.0, 0.0),
            Vec4::new(-sx * self.centre.x, sz * self.centre.y, 0.5, 1.0),
        )
    }

    /// The floor-plan box an image of `size` pixels shows.
    pub fn visible(&self, size: (u32, u32)) -> PlanBounds {
        PlanBounds {
            min: self.to_world(Vec2::ZERO, size),
            max: self.to_world(Vec2::new(size.0 as f32, size.1 as f32), size),
        }
    }

    /// The view zoomed by `factor`, clamped to
    /// [`MIN_PIXELS_PER_METRE`]..=[`MAX_PIXELS_PER_METRE`]; a NaN or
    /// non-positive factor changes nothing.
    pub fn zoomed(self, factor: f32) -> Self {
        if !(factor.is_finite() && factor > 0.0) {
            return self;
        }
        Self {
            pixels_per_metre: (self.pixels_per_metre * factor)
                .clamp(MIN_PIXELS_PER_METRE, MAX_PIXELS_PER_METRE),
            ..self
        }
    }

    /// One `=` press (`steps` = 1) or `-` press (`steps` = −1).
    pub fn key_zoom(self, steps: i32) -> Self {
        self.zoomed(KEY_ZOOM_FACTOR.powi(steps))
    }

    /// `notches` of the mouse wheel, positive away from the user (zoom in).
    /// Fractional notches (touchpads) zoom in proportion.
    pub fn wheel_zoom(self, notches: f32) -> Self {
        self.zoomed(WHEEL_ZOOM_FACTOR.powf(notches))
    }

    /// Whether the clearance and body outlines are drawn at this zoom: from
    /// [`OUTLINE_MIN_PIXELS_PER_METRE`]. Below it a 0.25 m radius is under a
    /// pixel, and a whole 300×300 maze fitted on screen would draw ten lines
    /// per wall for nothing.
    pub fn shows_outlines(&self) -> bool {
        self.pixels_per_metre >= OUTLINE_MIN_PIXELS_PER_METRE
    }

    /// How much of the level's shapes are drawn at this zoom: outlines from
    /// [`OUTLINE_MIN_PIXELS_PER_METRE`], density below
    /// [`DENSITY_BELOW_PIXELS_PER_METRE`], the shapes alone between.
    pub fn detail(&self) -> MapDetail {
        if self.shows_outlines() {
            MapDetail::Outlines
        } else if self.pixels_per_metre >= DENSITY_BELOW_PIXELS_PER_METRE {
            MapDetail::Shapes
        } else {
            MapDetail::Density
        }
    }

    /// Whether the 1 m grid is drawn at this zoom.
    pub fn shows_grid(&self) -> bool {
        self.pixels_per_metre >= GRID_MIN_PIXELS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: (u32, u32) = (400, 200);

    fn bounds(min: (f32, f32), max: (f32, f32)) -> PlanBounds {
        PlanBounds {
            min: Vec2::from(min),
            max: Vec2::from(max),
        }
    }

    #[test]
    fn fit_leaves_five_percent_on_the_tighter_axis_and_centres_the_other() {
        // 10 × 10 m in 400 × 200 px: the height is tighter, 11 m in 200 px.
        let view = MapView::fit(bounds((0.0, 0.0), (10.0, 10.0)), SIZE);
        assert!((view.pixels_per_metre - 200.0 / 11.0).abs() < 1e-4);
        let top_left = view.to_pixel(Vec2::new(0.0, 0.0), SIZE);
        let bottom_right = view.to_pixel(Vec2::new(10.0, 10.0), SIZE);
        assert!((top_left.y - 0.5 * 200.0 / 11.0).abs() < 1e-3, "{top_left}");
        assert!((200.0 - bottom_right.y - 0.5 * 200.0 / 11.0).abs() < 1e-3);
        // Centred horizontally.
        assert!((top_left.x + bottom_right.x - 400.0).abs() < 1e-3);
    }

    #[test]
    fn x_runs_right_and_z_runs_down() {
        let view = MapView {
            centre: Vec2::new(1.0, 2.0),
            pixels_per_metre: 10.0,
        };
        assert_eq!(
            view.to_pixel(Vec2::new(1.0, 2.0), SIZE),
            Vec2::new(200.0, 100.0)
        );
        assert_eq!(
            view.to_pixel(Vec2::new(2.0, 2.0), SIZE),
            Vec2::new(210.0, 100.0)
        );
        assert_eq!(
            view.to_pixel(Vec2::new(1.0, 3.0), SIZE),
            Vec2::new(200.0, 110.0)
        );
        let p = Vec2::new(-3.5, 7.25);
        assert!(view.to_world(view.to_pixel(p, SIZE), SIZE).distance(p) < 1e-5);
    }

    #[test]
    fn the_clip_transform_lands_on_the_documented_pixels() {
        let view = MapView {
            centre: Vec2::new(3.0, -2.0),
            pixels_per_metre: 7.5,
        };
        let clip = view.clip_from_world(SIZE);
        for world in [
            Vec2::new(3.0, -2.0),
            Vec2::new(10.0, 4.5),
            Vec2::new(-9.0, 0.25),
        ] {
            let c = clip * Vec4::new(world.x, 1.6, world.y, 1.0);
            let pixel = Vec2::new((c.x + 1.0) / 2.0 * 400.0, (1.0 - c.y) / 2.0 * 200.0);
            assert!(pixel.distance(view.to_pixel(world, SIZE)) < 1e-3, "{world}");
            assert_eq!((c.z, c.w), (0.5, 1.0));
        }
    }

    #[test]
    fn degenerate_bounds_still_give_a_finite_positive_scale() {
        let line = MapView::fit(bounds((0.0, 5.0), (10.0, 5.0)), SIZE);
        assert!((line.pixels_per_metre - 400.0 / 11.0).abs() < 1e-4);
        let point = MapView::fit(bounds((3.0, 3.0), (3.0, 3.0)), SIZE);
        assert_eq!(point.pixels_per_metre, 200.0);
        assert_eq!(point.centre, Vec2::new(3.0, 3.0));
    }

    #[test]
    fn zoom_steps_are_clamped_and_undo_each_other() {
        let view = MapView {
            centre: Vec2::ZERO,
            pixels_per_metre: 10.0,
        };
        let back = view.key_zoom(1).key_zoom(-1);
        assert!((back.pixels_per_metre - 10.0).abs() < 1e-4);
        assert!((view.key_zoom(2).pixels_per_metre - 20.0).abs() < 1e-4);
        assert_eq!(view.key_zoom(100).pixels_per_metre, MAX_PIXELS_PER_METRE);
        assert_eq!(view.key_zoom(-100).pixels_per_metre, MIN_PIXELS_PER_METRE);
        assert!(view.wheel_zoom(1.0).pixels_per_metre > 10.0);
        assert!(view.wheel_zoom(-1.0).pixels_per_metre < 10.0);
        assert_eq!(view.zoomed(f32::NAN), view);
        assert_eq!(view.zoomed(0.0), view);
    }

    #[test]
    fn the_grid_shows_only_when_a_metre_is_readable() {
        let at = |pixels_per_metre| MapView {
            centre: Vec2::ZERO,
            pixels_per_metre,
        };
        assert!(!at(4.0).shows_grid());
        assert!(at(GRID_MIN_PIXELS).shows_grid());
        assert!(!at(3.9).shows_outlines());
        assert!(at(OUTLINE_MIN_PIXELS_PER_METRE).shows_outlines());
        assert_eq!(at(4.0).detail(), MapDetail::Outlines);
        assert_eq!(at(3.9).detail(), MapDetail::Shapes);
        assert_eq!(
            at(DENSITY_BELOW_PIXELS_PER_METRE).detail(),
            MapDetail::Shapes
        );
        assert_eq!(at(0.99).detail(), MapDetail::Density);
    }
}
