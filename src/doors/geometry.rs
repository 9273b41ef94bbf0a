//! Where a door's leaf stands at each opening, from its level definition:
//! pure geometry, the same on every machine.

use glam::Vec2;

use crate::collision::Leaf;
use crate::level::{Door, DoorKind};
use crate::portable_math;
use crate::tick::TICK_SECONDS;

/// The leaf of `door` at `opening` (0 closed … 1 open), in plan.
///
/// A slide door's leaf slides along its span from `b` toward `a` by the
/// span's length times `opening`; a swing door's leaf turns about `a` by
/// `swing_degrees` times `opening`, positive in the sense of yaw (from +x
/// toward +z); a rise door's leaf stays over its box (it moves up, not
/// across: see [`blocking_leaf`]).
pub fn leaf_at(door: &Door, opening: f32) -> Leaf {
    let (from, to) = centreline_at(door, opening);
    Leaf::around(from, to, door.thickness)
}

/// The leaf of `door` at `opening` as it blocks a walker needing
/// `headroom` metres above its feet: [`leaf_at`], but for a rise door
/// whose bottom has risen to the walker's head or above it (`opening`
/// times its `height` at least `headroom`), [`Leaf::ABSENT`].
pub fn blocking_leaf(door: &Door, opening: f32, headroom: f32) -> Leaf {
    if door.kind == DoorKind::Rise && rise_of_bottom(door, opening) >= headroom {
        Leaf::ABSENT
    } else {
        leaf_at(door, opening)
    }
}

/// How far a rise door's bottom stands above its closed place at
/// `opening`, in metres.
pub fn rise_of_bottom(door: &Door, opening: f32) -> f32 {
    door.height * opening
}

/// The leaf's centreline at `opening`: from the edge at `a` to the free
/// edge.
fn centreline_at(door: &Door, opening: f32) -> (Vec2, Vec2) {
    match door.kind {
        DoorKind::Slide => {
            let offset = (door.a - door.b) * opening;
            (door.a + offset, door.b + offset)
        }
        DoorKind::Swing => {
            let angle = door.swing_degrees.to_radians() * opening;
            let turn = Vec2::new(portable_math::cos(angle), portable_math::sin(angle));
            (door.a, door.a + turn.rotate(door.b - door.a))
        }
        DoorKind::Rise => (door.a, door.b),
    }
}

/// The box `(min, max)` holding every place the leaf can ever be: for a
/// slide door the closed and open leaves' boxes together; for a swing door
/// the box of the disc its free edge's corners sweep about the hinge; for
/// a rise door its box.
pub fn swept_bounds(door: &Door) -> (Vec2, Vec2) {
    match door.kind {
        DoorKind::Slide | DoorKind::Rise => {
            let (closed_min, closed_max) = leaf_at(door, 0.0).bounds();
            let (open_min, open_max) = leaf_at(door, 1.0).bounds();
            (closed_min.min(open_min), closed_max.max(open_max))
        }
        DoorKind::Swing => {
            let reach = Vec2::splat(door.span_length() + door.thickness);
            (door.a - reach, door.a + reach)
        }
    }
}

/// How far the free edge (a rise door's bottom) travels from closed to
/// open, in metres.
fn travel(door: &Door) -> f32 {
    match door.kind {
        DoorKind::Slide => door.span_length(),
        DoorKind::Swing => door.span_length() * door.swing_degrees.to_radians().abs(),
        DoorKind::Rise => door.height,
    }
}

/// How much the opening changes in one tick: the free edge moves `speed`
/// metres a second. A door with no travel (a swing of 0) moves at once.
pub fn opening_per_tick(door: &Door) -> f32 {
    let travel = travel(door);
    let step = door.speed * TICK_SECONDS / travel;
    if step.is_finite() && step > 0.0 {
        step.min(1.0)
    } else {
        1.0
    }
}

/// How far, in metres, the free edge moves between openings `from` and
/// `to`.
pub fn edge_travel(door: &Door, from: f32, to: f32) -> f32 {
    travel(door) * (to - from).abs()
}

/// Where the point of the leaf's centreline nearest to `eye` at opening
/// `from` goes at opening `to`: the leaf's local motion there.
pub fn motion_near(door: &Door, eye: Vec2, from: f32, to: f32) -> Vec2 {
    let (a0, b0) = centreline_at(door, from);
    let (a1, b1) = centreline_at(door, to);
    let span = b0 - a0;
    let along = if span.length_squared() > 0.0 {
        ((eye - a0).dot(span) / span.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    a1.lerp(b1, along) - a0.lerp(b0, along)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::MaterialId;

    fn door(kind: DoorKind) -> Door {
        let mut door = Door::with_defaults(Vec2::ZERO, Vec2::new(1.0, 0.0), MaterialId(0));
        door.kind = kind;
        door
    }

    #[test]
    fn a_swing_door_turns_about_its_hinge_in_the_sense_of_yaw() {
        let open = leaf_at(&door(DoorKind::Swing), 1.0);
        let (min, max) = open.bounds();
        // 90° from +x toward +z: the leaf now runs along +z.
        assert!(
            (max.y - 1.0).abs() < 1e-6 && min.y.abs() < 1e-6,
            "{min} {max}"
        );
        assert!((max.x - 0.03).abs() < 1e-6 && (min.x + 0.03).abs() < 1e-6);
        let mut other_way = door(DoorKind::Swing);
        other_way.swing_degrees = -90.0;
        let (min, _) = leaf_at(&other_way, 1.0).bounds();
        assert!((min.y + 1.0).abs() < 1e-6, "{min}");
    }

    #[test]
    fn a_slide_door_moves_from_b_toward_a_into_its_pocket() {
        let half = leaf_at(&door(DoorKind::Slide), 0.5);
        let (min, max) = half.bounds();
        assert!(
            (min.x + 0.5).abs() < 1e-6 && (max.x - 0.5).abs() < 1e-6,
            "{min} {max}"
        );
    }

    #[test]
    fn swept_bounds_hold_the_leaf_at_every_opening() {
        for kind in [DoorKind::Slide, DoorKind::Swing] {
            let door = door(kind);
            let (min, max) = swept_bounds(&door);
            for step in 0..=20 {
                let (lo, hi) = leaf_at(&door, step as f32 / 20.0).bounds();
                assert!(
                    lo.cmpge(min).all() && hi.cmple(max).all(),
                    "{kind:?} {step}"
                );
            }
        }
    }

    #[test]
    fn the_free_edge_moves_at_the_doors_speed() {
        let swing = door(DoorKind::Swing);
        let per_tick = opening_per_tick(&swing);
        let edge = edge_travel(&swing, 0.0, per_tick);
        assert!((edge - 1.5 * TICK_SECONDS).abs() < 1e-6, "{edge}");
        let mut still = swing;
        still.swing_degrees = 0.0;
        assert_eq!(opening_per_tick(&still), 1.0);
    }
}
