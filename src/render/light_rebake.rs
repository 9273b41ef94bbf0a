//! Which texels of a light cache a change to lamps' shadow rows can
//! change, so that the bake after a door shuts or opens draws only those
//! ([`super::light_cache`]) and every other texel keeps what it holds.
//!
//! A texel's light from a lamp depends on the lamp's row only through the
//! directions its point and the four corners `held_lamp_light` tests
//! (`shaders/scene.wgsl`) look up, and only where such a point lies
//! farther than where the row changed. So a changed run of directions
//! changes the light only within the sector it spans, between that
//! distance and the lamp's radius (beyond it the lamp adds exactly
//! nothing), grown by the corners' offset; a texel outside every such
//! sector looks up what it looked up before and is baked to the same
//! value. The rectangles here hold the sectors, and a face's texels
//! within them, with room to spare: a texel drawn again that did not
//! need it costs time, never a value.

use glam::Vec2;

use super::shadow::{SHADOW_BIAS, SHADOW_DIRECTIONS, diamond_direction};
use super::shadow_changes::ChangedDirections;
use crate::level::Light;
use crate::level::light_layout::LightPatch;

/// Room to spare around every rectangle, in metres: more than the
/// rounding between this code and the shader's.
const SLACK: f32 = 0.05;

/// A rectangle of a texture's texels: of a light cache, or of the light
/// grid's cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TexelRect {
    /// The first column and row.
    pub x: u32,
    pub y: u32,
    /// Columns and rows.
    pub width: u32,
    pub height: u32,
}

impl TexelRect {
    /// How many texels it holds.
    pub fn texels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// The smallest rectangle that holds both.
    pub fn join(self, other: Self) -> Self {
        let (x, y) = (self.x.min(other.x), self.y.min(other.y));
        let right = (self.x + self.width).max(other.x + other.width);
        let bottom = (self.y + self.height).max(other.y + other.height);
        Self {
            x,
            y,
            width: right - x,
            height: bottom - y,
        }
    }
}

/// A floor-plan rectangle: its low and high corners (x, z).
pub type PlanRect = (Vec2, Vec2);

/// One face of a light cache as the bake draws it: its texels' rectangle
/// (its border included), and where on the floor plan its points lie.
#[derive(Debug, Clone)]
pub struct FacePlace {
    patch: LightPatch,
    rect: TexelRect,
    plan: PlanRect,
}

impl FacePlace {
    /// Where the face of `patch` lies.
    pub fn new(patch: &LightPatch) -> Self {
        let [x, y, columns, rows] = patch.cell;
        let rect = TexelRect {
            x: x as u32,
            y: y as u32,
            width: columns.ceil() as u32 + 2,
            height: rows.ceil() as u32 + 2,
        };
        let metres = patch.origin[3];
        let corners = [(0.0, 0.0), (columns, 0.0), (0.0, rows), (columns, rows)].map(|(u, v)| {
            let [ox, _, oz, _] = patch.origin;
            let along = Vec2::new(patch.along[0], patch.along[2]);
            let across = Vec2::new(patch.across[0], patch.across[2]);
            Vec2::new(ox, oz) + (along * u + across * v) * metres
        });
        let plan = (
            corners.into_iter().fold(Vec2::INFINITY, Vec2::min),
            corners.into_iter().fold(Vec2::NEG_INFINITY, Vec2::max),
        );
        Self {
            patch: *patch,
            rect,
            plan,
        }
    }

    /// The face's whole rectangle of texels, border included.
    pub fn rect(&self) -> TexelRect {
        self.rect
    }

    /// The face's texels whose light may differ where lamps' light
    /// changed within the floor-plan rectangles `areas`: one rectangle
    /// that holds them all, within the face's; `None` when there are none.
    pub fn texels_within(&self, areas: &[PlanRect]) -> Option<TexelRect> {
        // The corners a texel tests lie this far from its point at most.
        let apart = self.patch.origin[3] + SHADOW_BIAS;
        let reach = 2.0 * apart + SLACK;
        areas
            .iter()
            .filter_map(|&(low, high)| {
                let low = (low - reach).max(self.plan.0);
                let high = (high + reach).min(self.plan.1);
                (low.cmple(high).all()).then(|| self.texels_over((low, high)))
            })
            .reduce(TexelRect::join)
    }

    /// The face's texels whose points may lie over the floor-plan
    /// rectangle `area`: along an axis that rises, all of them.
    fn texels_over(&self, (low, high): PlanRect) -> TexelRect {
        let [ox, _, oz, metres] = self.patch.origin;
        let origin = Vec2::new(ox, oz);
        let corners = [
            low,
            Vec2::new(low.x, high.y),
            Vec2::new(high.x, low.y),
            high,
        ];
        let span = |axis: [f32; 4], texels: f32| {
            if axis[1].abs() > 1e-4 {
                return (0.0, texels);
            }
            let axis = Vec2::new(axis[0], axis[2]);
            let along = corners.map(|corner| (corner - origin).dot(axis) / metres);
            let first = along.into_iter().fold(f32::INFINITY, f32::min);
            let last = along.into_iter().fold(f32::NEG_INFINITY, f32::max);
            (first.clamp(0.0, texels), last.clamp(0.0, texels))
        };
        let [_, _, columns, rows] = self.patch.cell;
        let (x, y) = (
            span(self.patch.along, columns),
            span(self.patch.across, rows),
        );
        // A texel lies one past the border from its face's corner, and a
        // texel's point is its centre: one texel more on either side.
        let cut = |from: u32, length: u32, (first, last): (f32, f32)| {
            let start = (from as f32 + first).floor().max(from as f32) as u32;
            let end = ((from as f32 + last).ceil() as u32 + 2).min(from + length);
            (start, end.max(start) - start)
        };
        let (x, width) = cut(self.rect.x, self.rect.width, x);
        let (y, height) = cut(self.rect.y, self.rect.height, y);
        TexelRect {
            x,
            y,
            width,
            height,
        }
    }
}

/// Floor-plan rectangles that hold every point whose light from `lamp`
/// may differ after its row's directions `changed` did: one around each
/// run of changed directions, over its sector (a direction more on
/// either side) from where the row changed out to the radius.
pub fn changed_areas(lamp: &Light, changed: &ChangedDirections) -> Vec<PlanRect> {
    let count = SHADOW_DIRECTIONS;
    let (near, far) = ((changed.near() - SLACK).max(0.0), lamp.radius + SLACK);
    let around = |points: &[Vec2]| {
        let low = points.iter().copied().fold(Vec2::INFINITY, Vec2::min);
        let high = points.iter().copied().fold(Vec2::NEG_INFINITY, Vec2::max);
        (low, high)
    };
    let boundary = |index: u32| diamond_direction((index % count) as f32 * 4.0 / count as f32);
    changed
        .runs()
        .into_iter()
        .map(|(first, length)| {
            // Half the circle or more: the whole square round the lamp.
            if (length + 2) * 2 >= count {
                return (lamp.at - far, lamp.at + far);
            }
            // A direction more on either side: the boundaries from `start`
            // to `span` directions on.
            let (start, span) = ((first + count - 1) % count, length + 2);
            let mut points = Vec::with_capacity(8);
            for index in [start, start + span] {
                let direction = boundary(index).normalize();
                points.extend([lamp.at + direction * near, lamp.at + direction * far]);
            }
            // The sector bulges farthest along an axis within it.
            for quarter in 0..4 {
                let axis = quarter * count / 4;
                if (axis + count - start) % count <= span {
                    points.push(lamp.at + boundary(axis) * far);
                }
            }
            around(&points)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::light_layout::{FaceFrame, LightLayout};
    use crate::render::shadow::texel_index;
    use glam::Vec3;

    fn lamp() -> Light {
        Light {
            at: Vec2::new(1.0, 2.0),
            height: 2.5,
            colour: [1.0; 3],
            intensity: 1.0,
            radius: 6.0,
            base: None,
        }
    }

    fn changed(indices: impl IntoIterator<Item = u32>, near: f32) -> ChangedDirections {
        let mut changed = ChangedDirections::default();
        for index in indices {
            changed.note(index, &[near, 9.0, 8.0, 0.0], &[near + 1.0, 9.0, 8.0, 0.0]);
        }
        changed
    }

    fn within((low, high): PlanRect, point: Vec2) -> bool {
        low.cmple(point).all() && point.cmple(high).all()
    }

    /// Every point within the radius whose direction changed, beyond where
    /// it changed, lies in one of the rectangles; points nearer or in
    /// directions that did not change mostly do not.
    #[test]
    fn the_changed_areas_hold_the_changed_sectors_and_little_more() {
        let lamp = lamp();
        for run in [0..40, 100..101, 250..300, 1000..1030, 500..620] {
            let wrapped: Vec<u32> = run.clone().map(|index| index % SHADOW_DIRECTIONS).collect();
            let areas = changed_areas(&lamp, &changed(wrapped.iter().copied(), 2.0));
            let (mut held, mut outside) = (0, 0);
            for step in 0..20_000 {
                let angle = step as f32 * 0.618_034 * std::f32::consts::TAU;
                let distance = (step % 97) as f32 / 96.0 * lamp.radius;
                let point = lamp.at + Vec2::from_angle(angle) * distance;
                let direction = texel_index(point - lamp.at);
                let in_area = areas.iter().any(|&area| within(area, point));
                if wrapped.contains(&direction) && distance > 2.0 {
                    assert!(in_area, "{run:?}: {point} ({direction}) left out");
                    held += 1;
                } else if !in_area {
                    outside += 1;
                }
            }
            assert!(
                held > 0 && outside > held,
                "{run:?}: {held} held, {outside} out"
            );
        }
    }

    #[test]
    fn a_floor_face_bakes_again_only_its_texels_within_the_area() {
        let floor = FaceFrame {
            origin: Vec3::new(0.0, 0.0, 0.0),
            along: Vec3::X,
            across: Vec3::Z,
            size: Vec2::new(8.0, 4.0),
            normal: Vec3::Y,
        };
        let wall = FaceFrame {
            origin: Vec3::new(0.0, 0.0, 0.0),
            along: Vec3::X,
            across: Vec3::Y,
            size: Vec2::new(8.0, 2.8),
            normal: Vec3::NEG_Z,
        };
        let layout = LightLayout::pack(&[floor, wall]);
        let [floor, wall] = [0, 1].map(|face| FacePlace::new(&layout.patches[face]));
        let area = (Vec2::new(2.0, 1.0), Vec2::new(3.0, 1.5));
        let part = floor
            .texels_within(&[area])
            .expect("the area is over the floor");
        let whole = floor.rect();
        assert!(part.texels() * 10 < whole.texels(), "{part:?} of {whole:?}");
        // The texel under the area's middle, 2.5 m along and 1.25 m across.
        let middle = layout.patches[0].texel(Vec2::new(2.5, 1.25));
        assert!(middle.x > part.x as f32 && middle.x < (part.x + part.width) as f32);
        assert!(middle.y > part.y as f32 && middle.y < (part.y + part.height) as f32);
        // The wall along z = 0 is 1 m from the area: beyond a texel's reach.
        assert_eq!(wall.texels_within(&[area]), None);
        let touching = (Vec2::new(2.0, -0.5), Vec2::new(3.0, 0.5));
        let part = wall.texels_within(&[touching]).expect("over the wall");
        assert_eq!(part.height, wall.rect().height, "a wall's texels rise");
        assert!(part.width * 4 < wall.rect().width);
        assert_eq!(floor.texels_within(&[]), None);
    }
}
