//! Doors as part of the simulation: each door's opening, motion and timer,
//! advanced once a tick before the eye moves, pushing the eye out of a
//! moving leaf's way through the collider. Pure: no GPU, window or I/O.
//!
//! Each tick, in a fixed order: the use key acts on its door
//! ([`Doors::press_use`]), then every door, in index order, plans its new
//! opening and moves there ([`Doors::advance`]), then the eye moves among
//! the leaves where they now stand ([`Doors::move_eye`]). A leaf moving
//! into the eye pushes it; if the eye cannot be pushed clear (a wall or
//! another leaf behind it), the leaf stays where it was for that tick and
//! a closing door opens again, so no door ever ends a tick overlapping the
//! eye. Ghost and edit modes move through doors, and doors do not push
//! them.
//!
//! A rise door (Doom's) moves up, not across: its leaf stands over its box
//! while its bottom is below the walker's head, and is absent above it. It
//! pushes nothing: a rise door whose leaf would come down onto the eye
//! gives way and rises again, as Doom's doors do.
//!
//! Module map: `geometry` where a leaf stands at each opening, `state` one
//! door's opening, motion and timer, `push` a moving leaf against the eye,
//! `aim` which door the use key means.

mod aim;
mod geometry;
mod push;
mod state;

use glam::Vec2;

use crate::collision::{Collider, CollisionError, DoorLeaves, Leaf, MoveOptions, MoveOutcome};
use crate::level::mesh::MovingShape;
use crate::level::{Door, DoorKind, defaults};

pub use aim::{UseRay, first_leaf_on_ray, nearest_hit};
pub use geometry::{blocking_leaf, leaf_at, rise_of_bottom, swept_bounds};
pub use push::OVERLAP_TOLERANCE;
pub use state::{DoorState, Motion};

/// Every door of a level with its state, and the leaves where they stand.
#[derive(Debug, Clone, PartialEq)]
pub struct Doors {
    doors: Vec<Door>,
    states: Vec<DoorState>,
    /// Each door's opening before the last tick, for drawing between ticks.
    previous: Vec<f32>,
    leaves: DoorLeaves,
    /// The doors that gave way in the last tick, in the order they did.
    gave_way: Vec<usize>,
    /// The walker's height, feet to head, in metres: a rise door's leaf
    /// blocks while its bottom is lower.
    headroom: f32,
}

impl Default for Doors {
    fn default() -> Self {
        Self::new(&[])
    }
}

impl Doors {
    /// `doors`, as they stand when the level starts (closed, or open
    /// where `open`), for a walker of the default height.
    pub fn new(doors: &[Door]) -> Self {
        let states = doors.iter().map(DoorState::at_start).collect();
        Self::with_states(doors, states, defaults::PLAYER_HEIGHT)
    }

    fn with_states(doors: &[Door], states: Vec<DoorState>, headroom: f32) -> Self {
        let leaves = doors
            .iter()
            .zip(&states)
            .map(|(door, state)| blocking_leaf(door, state.opening, headroom))
            .collect();
        let swept: Vec<(Vec2, Vec2)> = doors.iter().map(swept_bounds).collect();
        Self {
            doors: doors.to_vec(),
            previous: states.iter().map(|state| state.opening).collect(),
            states,
            leaves: DoorLeaves::new(leaves, &swept),
            gave_way: Vec::new(),
            headroom,
        }
    }

    /// The doors of a changed level (reload, F5, an edit, undo): a door
    /// identical to one of these keeps that one's state (each old door
    /// lends its state once, in order); every other door stands as at the
    /// level's start (closed, or open where `open`).
    /// `headroom` is the walker's height, feet to head (`[player]
    /// height`), which a rise door's bottom must clear.
    pub fn changed_to(&self, doors: &[Door], headroom: f32) -> Self {
        let mut taken = vec![false; self.doors.len()];
        let states = doors
            .iter()
            .map(|door| {
                let kept =
                    (0..self.doors.len()).find(|&old| !taken[old] && self.doors[old] == *door);
                match kept {
                    Some(old) => {
                        taken[old] = true;
                        self.states[old]
                    }
                    None => DoorState::at_start(door),
                }
            })
            .collect();
        Self::with_states(doors, states, headroom)
    }

    /// How many doors there are.
    pub fn len(&self) -> usize {
        self.doors.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.doors.is_empty()
    }

    /// Each door as the level defines it.
    pub fn definitions(&self) -> &[Door] {
        &self.doors
    }

    /// Each door's state, by index.
    pub fn states(&self) -> &[DoorState] {
        &self.states
    }

    /// Whether door `index` stands closed (`false` past the end).
    pub fn is_closed(&self, index: usize) -> bool {
        self.states.get(index).is_some_and(DoorState::is_closed)
    }

    /// The doors that gave way in the last tick (their leaf could not move
    /// without trapping the eye, or squeezing a loose body: see
    /// [`hold_back`](Self::hold_back)), in the order they did.
    pub fn gave_way(&self) -> &[usize] {
        &self.gave_way
    }

    /// The leaves where they stand after the last tick, for the collider.
    pub fn leaves(&self) -> &DoorLeaves {
        &self.leaves
    }

    /// Each door's leaf `alpha` (0..=1) of the way from the tick before the
    /// last to the last, for drawing between ticks (the same `alpha` as
    /// [`Walker::interpolated_camera`](crate::walker::Walker::interpolated_camera)).
    pub fn interpolated_leaves(&self, alpha: f32) -> impl Iterator<Item = Leaf> + '_ {
        (0..self.doors.len()).map(move |index| self.interpolated_leaf(index, alpha))
    }

    /// Door `index`'s leaf `alpha` of the way through the last tick (a NaN
    /// `alpha` draws the last tick).
    fn interpolated_leaf(&self, index: usize, alpha: f32) -> Leaf {
        leaf_at(&self.doors[index], self.interpolated_opening(index, alpha))
    }

    /// Door `index`'s opening `alpha` of the way through the last tick (a
    /// NaN `alpha` gives the last tick's).
    fn interpolated_opening(&self, index: usize, alpha: f32) -> f32 {
        let alpha = if alpha.is_nan() {
            1.0
        } else {
            alpha.clamp(0.0, 1.0)
        };
        let before = self.previous[index];
        before + (self.states[index].opening - before) * alpha
    }

    /// The leaves within `reach` of `eye` as a frame draws them, `alpha`
    /// (0..=1) of the way through the last tick, with their height and
    /// material; a closed door's leaf stops light. Found through the
    /// leaves' grid, so a frame pays for the doors near the eye only (and
    /// the rise doors risen above the walker's head, which the grid does
    /// not hold, each looked at by its box). A rise door is drawn from its
    /// bottom, where it has risen to, up to its top; fully open, not at
    /// all.
    pub fn shapes_near(&self, alpha: f32, eye: Vec2, reach: f32) -> Vec<MovingShape> {
        let mut indices = self.leaves.indices_near(eye, reach);
        let absent_near = (0..self.doors.len()).filter(|&index| {
            self.leaves.leaf(index).is_some_and(Leaf::is_absent)
                && box_within(swept_bounds(&self.doors[index]), eye, reach)
        });
        indices.extend(absent_near);
        indices.sort_unstable();
        indices
            .into_iter()
            .filter_map(|index| {
                let door = &self.doors[index];
                let closed = self.states[index].is_closed().then_some(f32::INFINITY);
                let outline = self.interpolated_leaf(index, alpha).corners().to_vec();
                if door.kind != DoorKind::Rise {
                    return Some(MovingShape {
                        outline,
                        height: door.height,
                        material: door.material,
                        base: door.base,
                        shadow_height: closed,
                    });
                }
                let risen = rise_of_bottom(door, self.interpolated_opening(index, alpha));
                let height = door.height - risen;
                (height > 0.0).then(|| MovingShape {
                    outline,
                    height,
                    material: door.material,
                    base: Some(door.base.unwrap_or(0.0) + risen),
                    shadow_height: closed,
                })
            })
            .collect()
    }

    /// The use key pressed at `eye`, looking along `facing` on the floor
    /// plan: acts on the door the crosshair meets within 2 m, else on the
    /// nearest within 1.5 m. Returns that door's index.
    pub fn press_use(&mut self, eye: Vec2, facing: Vec2, collider: &Collider) -> Option<usize> {
        let index = aim::use_target(&self.doors, self.leaves.leaves(), eye, facing, collider)?;
        self.states.get_mut(index)?.use_it();
        Some(index)
    }

    /// Door `index` starts opening (a switch worked it), unless it is
    /// open or opening already; nothing past the end.
    pub fn open(&mut self, index: usize) {
        if let Some(state) = self.states.get_mut(index) {
            state.open();
        }
    }

    /// Door `index` starts closing (a switch worked it), as when its wait
    /// runs out, unless it is closed or closing already; nothing past the
    /// end. A rise door that would come down onto the walker gives way,
    /// as one closing after its wait does.
    pub fn close(&mut self, index: usize) {
        if let Some(state) = self.states.get_mut(index) {
            state.close();
        }
    }

    /// The door whose leaf the view ray from `eye` along `facing` meets
    /// within [`DOOR_USE_REACH`](crate::level::defaults::DOOR_USE_REACH),
    /// before any wall or obstacle: how far along that ray (0 at the eye,
    /// 1 at its end), and the door's index.
    pub fn crosshair(&self, eye: Vec2, facing: Vec2, collider: &Collider) -> Option<(f32, usize)> {
        aim::crosshair_target(self.leaves.leaves(), eye, facing, collider)
    }

    /// Door `index` goes back where it stood before the last tick and
    /// gives way, because its move would squeeze something loose against
    /// a wall, a jamb or another leaf: it opens (again), as a door does
    /// that would trap the eye. Nothing past the end.
    pub fn hold_back(&mut self, index: usize) {
        let (Some(door), Some(state), Some(&before)) = (
            self.doors.get(index),
            self.states.get_mut(index),
            self.previous.get(index),
        ) else {
            return;
        };
        self.leaves
            .set(index, blocking_leaf(door, before, self.headroom));
        state.opening = before;
        state.motion = Motion::Opening;
        state.open_ticks = 0;
        if !self.gave_way.contains(&index) {
            self.gave_way.push(index);
        }
    }

    /// One tick of every door, in index order: each plans its opening
    /// (timers, `near` doors opening for the eye) and moves its leaf
    /// there, pushing the eye at `eye` when `pushes` (not in ghost or edit
    /// mode). Returns where the eye ends.
    pub fn advance(&mut self, eye: Vec2, collider: &Collider, pushes: bool) -> Vec2 {
        self.advance_watched(eye, collider, pushes, |_, _| {})
    }

    /// [`advance`](Self::advance), showing `watch` each push of the eye:
    /// where it started and the collider's outcome, whose contacts are the
    /// legs of its path (for checks that the path never crosses a wall).
    pub fn advance_watched(
        &mut self,
        eye: Vec2,
        collider: &Collider,
        pushes: bool,
        mut watch: impl FnMut(Vec2, &MoveOutcome),
    ) -> Vec2 {
        let mut eye = eye;
        self.gave_way.clear();
        for index in 0..self.doors.len() {
            let door = self.doors[index];
            let state = &mut self.states[index];
            self.previous[index] = state.opening;
            let target = state.plan(&door, aim::is_near(&door, eye));
            if target == state.opening {
                continue;
            }
            if !pushes {
                let leaf = blocking_leaf(&door, target, self.headroom);
                self.leaves.set(index, leaf);
                state.arrive(target);
                continue;
            }
            let span = (state.opening, target);
            let leaves = &mut self.leaves;
            let moved = if door.kind == DoorKind::Rise {
                let leaf = blocking_leaf(&door, target, self.headroom);
                push::lower_onto(index, leaf, eye, collider.body_radius(), leaves).map(|()| eye)
            } else {
                push::move_leaf(&door, index, span, eye, collider, leaves, &mut watch)
            };
            match moved {
                Ok(pushed) => {
                    eye = pushed;
                    state.arrive(target);
                }
                Err(push::Blocked) => {
                    state.give_way();
                    self.gave_way.push(index);
                }
            }
        }
        eye
    }

    /// The eye's move among the leaves where they stand (see
    /// [`Collider::move_eye_among`], which without leaves is the plain
    /// move); inlined, so that the caller builds the outcome in place.
    #[inline]
    pub fn move_eye(
        &self,
        collider: &Collider,
        from: Vec2,
        delta: Vec2,
        options: &MoveOptions,
    ) -> Result<MoveOutcome, CollisionError> {
        collider.move_eye_among(from, delta, options, &self.leaves)
    }
}

/// Whether the box `(min, max)` comes within `reach` of `point` on both
/// axes.
fn box_within((min, max): (Vec2, Vec2), point: Vec2, reach: f32) -> bool {
    (min - Vec2::splat(reach)).cmple(point).all() && point.cmple(max + Vec2::splat(reach)).all()
}
