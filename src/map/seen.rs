//! Which walls the eye has seen, worked out on the floor plan by the same
//! computation that culls the 3D view ([`Collider::visible_shapes`]): a
//! wall is seen when some part of it lies inside the horizontal field of
//! view, within the view distance, and not behind a wall that reaches the
//! ceiling. Like the culling, it errs towards "seen": a wall only just
//! hidden at a joint may count as seen, a visible one is never missed.

use fnv::FnvHashSet;
use glam::Vec2;

use crate::collision::{Collider, ShapeView, ViewWedge, VisibleSet, Wall};

/// One bit per wall index: seen or not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeenWalls {
    bits: Vec<u64>,
    len: usize,
}

/// Where the eye stands and what it can see: the 2D part of a camera.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sight {
    /// The eye on the floor plan (x, z).
    pub eye: Vec2,
    /// The heading in radians (0 along +x, growing towards +z).
    pub yaw: f32,
    /// The horizontal field of view in radians.
    pub fov_x: f32,
    /// How far the eye sees, in metres (the fog distance).
    pub distance: f32,
}

impl SeenWalls {
    /// No wall seen, for a level of `wall_count` walls.
    pub fn new(wall_count: usize) -> Self {
        Self {
            bits: vec![0; wall_count.div_ceil(64)],
            len: wall_count,
        }
    }

    /// Every wall seen (ghost mode, edit mode, `--map-all`).
    pub fn all(wall_count: usize) -> Self {
        let mut seen = Self::new(wall_count);
        for index in 0..wall_count {
            seen.mark(index);
        }
        seen
    }

    /// How many walls the set covers.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set covers no wall.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether wall `index` has been seen (false beyond the set).
    pub fn is_seen(&self, index: usize) -> bool {
        index < self.len && self.bits[index / 64] & (1 << (index % 64)) != 0
    }

    /// Marks wall `index` seen (ignored beyond the set).
    pub fn mark(&mut self, index: usize) {
        if index < self.len {
            self.bits[index / 64] |= 1 << (index % 64);
        }
    }

    /// A wall was inserted as `index` (unseen): those from `index` on move
    /// up by one, as the level's walls do. Ignored past the end.
    pub fn insert(&mut self, index: usize) {
        if index > self.len {
            return;
        }
        self.len += 1;
        if self.bits.len() * 64 < self.len {
            self.bits.push(0);
        }
        let word = index / 64;
        // Each later word takes the top bit of the one before it.
        for later in (word + 1..self.bits.len()).rev() {
            self.bits[later] = (self.bits[later] << 1) | (self.bits[later - 1] >> 63);
        }
        let below = (1_u64 << (index % 64)) - 1;
        let bits = self.bits[word];
        self.bits[word] = (bits & below) | ((bits & !below) << 1);
    }

    /// Wall `index` was removed: those after it move down by one, as the
    /// level's walls do. Ignored past the end.
    pub fn remove(&mut self, index: usize) {
        if index >= self.len {
            return;
        }
        let word = index / 64;
        let below = (1_u64 << (index % 64)) - 1;
        let bits = self.bits[word];
        // `above` keeps the bits past `index`, shifted down over it.
        let above = (bits >> 1) & !below;
        self.bits[word] = (bits & below) | above;
        for later in word + 1..self.bits.len() {
            let carried = self.bits[later] & 1;
            self.bits[later - 1] |= carried << 63;
            self.bits[later] >>= 1;
        }
        self.len -= 1;
        self.bits.truncate(self.len.div_ceil(64));
    }

    /// How many walls have been seen.
    pub fn count(&self) -> usize {
        self.bits
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// Marks every wall of `collider` that the eye sees from `sight`, where
    /// walls hide what is behind them only where `occludes[i]` is true
    /// ([`Level::occluding_walls`](crate::level::Level::occluding_walls)).
    /// `scratch` is reused from call to call. Nothing for a NaN or infinite
    /// sight.
    pub fn update(
        &mut self,
        collider: &Collider,
        occludes: &[bool],
        sight: &Sight,
        scratch: &mut VisibleSet,
    ) {
        let Some(wedge) = sight.wedge() else {
            return;
        };
        collider.visible_shapes(&wedge, occludes, scratch);
        for &index in scratch.walls() {
            self.mark(index);
        }
    }

    /// The indices of the seen walls, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits
            .iter()
            .enumerate()
            .flat_map(|(word_index, &word)| {
                let mut rest = word;
                std::iter::from_fn(move || {
                    if rest == 0 {
                        return None;
                    }
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    Some(word_index * 64 + bit)
                })
            })
    }

    /// The seen set for a reloaded level: a wall of `new_walls` is seen when
    /// a seen wall of `old_walls` (indexed like `self`) had the same two end
    /// points, in either order: the one at its index, or, where a seen wall
    /// is not found at its old index, any.
    ///
    /// A reload of an unchanged file, or one changed in a few places,
    /// keeps most walls at their indices, so the work grows with the walls
    /// seen; the whole new level is looked through only for those that
    /// moved.
    pub fn carry_over(
        &self,
        old_walls: ShapeView<'_, Wall>,
        new_walls: ShapeView<'_, Wall>,
    ) -> Self {
        let mut carried = Self::new(new_walls.len());
        let mut moved = FnvHashSet::default();
        for (index, old_wall) in self.iter().filter_map(|i| Some((i, old_walls.get(i)?))) {
            match new_walls.get(index) {
                Some(new_wall) if end_points(new_wall) == end_points(old_wall) => {
                    carried.mark(index);
                }
                _ => {
                    moved.insert(end_points(old_wall));
                }
            }
        }
        if !moved.is_empty() {
            for (index, wall) in new_walls.iter().enumerate() {
                if moved.contains(&end_points(wall)) {
                    carried.mark(index);
                }
            }
        }
        carried
    }
}

/// A wall's two end points as bits, the lesser first: equal for walls
/// with the same end points in either order.
fn end_points(wall: &Wall) -> ([u32; 2], [u32; 2]) {
    let a = wall.a.to_array().map(f32::to_bits);
    let b = wall.b.to_array().map(f32::to_bits);
    if a <= b { (a, b) } else { (b, a) }
}

impl Sight {
    /// The floor-plan wedge this sight covers; `None` when any part of it
    /// is NaN or infinite, or the distance is not positive.
    pub fn wedge(&self) -> Option<ViewWedge> {
        let finite = self.eye.is_finite() && self.yaw.is_finite() && self.fov_x.is_finite();
        (finite && self.distance.is_finite() && self.distance > 0.0).then(|| ViewWedge {
            eye: self.eye,
            yaw: self.yaw,
            half_angle: (self.fov_x / 2.0).clamp(f32::MIN_POSITIVE, std::f32::consts::PI),
            max_distance: self.distance,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
        Wall::between(a, b, 0.1)
    }

    fn looking(yaw_degrees: f32) -> Sight {
        Sight {
            eye: Vec2::ZERO,
            yaw: yaw_degrees.to_radians(),
            fov_x: 90f32.to_radians(),
            distance: 50.0,
        }
    }

    /// A near wall across +x, a far one hidden behind it, one behind the eye.
    fn walls() -> Vec<Wall> {
        vec![
            wall((3.0, -2.0), (3.0, 2.0)),
            wall((6.0, -1.0), (6.0, 1.0)),
            wall((-3.0, -1.0), (-3.0, 1.0)),
        ]
    }

    #[test]
    fn a_hidden_wall_and_a_wall_behind_the_eye_are_not_seen() {
        let collider = Collider::new(walls(), Vec::new(), 0.25);
        let mut seen = SeenWalls::new(3);
        seen.update(&collider, &[true; 3], &looking(0.0), &mut VisibleSet::new());
        assert!(seen.is_seen(0));
        assert!(!seen.is_seen(1), "hidden behind wall 0");
        assert!(!seen.is_seen(2), "behind the eye");
        assert_eq!(seen.iter().collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn a_wall_lower_than_the_ceiling_hides_nothing() {
        let collider = Collider::new(walls(), Vec::new(), 0.25);
        let mut seen = SeenWalls::new(3);
        let low_near_wall = [false, true, true];
        seen.update(
            &collider,
            &low_near_wall,
            &looking(0.0),
            &mut VisibleSet::new(),
        );
        assert_eq!(seen.iter().collect::<Vec<_>>(), [0, 1]);
    }

    #[test]
    fn a_sight_that_is_not_finite_sees_nothing() {
        let collider = Collider::new(walls(), Vec::new(), 0.25);
        let mut seen = SeenWalls::new(3);
        let mut scratch = VisibleSet::new();
        for sight in [
            Sight {
                eye: Vec2::NAN,
                ..looking(0.0)
            },
            Sight {
                yaw: f32::INFINITY,
                ..looking(0.0)
            },
            Sight {
                distance: 0.0,
                ..looking(0.0)
            },
        ] {
            seen.update(&collider, &[true; 3], &sight, &mut scratch);
        }
        assert_eq!(seen.count(), 0);
    }

    #[test]
    fn turning_towards_a_wall_reveals_it() {
        let collider = Collider::new(walls(), Vec::new(), 0.25);
        let mut seen = SeenWalls::new(3);
        let mut scratch = VisibleSet::new();
        seen.update(&collider, &[true; 3], &looking(0.0), &mut scratch);
        seen.update(&collider, &[true; 3], &looking(180.0), &mut scratch);
        assert!(seen.is_seen(2));
        assert!(!seen.is_seen(1));
    }

    #[test]
    fn seen_walls_survive_a_reload_when_their_end_points_are_unchanged() {
        let old = walls();
        let mut seen = SeenWalls::new(3);
        seen.mark(0);
        seen.mark(1);
        // Reordered, wall 0 reversed, wall 1 moved.
        let new = vec![
            wall((-3.0, -1.0), (-3.0, 1.0)),
            wall((3.0, 2.0), (3.0, -2.0)),
            wall((6.5, -1.0), (6.5, 1.0)),
        ];
        let old = Collider::new(old, Vec::new(), 0.25);
        let new = Collider::new(new, Vec::new(), 0.25);
        let carried = seen.carry_over(old.walls(), new.walls());
        assert_eq!(
            (0..3).map(|i| carried.is_seen(i)).collect::<Vec<_>>(),
            [false, true, false]
        );
    }

    #[test]
    fn indices_beyond_the_set_are_never_seen_and_never_panic() {
        let mut seen = SeenWalls::new(70);
        seen.mark(69);
        seen.mark(70);
        assert!(seen.is_seen(69) && !seen.is_seen(70));
        assert_eq!(seen.iter().collect::<Vec<_>>(), [69]);
        assert_eq!(SeenWalls::all(70).count(), 70);
        assert!(SeenWalls::all(70).iter().eq(0..70));
    }

    /// Wall `number` of those the property below draws from: each has end
    /// points of its own, given in either order.
    fn numbered_wall(number: usize, reversed: bool) -> Wall {
        let (a, b) = ((number as f32, 0.0), (number as f32, 1.0));
        if reversed { wall(b, a) } else { wall(a, b) }
    }

    proptest::proptest! {
        #![proptest_config(crate::property_cases::property_config(256))]
        /// A reload keeps exactly the seen walls whose end points are found
        /// again, wherever they went: those kept at their index (the start
        /// of the old list, kept as it was) and those moved, reversed or
        /// mixed with new walls (the rest).
        #[test]
        fn a_reload_keeps_a_wall_seen_exactly_when_a_seen_wall_had_its_end_points(
            flags in proptest::collection::vec(proptest::bool::ANY, 0..60),
            kept in 0.0f64..=1.0,
            rest in proptest::collection::vec((0usize..90, proptest::bool::ANY), 0..60),
        ) {
            let old: Vec<Wall> = (0..flags.len()).map(|n| numbered_wall(n, n % 3 == 0)).collect();
            let mut seen = SeenWalls::new(old.len());
            for (index, _) in flags.iter().enumerate().filter(|(_, seen)| **seen) {
                seen.mark(index);
            }
            let kept = (kept * old.len() as f64) as usize;
            let mut numbers: Vec<(usize, bool)> = (0..kept).map(|n| (n, n % 3 == 0)).collect();
            for (number, reversed) in rest {
                if numbers.iter().all(|&(taken, _)| taken != number) {
                    numbers.push((number, reversed));
                }
            }
            let new: Vec<Wall> = numbers.iter().map(|&(n, reversed)| numbered_wall(n, reversed)).collect();
            let carried = seen.carry_over(
                Collider::new(old, Vec::new(), 0.25).walls(),
                Collider::new(new, Vec::new(), 0.25).walls(),
            );
            let expected: Vec<usize> = (0..numbers.len())
                .filter(|&index| flags.get(numbers[index].0) == Some(&true))
                .collect();
            proptest::prop_assert_eq!(carried.len(), numbers.len());
            proptest::prop_assert_eq!(carried.iter().collect::<Vec<_>>(), expected);
        }

        /// Inserting and removing walls moves the seen flags exactly as a
        /// list of flags moves its entries.
        #[test]
        fn inserts_and_removals_shift_the_flags_as_a_list_does(
            flags in proptest::collection::vec(proptest::bool::ANY, 0..200),
            steps in proptest::collection::vec((proptest::bool::ANY, 0.0f64..1.0), 0..40),
        ) {
            let mut seen = SeenWalls::new(flags.len());
            for (index, _) in flags.iter().enumerate().filter(|(_, seen)| **seen) {
                seen.mark(index);
            }
            let mut model = flags;
            for (insert, at) in steps {
                if insert {
                    let index = (at * (model.len() + 1) as f64) as usize;
                    seen.insert(index);
                    model.insert(index, false);
                } else if !model.is_empty() {
                    let index = (at * model.len() as f64) as usize;
                    seen.remove(index);
                    model.remove(index);
                }
                proptest::prop_assert_eq!(seen.len(), model.len());
                let expected: Vec<usize> = (0..model.len()).filter(|&i| model[i]).collect();
                proptest::prop_assert_eq!(seen.iter().collect::<Vec<_>>(), expected);
            }
        }
    }
}
