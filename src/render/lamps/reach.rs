//! What a changed shape reaches: the floor-plan rectangles of the shapes
//! that came or went, the lamps whose reach meets one, and the rays of a
//! lamp's shadow row that may meet one.

use std::collections::HashMap;

use glam::Vec2;

use super::super::shadow::{Occluder, SHADOW_DIRECTIONS, diamond_angle};
use crate::level::Light;

/// The floor-plan rectangles (min, max) around the shapes of `before`
/// and `after` (outlines and shadow heights) that are not in both as
/// many times.
pub(super) fn changed_boxes(
    before: &[(Vec<Vec2>, f32)],
    after: &[(Vec<Vec2>, f32)],
) -> Vec<(Vec2, Vec2)> {
    let key = |(outline, height): &(Vec<Vec2>, f32)| -> Vec<u32> {
        outline
            .iter()
            .flat_map(|point| [point.x.to_bits(), point.y.to_bits()])
            .chain([height.to_bits()])
            .collect()
    };
    let mut counts: HashMap<Vec<u32>, (isize, &[Vec2])> = HashMap::new();
    for (shapes, sign) in [(before, -1), (after, 1)] {
        for shape in shapes {
            counts.entry(key(shape)).or_insert((0, &shape.0)).0 += sign;
        }
    }
    counts
        .into_values()
        .filter(|(count, _)| *count != 0)
        .filter_map(|(_, outline)| {
            let min = outline.iter().copied().reduce(Vec2::min)?;
            let max = outline.iter().copied().reduce(Vec2::max)?;
            Some((min, max))
        })
        .collect()
}

/// Slack around a changed shape's rectangle when telling which rays meet
/// it, in metres: a ray that touches the shape meets it, so one that
/// passes within rounding of the rectangle is cast again.
const RAY_SLACK: f32 = 1e-3;

/// The directions of `lamp`'s shadow row whose rays may meet one of the
/// floor-plan rectangles (min, max) of `boxes` grown by [`RAY_SLACK`], in
/// order: every direction for a rectangle the lamp stands in; else those
/// between the directions of its corners (it spans less than half the
/// circle, and the diamond angle grows with the angle), and two more on
/// either side for rounding.
pub(super) fn directions_towards(lamp: &Light, boxes: &[(Vec2, Vec2)]) -> Vec<u32> {
    let count = SHADOW_DIRECTIONS;
    let mut directions = Vec::new();
    for &(min, max) in boxes {
        let (min, max) = (min - RAY_SLACK, max + RAY_SLACK);
        if lamp.at.cmpge(min).all() && lamp.at.cmple(max).all() {
            return (0..count).collect();
        }
        let towards = |point: Vec2| diamond_angle(point - lamp.at);
        let middle = towards((min + max) * 0.5);
        // Each corner's diamond angle from the middle's, within ±2.
        let offsets = [min, Vec2::new(min.x, max.y), Vec2::new(max.x, min.y), max]
            .map(|corner| (towards(corner) - middle + 6.0) % 4.0 - 2.0);
        let first = offsets.into_iter().fold(f32::INFINITY, f32::min) + middle;
        let last = offsets.into_iter().fold(f32::NEG_INFINITY, f32::max) + middle;
        let per_unit = count as f32 / 4.0;
        let (first, last) = (
            (first * per_unit).floor() as i64 - 2,
            (last * per_unit).floor() as i64 + 2,
        );
        let count = i64::from(count);
        directions
            .extend((first..=last.min(first + count - 1)).map(|d| d.rem_euclid(count) as u32));
    }
    directions.sort_unstable();
    directions.dedup();
    directions
}

/// The `occluders` whose rectangle, grown by [`RAY_SLACK`], meets
/// `lamp`'s reach, in order: no ray of the lamp's meets the others.
pub(super) fn occluders_within_reach(lamp: &Light, occluders: &[Occluder]) -> Vec<Occluder> {
    occluders
        .iter()
        .filter(|occluder| {
            let points = occluder.polygon.points();
            let min = points.iter().copied().fold(Vec2::INFINITY, Vec2::min);
            let max = points.iter().copied().fold(Vec2::NEG_INFINITY, Vec2::max);
            reach_meets(lamp, min - RAY_SLACK, max + RAY_SLACK)
        })
        .cloned()
        .collect()
}

/// Whether the segment from `from` to `to` meets the floor-plan rectangle
/// from `min` to `max` grown by [`RAY_SLACK`] (touching counts).
pub(super) fn segment_meets_box(from: Vec2, to: Vec2, min: Vec2, max: Vec2) -> bool {
    let (min, max) = (min - RAY_SLACK, max + RAY_SLACK);
    let direction = to - from;
    let (mut enter, mut exit) = (0.0f32, 1.0f32);
    for axis in 0..2 {
        if direction[axis] == 0.0 {
            if from[axis] < min[axis] || from[axis] > max[axis] {
                return false;
            }
            continue;
        }
        let a = (min[axis] - from[axis]) / direction[axis];
        let b = (max[axis] - from[axis]) / direction[axis];
        enter = enter.max(a.min(b));
        exit = exit.min(a.max(b));
    }
    enter <= exit
}

/// Whether `lamp`'s reach (the square around its place, its radius to a
/// side) meets the floor-plan rectangle from `min` to `max`.
pub(super) fn reach_meets(lamp: &Light, min: Vec2, max: Vec2) -> bool {
    (lamp.at - lamp.radius).cmple(max).all() && min.cmple(lamp.at + lamp.radius).all()
}

#[cfg(test)]
mod tests {
    use std::f32::consts::TAU;

    use super::*;
    use crate::render::shadow::ray_end;

    /// The directions looked at when a shape changes hold every ray that
    /// meets its rectangle, and, for a rectangle away from the lamp, few
    /// more.
    #[test]
    fn the_directions_towards_a_rectangle_hold_every_ray_that_meets_it() {
        let lamp = Light {
            at: Vec2::new(1.0, -2.0),
            height: 2.5,
            colour: [1.0; 3],
            intensity: 1.0,
            radius: 7.0,
            base: None,
        };
        for step in 0..400 {
            let angle = step as f32 * 0.618_034 * TAU;
            let distance = (step % 13) as f32 * 0.5;
            let size = Vec2::new(
                0.05 + (step % 5) as f32 * 0.4,
                0.05 + (step % 7) as f32 * 0.3,
            );
            let min = lamp.at + Vec2::from_angle(angle) * distance - size * 0.5;
            let (min, max) = (min, min + size);
            let looked_at = directions_towards(&lamp, &[(min, max)]);
            let meeting: Vec<u32> = (0..SHADOW_DIRECTIONS)
                .filter(|&d| segment_meets_box(lamp.at, ray_end(&lamp, d), min, max))
                .collect();
            for direction in &meeting {
                assert!(
                    looked_at.binary_search(direction).is_ok(),
                    "{step}: {direction} meets {min}..{max}, not looked at"
                );
            }
            if distance > 1.5 {
                assert!(
                    looked_at.len() <= meeting.len() + 6,
                    "{step}: {} looked at, {} meet",
                    looked_at.len(),
                    meeting.len()
                );
            }
        }
    }
}
